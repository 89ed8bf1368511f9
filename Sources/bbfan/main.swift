import FanCore
import FanServer
import JSONRPC
import JSONRPCStdio
import MCPServer
import POSIXSupport

signal(SIGPIPE, SIG_IGN)
let parser = CommandLineParser { name in getenv(name).map { String(cString: $0) } }
let status: Int32
do throws(UsageError) {
  switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help:
    StandardStreams.writeLine(HelpText.text, to: .output)
    status = 0
  case .completion(let shell):
    StandardStreams.writeLine(ShellCompletion.script(for: shell) ?? "", to: .output)
    status = 0
  case .manual:
    StandardStreams.writeLine(ManualPage.text, to: .output)
    status = 0
  case .version:
    StandardStreams.writeLine(
      "\(ServiceVersion.name) \(ServiceVersion.version) (commit \(buildCommit))", to: .output)
    status = 0
  case .serve(let configuration, let record):
    // A tape that cannot be used is a wrong command line (exit 2), found before anything starts.
    let recorder: TapeRecorder?
    do throws(TapeRecorderError) {
      recorder = try record.map { path throws(TapeRecorderError) in try TapeRecorder(path: path) }
    } catch {
      throw UsageError(message: error.description)
    }
    status = await serve(configuration, recorder: recorder) { $0.makeConnection() }
  case .mcp(let configuration):
    status = await serve(configuration) { MCPServer(service: $0).makeConnection() }
  case .verify(let files, let configuration):
    status = await VerifyCommand.run(files: files, configuration: configuration)
  case .call(let method, let params, let configuration):
    // The request runs on this thread alone (see CallerThreadExecutor).
    status = CallerThreadExecutor.run {
      await CallCommand.run(method: method, params: params, configuration: configuration)
    }
    // The reply is written (with write(2): nothing is buffered), the libcurl thread joined, and
    // the service released as `run` returned, which closed its database (a test checks that the
    // close copies a long write-ahead log in): what exit() would add is the libraries' clean-up
    // of a process that ends anyway (OpenSSL's frees all it allocated), about a millisecond.
    _exit(status)
  }
} catch {
  StandardStreams.writeLine("bbfan: \(error.message)", to: .error)
  status = 2
}
exit(status)

/// Starts the service and serves the connection `makeConnection` makes of it (the JSON-RPC
/// methods, or the MCP interface over them) until the end of input;
/// returns the exit status (1, with a line on stderr, when the service cannot start).
func serve(
  _ configuration: ServiceConfiguration, recorder: TapeRecorder? = nil,
  makeConnection: (FanService) -> JSONRPCConnection
) async -> Int32 {
  // A running service loads libcrypto now (a one-shot call only when it hashes), so that a
  // missing one stops it here rather than at its first sign-in, with requests in progress.
  if let problem = CryptoLibrary.unavailability() {
    StandardStreams.writeLine("bbfan: cannot start: \(problem)", to: .error)
    return 1
  }
  do {
    let service = try ServiceComposition.service(configuration)
    await makeConnection(service).serve(
      recorder: recorder, gracePeriod: TerminationSignals.gracePeriod,
      stopSource: TerminationSignals())
    return 0
  } catch {
    StandardStreams.writeLine("bbfan: cannot start: \(error)", to: .error)
    return 1
  }
}
