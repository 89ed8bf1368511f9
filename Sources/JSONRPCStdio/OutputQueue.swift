import JSONRPC

/// Framed messages waiting to be written, kept in blocks of about 64 KiB so that writing the
/// front never copies or moves what is behind it, and no block is ever reallocated.
///
/// A written block is kept for reuse (a few of them): blocks filled on one thread and freed on
/// the writer's made glibc hand the memory back to the kernel and take it again, block after
/// block, and each hand-back flushed the other core's TLB (7% of the CPU of 100,000 pipelined
/// `service.info` requests).
///
/// `count` is exactly the number of unwritten bytes, which is what the output bound is measured
/// against.
struct OutputQueue {
  /// The capacity of a block (a larger message gets a block of its own size).
  static let blockSize = 64 * 1024

  private var blocks: [[UInt8]] = []
  /// Written blocks of the usual size, kept for reuse; emptied only when reused, by when no
  /// writer holds a slice of them any more.
  private var spare: [[UInt8]] = []
  /// The most written blocks kept.
  static let spareLimit = 4
  /// How much of `blocks[0]` has been written.
  private var offset = 0
  /// The number of bytes not written yet.
  private(set) var count = 0

  /// Whether every byte has been written.
  var isEmpty: Bool { count == 0 }

  /// Frames `body` at the end of the queue.
  ///
  /// While `frontInUse` (a writer holds a slice of the front block), a lone front block takes
  /// nothing more, so that appending never copies the block being written.
  mutating func append(_ body: [UInt8], framing: Framing, frontInUse: Bool) {
    // Headers of the Content-Length framing and the newline take less than this.
    let framed = body.count + 40
    if let last = blocks.indices.last, !(frontInUse && last == 0),
      blocks[last].capacity - blocks[last].count >= framed
    {
      let before = blocks[last].count
      framing.frame(body, into: &blocks[last])
      count += blocks[last].count - before
      return
    }
    var block: [UInt8]
    if framed <= Self.blockSize, var reused = spare.popLast() {
      reused.removeAll(keepingCapacity: true)
      block = reused
    } else {
      block = []
      block.reserveCapacity(max(Self.blockSize, framed))
    }
    framing.frame(body, into: &block)
    count += block.count
    blocks.append(block)
  }

  /// At most `limit` bytes from the front; the slice shares the block's storage.
  func front(limit: Int) -> ArraySlice<UInt8>? {
    guard let first = blocks.first else { return nil }
    return first[offset..<min(first.count, offset + limit)]
  }

  /// Forgets the first `written` bytes, which have been written.
  mutating func removeFirst(_ written: Int) {
    var remaining = written
    count -= written
    while remaining > 0, let first = blocks.first {
      let left = first.count - offset
      if remaining < left {
        offset += remaining
        return
      }
      remaining -= left
      let written = blocks.removeFirst()
      if written.capacity < 2 * Self.blockSize, spare.count < Self.spareLimit {
        spare.append(written)
      }
      offset = 0
    }
  }

  /// Drops everything; returns how many bytes were dropped.
  @discardableResult
  mutating func removeAll() -> Int {
    defer {
      blocks = []
      offset = 0
      count = 0
    }
    return count
  }
}
