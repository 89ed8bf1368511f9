import FanStorage

extension PostgresConnection {
  /// `connection` (a `postgres://` or `postgresql://` URL, or a `key=value` conninfo) with
  /// every password replaced by `***`, for logs and messages.
  ///
  /// A URL's password is whatever libpq would take for one (between the user's `:` and the `@`
  /// before the host, or a `password=` query parameter); when libpq would find none, or only
  /// the part before a stray `@` (`user:se@cret@host`), but the text still looks like
  /// `user:secret@host`, all of it is removed too. A conninfo's `password`
  /// value is removed, and so is any password inside a `dbname` that is itself a URL or a
  /// conninfo.
  package static func redacted(_ connection: String) -> String {
    redaction(connection).text
  }

  /// `message` with every one of `secrets` replaced by `***`: libpq quotes parts of a
  /// connection string it cannot parse, password included.
  static func scrubbed(_ message: String, secrets: [String]) -> String {
    var message = message
    for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
      message = message.replacing(secret, with: "***")
    }
    return message
  }

  /// The redacted text, and every password found (as written, and decoded).
  static func redaction(_ connection: String) -> (text: String, secrets: [String]) {
    var secrets: [String] = []
    let bytes = Array(connection.utf8)
    let redactedBytes =
      isURL(connection)
      ? redactURL(bytes, secrets: &secrets) : redactConninfo(bytes, secrets: &secrets)
    return (String(decoding: redactedBytes, as: UTF8.self), secrets)
  }

  /// Whether libpq reads `connection` as a URL rather than a conninfo.
  static func isURL(_ connection: String) -> Bool {
    connection.hasPrefix("postgresql://") || connection.hasPrefix("postgres://")
  }

  private static let mask = Array("***".utf8)

  private static func redactURL(_ url: [UInt8], secrets: inout [String]) -> [UInt8] {
    guard let scheme = firstIndex(of: Array("://".utf8), in: url) else { return url }
    let start = scheme + 3
    var output = Array(url[..<start])
    // libpq takes credentials up to the first `@` seen before any `/`; a password with a stray
    // `@` of its own goes on to the last `@` before the host (before any `/`, and before any `?`
    // after an `@`), so that none of it is left.
    var at: Int? = nil
    for index in start..<url.count {
      if url[index] == UInt8(ascii: "/") || (at != nil && url[index] == UInt8(ascii: "?")) {
        break
      }
      if url[index] == UInt8(ascii: "@") { at = index }
    }
    // A password with a stray `/` is no password to libpq, but still a secret.
    if at == nil {
      let end = url[start...].firstIndex(of: UInt8(ascii: "?")) ?? url.count
      at = url[start..<end].lastIndex(of: UInt8(ascii: "@"))
    }
    var rest = start
    if let at, let colon = url[start..<at].firstIndex(of: UInt8(ascii: ":")) {
      output += url[start...colon]
      output += mask
      let password = Array(url[(colon + 1)..<at])
      remember(password, in: &secrets)
      // libpq reads the parts of such a password as a host or a port, and quotes them.
      let parts = password.split(whereSeparator: {
        $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "/")
      })
      if parts.count > 1 { for part in parts { remember(Array(part), in: &secrets) } }
      rest = at
    }
    guard let question = url[rest...].firstIndex(of: UInt8(ascii: "?")) else {
      return output + url[rest...]
    }
    output += url[rest...question]
    let parameters = url[(question + 1)...].split(
      separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
    for (number, parameter) in parameters.enumerated() {
      if number > 0 { output.append(UInt8(ascii: "&")) }
      guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")),
        percentDecoded(Array(parameter[..<equals])) == Array("password".utf8)
      else {
        output += parameter
        continue
      }
      output += parameter[...equals]
      output += mask
      remember(Array(parameter[(equals + 1)...]), in: &secrets)
    }
    return output
  }

  private static func redactConninfo(_ conninfo: [UInt8], secrets: inout [String]) -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }
    while index < conninfo.count {
      // Whitespace between pairs is kept as it was.
      if isSpace(conninfo[index]) {
        output.append(conninfo[index])
        index += 1
        continue
      }
      let keywordStart = index
      while index < conninfo.count, !isSpace(conninfo[index]), conninfo[index] != UInt8(ascii: "=")
      {
        index += 1
      }
      let keyword = Array(conninfo[keywordStart..<index])
      while index < conninfo.count, isSpace(conninfo[index]) { index += 1 }
      guard index < conninfo.count, conninfo[index] == UInt8(ascii: "=") else {
        // Not a conninfo libpq can read: keep the rest, whose words are no password to it.
        return output + conninfo[keywordStart...]
      }
      index += 1
      while index < conninfo.count, isSpace(conninfo[index]) { index += 1 }
      let valueStart = index
      var value: [UInt8] = []
      let quoted = index < conninfo.count && conninfo[index] == UInt8(ascii: "'")
      if quoted { index += 1 }
      while index < conninfo.count {
        let byte = conninfo[index]
        if quoted ? byte == UInt8(ascii: "'") : isSpace(byte) { break }
        if byte == UInt8(ascii: "\\"), index + 1 < conninfo.count { index += 1 }
        value.append(conninfo[index])
        index += 1
      }
      if quoted, index < conninfo.count { index += 1 }
      let written = conninfo[valueStart..<index]
      if keyword == Array("password".utf8) {
        output += keyword + Array("=".utf8) + mask
        remember(Array(written), in: &secrets)
        remember(value, in: &secrets)
      } else if keyword == Array("dbname".utf8),
        value.contains(UInt8(ascii: "=")) || firstIndex(of: Array("://".utf8), in: value) != nil
      {
        // libpq reads such a dbname as a connection string of its own.
        let inner = redaction(String(decoding: value, as: UTF8.self))
        secrets += inner.secrets
        output += keyword + Array("='".utf8)
        for byte in inner.text.utf8 {
          if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\") {
            output.append(UInt8(ascii: "\\"))
          }
          output.append(byte)
        }
        output.append(UInt8(ascii: "'"))
      } else {
        output += conninfo[keywordStart..<index]
      }
    }
    return output
  }

  private static func remember(_ secret: [UInt8], in secrets: inout [String]) {
    guard !secret.isEmpty else { return }
    secrets.append(String(decoding: secret, as: UTF8.self))
    let decoded = percentDecoded(secret)
    if decoded != secret { secrets.append(String(decoding: decoded, as: UTF8.self)) }
  }

  private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let byte = UInt8(
          String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        output.append(byte)
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return output
  }

  private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    return (0...(haystack.count - needle.count)).first {
      haystack[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }
}
