import Foundation
import TestSupport
import Testing

/// The web frontend (`Clients/Web`), installed as a user installs it and tested in a real browser.
///
/// A fresh virtual environment in a temporary folder gets `pip install ./Clients/Python
/// ./Clients/Web playwright` (from copies, so the build leaves nothing in the tree); then the
/// bridge's tests and the pages' tests (Playwright driving Debian's `chromium`) run against the
/// built `bbfan`, and `tsc` type-checks the pages against `Clients/Node/bbfan.d.ts` (copied
/// beside them). Their screenshots go to `.build/web-screenshots` (`make web-screenshots` copies
/// those README shows into `Docs/web/`). A missing chromium, Playwright or tsc fails the test.
@Suite("Web frontend", .timeLimit(.minutes(15)))
struct WebFrontendTests {
  static let repository = BuiltProducts.repository
  static let chromium = "/usr/bin/chromium"

  @Test(
    "bbfan-web installs in a fresh venv, and its bridge and page tests pass in chromium",
    .enabled(if: Prerequisite.python3.isAvailable))
  func webFrontend() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.chromium),
      "chromium is missing at \(Self.chromium): apt-get install chromium fonts-dejavu-core")
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-web-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = folder.appending(path: "src")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    for client in ["Python", "Web"] {
      let copy = sources.appending(path: client)
      try FileManager.default.copyItem(
        at: Self.repository.appending(path: "Clients/\(client)"), to: copy)
      // What an earlier pip install left in the tree (build/, *.egg-info) is not the source: its
      // copies are as new as the copied sources, so setuptools would package them instead.
      for leftover in try FileManager.default.contentsOfDirectory(atPath: copy.path())
      where leftover == "build" || leftover.hasSuffix(".egg-info") {
        try FileManager.default.removeItem(at: copy.appending(path: leftover))
      }
    }
    // The pages' types (Web/bbfan_web/static/types.d.ts) import the Node client's bbfan.d.ts
    // from beside Clients/Web, as in the repository; test_types.py checks the pages against it.
    try FileManager.default.createDirectory(
      at: sources.appending(path: "Node"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.repository.appending(path: "Clients/Node/bbfan.d.ts"),
      to: sources.appending(path: "Node/bbfan.d.ts"))
    let venv = folder.appending(path: "venv")
    let python = venv.appending(path: "bin/python").path()
    let screenshots = Self.repository.appending(path: ".build/web-screenshots")
    try? FileManager.default.removeItem(at: screenshots)

    let (status, output) = try await DedicatedThread.run { () throws -> (Int32, String) in
      let created = try Subprocess.run(["python3", "-m", "venv", venv.path()])
      guard created.status == 0 else {
        return (created.status, "python3 -m venv: \(created.output)")
      }
      let installed = try Subprocess.run([
        python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        sources.appending(path: "Python").path(), sources.appending(path: "Web").path(),
        "playwright",
        "axe-playwright-python",
      ])
      guard installed.status == 0 else {
        return (
          installed.status, "pip install (Playwright or aiohttp missing?): \(installed.output)"
        )
      }
      return try Subprocess.run(
        [
          python, "-m", "unittest", "discover", "-s",
          sources.appending(path: "Web/tests").path(), "-p", "test_*.py",
        ],
        environment: [
          "BBFAN_BINARY": ServiceProcess.executable.path(),
          "BBFAN_WEB_SCREENSHOTS": screenshots.path(),
          "CHROMIUM": Self.chromium,
          "BBFAN_DATA": Self.repository.appending(path: "Data").path(),
        ])
    }
    #expect(status == 0, "\(output)")
    #expect(output.contains("\nOK"), "\(output)")
    #expect(
      FileManager.default.fileExists(atPath: screenshots.appending(path: "episodes.png").path()))
  }
}
