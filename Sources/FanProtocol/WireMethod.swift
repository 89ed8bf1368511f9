/// A method of the bbfan service as the wire knows it: its name, its params and its result.
///
/// Every method the service answers is one `WireMethod` here; the server answers it and
/// the Swift client calls it with the same types, so neither can drift from the other.
public protocol WireMethod: Sendable {
  /// The parameters, encoded by name into `params`.
  associatedtype Params: Codable & Sendable
  /// The result, decoded from `result`.
  associatedtype Result: Codable & Sendable

  /// The wire name, e.g. `episodes.get`.
  static var name: String { get }

  /// The errors the method's schema documents (its `errors`), in that order.
  static var errors: [MethodError] { get }
}
