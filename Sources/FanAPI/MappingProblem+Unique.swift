extension MappingProblem {
  /// The records whose id has not been seen before; each repeated id is reported in `problems`
  /// and its record left out (every universe's mapper applies this rule to every list).
  static func unique<DTO>(
    _ records: [DTO], id: (DTO) -> Int, resource: String, problems: inout [MappingProblem]
  ) -> [DTO] {
    var seen = Set<Int>()
    return records.filter { record in
      guard seen.insert(id(record)).inserted else {
        problems.append(
          .init(resource: resource, id: id(record), reason: "the id appears twice", dropped: true))
        return false
      }
      return true
    }
  }
}
