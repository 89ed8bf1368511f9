#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts detached operating-system threads (one per transfer), off Swift concurrency's pool.
enum DetachedThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Runs `body` on a new detached thread; returns the `pthread_create` error, or 0.
  static func start(_ body: @escaping @Sendable () -> Void) -> Int32 {
    #if canImport(Darwin)
      var handle: pthread_t?
    #else
      var handle = pthread_t()
    #endif
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
    guard result == 0 else {
      context.release()
      return result
    }
    #if canImport(Darwin)
      if let handle { pthread_detach(handle) }
    #else
      pthread_detach(handle)
    #endif
    return 0
  }
}
