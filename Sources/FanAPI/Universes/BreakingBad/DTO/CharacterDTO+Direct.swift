extension CharacterDTO: DirectlyDecodable {
  /// A character of the plain shape, read without `JSONDecoder` (see `DirectListDecoder`); an
  /// appearance list that is absent is nil, as `JSONDecoder` reads it (a null one goes to it).
  package init?(reading reader: inout DirectListDecoder) {
    var charID: Int?
    var name: String?
    var birthday: String?
    var occupation: [String]?
    var img: String?
    var status: String?
    var nickname: String?
    var appearance: [Int]?
    var portrayed: String?
    var category: String?
    var betterCallSaulAppearance: [Int]?
    guard reader.beginObject() else { return nil }
    while let key = reader.nextKey() {
      // A repeated field goes to the plain path, which decides which one counts.
      switch key {
      case "char_id" where charID == nil: charID = reader.integer()
      case "name" where name == nil: name = reader.string()
      case "birthday" where birthday == nil: birthday = reader.string()
      case "occupation" where occupation == nil: occupation = reader.strings()
      case "img" where img == nil: img = reader.string()
      case "status" where status == nil: status = reader.string()
      case "nickname" where nickname == nil: nickname = reader.string()
      case "appearance" where appearance == nil: appearance = reader.integers()
      case "portrayed" where portrayed == nil: portrayed = reader.string()
      case "category" where category == nil: category = reader.string()
      case "better_call_saul_appearance" where betterCallSaulAppearance == nil:
        betterCallSaulAppearance = reader.integers()
      case "char_id", "name", "birthday", "occupation", "img", "status", "nickname", "appearance",
        "portrayed", "category", "better_call_saul_appearance":
        return nil
      default: reader.skipValue()
      }
      guard !reader.failed else { return nil }
    }
    guard !reader.failed, let charID, let name, let birthday, let occupation, let img,
      let status, let nickname, let portrayed, let category
    else { return nil }
    self.init(
      charID: charID, name: name, birthday: birthday, occupation: occupation, img: img,
      status: status, nickname: nickname, appearance: appearance, portrayed: portrayed,
      category: category, betterCallSaulAppearance: betterCallSaulAppearance)
  }
}
