import CCurl
import POSIXSupport

/// The connections, name lookups and TLS sessions that every transfer of this process shares.
///
/// Each transfer runs on a thread and a multi handle of its own, so without this each would open
/// its own connection: a refresh that asks one server for three lists in a row connected three
/// times. With it, a transfer reuses the idle connection a previous one left to the same host
/// (libcurl checks that it is still open first, and a connection whose transfer was stopped
/// half-way is closed, never reused). libcurl calls the lock and unlock callbacks around each
/// use of the shared data, from whichever transfer's thread; there is one mutex per kind of data.
struct CurlShare: @unchecked Sendable {
  /// The share handle.
  let handle: UnsafeMutableRawPointer

  /// The process's share, made on first use; nil if libcurl cannot make one (each transfer then
  /// keeps its own connection, as a share is only a saving).
  static let shared: CurlShare? =
    switch CurlTransfer.library {
    case .success(let curl): make(curl)
    case .failure: nil  // each transfer fails saying why
    }

  private static func make(_ curl: LibCurl) -> CurlShare? {
    guard let handle = curl.shareInit() else { return nil }
    let setopt = curl.shareSetopt
    let count = Int(CURL_LOCK_DATA_LAST.rawValue)
    let locks = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: count)
    for index in 0..<count { pthread_mutex_init(locks + index, nil) }
    let lock: curl_lock_function = { _, data, _, context in
      guard let context, Int(data.rawValue) < Int(CURL_LOCK_DATA_LAST.rawValue) else { return }
      pthread_mutex_lock(context.assumingMemoryBound(to: pthread_mutex_t.self) + Int(data.rawValue))
    }
    let unlock: curl_unlock_function = { _, data, context in
      guard let context, Int(data.rawValue) < Int(CURL_LOCK_DATA_LAST.rawValue) else { return }
      pthread_mutex_unlock(
        context.assumingMemoryBound(to: pthread_mutex_t.self) + Int(data.rawValue))
    }
    let results = [
      bbfan_curl_share_setopt_pointer(
        setopt, handle, CURLSHOPT_USERDATA, UnsafeMutableRawPointer(locks)),
      bbfan_curl_share_setopt_lock(setopt, handle, lock),
      bbfan_curl_share_setopt_unlock(setopt, handle, unlock),
      bbfan_curl_share_setopt_long(
        setopt, handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_CONNECT.rawValue)),
      bbfan_curl_share_setopt_long(
        setopt, handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue)),
      bbfan_curl_share_setopt_long(
        setopt, handle, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue)),
    ]
    guard results.allSatisfy({ $0 == CURLSHE_OK }) else {
      _ = curl.shareCleanup(handle)
      for index in 0..<count { pthread_mutex_destroy(locks + index) }
      locks.deallocate()
      return nil
    }
    // Kept for the life of the process: transfers on any thread may use it until the end.
    return CurlShare(handle: handle)
  }
}
