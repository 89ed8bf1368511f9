import JSON
import JSONRPC
import Testing

@testable import FanServer

@Suite("Each method's bounds, from its own embedded schema")
struct EmbeddedParamsSchemaTests {
  @Test("every method of the registry reads its params schema alone, and it compiles to bounds")
  func everyMethodHasItsBounds() {
    let names = SchemaRegistry.embedded.methods.map(\.name)
    #expect(names.count > 30)
    for name in names {
      let schema = SchemaRegistry.embeddedParamsSchema(of: name)
      #expect(schema != nil, "\(name): no params schema read")
      let bounded = ["rpc.discover", "service.info", "auth.accounts"]
      if !bounded.contains(name) {
        #expect(schema.flatMap(ParamBounds.init(schema:)) != nil, "\(name): no bounds")
      }
    }
    #expect(SchemaRegistry.embeddedParamsSchema(of: "no.such") == nil)
  }

  @Test("each params schema, read alone, is the file's params parsed whole and inlined")
  func asThePlainPath() throws {
    let definitions = try SchemaDefinitions(
      text: try #require(EmbeddedResources.files[SchemaDefinitions.fileKey]))
    let names = SchemaRegistry.embedded.methods.map(\.name)
    for name in names {
      let text = try #require(EmbeddedResources.files["Schemas/\(name).json"])
      let plain = try definitions.inlined(try #require(try JSONParser.parse(text)["params"]))
      #expect(SchemaRegistry.embeddedParamsSchema(of: name) == plain, "\(name)")
    }
  }
}
