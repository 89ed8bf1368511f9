// bbfan.d.ts is what tools/generate.mjs writes from Schemas/*.json; --check says so, or names the file.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { callName, generate } from "./tools/generate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const schemas = join(here, "..", "..", "Schemas");
const generator = join(here, "tools", "generate.mjs");

function run(...args) {
  return spawnSync(process.execPath, [generator, ...args], { encoding: "utf8", cwd: here });
}

test("the committed bbfan.d.ts is what the generator writes (--check)", () => {
  const result = run("--check");
  assert.equal(result.status, 0, `${result.stderr}${result.stdout}`);
  assert.equal(readFileSync(join(here, "bbfan.d.ts"), "utf8"), generate(schemas));
});

test("--check fails naming the file when it differs, and when a schema changed", () => {
  const folder = mkdtempSync(join(tmpdir(), "bbfan-node-generate-"));
  try {
    const out = join(folder, "bbfan.d.ts");
    writeFileSync(out, generate(schemas).replace("export interface EpisodesGetParams", "export interface EpisodesGetParamz"));
    const stale = run("--check", "--out", out);
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /bbfan\.d\.ts differs from what tools\/generate\.mjs writes/);
    assert.ok(stale.stderr.includes(out), stale.stderr);
    // A new optional member in one schema: the committed file no longer matches.
    const copies = join(folder, "Schemas");
    mkdirSync(copies);
    for (const file of readdirSync(schemas)) copyFileSync(join(schemas, file), join(copies, file));
    const episodes = JSON.parse(readFileSync(join(copies, "episodes.get.json"), "utf8"));
    episodes.result.properties.rating = { type: ["number", "null"], description: "A new member." };
    writeFileSync(join(copies, "episodes.get.json"), JSON.stringify(episodes));
    const changed = run("--check", "--schemas", copies);
    assert.equal(changed.status, 1);
    assert.match(changed.stderr, /bbfan\.d\.ts differs/);
    assert.match(generate(copies), /\/\*\* A new member\. \*\/\n {2}rating\?: number \| null;/);
    assert.equal(run("--schemas", copies, "--out", out).status, 0);
    assert.equal(run("--check", "--schemas", copies, "--out", out).status, 0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("every schema has its params, result, Methods entry and call; enums are open; null and optional as the schema says", () => {
  const text = generate(schemas);
  for (const file of readdirSync(schemas).filter((name) => name.endsWith(".json") && name !== "defs.json")) {
    const name = file.slice(0, -".json".length);
    const base = name.split(".").map((part) => part[0].toUpperCase() + part.slice(1)).join("");
    assert.match(text, new RegExp(`export (interface|type) ${base}Params\\b`), name);
    assert.match(text, new RegExp(`export (interface|type) ${base}Result\\b`), name);
    assert.ok(text.includes(`  "${name}": { params: `), name);
    assert.match(text, new RegExp(`^  ${callName(name)}\\(params\\??: [^)]*\\): Promise<${base}Result>;$`, "m"), name);
  }
  assert.match(text, /export type Universe = "breaking-bad" \| "rick-and-morty" \| \(string & \{\}\);/);
  assert.match(text, /export type Series = "breaking-bad" \| "better-call-saul" \| "rick-and-morty" \| \(string & \{\}\);/);
  assert.match(text, /grade: "again" \| "hard" \| "good" \| "easy" \| \(string & \{\}\);/);
  // episodes.get: id required, universe optional; characterId nullable; code optional.
  assert.match(text, /export interface EpisodesGetParams \{\n {2}\/\*\* The source API's id\. \*\/\n {2}id: number;\n[\s\S]*?universe\?: Universe;/);
  assert.match(text, /export interface EpisodesGetResultCharacter \{\n {2}name: string;\n {2}characterId: number \| null;\n {2}characterName: string \| null;\n\}/);
  // A oneOf of objects told apart by a const: a union that narrows on universe.
  assert.match(text, /export type CharactersGetResult = CharactersGetResultBreakingBad \| CharactersGetResultRickAndMorty;/);
  assert.match(text, /export interface CharactersGetResultRickAndMorty \{[^}]*universe: "rick-and-morty";/);
  // An object or null: its name, or null (User: one interface of Schemas/defs.json).
  assert.match(text, /user: User \| null;/);
});

test("each object of Schemas/defs.json is one interface, named after it; its per-method names are deprecated aliases", () => {
  const text = generate(schemas);
  const definitions = JSON.parse(readFileSync(join(schemas, "defs.json"), "utf8")).$defs;
  // The quote record: one interface whatever the number of methods that answer quotes.
  const quotes = [...text.matchAll(/^export interface (\w+) \{\n(?:(?!^\}).*\n)*?\s+favoriteCount\?/gm)].map((m) => m[1]);
  assert.deepEqual(quotes, ["Quote"]);
  for (const name of ["Quote", "Quiz", "User", "Episode", "BreakingBadCharacter", "RickAndMortyCharacter", "Review", "LocationRef", "Appearances", "Photo"]) {
    assert.ok(name in definitions, name);
    assert.match(text, new RegExp(`^export interface ${name} \\{`, "m"), name);
  }
  // A method whose result is a shared object keeps its result name, as a plain alias.
  assert.match(text, /^export type QuotesRandomResult = Quote;$/m);
  assert.doesNotMatch(text, /@deprecated[^\n]*\nexport type QuotesRandomResult/);
  for (const old of ["FavoritesListResultQuote", "QuotesOverviewResultRandom", "AuthSessionResultUser", "QuizzesListResultQuiz"]) {
    assert.match(text, new RegExp(`/\\*\\* @deprecated Use \\w+, [^\\n]*kept for one release\\. \\*/\\nexport type ${old} = \\w+;`), old);
  }
});
