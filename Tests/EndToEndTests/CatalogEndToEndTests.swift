import Foundation
import JSON
import Testing

@Suite("The catalog through the binary", .timeLimit(.minutes(5)))
struct CatalogEndToEndTests {
  @Test("a copy of the lone executable in another folder still serves the catalog")
  func copiedBinary() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-copy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appending(path: "bbfan")
    try FileManager.default.copyItem(at: ServiceProcess.executable, to: copy)

    let info = try ServiceProcess.run(["call", "service.info"], executable: copy)
    #expect(info.status == 0, "\(info.stderr)")
    let catalog = try JSONParser.parse(try #require(info.lines.first))["catalog"]
    #expect(catalog?["episodes"] == .number("102"))
    #expect(catalog?["characters"] == .number("62"))
    #expect(catalog?["quotes"] == .number("70"))

    let filtered = try ServiceProcess.run(
      ["call", "episodes.filter", #"{"season":2}"#], executable: copy)
    let episodes = try JSONParser.parse(try #require(filtered.lines.first))["episodes"]?.arrayValue
    #expect(episodes?.count == 23)
  }

  @Test("--seed makes quotes.random repeatable across runs; without it, draws vary")
  func seed() throws {
    func draw(_ arguments: [String]) throws -> String {
      let outcome = try ServiceProcess.run(arguments + ["call", "quotes.random"])
      return try #require(outcome.lines.first)
    }
    #expect(try draw(["--seed", "42"]) == draw(["--seed", "42"]))
    let unseeded = try Set((0..<8).map { _ in try draw([]) })
    #expect(unseeded.count > 1)
  }
}
