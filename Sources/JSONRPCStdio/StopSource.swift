/// Whatever may stop a stdio transport from reading, such as `bbfan`'s SIGTERM and SIGINT.
///
/// The transport hands it the `StopTrigger` when it opens and takes it back before it closes,
/// so that nothing pulls a trigger whose pipe is gone.
package protocol StopSource: Sendable {
  /// From now on, pull `trigger` to stop the transport.
  func start(_ trigger: StopTrigger)
  /// The trigger is going away: stop using it.
  func end()
}
