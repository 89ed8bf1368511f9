import FanCore
import FanProtocol
import Foundation
import Testing

@testable import FanServer

/// A profile photo given by path (`{"photo": {"path": ...}}`): read whole, and every way the file
/// can fail is the error the user reads.
@Suite("Profile photos read from a file")
struct ProfilePhotoFileTests {
  /// A folder of its own, removed by the caller.
  private static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-photo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("a file is read whole")
  func read() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "photo.jpg")
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]
    try Data(bytes).write(to: path)
    #expect(try ProfileService.bytes(of: .path(path.path())) == bytes)
  }

  @Test("a missing file, a folder, and a file over the limit are refused in words")
  func refused() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appending(path: "missing.jpg").path()
    #expect(
      throws: ProfileError.unreadablePhoto(path: missing, reason: "No such file or directory")
    ) {
      try ProfileService.bytes(of: .path(missing))
    }
    #expect(
      throws: ProfileError.unreadablePhoto(path: folder.path(), reason: "it is not a regular file")
    ) {
      try ProfileService.bytes(of: .path(folder.path()))
    }
    // Over the limit by its size: refused without being read.
    let large = folder.appending(path: "large.jpg")
    try Data().write(to: large)
    let handle = try FileHandle(forWritingTo: large)
    try handle.truncate(atOffset: UInt64(ProfilePolicy.maximumPhotoBytes + 1))
    try handle.close()
    #expect(throws: ProfileError.photoTooLarge(bytes: ProfilePolicy.maximumPhotoBytes + 1)) {
      try ProfileService.bytes(of: .path(large.path()))
    }
  }
}
