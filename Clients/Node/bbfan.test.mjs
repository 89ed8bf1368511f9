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
  const { seasons } = await client.episodesList({ series: "breaking-bad" });
  assert.deepEqual(seasons.map((s) => s.season), [1, 2, 3, 4, 5]);
  assert.equal((await client.episodesFilter({ season: 2 })).episodes.length, 23);
  const saul = await client.charactersGet({ id: 8 });
  assert.equal(saul.nickname, "Jimmy McGill");
  assert.ok(saul.quotes.length > 0);
  assert.equal((await client.quotesRandom({ author: "Gus Fring" })).characterId, 9);
});

test("Rick and Morty: episodes with codes, characters by id, the API's filters, locations", async () => {
  const { seasons } = await client.episodesList({ universe: "rick-and-morty" });
  const episodes = seasons.flatMap((s) => s.episodes);
  assert.equal(episodes.length, 51);
  assert.deepEqual([episodes[0].code, episodes[0].airDate], ["S01E01", "2013-12-02"]);
  const rick = await client.charactersGet({ id: 1, universe: "rick-and-morty" });
  assert.deepEqual([rick.species, rick.origin.name, rick.episodeCount, rick.episodes.length], ["Human", "Earth (C-137)", 51, 51]);
  const { characters: males } = await client.charactersFilter({ universe: "rick-and-morty", name: "smith", gender: "male" });
  assert.deepEqual([...new Set(males.map((c) => c.gender))], ["Male"]);
  await assert.rejects(client.episodesFilter({ universe: "rick-and-morty", characters: ["Rick Sanchez"] }),
    (error) => error.code === -32602 && error.data.candidates.join() === "1,290,293,631");
  assert.equal((await client.locationsList({ universe: "rick-and-morty" })).locations.length, 126);
  const squanch = await client.locationsGet({ id: 35, universe: "rick-and-morty" });
  assert.equal(squanch.residentCount, squanch.residents.length);
});

test("pages follow nextCursor to the end of the list", async () => {
  const { characters: whole } = await client.charactersFilter({ universe: "rick-and-morty", species: "Alien" });
  const walked = [];
  for await (const page of client.pages("characters.filter", { universe: "rick-and-morty", species: "Alien" }, 50)) {
    assert.equal(page.total, whole.length);
    walked.push(...page.records.map((c) => c.id));
  }
  assert.deepEqual(walked, whole.map((c) => c.id));
});

test("accounts and favourites", async () => {
  const signed = await client.authRegister({ username: "walt", password: "Heisenberg1!", passwordConfirmation: "Heisenberg1!" });
  assert.equal(signed.token.length, 64);
  assert.deepEqual(await client.favoritesToggle({ quoteId: 1 }), { quoteId: 1, isFavorite: true, favoriteCount: 1 });
  assert.deepEqual((await client.favoritesList()).quotes.map((q) => q.id), [1]);
  assert.equal((await client.favoritesTop({ limit: 3 })).quotes[0].favoriteCount, 1);
  assert.equal((await client.authLogout()).user.username, "walt");
  assert.deepEqual(await client.authSession(), { user: null });
  const again = await client.authLogin({ username: "walt", password: "Heisenberg1!" });
  assert.notEqual(again.token, signed.token);
  assert.equal((await client.authLogout({ token: again.token })).user.username, "walt");
});

test("errors reject with the code and reason", async () => {
  await assert.rejects(client.episodesGet({ id: 999 }), (error) => error instanceof BBFanError && error.reason === "not-found");
  await assert.rejects(client.call("episodes.filter", { season: "2" }), (error) => error.data.field === "season");
  await assert.rejects(client.catalogRefresh(), (error) => error.code === -32014 && error.reason === "no-live-source");
  await assert.rejects(client.imagesFetch({ url: "file:///etc/passwd" }), (error) => error.data.field === "url");
});

