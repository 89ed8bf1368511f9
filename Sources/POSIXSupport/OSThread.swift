/// A plain operating-system thread for blocking work, kept off Swift concurrency's thread pool:
/// one to join later (`init`), or a detached one that cleans up after itself (`detach`).
package final class OSThread: @unchecked Sendable {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  #if canImport(Darwin)
    private typealias Handle = pthread_t?
  #else
    private typealias Handle = pthread_t
  #endif

  #if canImport(Darwin)
    private var handle: Handle = nil
  #else
    private var handle = Handle()
  #endif
  private var joined = false

  /// Starts a thread that runs `body`; `join()` waits for it.
  package init(_ body: @escaping @Sendable () -> Void) {
    let result = Self.create(&handle, body)
    precondition(result == 0, "pthread_create failed with \(result)")
  }

  /// Runs `body` on a new detached thread, which nobody joins; returns the `pthread_create`
  /// error, or 0.
  package static func detach(_ body: @escaping @Sendable () -> Void) -> Int32 {
    #if canImport(Darwin)
      var handle: Handle = nil
    #else
      var handle = Handle()
    #endif
    let result = create(&handle, body)
    guard result == 0 else { return result }
    #if canImport(Darwin)
      if let handle { pthread_detach(handle) }
    #else
      pthread_detach(handle)
    #endif
    return 0
  }

  /// Waits for the thread to finish; calling it again does nothing.
  package func join() {
    guard !joined else { return }
    joined = true
    #if canImport(Darwin)
      if let handle { pthread_join(handle, nil) }
    #else
      pthread_join(handle, nil)
    #endif
  }

  /// Starts a thread running `body` into `handle`; returns the `pthread_create` error, or 0 (on
  /// an error `body` is released, never run).
  private static func create(_ handle: inout Handle, _ body: @escaping @Sendable () -> Void)
    -> Int32
  {
    let context = Unmanaged.passRetained(Body(body))
    let result = pthread_create(
      &handle, nil,
      { raw in
        #if canImport(Darwin)
          let pointer = raw
        #else
          guard let pointer = raw else { return nil }
        #endif
        Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue().run()
        return nil
      }, context.toOpaque())
    if result != 0 { context.release() }
    return result
  }
}
