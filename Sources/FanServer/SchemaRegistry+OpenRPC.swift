import JSON
import JSONRPC

extension SchemaRegistry {
  /// The OpenRPC 1.4 document describing every method, as `rpc.discover` returns it.
  package func openRPCDocument() -> JSONValue {
    let info = JSONObject([
      "title": .string(ServiceVersion.name),
      "version": .string(ServiceVersion.version),
      "description": .string(
        "The back end of a family of TV fan apps (catalogs, accounts, favourites, quizzes): "
          + "JSON-RPC 2.0 over stdin/stdout."),
    ])
    return .object(
      JSONObject([
        "openrpc": .string("1.4.0"),
        "info": .object(info),
        "methods": .array(methods.map(Self.openRPCMethod)),
      ]))
  }

  private static func openRPCMethod(_ schema: MethodSchema) -> JSONValue {
    let properties = schema.params["properties"]?.objectValue ?? JSONObject()
    let required = Set(schema.params["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    // OpenRPC wants required params before optional ones.
    let ordered =
      properties.members.filter { required.contains($0.key) }
      + properties.members.filter { !required.contains($0.key) }
    let params: [JSONValue] = ordered.map { member in
      var descriptor = JSONObject([
        "name": .string(member.key),
        "schema": member.value,
        "required": .bool(required.contains(member.key)),
      ])
      if let description = member.value["description"] {
        descriptor.set("description", description)
      }
      return .object(descriptor)
    }
    let examples: [JSONValue] = schema.examples.map { example in
      .object(
        JSONObject([
          "name": .string(example.name),
          "params": .array(
            example.params.members.map {
              .object(JSONObject(["name": .string($0.key), "value": $0.value]))
            }),
          "result": .object(JSONObject(["name": .string("result"), "value": example.result])),
        ]))
    }
    var method = JSONObject([
      "name": .string(schema.name),
      "summary": .string(schema.summary),
      "description": .string(schema.description),
      "paramStructure": .string("by-name"),
      "params": .array(params),
      "result": .object(JSONObject(["name": .string("result"), "schema": schema.result])),
    ])
    if !schema.errors.isEmpty {
      method.set(
        "errors",
        .array(
          schema.errors.map { error in
            var object = JSONObject([
              "code": .integer(error.code), "message": .string(error.message),
            ])
            if let data = error.data { object.set("data", data) }
            return .object(object)
          }))
    }
    method.set("examples", .array(examples))
    return .object(method)
  }
}
