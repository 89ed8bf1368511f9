/// The plainest policy: every ordered call runs after every earlier one, one at a time, whatever
/// its key; quick calls run in the order they were read.
package struct ArrivalOrderScheduler: CallScheduler {
  /// The policy.
  package init() {}

  /// A queue that runs its calls one at a time in arrival order.
  package func makeQueue(_ environment: CallEnvironment) -> any CallQueue {
    ArrivalOrderQueue(environment)
  }
}