test("characters.export writes a CSV file and returns it inline", async () => {
  const exported = await client.charactersExport({ id: 103, format: "csv", universe: "rick-and-morty", inline: true });
  const content = Buffer.from(exported.content, "base64");
  assert.equal(exported.bytes, content.length);
  assert.equal(exported.sha256, createHash("sha256").update(content).digest("hex"));
  assert.deepEqual(readFileSync(exported.path), content);
  assert.match(content.toString("utf8"), /Earth \(J19ζ7\)/);
  const card = await client.charactersExport({ id: 1, format: "pdf" });
  assert.equal(card.mediaType, "application/pdf");
  assert.ok(card.warnings.some((w) => w.includes("placeholder")));
});

test("every universe in service.info; a universe without a live source says so", async () => {
  const { universes } = await client.serviceInfo();
  assert.deepEqual(universes.map((u) => u.universe), ["breaking-bad", "rick-and-morty"]);
  assert.deepEqual(universes[1].counts, { episodes: 51, characters: 826, locations: 126 });
  await assert.rejects(client.catalogRefresh({ universe: "rick-and-morty" }),
    (error) => error.code === -32014 && error.data.universe === "rick-and-morty");
});

test("images.fetch: cached without asking the host, revalidated with maxAge 0, inline bytes", async () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const server = spawn("python3", [join(root, "Tests", "Tools", "fake_api.py"), join(root, "Data", "breaking-bad")],
    { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise((resolve) => server.stdout.once("data", (chunk) => resolve(String(chunk).trim())));
  const url = `http://127.0.0.1:${port}/ok/img/tuco-512.png`;
  try {
    const first = await client.imagesFetch({ url, inline: true });
    assert.deepEqual([first.freshness, first.bytes], ["downloaded", 512]);
    assert.deepEqual(Buffer.from(first.content, "base64"), readFileSync(first.path));
    const cached = await client.imagesFetch({ url });
    assert.equal(cached.freshness, "cached");
    assert.equal(cached.content, undefined);
    assert.equal((await client.imagesFetch({ url, maxAge: 0 })).freshness, "revalidated");
    await assert.rejects(client.imagesFetch({ url, maxAge: -1 }), (error) => error.data.field === "maxAge");
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
    const result = await live.catalogRefresh({ universe: "rick-and-morty", progressToken: "rm" });
    assert.equal(result.changed, true);
    const changed = await news;
    assert.deepEqual(changed.message.params, { universe: "rick-and-morty", refreshedAt: result.refreshedAt });
    assert.equal(changed.afterProgress, 55);
    assert.deepEqual(result.counts, { episodes: 51, characters: 826, locations: 126 });
    assert.equal(result.resources.length, 52);
    assert.equal(result.resources[1].page, 2);
    assert.deepEqual(progress, Array.from({ length: 55 }, (_, i) => i));
    const { universes } = await live.serviceInfo();
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

const WALT = { username: "walt", password: "Heisenberg1!", passwordConfirmation: "Heisenberg1!" };
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC", "base64");

test("quizzes.create trims, and names every missing piece or the duplicate", () => withService(async (c) => {
  await assert.rejects(c.quizzesCreate({ title: "Quick Sort", facts: ["a", "b"] }), (error) => error.code === -32001 && error.reason === "unauthorized");
  await c.authRegister(WALT);
  const quiz = await c.quizzesCreate({ title: " Quick Sort ", facts: ["Divide and conquer ", " Partitions around a pivot"] });
  assert.deepEqual({ ...quiz, createdAt: undefined },
    { id: 1, title: "Quick Sort", facts: ["Divide and conquer", "Partitions around a pivot"], createdAt: undefined, onlineId: null });
  assert.ok(Math.abs(Date.parse(quiz.createdAt) - Date.now()) < 60_000);
  await assert.rejects(c.quizzesCreate({ title: "  ", facts: ["only one"] }), (error) => {
    assert.equal(error.code, -32602);
    assert.deepEqual(error.data.problems, [
      { field: "title", problem: "Title is required" }, { field: "facts", problem: "A quiz needs two facts" }]);
    return true;
  });
  await assert.rejects(c.quizzesCreate({ title: "quick  SORT", facts: ["a", "b"] }),
    (error) => error.code === -32016 && error.reason === "duplicate" && error.data.existingId === 1);
}));

test("quizzes.list is newest first and paged; get, delete, not-found", () => withService(async (c) => {
  await c.authRegister(WALT);
  for (let n = 1; n <= 5; n++) await c.quizzesCreate({ title: `Quiz ${n}`, facts: [`Fact ${n}`, n === 3 ? "pivot" : "other"] });
  const whole = await c.quizzesList();
  assert.deepEqual([whole.quizzes.map((q) => q.id), whole.total, whole.nextCursor], [[5, 4, 3, 2, 1], 5, null]);
  const walked = [];
  for await (const page of c.pages("quizzes.list", {}, 2)) walked.push(page.records.map((q) => q.id));
  assert.deepEqual(walked, [[5, 4], [3, 2], [1]]);
  const first = await c.quizzesList({ limit: 2 });
  const second = await c.quizzesList({ limit: 2, cursor: first.nextCursor });
  assert.deepEqual([second.quizzes.map((q) => q.id), second.total], [[3, 2], 5]);
  assert.deepEqual((await c.quizzesList({ search: "PIVOT" })).quizzes.map((q) => q.title), ["Quiz 3"]);
  const three = await c.quizzesGet({ id: 3 });
  assert.deepEqual(three.facts, ["Fact 3", "pivot"]);
  assert.deepEqual(await c.quizzesDelete({ id: 3 }), three);
  await assert.rejects(c.quizzesGet({ id: 3 }), (error) => error.code === -32004 && error.data.kind === "quiz" && error.data.id === 3);
  assert.deepEqual((await c.quizzesList()).quizzes.map((q) => q.id), [5, 4, 2, 1]);
}));

test("quizzes.online is sorted by title; quizzes.add copies one, once", () => withService(async (c) => {
  const everything = await c.quizzesOnline();
  assert.deepEqual([everything.total, everything.quizzes.length], [52, 52]);
  assert.ok(everything.quizzes.every((q) => q.inCollection === undefined));
  await c.authRegister(WALT);
  const toddlers = await c.quizzesOnline({ search: "toddler" });
  assert.deepEqual(toddlers.quizzes.map((q) => `${q.id} ${q.title}`), ["45 Toddler Quiz #1", "48 Toddler Quiz #2", "49 Toddler Quiz #3"]);
  const added = await c.quizzesAdd({ onlineId: "48" });
  assert.deepEqual([added.title, added.onlineId], ["Toddler Quiz #2", "48"]);
  assert.deepEqual((await c.quizzesOnline({ search: "toddler" })).quizzes.map((q) => q.inCollection), [false, true, false]);
  await assert.rejects(c.quizzesAdd({ onlineId: "48" }), (error) => error.reason === "duplicate" && error.data.existingId === added.id);
  await assert.rejects(c.quizzesAdd({ onlineId: "99" }), (error) => error.code === -32004 && error.data.kind === "online-quiz");
}));

test("quizzes.due lists new quizzes first; quizzes.review schedules by SM-2", () => withService(async (c) => {
  await c.authRegister(WALT);
  const sort = await c.quizzesCreate({ title: "Quick Sort", facts: ["a", "b"] });
  const enums = await c.quizzesCreate({ title: "Enums", facts: ["c", "d"] });
  assert.deepEqual(await c.quizzesDue(), { quizzes: [{ quiz: sort, review: null }, { quiz: enums, review: null }], total: 2 });
  assert.deepEqual((await c.quizzesDue({ limit: 1 })).quizzes.map((d) => d.quiz.id), [sort.id]);
  const good = await c.quizzesReview({ id: sort.id, grade: "good" });
  assert.deepEqual({ ...good, review: { ...good.review, dueAt: undefined } }, {
    id: sort.id, grade: "good", repeatToday: false,
    review: { dueAt: undefined, intervalDays: 1, ease: 2.5, repetitions: 1, lapses: 0, reviews: 1, leech: false },
  });
  assert.ok(Math.abs(Date.parse(good.review.dueAt) - (Date.now() + 86_400_000)) < 60_000);
  const left = await c.quizzesDue();
  assert.deepEqual([left.quizzes.map((d) => d.quiz.id), left.total], [[enums.id], 1]);
  const hard = await c.quizzesReview({ id: enums.id, grade: "hard" });
  assert.deepEqual([hard.review.ease, hard.repeatToday], [2.36, true]);
  const easy = await c.quizzesReview({ id: sort.id, grade: "easy" });
  assert.deepEqual([easy.review.intervalDays, easy.review.ease, easy.review.reviews], [6, 2.6, 2]);
  assert.equal((await c.quizzesDue()).total, 0);
  await assert.rejects(c.quizzesReview({ id: sort.id, grade: "meh" }), (error) => error.code === -32602 && error.data.field === "grade");
}));

test("profile.get and profile.update with a photo as base64, a path, or bytes (deprecated)", () => withService(async (c, folder) => {
  await assert.rejects(c.profileGet(), (error) => error.reason === "unauthorized");
  await c.authRegister(WALT);
  assert.deepEqual(await c.profileGet(), { user: { id: 1, username: "walt" }, displayName: null, photo: null });
  const updated = await c.profileUpdate({ displayName: " Heisenberg ", photo: { data: png.toString("base64") } });
  assert.equal(updated.displayName, "Heisenberg");
  assert.deepEqual([updated.photo.mediaType, updated.photo.bytes, updated.photo.sha256],
    ["image/png", png.length, createHash("sha256").update(png).digest("hex")]);
  assert.deepEqual(readFileSync(updated.photo.path), png);
  assert.deepEqual(await c.profileGet(), updated);
  const removed = await c.profileUpdate({ photo: null });
  assert.deepEqual([removed.displayName, removed.photo], ["Heisenberg", null]);
  assert.equal(existsSync(updated.photo.path), false);
  const asBytes = await c.profileUpdate({ photo: png });
  assert.equal(asBytes.photo.sha256, updated.photo.sha256);
  const file = join(folder, "me.png");
  writeFileSync(file, png);
  const fromPath = await c.profileUpdate({ displayName: null, photo: { path: file } });
  assert.deepEqual([fromPath.displayName, fromPath.photo.sha256], [null, updated.photo.sha256]);
  await assert.rejects(c.profileUpdate({ photo: Buffer.from("not an image") }),
    (error) => error.code === -32602 && error.reason === "not-an-image" && error.data.field === "photo");
}));

test("auth.accounts lists who signed in here; auth.switch changes the current one", () => withService(async (c) => {
  assert.deepEqual(await c.authAccounts(), { accounts: [] });
  await c.authRegister(WALT);
  await c.authRegister({ ...WALT, username: "jesse" });
  const { accounts } = await c.authAccounts();
  assert.deepEqual(accounts.map((a) => [a.username, a.current]), [["walt", false], ["jesse", true]]);
  assert.ok(accounts.every((a) => !Number.isNaN(Date.parse(a.signedInAt))));
  assert.deepEqual(await c.authSwitch({ username: "WALT" }), { user: { id: 1, username: "walt" } });
  assert.equal((await c.authSession()).user.username, "walt");
  assert.deepEqual((await c.authAccounts()).accounts.map((a) => a.current), [true, false]);
  await assert.rejects(c.authSwitch({ username: "gus" }), (error) => error.code === -32004 && error.data.username === "gus");
  assert.equal((await c.authSession()).user.username, "walt");
}));

test("auth.register names every failing field; checkPassword; favorite set; faces; deleteAccount", () => withService(async (c) => {
  await c.authRegister(WALT);
  await assert.rejects(c.authRegister({ username: "WALT", password: "yo", passwordConfirmation: "yo!" }), (error) =>
    error instanceof BBFanError && error.code === -32006 && error.reason === "username-taken"
    && JSON.stringify(error.problems.map((p) => [p.field, p.reason])) === JSON.stringify(
      [["username", "username-taken"], ["passwordConfirmation", "password-mismatch"], ["password", "weak-password"]]));
  const check = await c.authCheckPassword({ password: "heisenberg" });
  assert.equal(check.ok, false);
  assert.deepEqual(check.problems.map((p) => p.rule), ["uppercase", "digit", "special"]);
  assert.deepEqual(check.rules.filter((r) => !r.met).map((r) => r.rule), ["uppercase", "digit", "special"]);
  assert.equal(check.rules.length, 7);
  const accepted = await c.authCheckPassword({ password: "Heisenberg1!" });
  assert.deepEqual([accepted.ok, accepted.problems, accepted.rules.every((r) => r.met)], [true, [], true]);
  assert.equal((await c.favoritesToggle({ quoteId: 1, favorite: true })).favoriteCount, 1);
  assert.deepEqual(await c.favoritesToggle({ quoteId: 1, favorite: true }), { quoteId: 1, isFavorite: true, favoriteCount: 1 });
  assert.equal((await c.favoritesToggle({ quoteId: 1, favorite: false })).isFavorite, false);
  assert.equal((await c.favoritesToggle({ quoteId: 1 })).isFavorite, true);
  const profile = await c.profileUpdate({ displayName: "Heisenberg", photo: { data: png.toString("base64") } });
  const jesse = await c.authRegister({ ...WALT, username: "jesse" });
  // The photo as profileGet answers it.
  assert.deepEqual((await c.authAccounts()).accounts.map((a) => [a.username, a.displayName, a.photo]),
    [["walt", "Heisenberg", profile.photo], ["jesse", null, null]]);
  assert.equal(profile.photo.mediaType, "image/png");
  await assert.rejects(c.authDeleteAccount({ password: "wrong", token: jesse.token }), (error) => error.reason === "wrong-password");
  assert.deepEqual(await c.authDeleteAccount({ password: "Heisenberg1!", token: jesse.token }), { deleted: true });
  assert.deepEqual((await c.authAccounts()).accounts.map((a) => a.username), ["walt"]);
  await assert.rejects(c.authLogin({ username: "jesse", password: "Heisenberg1!" }), (error) => error.reason === "unknown-user");
}));

test("quotes and favourites per universe", () => withService(async (c) => {
  await c.authRegister(WALT);
  await c.favoritesToggle({ quoteId: 1, universe: "breaking-bad" });
  assert.deepEqual((await c.favoritesList({ universe: "breaking-bad" })).quotes.map((q) => q.id), [1]);
  assert.deepEqual((await c.favoritesList({ universe: "rick-and-morty" })).quotes, []);
  assert.deepEqual((await c.favoritesTop({ limit: 3, universe: "rick-and-morty" })).quotes, []);
  assert.deepEqual(await c.quotesByCharacter({ id: 1, universe: "rick-and-morty" }), { quotes: [] });
  assert.ok((await c.quotesByCharacter({ id: 8 })).quotes.length > 0);
  assert.deepEqual(await c.quotesOverview({ universe: "rick-and-morty" }), {});
  await assert.rejects(c.favoritesToggle({ quoteId: 1, universe: "rick-and-morty" }),
    (error) => error.code === -32004 && error.data.universe === "rick-and-morty");
  await assert.rejects(c.quotesRandom({ universe: "rick-and-morty" }),
    (error) => error.code === -32004 && error.data.kind === "quote");
}));

test("concurrent calls resolve to their own replies", async () => {
  const details = await Promise.all(Array.from({ length: 40 }, (_, i) => client.episodesGet({ id: i + 1 })));
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

test("0.1's calls are deprecated aliases that behave as they did", () => withService(async (c) => {
  const signed = await c.register("walt", "Heisenberg1!");
  assert.deepEqual([signed.user.username, signed.token.length], ["walt", 64]);
  await c.register("jesse", "Heisenberg1!", "Heisenberg1!");
  assert.deepEqual((await c.accounts()).map((a) => a.username), ["walt", "jesse"]);
  assert.deepEqual(await c.switchAccount("walt"), { id: 1, username: "walt" });
  assert.deepEqual(await c.session(), { id: 1, username: "walt" });
  assert.deepEqual((await c.checkPassword("heisenberg")).problems.map((p) => p.rule), ["uppercase", "digit", "special"]);
  assert.deepEqual(await c.toggleFavorite(1), { quoteId: 1, isFavorite: true, favoriteCount: 1 });
  assert.equal((await c.toggleFavorite(1, undefined, true)).isFavorite, true);
  assert.deepEqual((await c.favorites()).map((q) => q.id), [1]);
  assert.deepEqual((await c.favorites(signed.token, "rick-and-morty")), []);
  assert.equal((await c.topFavorites()).length, 1);
  assert.ok((await c.discover()).methods.some((m) => m.name === "rpc.discover"));
  assert.deepEqual((await c.universes()).map((u) => u.universe), ["breaking-bad", "rick-and-morty"]);
  const groups = await c.charactersByInitial({ universe: "rick-and-morty" });
  assert.deepEqual([groups[0].initial, groups[0].characters.every((ch) => ch.name.startsWith(groups[0].initial))], ["A", true]);
  assert.equal((await c.logout()).username, "walt");
  assert.equal(await c.session(), null);
  assert.equal((await c.login("jesse", "Heisenberg1!")).user.username, "jesse");
  await assert.rejects(c.deleteAccount("wrong"), (error) => error.reason === "wrong-password");
  assert.equal(await c.deleteAccount("Heisenberg1!"), true);
}));

test("a call given 0.1's positional arguments rejects with a TypeError that says what changed", async () => {
  await assert.rejects(client.episodesGet(1), (error) => {
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /^episodesGet\(\) takes the params object of episodes\.get \(Schemas\/episodes\.get\.json\), not 1:/);
    assert.match(error.message, /"Breaking changes"/);
    return true;
  });
  await assert.rejects(client.quizzesCreate("Quick Sort", ["a", "b"]), /quizzesCreate\(\) takes the params object of quizzes\.create/);
  await assert.rejects(client.charactersList(["x"]), TypeError);
  await assert.rejects(client.serviceInfo(null), TypeError);
  assert.equal((await client.serviceInfo()).name, "bbfan");
  assert.equal((await client.serviceInfo({})).name, "bbfan");
});

test("values the client does not know come through as they are (open enums)", async () => {
  // A newer service: a universe, a series, a status and an error reason this client has never seen.
  const fake = [
    "const rl = require('readline').createInterface({ input: process.stdin });",
    "rl.on('line', (line) => { const m = JSON.parse(line);",
    "  const r = m.method === 'episodes.get'",
    "    ? { jsonrpc: '2.0', id: m.id, error: { code: -32004, message: 'Not found', data: { reason: 'gone-fishing' } } }",
    "    : { jsonrpc: '2.0', id: m.id, result: { id: 1, universe: 'the-wire', series: 'the-wire', status: 'zombie', name: 'Omar', hometown: 'Baltimore' } };",
    "  console.log(JSON.stringify(r)); });",
  ].join("\n");
  const child = spawn(process.execPath, ["-e", fake], { stdio: ["pipe", "pipe", "inherit"] });
  const c = new BBFanClient(child);
  assert.deepEqual(await c.charactersGet({ id: 1, universe: "the-wire" }),
    { id: 1, universe: "the-wire", series: "the-wire", status: "zombie", name: "Omar", hometown: "Baltimore" });
  assert.equal((await c.charactersFilter({ universe: "the-wire" })).universe, "the-wire");
  await assert.rejects(c.episodesGet({ id: 1, universe: "the-wire" }), (error) => error instanceof BBFanError && error.reason === "gone-fishing");
  assert.equal(await c.close(), 0);
});
