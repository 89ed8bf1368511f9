import FoundationEssentials

/// Decodes an API's lists with `JSONDecoder`, record by record.
package enum SnapshotDecoder {
  /// One resource's list: the records that decode, and a problem for each one that does not.
  ///
  /// Throws `invalidJSON` when `data` is not JSON and `wrongShape` when it is not an array.
  package static func decodeList<T: Decodable & Sendable>(
    _ type: T.Type, from data: Data, as resource: CatalogResource
  ) throws(SourceError) -> (elements: [T], problems: [MappingProblem]) {
    let array: LossyArray<T>
    do {
      array = try JSONDecoder().decode(LossyArray<T>.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      throw .invalidJSON(resource: resource.recordName, detail: detail)
    } catch {
      throw .wrongShape(
        resource: resource.recordName, detail: "expected an array of \(resource.name)")
    }
    let problems = array.failures.map {
      MappingProblem(
        resource: resource.recordName, id: $0.id,
        reason: "record \($0.index) does not decode: \($0.reason)", dropped: true)
    }
    return (array.elements, problems)
  }
}
