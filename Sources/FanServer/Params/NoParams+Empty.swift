import FanProtocol
import JSONRPC

/// The contract's empty params are the wire's: a request without params is answered without
/// decoding anything.
extension FanProtocol.NoParams: EmptyParams {}
