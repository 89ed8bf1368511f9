// BBFAN_BINARY=.build/debug/bbfan node --test Clients/Node/
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { BBFanClient, BBFanError } from "./bbfan.mjs";

const binary = process.env.BBFAN_BINARY ?? "bbfan";
let client;
let data;

before(() => {
  data = mkdtempSync(join(tmpdir(), "bbfan-node-test-"));
  client = BBFanClient.start(binary, ["--data-dir", data, "--seed", "1", "--password-cost", "1000", "--log-level", "off"]);
});

after(async () => {
  assert.equal(await client.close(), 0);
  rmSync(data, { recursive: true, force: true });
});

test("catalog calls return typed records", async () => {
  const seasons = await client.episodesList({ series: "breaking-bad" });
  assert.deepEqual(seasons.map((s) => s.season), [1, 2, 3, 4, 5]);
  assert.equal((await client.episodesFilter({ season: 2 })).length, 23);
  const saul = await client.charactersGet(8);
  assert.equal(saul.nickname, "Jimmy McGill");
  assert.ok(saul.quotes.length > 0);
  assert.equal((await client.quotesRandom({ author: "Gus Fring" })).characterId, 9);
});

test("Rick and Morty: episodes with codes, characters by id, the API's filters, locations", async () => {
  const seasons = await client.episodesList({ universe: "rick-and-morty" });
  const episodes = seasons.flatMap((s) => s.episodes);
  assert.equal(episodes.length, 51);
  assert.deepEqual([episodes[0].code, episodes[0].airDate], ["S01E01", "2013-12-02"]);
  const rick = await client.charactersGet(1, undefined, "rick-and-morty");
  assert.deepEqual([rick.species, rick.origin.name, rick.episodeCount, rick.episodes.length], ["Human", "Earth (C-137)", 51, 51]);
  const males = await client.charactersFilter({ universe: "rick-and-morty", name: "smith", gender: "male" });
  assert.deepEqual([...new Set(males.map((c) => c.gender))], ["Male"]);
  await assert.rejects(client.episodesFilter({ universe: "rick-and-morty", characters: ["Rick Sanchez"] }),
    (error) => error.code === -32602 && error.data.candidates.join() === "1,290,293,631");
  assert.equal((await client.locationsList()).length, 126);
  const squanch = await client.locationsGet(35);
  assert.equal(squanch.residentCount, squanch.residents.length);
});

test("pages follow nextCursor to the end of the list", async () => {
  const whole = await client.charactersFilter({ universe: "rick-and-morty", species: "Alien" });
  const walked = [];
  for await (const page of client.pages("characters.filter", { universe: "rick-and-morty", species: "Alien" }, 50)) {
    assert.equal(page.total, whole.length);
    walked.push(...page.records.map((c) => c.id));
  }
  assert.deepEqual(walked, whole.map((c) => c.id));
});

test("accounts and favourites", async () => {
  const signed = await client.register("walt", "Heisenberg1!");
  assert.equal(signed.token.length, 64);
  assert.deepEqual(await client.toggleFavorite(1), { quoteId: 1, isFavorite: true, favoriteCount: 1 });
  assert.deepEqual((await client.favorites()).map((q) => q.id), [1]);
  assert.equal((await client.topFavorites())[0].favoriteCount, 1);
  assert.equal((await client.logout()).username, "walt");
  assert.equal(await client.session(), null);
});

test("errors reject with the code and reason", async () => {
  await assert.rejects(client.episodesGet(999), (error) => error instanceof BBFanError && error.reason === "not-found");
  await assert.rejects(client.call("episodes.filter", { season: "2" }), (error) => error.data.field === "season");
  await assert.rejects(client.catalogRefresh(), (error) => error.code === -32014 && error.reason === "no-live-source");
  await assert.rejects(client.imagesFetch("file:///etc/passwd"), (error) => error.data.field === "url");
});

test("characters.export writes a CSV file and returns it inline", async () => {
  const exported = await client.charactersExport(103, "csv", { universe: "rick-and-morty", inline: true });
  const content = Buffer.from(exported.content, "base64");
  assert.equal(exported.bytes, content.length);
  assert.equal(exported.sha256, createHash("sha256").update(content).digest("hex"));
  assert.deepEqual(readFileSync(exported.path), content);
  assert.match(content.toString("utf8"), /Earth \(J19ζ7\)/);
  const card = await client.charactersExport(1, "pdf");
  assert.equal(card.mediaType, "application/pdf");
  assert.ok(card.warnings.some((w) => w.includes("placeholder")));
});

test("every universe in service.info; a universe without a live source says so", async () => {
  const universes = await client.universes();
  assert.deepEqual(universes.map((u) => u.universe), ["breaking-bad", "rick-and-morty"]);
  assert.deepEqual(universes[1].counts, { episodes: 51, characters: 826, locations: 126 });
  await assert.rejects(client.catalogRefresh(undefined, "rick-and-morty"),
    (error) => error.code === -32014 && error.data.universe === "rick-and-morty");
});

test("catalog.refresh of Rick and Morty follows the test server's pages", async () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const server = spawn("python3", [join(root, "Tests", "Tools", "fake_api.py"), join(root, "Data", "breaking-bad")],
    { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise((resolve) => server.stdout.once("data", (chunk) => resolve(String(chunk).trim())));
  const api = `http://127.0.0.1:${port}/ok/rmapi`;
  const liveData = mkdtempSync(join(tmpdir(), "bbfan-node-live-"));
  const live = BBFanClient.start(binary, ["--data-dir", liveData, "--log-level", "off", "--source", `rick-and-morty=${api}`]);
  const progress = [];
  live.on("notification", (message) => progress.push(message.params.progress));
  try {
    const result = await live.catalogRefresh("rm", "rick-and-morty");
    assert.deepEqual(result.counts, { episodes: 51, characters: 826, locations: 126 });
    assert.equal(result.resources.length, 52);
    assert.equal(result.resources[1].page, 2);
    assert.deepEqual(progress, Array.from({ length: 55 }, (_, i) => i));
    const universes = await live.universes();
    assert.equal(universes[1].source, api);
    assert.notEqual(universes[1].refreshedAt, null);
  } finally {
    assert.equal(await live.close(), 0);
    server.stdin.end();
    rmSync(liveData, { recursive: true, force: true });
  }
});

test("concurrent calls resolve to their own replies", async () => {
  const details = await Promise.all(Array.from({ length: 40 }, (_, i) => client.episodesGet(i + 1)));
  assert.deepEqual(details.map((d) => d.id), Array.from({ length: 40 }, (_, i) => i + 1));
});

test("the example runs", () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const out = execFileSync(process.execPath, [join(here, "example.mjs"), binary], { encoding: "utf8" });
  assert.match(out, /bbfan 0\.1\.0: 102 episodes/);
  assert.match(out, /S02E01 Seven-Thirty-Seven/);
  assert.match(out, /not-found: Not found: there is no episode with id 999\./);
});
