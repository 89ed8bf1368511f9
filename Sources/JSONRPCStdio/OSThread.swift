#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain operating-system thread for blocking I/O, kept off Swift concurrency's thread pool.
package final class OSThread: @unchecked Sendable {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  #if canImport(Darwin)
    private var handle: pthread_t?
  #else
    private var handle = pthread_t()
  #endif
  private var joined = false

  /// Starts a thread that runs `body`.
  package init(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    let result = pthread_create(
      &handle, nil,
      { raw in
        #if canImport(Darwin)
          let pointer = raw
        #else
          guard let pointer = raw else { return nil }
        #endif
        let body = Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue()
        body.run()
        return nil
      }, context)
    precondition(result == 0, "pthread_create failed with \(result)")
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
}
