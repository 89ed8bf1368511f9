/// What an opened transport delivers: the incoming frames, and where to handle them.
package struct TransportInput: Sendable {
  /// The frames in arrival order, grouped as they arrived.
  package var frames: AsyncStream<[InboundFrame]>
  /// The executor the connection runs its dispatch loop and quick requests on, or nil for the
  /// global one.
  ///
  /// The stdio transport gives its read-loop thread, so that a request is read, handled and
  /// answered without waking another thread.
  package var executor: (any TaskExecutor)?

  /// Creates the input.
  package init(frames: AsyncStream<[InboundFrame]>, executor: (any TaskExecutor)? = nil) {
    self.frames = frames
    self.executor = executor
  }
}
