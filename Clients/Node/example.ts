// example.ts: the typed client in TypeScript, imported by its package name (types from bbfan.d.ts).
// Type-checked by types.test.mjs (`tsc -p .`), then compiled and run against BBFAN_BINARY.
//   tsc -p . && node example.js PATH_TO_BBFAN   (or through types.test.mjs)
import { BBFanClient, BBFanError } from "bbfan-client";
import type { CharactersGetResult, Episode, Universe } from "bbfan-client";

// No @types/node (nor the DOM's types) here: the two globals this example uses.
declare const process: { argv: string[] };
declare const console: { log(...values: unknown[]): void };

/** "S02E01" for an episode of any universe. */
function code(episode: Episode): string {
  return episode.code ?? `S${String(episode.season).padStart(2, "0")}E${String(episode.episode).padStart(2, "0")}`;
}

/** The part of a character that differs by universe, told apart by `universe`. */
function describe(character: CharactersGetResult): string {
  if (character.universe === "rick-and-morty") return `${character.name} (${character.species}, from ${character.origin.name})`;
  return `${character.name} (${character.nickname}, played by ${character.portrayedBy})`;
}

const client = BBFanClient.start(process.argv[2] ?? "bbfan", ["--log-level", "off", "--data-dir", process.argv[3] ?? "/tmp/bbfan-example-ts"]);
try {
  const info = await client.serviceInfo();
  const universes: Universe[] = info.universes.map((u) => u.universe);
  console.log(`${info.name} ${info.version}: ${info.catalog.episodes} episodes; universes ${universes.join(", ")}`);
  const { episodes, total } = await client.episodesFilter({ season: 2, series: "breaking-bad", characters: ["Hank Schrader"] });
  console.log(`${total} episodes with Hank in season 2, first ${code(episodes[0])} ${episodes[0].title}`);
  console.log(describe(await client.charactersGet({ id: 8 })));
  console.log(describe(await client.charactersGet({ id: 1, universe: "rick-and-morty" })));
  const { quotes } = await client.quotesByCharacter({ id: 8 });
  console.log(`${quotes.length > 0 ? "Jimmy has quotes" : "no quotes"}; the first by ${quotes[0].author}`);
  const found: number | null = (await client.episodesGet({ id: 37 })).characters[3].characterId;
  console.log(`Bullet Points names Hank as character ${found}`);
  try {
    await client.episodesGet({ id: 999 });
  } catch (error) {
    if (!(error instanceof BBFanError)) throw error;
    console.log(`${error.code} ${error.reason}: ${error.message}`);
  }
} finally {
  await client.close();
}
