/// `quotes.random`: one quote drawn uniformly from the matching ones.
public enum QuotesRandom: WireMethod {
  /// The wire name.
  public static let name = "quotes.random"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.notFound), .invalidParams]

  /// `{author?, series?, universe?, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// Any name of the author that resolves ("Jimmy McGill" and "Saul Goodman" are one).
    public var author: String?
    /// Only this series.
    public var series: Series?
    /// The universe whose quotes to draw from; the default one when absent.
    public var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    public var token: String?

    /// A value with these members.
    public init(
      author: String? = nil, series: Series? = nil, universe: UniverseID? = nil,
      token: String? = nil
    ) {
      self.author = author
      self.series = series
      self.universe = universe
      self.token = token
    }

    /// Decodes, ignoring empty fields.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      author = try container.decodeUnlessEmpty(String.self, forKey: .author)
      series = try container.decodeSeries(forKey: .series, of: decoder.wireVocabulary)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// The quote.
  public typealias Result = QuoteRecord
}

/// `quotes.byCharacter`: the quotes of one character, under any of its names.
public enum QuotesByCharacter: WireMethod {
  /// The wire name.
  public static let name = "quotes.byCharacter"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.notFound), .application(.unauthorized)]
  /// `[id]` is accepted too.
  public static let positionalParameters: [String]? = ["id"]

  /// `{id, universe?, token?}`: the character's id, in the default universe when none is
  /// named.
  public typealias Params = UniverseIDTokenParams

  /// `{quotes: [...]}`, by id.
  public struct Result: Codable, Sendable, Equatable {
    /// The quotes.
    public var quotes: [QuoteRecord]

    /// A value with these members.
    public init(quotes: [QuoteRecord]) {
      self.quotes = quotes
    }
  }
}

/// `quotes.overview`: the quotes scene in one call.
public enum QuotesOverview: WireMethod {
  /// The wire name.
  public static let name = "quotes.overview"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{universe?, token?}`.
  public typealias Params = UniverseTokenParams

  /// The three sections; empty ones are left out.
  public struct Result: Codable, Sendable, Equatable {
    /// The top 3 favourites across all users.
    public var top: [QuoteRecord]?
    /// The user's favourites, newest first.
    public var yours: [QuoteRecord]?
    /// A random quote.
    public var random: QuoteRecord?

    /// A value with these members.
    public init(top: [QuoteRecord]? = nil, yours: [QuoteRecord]? = nil, random: QuoteRecord? = nil)
    {
      self.top = top
      self.yours = yours
      self.random = random
    }
  }
}
