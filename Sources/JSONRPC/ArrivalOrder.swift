/// The key of a call that runs after every earlier ordered call, one at a time: all that
/// `ArrivalOrderScheduler` knows of order.
package struct ArrivalOrder: OrderingKey {
  /// The key.
  package init() {}
}
