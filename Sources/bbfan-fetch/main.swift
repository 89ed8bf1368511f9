// bbfan-fetch: the HTTP helper of bbfan. It performs one GET with URLSession and exits.
//
// bbfan runs it for catalog.refresh and images.fetch, so that bbfan itself never loads
// Foundation's networking stack (libcurl and its dozens of libraries), which would add about
// 7 ms to every start, including every `bbfan call` from a shell loop.
//
// stdin: one `HTTPExchange` as JSON. stdout: one `HelperReplyHeader` as a JSON line, then exactly
// `bodyBytes` bytes of body. Exit status 0 whenever that line was written (a failed request is a
// reply too); 2 when the input is not an exchange. SIGTERM or SIGKILL cancels the request.
import FanAPI
import FanURLSession
import Foundation

let input = FileHandle.standardInput.readDataToEndOfFile()
let exchange: HTTPExchange
do {
  exchange = try JSONDecoder().decode(HTTPExchange.self, from: input)
} catch {
  FileHandle.standardError.write(
    Data("bbfan-fetch: stdin is not an HTTP exchange: \(error)\n".utf8))
  exit(2)
}

/// The request, or a timeout a little after the request's own: a watchdog, so that the helper
/// always answers even if URLSession never reports back.
func performWithDeadline(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
  try await withThrowingTaskGroup(of: HTTPAnswer?.self) { group in
    group.addTask { try await URLSessionTransport().perform(exchange) }
    group.addTask {
      try await Task.sleep(for: .milliseconds(Int((exchange.timeoutSeconds + 2) * 1000)))
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let answer = first else {
      throw UpstreamError(url: exchange.url, failure: .timedOut(seconds: exchange.timeoutSeconds))
    }
    return answer
  }
}

let header: HelperReplyHeader
var body = Data()
do {
  let answer = try await performWithDeadline(exchange)
  header = HelperReplyHeader(answer: answer)
  body = answer.body
} catch let error as UpstreamError {
  header = HelperReplyHeader(failure: error.failure)
} catch {
  header = HelperReplyHeader(failure: .network(String(describing: error)))
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
var output: Data
do {
  output = try encoder.encode(header)
} catch {
  FileHandle.standardError.write(Data("bbfan-fetch: cannot encode the reply: \(error)\n".utf8))
  exit(2)
}
output.append(0x0A)
output.append(body)
FileHandle.standardOutput.write(output)
exit(0)
