import FoundationEssentials
import POSIXSupport

/// A body's bytes in an anonymous mapping the size of the cap, made when the first byte arrives.
///
/// Pages become resident only as the body fills them, the body is never copied to grow, and the
/// whole mapping goes back to the system when the body is dropped or its `Data` is freed. A
/// buffer grown by `malloc` instead leaves freed megabytes in the arena of each transfer's thread
/// (glibc raises its mmap threshold to the largest block freed), so a process that ran many
/// over-cap transfers kept a cap's worth of memory per arena. It owns its mapping alone (it
/// cannot be copied), so it may move between threads.
struct BodyBuffer: ~Copyable, @unchecked Sendable {
  /// The most bytes it holds.
  let capacity: Int
  private var base: UnsafeMutableRawPointer?
  /// The bytes held so far.
  private(set) var count = 0

  /// An empty buffer for at most `capacity` bytes (no memory is mapped yet).
  init(capacity: Int) {
    self.capacity = capacity
  }

  deinit {
    if let base { munmap(base, capacity) }
  }

  /// Appends `piece`; false, holding nothing more, when it would pass the capacity or no memory
  /// can be mapped.
  mutating func append(_ piece: UnsafeRawBufferPointer) -> Bool {
    guard count + piece.count <= capacity else { return false }
    guard let pieceBase = piece.baseAddress, !piece.isEmpty else { return true }
    if base == nil {
      #if canImport(Darwin)
        let flags = MAP_PRIVATE | MAP_ANON
      #else
        let flags = MAP_PRIVATE | MAP_ANONYMOUS
      #endif
      let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, flags, -1, 0)
      guard let mapped, mapped != MAP_FAILED else { return false }
      base = mapped
    }
    guard let base else { return false }
    (base + count).copyMemory(from: pieceBase, byteCount: piece.count)
    count += piece.count
    return true
  }

  /// The bytes as `Data` over the mapping itself (unmapped when the `Data` is freed); the buffer
  /// is left empty.
  mutating func take() -> Data {
    let capacity = self.capacity
    let count = self.count
    self.count = 0
    guard let base, count > 0 else { return Data() }
    self.base = nil
    return Data(
      bytesNoCopy: base, count: count,
      deallocator: .custom { pointer, _ in munmap(pointer, capacity) })
  }
}
