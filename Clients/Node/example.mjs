// node example.mjs [PATH_TO_BBFAN]: the episodes with Hank in season 2, and a quote of Jimmy's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BBFanClient, BBFanError } from "./bbfan.mjs";

const data = mkdtempSync(join(tmpdir(), "bbfan-node-"));
const client = BBFanClient.start(process.argv[2] ?? "bbfan", ["--data-dir", data, "--log-level", "off"]);
try {
  const info = await client.serviceInfo();
  console.log(`${info.name} ${info.version}: ${info.catalog.episodes} episodes`);
  const { episodes } = await client.episodesFilter({ season: 2, series: "breaking-bad", characters: ["Hank Schrader"] });
  for (const e of episodes) {
    console.log(`  S${String(e.season).padStart(2, "0")}E${String(e.episode).padStart(2, "0")} ${e.title} (${e.airDate})`);
  }
  const quote = await client.quotesRandom({ author: "Jimmy McGill" });
  console.log(`  “${quote.text}” — ${quote.author}`);
  try {
    await client.episodesGet({ id: 999 });
  } catch (error) {
    if (!(error instanceof BBFanError)) throw error;
    console.log(`  ${error.reason}: ${error.message}`);
  }
} finally {
  await client.close();
  rmSync(data, { recursive: true, force: true });
}
