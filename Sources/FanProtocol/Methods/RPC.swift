/// `rpc.discover`: the OpenRPC 1.4 document of every method, built from `Schemas/`.
public enum Discover: WireMethod {
  /// The wire name.
  public static let name = "rpc.discover"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]
  /// Takes no parameters.
  public typealias Params = NoParams
  /// The OpenRPC document.
  public typealias Result = OpenRPCDocument
}
