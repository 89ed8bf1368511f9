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

  @Test("the floor of the embedded schemas is the smallest bound of every method's params")
  func floorOfEverySchema() {
    var smallest = ParamBounds.Floor(maxLength: .max, maxItems: .max)
    for method in SchemaRegistry.embedded.methods {
      guard
        let bounds = SchemaRegistry.embeddedParamsSchema(of: method.name).flatMap(
          ParamBounds.init(schema:))
      else { continue }
      smallest.maxLength = min(smallest.maxLength, bounds.floor.maxLength)
      smallest.maxItems = min(smallest.maxItems, bounds.floor.maxItems)
    }
    #expect(
      SchemaRegistry.embeddedParamsFloor == smallest,
      "set SchemaRegistry.embeddedParamsFloor to \(smallest): above a bound it lets params over it through unchecked"
    )
  }
}
