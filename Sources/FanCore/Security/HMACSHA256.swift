/// HMAC-SHA256 (RFC 2104), verified against the RFC 4231 test cases.
package enum HMACSHA256 {
  /// The authentication code of `message` under `key`.
  package static func authenticate(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
    let pads = Pads(key: key)
    var inner = SHA256()
    inner.update(pads.inner)
    inner.update(message)
    var outer = SHA256()
    outer.update(pads.outer)
    outer.update(inner.finalize())
    return outer.finalize()
  }

  /// The key XORed with the inner and outer pad constants, one block each.
  struct Pads {
    var inner: [UInt8]
    var outer: [UInt8]

    init(key: [UInt8]) {
      var block = key.count > SHA256.blockLength ? SHA256.hash(key) : key
      block += [UInt8](repeating: 0, count: SHA256.blockLength - block.count)
      inner = block.map { $0 ^ 0x36 }
      outer = block.map { $0 ^ 0x5c }
    }
  }
}
