/// `locations.list`: every location of a universe, by id.
public enum LocationsList: WireMethod {
  /// The wire name.
  public static let name = "locations.list"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// `{universe?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The universe; the default one when absent.
    public var universe: UniverseID?

    /// The most records a page holds; the whole list when absent.
    public var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    public var cursor: String?

    /// A value with these members.
    public init(universe: UniverseID? = nil, limit: Int? = nil, cursor: String? = nil) {
      self.universe = universe
      self.limit = limit
      self.cursor = cursor
    }

    /// Decodes, ignoring an empty universe.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
    }

  }

  /// `{locations: [...]}`, by id.
  public struct Result: Codable, Sendable, Equatable {
    /// The page's locations (none for a universe without location records).
    public var locations: [LocationRecord]
    /// The number of records in the whole list, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(locations: [LocationRecord], total: Int, nextCursor: String? = nil) {
      self.locations = locations
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `locations.get`: one location with its residents.
public enum LocationsGet: WireMethod {
  /// The wire name.
  public static let name = "locations.get"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.notFound), .invalidParams]
  /// `[id]` is accepted too.
  public static let positionalParameters: [String]? = ["id"]

  /// `{id, universe?}`.
  public typealias Params = UniverseIDParams

  /// A character last seen at the location.
  public struct Resident: Codable, Sendable, Equatable {
    /// The character's id.
    public var id: Int
    /// The character's name.
    public var name: String

    /// A value with these members.
    public init(id: Int, name: String) {
      self.id = id
      self.name = name
    }
  }

  /// The residents added to the location record.
  public struct Residents: Codable, Sendable, Equatable {
    /// The characters last seen there, in the source's order.
    public var residents: [Resident]

    /// A value with these members.
    public init(residents: [Resident]) {
      self.residents = residents
    }
  }

  /// The location record's fields and `residents`, in one object.
  public typealias Result = Merged<LocationRecord, Residents>
}
