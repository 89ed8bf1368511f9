// Package.swift: .product(name: "BBFanClient", package: "bbfan")
import BBFanClient
import Foundation

// The bbfan found on PATH, on a data directory of its own so that the example can run again
// (leave --data-dir out to use yours).
let data = FileManager.default.temporaryDirectory.appending(path: "bbfan-\(UUID().uuidString)")
let client = try BBFanClient.launch(arguments: ["--data-dir", data.path()])
let info = try await client.serviceInfo()
print("\(info.name) \(info.version): \(info.catalog.episodes) episodes")
let episodes = try await client.episodesFilter(season: 2, characters: [.name("Hank Schrader")])
for episode in episodes.prefix(2) {
  print("S\(episode.season)E\(episode.episode) \(episode.title) (\(episode.airDate))")
}
let signedIn = try await client.register(username: "walt", password: "Heisenberg1!")
let toggle = try await client.toggleFavorite(quoteID: 1)
print(signedIn.user.username, toggle.isFavorite, toggle.favoriteCount)
let quiz = try await client.createQuiz(
  title: "Quick Sort", facts: ["Divide and conquer", "Partitions around a pivot"])
let added = try await client.addQuiz(onlineID: "48")
let due = try await client.dueQuizzes()
let review = try await client.reviewQuiz(id: quiz.id, grade: .good)
print(added.title, due.total, review.review.intervalDays, review.review.ease)
do {
  _ = try await client.createQuiz(title: " ", facts: ["only one"])
} catch let error as BBFanError {
  print(error.problems?.map(\.problem) ?? [])
}
do {
  _ = try await client.episode(id: 999)
} catch let error as BBFanError {
  print("\(error.reason ?? "?"): \(error.message)")
}
let status = await client.shutdown()
try FileManager.default.removeItem(at: data)
exit(status)
