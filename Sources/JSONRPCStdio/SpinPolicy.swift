/// How long the event loop looks for input without sleeping before it sleeps in poll(2).
///
/// Going to sleep in poll(2) and being woken by the client's next write, when the client runs on
/// another core, costs the kernel's wake-up path (a context switch, often a core leaving an idle
/// state), which is longer than a quick request takes to answer. A client that sends its next request
/// soon after each reply (a request/response loop, a replayed tape) is served faster when the
/// loop keeps looking for a moment instead. The look lasts at most `maximum`, and happens only
/// while the client's recent pauses were short: a client that pauses longer (a person, a slow
/// frontend) finds the loop asleep, and costs it no CPU beyond one look after its last pause
/// turned out long.
struct SpinPolicy {
  /// The longest look.
  static let maximum = Duration.microseconds(100)
  /// The longest pause that still counts as a client in a quick loop.
  static let quickPause = Duration.microseconds(400)

  /// The pause before the last input arrived; nothing yet at the start.
  private var lastPause: Duration = .zero

  /// How long to look before sleeping; nil when the loop should sleep at once.
  var limit: Duration? {
    lastPause <= Self.quickPause ? Self.maximum : nil
  }

  /// Records that input (or a job) arrived after the loop had been idle for `pause`.
  mutating func idled(_ pause: Duration) {
    lastPause = pause
  }
}
