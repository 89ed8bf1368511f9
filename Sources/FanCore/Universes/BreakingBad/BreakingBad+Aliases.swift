extension BreakingBad {
  /// Names the data uses for characters whose records carry another name, and the record's name.
  ///
  /// Every entry is a name that occurs in the Breaking Bad data (episode character lists or
  /// quote authors); a test walks the data to keep this table complete and free of dead entries.
  package static let aliases: [String: String] = [
    "Hank Schrader": "Henry Schrader",
    "Jimmy McGill": "Saul Goodman",
    "Mike Erhmantraut": "Mike Ehrmantraut",
    "Kim Wexler": "Kimberly Wexler",
    "Chuck McGill": "Charles McGill",
    "Nacho Varga": "Ignacio Varga",
    "Ted Beneke": "Theodore Beneke",
    "Badger": "Brandon Mayhew",
    "Krazy-8": "Domingo Molina",
    "The cousins": "Marco & Leonel Salamanca",
    "Eliott Schwartz": "Elliot Schwartz",
    "Elliott Schwarts": "Elliot Schwartz",
    "Gretchen Swartz": "Gretchen Schwartz",
    "Ken Wins": "Ken",
    "Combo": "Christian Ortgea",
    "White White Jr.": "Walter White Jr.",
    "Steve Gomez": "Steven Gomez",
    "Gus Fring": "Gustavo Fring",
  ]

  /// Names in the data that refer to no character record, left unlinked on purpose.
  package static let unlinked: Set<String> = ["Don Eladio", "a fly"]
}
