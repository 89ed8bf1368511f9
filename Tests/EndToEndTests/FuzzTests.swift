import Foundation
import JSONRPC
import Testing

/// A deterministic generator (SplitMix64), so a failing run can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("Fuzzing the binary", .timeLimit(.minutes(5)))
struct FuzzTests {
  static let seeds = [
    #"{"jsonrpc":"2.0","method":"service.info","id":"ID"}"#,
    #"{"jsonrpc":"2.0","method":"rpc.discover","params":{},"id":"ID"}"#,
    #"{"jsonrpc":"2.0","method":"service.info","params":[],"id":"ID"}"#,
    #"{"jsonrpc":"2.0","method":"service.info","params":{"progressToken":"p"},"id":"ID"}"#,
    #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"ID"}}"#,
    #"[{"jsonrpc":"2.0","method":"service.info","id":"ID"},{"jsonrpc":"2.0","method":"x"}]"#,
    #"{"jsonrpc":"2.0","method":"episodes.filter","params":{"season":2,"characters":["Walter White"]},"id":"ID"}"#,
  ]

  static let fragments = [
    "{", "}", "[", "]", ",", ":", "\"", "\\", "null", "true", "-0", "1e999", "\\u0000", "\\ud800",
    "\u{FEFF}",
    "é", "😀", "\"id\":", "\"params\":", "\"jsonrpc\":\"2.0\"", "[[[[[[", "Content-Length: 5", "\t",
    "\r",
  ]

  static func mutate(_ text: String, using random: inout SplitMix64) -> [UInt8] {
    var bytes = Array(text.utf8)
    for _ in 0..<Int.random(in: 1...2, using: &random) {
      guard !bytes.isEmpty else { break }
      let position = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<7, using: &random) {
      case 0: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
      case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
      case 2:
        bytes.removeSubrange(
          position..<min(bytes.count, position + Int.random(in: 1...8, using: &random)))
      case 3:
        bytes.insert(
          contentsOf: fragments.randomElement(using: &random).map { Array($0.utf8) } ?? [],
          at: position)
      case 4: bytes = Array(bytes[..<position])
      case 5:
        let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
        bytes.insert(contentsOf: bytes[position..<end], at: end)
      default: bytes[position] = UInt8(ascii: "0")
      }
    }
    // One message per line: newlines become spaces, and a line must not look like a header.
    bytes = bytes.map { $0 == 0x0A ? 0x20 : $0 }
    if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }),
      (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
    {
      bytes.insert(UInt8(ascii: "["), at: 0)
    }
    return bytes
  }

  /// The string ids an independent parser (Foundation's) says a line requests, outside a batch.
  static func readableIDs(_ line: [UInt8]) -> [String] {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
    else { return [] }
    let candidates = (object as? [Any]) ?? [object]
    return candidates.compactMap { element in
      guard let request = element as? [String: Any], request["jsonrpc"] as? String == "2.0",
        request["method"] is String, let id = request["id"] as? String
      else { return nil }
      return id
    }
  }

  @Test(
    "never crashes, answers every readable request, never blames itself, keeps stdout parseable")
  func mutatedMessages() throws {
    var random = SplitMix64(state: 20_081_020)
    var input: [UInt8] = []
    var expectedIDs = Set<String>()
    for index in 0..<5000 {
      let seed = Self.seeds[index % Self.seeds.count].replacingOccurrences(
        of: "ID", with: "f\(index)")
      let line: [UInt8]
      if index % 10 == 9 {
        line = (0..<Int.random(in: 0...200, using: &random)).map { _ in
          let byte = UInt8.random(in: 0...255, using: &random)
          return byte == 0x0A ? 0x20 : byte
        }
      } else {
        line = Self.mutate(seed, using: &random)
      }
      // A line with "id" twice is ambiguous (parsers disagree on which wins), so it is not counted.
      let text = String(decoding: line, as: UTF8.self)
      if text.components(separatedBy: "\"id\"").count <= 2 {
        expectedIDs.formUnion(Self.readableIDs(line).filter { $0.hasPrefix("f") })
      }
      input += line + [0x0A]
    }
    let outcome = try ServiceProcess.run(["--log-level", "off"], input: input)
    #expect(outcome.status == 0)
    #expect(outcome.reason == .exit)

    var answered = Set<String>()
    for line in outcome.lines {
      let parsed = try JSONSerialization.jsonObject(
        with: Data(line.utf8), options: [.fragmentsAllowed])
      let replies = (parsed as? [[String: Any]]) ?? [(parsed as? [String: Any]) ?? [:]]
      for reply in replies {
        #expect(reply["jsonrpc"] as? String == "2.0", "not a response: \(line)")
        #expect(reply.keys.contains("id"), "no id: \(line)")
        #expect((reply["result"] != nil) != (reply["error"] != nil), "result xor error: \(line)")
        if let error = reply["error"] as? [String: Any] {
          #expect(error["code"] as? Int != -32603, "internal error for bad input: \(line)")
        }
        if let id = reply["id"] as? String { answered.insert(id) }
      }
    }
    let missing = expectedIDs.subtracting(answered)
    #expect(missing.isEmpty, "requests left unanswered: \(missing.sorted().prefix(10))")
    #expect(expectedIDs.count > 400)
  }
}
