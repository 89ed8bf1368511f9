import JSON

/// A JSON-RPC method: its wire name, its parameter and result types, and how it is scheduled.
///
/// Conforming types are the single source of a method's name; a router binds them to handlers.
package protocol RPCMethod: Sendable {
  /// The parameters, decoded by name from `params`.
  associatedtype Params: Codable & Sendable
  /// The result, encoded into `result`.
  associatedtype Result: Codable & Sendable

  /// The wire name, e.g. `service.info`.
  static var name: String { get }

  /// How requests of this method are ordered relative to others.
  static var scheduling: Scheduling { get }

  /// The parameter names in order, when `params` may also be an array; nil for by-name only.
  static var positionalParameters: [String]? { get }

  /// Whether the method may take long (network, exports). Cancelling a long-running concurrent
  /// request cancels its handler's task at once; a quick one is left to finish, and its reply is
  /// replaced by -32800. Either way the client gets -32800.
  static var isLongRunning: Bool { get }

  /// Whether a call with these params may hold a core for long (matching long free text, say),
  /// so that it must not run on the dispatch loop ahead of the quick calls read after it.
  ///
  /// Asked for every concurrent call as it is routed, before its params are decoded: it must be
  /// cheap (look at sizes, never do the work). An expensive call runs as a task on the
  /// scheduler's expensive lane (`CallScheduler.runExpensive`), which bounds how many run at
  /// once; it is answered when it is done, and the calls read after it do not wait for it.
  static func isExpensive(_ params: JSONValue?) -> Bool

  /// The params of a call that sends none, when `Params` is always empty (`EmptyParams`): such a
  /// call is answered without decoding anything. Nil for other params.
  ///
  /// Chosen when the method conforms, by what its `Params` is, so that no call asks the runtime
  /// whether the type conforms (a search of every conformance record, on each type's first call).
  static var noParams: Params? { get }

  /// `object` read without the `Codable` machinery, when `Params` reads its plainest shape
  /// itself (`JSONDirectDecodable`); nil for other params, and for any other shape.
  ///
  /// Chosen when the method conforms, as `noParams` is.
  static func directlyDecodedParams(
    from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable]
  ) -> Params?
}

/// How a method's requests are ordered relative to other requests.
package enum Scheduling: Sendable {
  /// Runs as soon as it arrives, concurrently with anything else; may answer out of order.
  /// Cancelling it answers -32800 (see `RPCMethod.isLongRunning` for what happens to the handler).
  case concurrent
  /// Goes to the connection's `CallScheduler`, which runs it when its policy says, knowing it by
  /// `key` (the wire carries the key without reading it). Cancelling it skips it if it has not
  /// started; once started it runs to completion.
  case ordered(any OrderingKey)

  /// Runs after every earlier call ordered by arrival, as `ArrivalOrderScheduler` runs them.
  package static let inArrivalOrder = Scheduling.ordered(ArrivalOrder())

  /// Whether the call goes to the scheduler.
  package var isOrdered: Bool {
    if case .ordered = self { true } else { false }
  }

  /// The key of an ordered call; nil for a concurrent one.
  package var orderingKey: (any OrderingKey)? {
    if case .ordered(let key) = self { key } else { nil }
  }
}

extension RPCMethod {
  /// Methods are concurrent unless they say otherwise.
  package static var scheduling: Scheduling { .concurrent }
  /// Methods take named parameters unless they say otherwise.
  package static var positionalParameters: [String]? { nil }
  /// Methods are quick unless they say otherwise.
  package static var isLongRunning: Bool { false }
  /// Methods are cheap whatever their params unless they say otherwise.
  package static func isExpensive(_ params: JSONValue?) -> Bool { false }
  /// Params that are not `EmptyParams` are decoded even when a call sends none.
  package static var noParams: Params? { nil }
  /// Params that are not `JSONDirectDecodable` are always decoded through `Codable`.
  package static func directlyDecodedParams(
    from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable]
  ) -> Params? { nil }
}

extension RPCMethod where Params: EmptyParams {
  /// The empty params.
  package static var noParams: Params? { Params() }
}

extension RPCMethod where Params: JSONDirectDecodable {
  /// What `Params` reads directly (see `JSONDirectDecodable`).
  package static func directlyDecodedParams(
    from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable]
  ) -> Params? {
    Params.directlyDecoded(from: object, userInfo: userInfo)
  }
}

/// Params that are always empty (`{}`, `[]` or none): a method that takes them is answered
/// without decoding anything when a request sends none.
package protocol EmptyParams: Codable, Sendable {
  /// The empty params.
  init()
}

/// The parameters of a method that takes none: `{}`, `[]` or no `params` at all.
package struct NoParams: EmptyParams, Equatable {
  /// Creates the empty parameters.
  package init() {}

  /// Accepts only an empty object, so that a stray parameter is reported rather than ignored.
  package init(from decoder: any Decoder) throws {
    _ = try decoder.container(keyedBy: AnyCodingKey.self)
  }

  /// Encodes as `{}`.
  package func encode(to encoder: any Encoder) throws {
    _ = encoder.container(keyedBy: AnyCodingKey.self)
  }
}
