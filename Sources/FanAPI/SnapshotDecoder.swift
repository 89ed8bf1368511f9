import FoundationEssentials

/// Decodes an API's lists with `JSONDecoder`, record by record (or, for a list of the plain
/// shape, with `DirectListDecoder`).
package enum SnapshotDecoder {
  /// One resource's list: the records that decode, and a problem for each one that does not.
  ///
  /// Throws `invalidJSON` when `data` is not JSON and `wrongShape` when it is not an array.
  package static func decodeList<T: Decodable & Sendable>(
    _ type: T.Type, from data: Data, as resource: CatalogResource
  ) throws(SourceError) -> (elements: [T], problems: [MappingProblem]) {
    // A list of the plain shape reads directly, with the same records and no problems; any
    // other decodes here, with its problems.
    if let records = DirectListDecoder.records(T.self, from: data) {
      return (records, [])
    }
    let array = try decodeBody(
      LossyArray<T>.self, from: data, as: resource, expecting: "an array of \(resource.name)")
    return (array.elements, problems(of: array, as: resource))
  }

  /// `data` as a `Body` (a list, or a page that wraps one); `invalidJSON` when it is not JSON
  /// and `wrongShape`, saying it expected `expecting`, when it is not of that shape.
  static func decodeBody<Body: Decodable>(
    _ type: Body.Type, from data: Data, as resource: CatalogResource, expecting: String
  ) throws(SourceError) -> Body {
    do {
      return try JSONDecoder().decode(Body.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      throw .invalidJSON(resource: resource.recordName, detail: detail)
    } catch {
      throw .wrongShape(resource: resource.recordName, detail: "expected \(expecting)")
    }
  }

  /// A problem for each record of `array` that did not decode.
  static func problems<T>(of array: LossyArray<T>, as resource: CatalogResource)
    -> [MappingProblem]
  {
    array.failures.map {
      MappingProblem(
        resource: resource.recordName, id: $0.id,
        reason: "record \($0.index) does not decode: \($0.reason)", dropped: true)
    }
  }
}
