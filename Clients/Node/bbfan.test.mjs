// BBFAN_BINARY=.build/debug/bbfan node --test Clients/Node/
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

test("images.fetch: cached without asking the host, revalidated with maxAge 0, inline bytes", async () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const server = spawn("python3", [join(root, "Tests", "Tools", "fake_api.py"), join(root, "Data", "breaking-bad")],
    { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise((resolve) => server.stdout.once("data", (chunk) => resolve(String(chunk).trim())));
  const url = `http://127.0.0.1:${port}/ok/img/tuco-512.png`;
  try {
    const first = await client.imagesFetch(url, { inline: true });
    assert.deepEqual([first.freshness, first.bytes], ["downloaded", 512]);
    assert.deepEqual(Buffer.from(first.content, "base64"), readFileSync(first.path));
    const cached = await client.imagesFetch(url);
    assert.equal(cached.freshness, "cached");
    assert.equal(cached.content, undefined);
    assert.equal((await client.imagesFetch(url, { maxAge: 0 })).freshness, "revalidated");
    await assert.rejects(client.imagesFetch(url, { maxAge: -1 }), (error) => error.data.field === "maxAge");
  } finally {
    server.stdin.end();
  }
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
  const news = new Promise((resolve) => live.on("notification", (message) => {
    if (message.method === "catalog.changed") resolve({ message, afterProgress: progress.length });
  }));
  live.on("notification", (message) => {
    if (message.method === "notifications/progress") progress.push(message.params.progress);
  });
  try {
    const result = await live.catalogRefresh("rm", "rick-and-morty");
    assert.equal(result.changed, true);
    const changed = await news;
    assert.deepEqual(changed.message.params, { universe: "rick-and-morty", refreshedAt: result.refreshedAt });
    assert.equal(changed.afterProgress, 55);
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

/** Runs `body` with a client of a service on a data directory of its own, then checks its clean exit. */
async function withService(body) {
  const folder = mkdtempSync(join(tmpdir(), "bbfan-node-quiz-"));
  const own = BBFanClient.start(binary, ["--data-dir", folder, "--seed", "1", "--password-cost", "1000", "--log-level", "off"]);
  try {
    await body(own, folder);
  } finally {
    assert.equal(await own.close(), 0);
    rmSync(folder, { recursive: true, force: true });
  }
}

const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC", "base64");

test("every method rpc.discover lists has a call here", async () => {
  const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "bbfan.mjs"), "utf8");
  const names = (await client.discover()).methods.map((m) => m.name);
  assert.ok(names.includes("quizzes.review"));
  assert.deepEqual(names.filter((name) => !source.includes(`"${name}"`)), []);
});

test("quizzes.create trims, and names every missing piece or the duplicate", () => withService(async (c) => {
  await assert.rejects(c.quizzesCreate("Quick Sort", ["a", "b"]), (error) => error.code === -32001 && error.reason === "unauthorized");
  await c.register("walt", "Heisenberg1!");
  const quiz = await c.quizzesCreate(" Quick Sort ", ["Divide and conquer ", " Partitions around a pivot"]);
  assert.deepEqual({ ...quiz, createdAt: undefined },
    { id: 1, title: "Quick Sort", facts: ["Divide and conquer", "Partitions around a pivot"], createdAt: undefined, onlineId: null });
  assert.ok(Math.abs(Date.parse(quiz.createdAt) - Date.now()) < 60_000);
  await assert.rejects(c.quizzesCreate("  ", ["only one"]), (error) => {
    assert.equal(error.code, -32602);
    assert.deepEqual(error.data.problems, [
      { field: "title", problem: "Title is required" }, { field: "facts", problem: "A quiz needs two facts" }]);
    return true;
  });
  await assert.rejects(c.quizzesCreate("quick  SORT", ["a", "b"]),
    (error) => error.code === -32016 && error.reason === "duplicate" && error.data.existingId === 1);
}));

test("quizzes.list is newest first and paged; get, delete, not-found", () => withService(async (c) => {
  await c.register("walt", "Heisenberg1!");
  for (let n = 1; n <= 5; n++) await c.quizzesCreate(`Quiz ${n}`, [`Fact ${n}`, n === 3 ? "pivot" : "other"]);
  const whole = await c.quizzesList();
  assert.deepEqual([whole.quizzes.map((q) => q.id), whole.total, whole.nextCursor], [[5, 4, 3, 2, 1], 5, null]);
  const walked = [];
  for await (const page of c.pages("quizzes.list", {}, 2)) walked.push(page.records.map((q) => q.id));
  assert.deepEqual(walked, [[5, 4], [3, 2], [1]]);
  const first = await c.quizzesList({ limit: 2 });
  const second = await c.quizzesList({ limit: 2, cursor: first.nextCursor });
  assert.deepEqual([second.quizzes.map((q) => q.id), second.total], [[3, 2], 5]);
  assert.deepEqual((await c.quizzesList({ search: "PIVOT" })).quizzes.map((q) => q.title), ["Quiz 3"]);
  const three = await c.quizzesGet(3);
  assert.deepEqual(three.facts, ["Fact 3", "pivot"]);
  assert.deepEqual(await c.quizzesDelete(3), three);
  await assert.rejects(c.quizzesGet(3), (error) => error.code === -32004 && error.data.kind === "quiz" && error.data.id === 3);
  assert.deepEqual((await c.quizzesList()).quizzes.map((q) => q.id), [5, 4, 2, 1]);
}));

test("quizzes.online is sorted by title; quizzes.add copies one, once", () => withService(async (c) => {
  const everything = await c.quizzesOnline();
  assert.deepEqual([everything.total, everything.quizzes.length], [52, 52]);
  assert.ok(everything.quizzes.every((q) => q.inCollection === undefined));
  await c.register("walt", "Heisenberg1!");
  const toddlers = await c.quizzesOnline({ search: "toddler" });
  assert.deepEqual(toddlers.quizzes.map((q) => `${q.id} ${q.title}`), ["45 Toddler Quiz #1", "48 Toddler Quiz #2", "49 Toddler Quiz #3"]);
  const added = await c.quizzesAdd("48");
  assert.deepEqual([added.title, added.onlineId], ["Toddler Quiz #2", "48"]);
  assert.deepEqual((await c.quizzesOnline({ search: "toddler" })).quizzes.map((q) => q.inCollection), [false, true, false]);
  await assert.rejects(c.quizzesAdd("48"), (error) => error.reason === "duplicate" && error.data.existingId === added.id);
  await assert.rejects(c.quizzesAdd("99"), (error) => error.code === -32004 && error.data.kind === "online-quiz");
}));

test("quizzes.due lists new quizzes first; quizzes.review schedules by SM-2", () => withService(async (c) => {
  await c.register("walt", "Heisenberg1!");
  const sort = await c.quizzesCreate("Quick Sort", ["a", "b"]);
  const enums = await c.quizzesCreate("Enums", ["c", "d"]);
  assert.deepEqual(await c.quizzesDue(), { quizzes: [{ quiz: sort, review: null }, { quiz: enums, review: null }], total: 2 });
  assert.deepEqual((await c.quizzesDue({ limit: 1 })).quizzes.map((d) => d.quiz.id), [sort.id]);
  const good = await c.quizzesReview(sort.id, "good");
  assert.deepEqual({ ...good, review: { ...good.review, dueAt: undefined } }, {
    id: sort.id, grade: "good", repeatToday: false,
    review: { dueAt: undefined, intervalDays: 1, ease: 2.5, repetitions: 1, lapses: 0, reviews: 1, leech: false },
  });
  assert.ok(Math.abs(Date.parse(good.review.dueAt) - (Date.now() + 86_400_000)) < 60_000);
  const left = await c.quizzesDue();
  assert.deepEqual([left.quizzes.map((d) => d.quiz.id), left.total], [[enums.id], 1]);
  const hard = await c.quizzesReview(enums.id, "hard");
  assert.deepEqual([hard.review.ease, hard.repeatToday], [2.36, true]);
  const easy = await c.quizzesReview(sort.id, "easy");
  assert.deepEqual([easy.review.intervalDays, easy.review.ease, easy.review.reviews], [6, 2.6, 2]);
  assert.equal((await c.quizzesDue()).total, 0);
  await assert.rejects(c.quizzesReview(sort.id, "meh"), (error) => error.code === -32602 && error.data.field === "grade");
}));

test("profile.get and profile.update with a photo as bytes, base64 or a path", () => withService(async (c, folder) => {
  await assert.rejects(c.profileGet(), (error) => error.reason === "unauthorized");
  await c.register("walt", "Heisenberg1!");
  assert.deepEqual(await c.profileGet(), { user: { id: 1, username: "walt" }, displayName: null, photo: null });
  const updated = await c.profileUpdate({ displayName: " Heisenberg ", photo: png });
  assert.equal(updated.displayName, "Heisenberg");
  assert.deepEqual([updated.photo.mediaType, updated.photo.bytes, updated.photo.sha256],
    ["image/png", png.length, createHash("sha256").update(png).digest("hex")]);
  assert.deepEqual(readFileSync(updated.photo.path), png);
  assert.deepEqual(await c.profileGet(), updated);
  const removed = await c.profileUpdate({ photo: null });
  assert.deepEqual([removed.displayName, removed.photo], ["Heisenberg", null]);
  assert.equal(existsSync(updated.photo.path), false);
  const asBase64 = await c.profileUpdate({ photo: { data: png.toString("base64") } });
  assert.equal(asBase64.photo.sha256, updated.photo.sha256);
  const file = join(folder, "me.png");
  writeFileSync(file, png);
  const fromPath = await c.profileUpdate({ displayName: null, photo: { path: file } });
  assert.deepEqual([fromPath.displayName, fromPath.photo.sha256], [null, updated.photo.sha256]);
  await assert.rejects(c.profileUpdate({ photo: Buffer.from("not an image") }),
    (error) => error.code === -32602 && error.reason === "not-an-image" && error.data.field === "photo");
}));

test("auth.accounts lists who signed in here; auth.switch changes the current one", () => withService(async (c) => {
  assert.deepEqual(await c.accounts(), []);
  await c.register("walt", "Heisenberg1!");
  await c.register("jesse", "Heisenberg1!");
  const accounts = await c.accounts();
  assert.deepEqual(accounts.map((a) => [a.username, a.current]), [["walt", false], ["jesse", true]]);
  assert.ok(accounts.every((a) => !Number.isNaN(Date.parse(a.signedInAt))));
  assert.deepEqual(await c.switchAccount("WALT"), { id: 1, username: "walt" });
  assert.equal((await c.session()).username, "walt");
  assert.deepEqual((await c.accounts()).map((a) => a.current), [true, false]);
  await assert.rejects(c.switchAccount("gus"), (error) => error.code === -32004 && error.data.username === "gus");
  assert.equal((await c.session()).username, "walt");
}));

test("auth.register names every failing field; checkPassword; favorite set; faces; deleteAccount", () => withService(async (c) => {
  await c.register("walt", "Heisenberg1!");
  await assert.rejects(c.register("WALT", "yo", "yo!"), (error) =>
    error instanceof BBFanError && error.code === -32006 && error.reason === "username-taken"
    && JSON.stringify(error.problems.map((p) => [p.field, p.reason])) === JSON.stringify(
      [["username", "username-taken"], ["passwordConfirmation", "password-mismatch"], ["password", "weak-password"]]));
  const check = await c.checkPassword("heisenberg");
  assert.equal(check.ok, false);
  assert.deepEqual(check.problems.map((p) => p.rule), ["uppercase", "digit", "special"]);
  assert.deepEqual(check.rules.filter((r) => !r.met).map((r) => r.rule), ["uppercase", "digit", "special"]);
  assert.equal(check.rules.length, 7);
  const accepted = await c.checkPassword("Heisenberg1!");
  assert.deepEqual([accepted.ok, accepted.problems, accepted.rules.every((r) => r.met)], [true, [], true]);
  assert.equal((await c.toggleFavorite(1, undefined, true)).favoriteCount, 1);
  assert.deepEqual(await c.toggleFavorite(1, undefined, true), { quoteId: 1, isFavorite: true, favoriteCount: 1 });
  assert.equal((await c.toggleFavorite(1, undefined, false)).isFavorite, false);
  assert.equal((await c.toggleFavorite(1)).isFavorite, true);
  const profile = await c.profileUpdate({ displayName: "Heisenberg", photo: png });
  const jesse = await c.register("jesse", "Heisenberg1!");
  // The photo as profileGet answers it.
  assert.deepEqual((await c.accounts()).map((a) => [a.username, a.displayName, a.photo]),
    [["walt", "Heisenberg", profile.photo], ["jesse", null, null]]);
  assert.equal(profile.photo.mediaType, "image/png");
  await assert.rejects(c.deleteAccount("wrong", jesse.token), (error) => error.reason === "wrong-password");
  assert.equal(await c.deleteAccount("Heisenberg1!", jesse.token), true);
  assert.deepEqual((await c.accounts()).map((a) => a.username), ["walt"]);
  await assert.rejects(c.login("jesse", "Heisenberg1!"), (error) => error.reason === "unknown-user");
}));

test("quotes and favourites per universe", () => withService(async (c) => {
  await c.register("walt", "Heisenberg1!");
  await c.toggleFavorite(1, undefined, undefined, "breaking-bad");
  assert.deepEqual((await c.favorites(undefined, "breaking-bad")).map((q) => q.id), [1]);
  assert.deepEqual(await c.favorites(undefined, "rick-and-morty"), []);
  assert.deepEqual(await c.topFavorites(3, undefined, "rick-and-morty"), []);
  assert.deepEqual(await c.quotesByCharacter(1, undefined, "rick-and-morty"), []);
  assert.deepEqual(await c.quotesOverview(undefined, "rick-and-morty"), {});
  await assert.rejects(c.toggleFavorite(1, undefined, undefined, "rick-and-morty"),
    (error) => error.code === -32004 && error.data.universe === "rick-and-morty");
  await assert.rejects(c.quotesRandom({ universe: "rick-and-morty" }),
    (error) => error.code === -32004 && error.data.kind === "quote");
}));

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

test("a request over the limit fails at once, without being sent", async () => {
  const data = mkdtempSync(join(tmpdir(), "bbfan-node-limit-"));
  const small = BBFanClient.start(binary, ["--data-dir", data, "--log-level", "off", "--max-message-bytes", "2000"]);
  try {
    assert.equal(small.maxMessageBytes, 2000);
    await assert.rejects(small.call("episodes.filter", { title: "x".repeat(3000) }), (error) => {
      assert.equal(error.code, -32600);
      assert.equal(error.reason, "too-large");
      assert.equal(error.data.limit, 2000);
      assert.match(error.message, /it was not sent/);
      return true;
    });
    assert.equal((await small.serviceInfo()).protocol.limits.maxMessageBytes, 2000);
  } finally {
    assert.equal(await small.close(), 0);
    rmSync(data, { recursive: true, force: true });
  }
});

test("a request the service finds too large gets its error by its own id", async () => {
  const data = mkdtempSync(join(tmpdir(), "bbfan-node-limit-"));
  const child = spawn(binary, ["serve", "--data-dir", data, "--log-level", "off", "--max-message-bytes", "2000"],
    { stdio: ["pipe", "pipe", "inherit"] });
  const client = new BBFanClient(child, { maxMessageBytes: 1e9 });
  try {
    const info = client.serviceInfo();
    await assert.rejects(client.call("episodes.filter", { title: "x".repeat(5000) }), { code: -32600 });
    assert.equal((await info).name, "bbfan");
  } finally {
    assert.equal(await client.close(), 0);
    rmSync(data, { recursive: true, force: true });
  }
});

test("an error with a null id fails the requests over its limit, and only them", async () => {
  const fake = [
    "const rl = require('readline').createInterface({ input: process.stdin });",
    "rl.on('line', (line) => { const m = JSON.parse(line);",
    "  const r = line.length > 100",
    "    ? { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'too large', data: { reason: 'too-large', limit: 100, size: line.length } } }",
    "    : { jsonrpc: '2.0', id: m.id, result: 'ok' };",
    "  console.log(JSON.stringify(r)); });",
  ].join("\n");
  const child = spawn(process.execPath, ["-e", fake], { stdio: ["pipe", "pipe", "inherit"] });
  const client = new BBFanClient(child);
  const big = assert.rejects(client.call("x", { pad: "p".repeat(200) }), (error) => error.reason === "too-large");
  const small = client.call("y");
  assert.equal(await small, "ok");
  await big;
  assert.equal(await client.close(), 0);
});

test("any other error with a null id fails every call still waiting", async () => {
  const fake = [
    "const rl = require('readline').createInterface({ input: process.stdin });",
    "rl.on('line', (line) => { if (JSON.parse(line).method === 'garble')",
    "  console.log(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })); });",
  ].join("\n");
  const child = spawn(process.execPath, ["-e", fake], { stdio: ["pipe", "pipe", "inherit"] });
  const client = new BBFanClient(child);
  const waiting = ["a", "b", "garble"].map((name) => assert.rejects(client.call(name), { code: -32700 }));
  await Promise.all(waiting);
  assert.equal(await client.close(), 0);
});
