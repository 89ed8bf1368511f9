import Foundation

/// The environment the tests give every `bbfan` they start, directly or through a client's or
/// the web app's test suite.
package enum TestEnvironment {
  /// No public API: `catalog.refresh` of a universe given no source fails instead of fetching
  /// from the internet (a test that tries the public default points it at a stand-in).
  package static let offline = ["BBFAN_PUBLIC_SOURCES": "off"]

  /// This process's environment, offline, with `extra` added.
  package static func merged(with extra: [String: String] = [:]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(offline) { $1 }.merging(extra) { $1 }
  }
}
