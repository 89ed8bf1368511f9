/// Decodes an array element by element: an element that does not decode is skipped and
/// reported with its position and id, so one bad record never loses the others.
struct LossyArray<Element: Decodable & Sendable>: Decodable, Sendable {
  /// An element that did not decode.
  struct Failure: Sendable {
    var index: Int
    var id: Int?
    var reason: String
  }

  private struct IDProbe: Decodable {
    var id: Int?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      id = nil
      for key in ["char_id", "episode_id", "quote_id", "id"] {
        if let value = try? container.decode(Int.self, forKey: AnyKey(key)) {
          id = value
          break
        }
      }
    }
  }

  private struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  var elements: [Element] = []
  var failures: [Failure] = []

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let index = container.currentIndex
      do {
        elements.append(try container.decode(Element.self))
      } catch {
        // The failed decode did not advance; read the id if there is one, else skip.
        let id: Int?
        do {
          id = try container.decode(IDProbe.self).id
        } catch {
          _ = try container.decode(Skip.self)
          id = nil
        }
        failures.append(Failure(index: index, id: id, reason: LossyArray.describe(error)))
      }
    }
  }

  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(
        separator: ".")
    }
    switch error {
    case .keyNotFound(let key, _): return "the field \(key.stringValue) is missing"
    case .typeMismatch(let type, let context): return "\(path(context)) is not of type \(type)"
    case .valueNotFound(let type, let context): return "\(path(context)) is null, expected \(type)"
    case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }
}
