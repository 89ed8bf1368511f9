import FanServer
import JSON
import POSIXSupport

/// `bbfan verify FILE...`: replays tapes and prints a readable diff of every reply that differs.
enum VerifyCommand {
  /// Returns the exit status: 0 when every tape holds, 1 when a reply differs, 2 when a tape
  /// cannot be read.
  static func run(files: [String], configuration: ServiceConfiguration) async -> Int32 {
    var quiet = configuration
    quiet.logLevel = min(configuration.logLevel, .error)
    let replayer = TapeReplayer(configuration: quiet, makeService: ServiceComposition.service)
    var status: Int32 = 0
    for file in files {
      guard let text = read(file) else {
        StandardStreams.writeLine(
          "bbfan: cannot read \(file): \(String(cString: strerror(errno)))", to: .error)
        status = 2
        continue
      }
      do {
        let mismatches = try await replayer.replay(text)
        if mismatches.isEmpty {
          StandardStreams.writeLine("\(file): every reply matches", to: .output)
          continue
        }
        status = max(status, 1)
        for mismatch in mismatches {
          StandardStreams.writeLine(
            """
            \(file):\(mismatch.line): the reply differs at \(mismatch.difference)
              sent:     \(clipped(mismatch.sent))
              expected: \(clipped(mismatch.expected.serializedText))
              got:      \(clipped(mismatch.actual.serializedText))
            """, to: .output)
        }
        StandardStreams.writeLine("\(file): \(mismatches.count) replies differ", to: .output)
      } catch {
        StandardStreams.writeLine("bbfan: \(file): \(error)", to: .error)
        status = 2
      }
    }
    return status
  }

  /// At most 200 characters: the difference line already says where the replies part.
  private static func clipped(_ text: String) -> String {
    text.count <= 200 ? text : String(text.prefix(200)) + "… (\(text.count) characters)"
  }

  private static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count > 0 { bytes += buffer[0..<count] }
      if count < buffer.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
