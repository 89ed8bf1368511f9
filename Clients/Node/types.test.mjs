// The types type-check: bbfan.d.ts on its own (tsc --strict), the typed example (tsconfig.json),
// the calls strictness.ts marks as wrong are refused, and the example and a project that installs
// the package by name compile and run against BBFAN_BINARY. Needs TypeScript's compiler: Debian's
// node-typescript (`apt-get install node-typescript`; .ci/run installs it). Without it these tests FAIL.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const binary = process.env.BBFAN_BINARY ?? "bbfan";
const compiler = process.env.TSC ?? "tsc";

/** Runs tsc with `args` in `cwd`; fails the test, loudly, when there is no tsc. */
function tsc(args, cwd = here) {
  const result = spawnSync(compiler, ["--pretty", "false", ...args], { cwd, encoding: "utf8" });
  if (result.error?.code === "ENOENT") {
    assert.fail(`TypeScript's compiler (${compiler}) is not installed: apt-get install node-typescript (Debian's TypeScript 4.8; .ci/run installs it)`);
  }
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A folder of its own for a test, removed afterwards. */
function withFolder(prefix, parent, body) {
  const folder = parent ? join(parent, `${prefix}${process.pid}-${Date.now()}`) : mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(folder, { recursive: true });
  try {
    return body(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("tsc is TypeScript 4.8 or later", () => {
  const { status, output } = tsc(["--version"]);
  assert.equal(status, 0, output);
  const [major, minor] = output.match(/Version (\d+)\.(\d+)/).slice(1).map(Number);
  assert.ok(major > 4 || (major === 4 && minor >= 8), output);
});

test("bbfan.d.ts type-checks on its own: tsc --strict --noEmit bbfan.d.ts", () => {
  const { status, output } = tsc(["--strict", "--noEmit", "bbfan.d.ts"]);
  assert.equal(status, 0, output);
  assert.equal(output, "");
});

test("tsc refuses every call strictness.ts marks EXPECT, with that code, and nothing else", () => withFolder("bbfan-node-strict-", null, (folder) => {
  const config = join(folder, "tsconfig.json");
  writeFileSync(config, JSON.stringify({ extends: join(here, "tsconfig.json"), files: [join(here, "strictness.ts")] }));
  const { status, output } = tsc(["-p", config]);
  assert.equal(status, 2, output);
  const expected = readFileSync(join(here, "strictness.ts"), "utf8").split("\n")
    .flatMap((line, index) => [...line.matchAll(/EXPECT (TS\d+)/g)].map((match) => `${index + 1} ${match[1]}`));
  const refused = [...output.matchAll(/strictness\.ts\((\d+),\d+\): error (TS\d+)/g)].map((match) => `${match[1]} ${match[2]}`);
  assert.ok(expected.length >= 7);
  assert.deepEqual(refused, expected, output);
}));

test("the typed example type-checks (tsc -p .: tsconfig.json), compiles and runs against the service", () => withFolder(".example-build-", here, (out) => {
  const { status, output } = tsc(["-p", ".", "--noEmit", "false", "--rootDir", ".", "--outDir", out]);
  assert.equal(status, 0, output);
  withFolder("bbfan-node-example-ts-", null, (data) => {
    const run = spawnSync(process.execPath, [join(out, "example.js"), binary, data], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^bbfan \d+\.\d+\.\d+: 102 episodes; universes breaking-bad, rick-and-morty$/m);
    assert.match(run.stdout, /^10 episodes with Hank in season 2, first S02E01 Seven-Thirty-Seven$/m);
    assert.match(run.stdout, /^Saul Goodman \(Jimmy McGill, played by Bob Odenkirk\)$/m);
    assert.match(run.stdout, /^Rick Sanchez \(Human, from Earth \(C-137\)\)$/m);
    assert.match(run.stdout, /^-32004 not-found: Not found: there is no episode with id 999\.$/m);
  });
}));

test("a project that installs the package (node_modules/bbfan-client) type-checks and runs", () => withFolder("bbfan-node-consumer-", null, (project) => {
  mkdirSync(join(project, "node_modules"));
  symlinkSync(here, join(project, "node_modules", "bbfan-client"), "dir");
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({
    compilerOptions: { strict: true, target: "es2020", lib: ["es2020"], module: "node16", moduleResolution: "node16", types: [], outDir: "out" },
    files: ["main.ts"],
  }));
  writeFileSync(join(project, "main.ts"), [
    'import { BBFanClient, type QuizzesReviewResult, type Universe } from "bbfan-client";',
    "declare const process: { argv: string[] };",
    "declare const console: { log(...values: unknown[]): void };",
    'const client = BBFanClient.start(process.argv[2], ["--data-dir", process.argv[3], "--log-level", "off", "--password-cost", "1000"]);',
    'const { token } = await client.authRegister({ username: "walt", password: "Heisenberg1!", passwordConfirmation: "Heisenberg1!" });',
    'const quiz = await client.quizzesCreate({ title: "Quick Sort", facts: ["Divide", "Conquer"], token });',
    'const review: QuizzesReviewResult = await client.quizzesReview({ id: quiz.id, grade: "good", token });',
    'const universe: Universe = (await client.locationsList({ universe: "rick-and-morty", limit: 1 })).locations[0].universe;',
    'console.log(review.grade, review.review.intervalDays, universe, await client.close());',
  ].join("\n"));
  const { status, output } = tsc(["-p", "."], project);
  assert.equal(status, 0, output);
  withFolder("bbfan-node-consumer-data-", null, (data) => {
    const run = spawnSync(process.execPath, [join(project, "out", "main.js"), binary, data], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, "good 1 rick-and-morty 0\n");
  });
}));
