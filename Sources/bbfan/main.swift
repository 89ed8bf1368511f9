import FanServer
import JSONRPCStdio
import MCPServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

signal(SIGPIPE, SIG_IGN)
let parser = CommandLineParser { name in getenv(name).map { String(cString: $0) } }
let status: Int32
do throws(UsageError) {
  switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help:
    StandardStreams.writeLine(HelpText.text, to: .output)
    status = 0
  case .version:
    StandardStreams.writeLine("\(ServiceVersion.name) \(ServiceVersion.version)", to: .output)
    status = 0
  case .serve(let configuration, let record):
    // A tape that cannot be used is a wrong command line (exit 2), found before anything starts.
    let recorder: TapeRecorder?
    do throws(TapeRecorderError) {
      recorder = try record.map { path throws(TapeRecorderError) in try TapeRecorder(path: path) }
    } catch {
      throw UsageError(message: error.description)
    }
    do {
      let service = try FanService(configuration: configuration)
      await service.makeConnection().serve(recorder: recorder)
      status = 0
    } catch {
      StandardStreams.writeLine("bbfan: cannot start: \(error)", to: .error)
      status = 1
    }
  case .mcp(var configuration):
    do {
      // An assistant's server runs for long; its user signs in from a terminal meanwhile.
      configuration.followsDataDirectorySignIn = true
      let service = try FanService(configuration: configuration)
      await MCPServer(service: service).makeConnection().serve()
      status = 0
    } catch {
      StandardStreams.writeLine("bbfan: cannot start: \(error)", to: .error)
      status = 1
    }
  case .verify(let files, let configuration):
    status = await VerifyCommand.run(files: files, configuration: configuration)
  case .call(let method, let params, let configuration):
    status = await CallCommand.run(method: method, params: params, configuration: configuration)
  }
} catch {
  StandardStreams.writeLine("bbfan: \(error.message)", to: .error)
  status = 2
}
exit(status)
