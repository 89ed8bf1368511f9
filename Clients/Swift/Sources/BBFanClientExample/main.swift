import BBFanClient
import Foundation

// swift run BBFanClientExample [PATH_TO_BBFAN]: Hank's season 2 episodes and a quote of Jimmy's.
let binary = CommandLine.arguments.dropFirst().first ?? "/usr/local/bin/bbfan"
let data = FileManager.default.temporaryDirectory.appending(
  path: "bbfan-swift-example-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: data) }

let client = try BBFanClient.launch(
  executable: URL(filePath: binary), arguments: ["--data-dir", data.path(), "--log-level", "off"])
let info = try await client.serviceInfo()
print("\(info.name) \(info.version): \(info.catalog.episodes) episodes")
for episode in try await client.episodesFilter(
  series: .breakingBad, season: 2, characters: [.name("Hank Schrader")])
{
  print("  S\(episode.season)E\(episode.episode) \(episode.title) (\(episode.airDate))")
}
let quote = try await client.randomQuote(author: "Jimmy McGill")
print("  “\(quote.text)” — \(quote.author)")
do {
  _ = try await client.episode(id: 999)
} catch let error as BBFanError {
  print("  \(error.reason ?? "?"): \(error.message)")
}
exit(await client.shutdown())
