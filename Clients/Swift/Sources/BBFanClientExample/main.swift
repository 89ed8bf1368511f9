// Package.swift: .product(name: "BBFanClient", package: "bbfan")
import BBFanClient
import Foundation

// The bbfan found on PATH, on a data directory of its own so that the example can run again
// (leave --data-dir out to use yours). Each call is named after its method: `episodes.filter` is
// `episodesFilter`, with `EpisodesFilter.Params` and `EpisodesFilter.Result`.
let data = FileManager.default.temporaryDirectory.appending(path: "bbfan-\(UUID().uuidString)")
let client = try BBFanClient.launch(arguments: ["--data-dir", data.path()])
let info = try await client.serviceInfo()
print("\(info.name) \(info.version): \(info.catalog.episodes) episodes")
let filtered = try await client.episodesFilter(
  .init(season: 2, characters: [.name("Hank Schrader")]))
for episode in filtered.episodes.prefix(2) {
  print("S\(episode.season)E\(episode.episode) \(episode.title) (\(episode.airDate))")
}
let signedIn = try await client.authRegister(
  .init(username: "walt", password: "Heisenberg1!", passwordConfirmation: "Heisenberg1!"))
let toggle = try await client.favoritesToggle(.init(quoteId: 1))
print(signedIn.user.username, toggle.isFavorite, toggle.favoriteCount)
let quiz = try await client.quizzesCreate(
  .init(title: "Quick Sort", facts: ["Divide and conquer", "Partitions around a pivot"]))
let added = try await client.quizzesAdd(.init(onlineId: "48"))
let due = try await client.quizzesDue()
let review = try await client.quizzesReview(.init(id: quiz.id, grade: .good))
print(added.title, due.total, review.review.intervalDays, review.review.ease)
do {
  _ = try await client.quizzesCreate(.init(title: " ", facts: ["only one"]))
} catch let error as BBFanError {
  print(error.problems?.map(\.problem) ?? [])
}
do {
  _ = try await client.episodesGet(.init(id: 999))
} catch let error as BBFanError {
  print("\(error.reason ?? "?"): \(error.message)")
}
let status = await client.shutdown()
try FileManager.default.removeItem(at: data)
exit(status)
