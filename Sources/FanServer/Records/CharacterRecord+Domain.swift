import FanCore
import FanProtocol

extension CharacterRecord {
  /// The record of `character` of `catalog`.
  package init(_ character: ShowCharacter, in catalog: Catalog) {
    var person: PersonFields?
    var creature: CreatureFields?
    if let profile = character.profile {
      creature = CreatureFields(
        species: profile.species, type: profile.type, gender: profile.gender,
        origin: PlaceRecord(profile.origin), location: PlaceRecord(profile.location),
        episodeCount: catalog.episodeCount(characterID: character.id))
    } else {
      person = PersonFields(
        nickname: character.nickname, birthday: character.birthday,
        occupations: character.occupations, portrayedBy: character.portrayedBy,
        series: character.series,
        appearances: Appearances(
          catalog.series.map { .init(series: $0, seasons: character.seasons(in: $0)) }))
    }
    self.init(
      id: character.id, universe: catalog.universe, name: character.name,
      status: character.status, imageURL: character.imageURL, person: person,
      creature: creature, extraFields: character.extraFields)
  }
}
