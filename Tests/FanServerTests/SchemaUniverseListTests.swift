import FanAPI
import FanServer
import JSON
import JSONRPC
import Testing

/// Every list of universes or series in `Schemas/` is the one list's: a universe added to
/// `Universes.shipped` fails here until each schema names it.
@Suite("Schemas name the universes of the one list")
struct SchemaUniverseListTests {
  /// Each `universe` and `series` member of `node` (a property schema), with its path.
  private static func members(_ node: JSONValue, path: String) -> [(String, String, JSONValue)] {
    var found: [(String, String, JSONValue)] = []
    switch node {
    case .object(let object):
      for member in object.members {
        let here = path + "." + member.key
        if member.key == "universe" || member.key == "series", case .object = member.value {
          found.append((member.key, here, member.value))
        }
        found += members(member.value, path: here)
      }
    case .array(let values):
      for (index, value) in values.enumerated() {
        found += members(value, path: path + "[\(index)]")
      }
    default:
      break
    }
    return found
  }

  @Test("each universe enum is every universe; each series enum is every series; a const is one")
  func enums() throws {
    let universes = Universes.shipped.ids.map { JSONValue.string($0.rawValue) }
    let series = Universes.shipped.seriesNames.map { JSONValue.string($0) }
    var checked = 0
    for schema in SchemaRegistry.embedded.methods {
      for part in [schema.params, schema.result] {
        for (key, path, property) in Self.members(part, path: schema.name) {
          let all = key == "universe" ? universes : series
          let items = property["items"] ?? property
          if let values = items["enum"]?.arrayValue {
            #expect(values == all, "\(path): \(values) is not \(all)")
            checked += 1
          } else if let value = items["const"] {
            #expect(all.contains(value), "\(path): \(value) is none of \(all)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 40, "only \(checked) lists of universes or series were found")
  }

  /// Each `appearances` object schema in `node` (seasons per series), with its path.
  private static func appearances(_ node: JSONValue, path: String) -> [(String, JSONValue)] {
    var found: [(String, JSONValue)] = []
    if case .object(let object) = node {
      for member in object.members {
        let here = path + "." + member.key
        if member.key == "appearances", case .object = member.value {
          found.append((here, member.value))
        }
        found += appearances(member.value, path: here)
      }
    } else if case .array(let values) = node {
      for value in values { found += appearances(value, path: path) }
    }
    return found
  }

  @Test("each appearances object names the series of one universe of the list, all of them")
  func appearances() throws {
    let perUniverse = Universes.shipped.all.map { Set($0.series.map(\.rawValue)) }
    var checked = 0
    for schema in SchemaRegistry.embedded.methods {
      for (path, property) in Self.appearances(schema.result, path: schema.name) {
        let named = Set(property["properties"]?.objectValue?.keys ?? [])
        #expect(perUniverse.contains(named), "\(path) names \(named.sorted())")
        checked += 1
      }
    }
    #expect(checked >= 3, "only \(checked) appearances objects were found")
  }
}
