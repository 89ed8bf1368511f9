// Parity: every method the built binary's rpc.discover lists has a client call named by the rule,
// and every public client call (not deprecated, not lifecycle) names a method. bbfan.d.ts declares
// exactly the calls bbfan.mjs has (with the calls it inherits from the generated calls.mjs), with the
// same ones deprecated.
//   BBFAN_BINARY=.build/debug/bbfan node --test Clients/Node/
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { BBFanClient } from "./bbfan.mjs";
import { LIFECYCLE, callName } from "./tools/generate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const binary = process.env.BBFAN_BINARY ?? "bbfan";
let client;
let data;
let wireNames;

before(async () => {
  data = mkdtempSync(join(tmpdir(), "bbfan-node-parity-"));
  client = BBFanClient.start(binary, ["--data-dir", data, "--log-level", "off"]);
  wireNames = (await client.rpcDiscover()).methods.map((method) => method.name);
});

after(async () => {
  assert.equal(await client.close(), 0);
  rmSync(data, { recursive: true, force: true });
});

/** The members a source declares, each with whether its doc comment says @deprecated. */
function documented(source, pattern) {
  const members = new Map();
  for (const match of source.matchAll(pattern)) members.set(match.groups.name, /@deprecated/.test(match.groups.doc ?? ""));
  return members;
}

/** bbfan.mjs's methods: `/** doc *\/ [static] [async] [*]name(`, one per line start; and the
 * generated calls of calls.mjs (the class BBFanClient extends), indented one level more. */
const runtime = new Map([
  ...documented(readFileSync(join(here, "calls.mjs"), "utf8"),
    /(?:\/\*\*(?<doc>(?:(?!\*\/)[\s\S])*)\*\/\s*)?^ {4}(?<name>[A-Za-z][A-Za-z0-9]*)\((?=[^)]*\)\s*\{)/gm),
  ...documented(readFileSync(join(here, "bbfan.mjs"), "utf8"),
    /(?:\/\*\*(?<doc>(?:(?!\*\/)[\s\S])*)\*\/\s*)?^ {2}(?:static |async |\*)*(?<name>[A-Za-z][A-Za-z0-9]*)\((?=[^)]*\)\s*\{)/gm),
]);
/** The methods of BBFanClient's prototype and of the generated class it extends (calls.mjs). */
const prototypeMethods = () => [...new Set([BBFanClient.prototype, Object.getPrototypeOf(BBFanClient.prototype)]
  .flatMap((prototype) => Object.getOwnPropertyNames(prototype)))].filter((name) => name !== "constructor");
/** bbfan.d.ts's members of BBFanClient. */
const typed = (() => {
  const source = readFileSync(join(here, "bbfan.d.ts"), "utf8");
  const body = source.slice(source.indexOf("export declare class BBFanClient {"));
  return documented(body, /(?:\/\*\*(?<doc>(?:(?!\*\/)[\s\S])*)\*\/\s*)?^ {2}(?:static )?(?<name>[A-Za-z][A-Za-z0-9]*)(?:<[^>]*>)?\(/gm);
})();

test("the call-name rule: split the wire name on '.', join in camelCase", () => {
  assert.deepEqual(["episodes.get", "quotes.byCharacter", "auth.checkPassword", "rpc.discover", "service.info"].map(callName),
    ["episodesGet", "quotesByCharacter", "authCheckPassword", "rpcDiscover", "serviceInfo"]);
});

test("every method rpc.discover lists has a client call named by the rule", () => {
  assert.ok(wireNames.length >= 37, `rpc.discover listed ${wireNames.length} methods`);
  const missing = wireNames.filter((name) => typeof BBFanClient.prototype[callName(name)] !== "function")
    .map((name) => `${name}: no client call ${callName(name)}() in Clients/Node/bbfan.mjs`);
  assert.deepEqual(missing, []);
  const deprecated = wireNames.filter((name) => runtime.get(callName(name)) === true)
    .map((name) => `${callName(name)}() is the call of ${name}: it cannot be deprecated`);
  assert.deepEqual(deprecated, []);
});

test("every public client call names a method (or is deprecated, or is lifecycle)", () => {
  const calls = new Set(wireNames.map(callName));
  const methods = prototypeMethods();
  assert.ok(methods.includes("episodesGet"));
  const stray = methods.filter((name) => !calls.has(name) && !LIFECYCLE.includes(name) && runtime.get(name) !== true)
    .map((name) => `${name}() names no method of rpc.discover: rename it by the rule, or mark it @deprecated, or list it in LIFECYCLE (tools/generate.mjs)`);
  assert.deepEqual(stray, []);
});

test("bbfan.d.ts declares the calls bbfan.mjs has, with the same ones deprecated", () => {
  const own = prototypeMethods();
  const declared = [...typed.keys()].filter((name) => name !== "constructor" && name !== "start");
  assert.equal(typeof BBFanClient.start, "function");
  assert.deepEqual(own.filter((name) => !runtime.has(name)).map((name) => `${name}() not found by this test's reader of bbfan.mjs`), []);
  assert.deepEqual(own.filter((name) => !typed.has(name)).map((name) => `bbfan.mjs has ${name}(), bbfan.d.ts does not`), []);
  assert.deepEqual(declared.filter((name) => typeof BBFanClient.prototype[name] !== "function").map((name) => `bbfan.d.ts declares ${name}(), bbfan.mjs has none`), []);
  const differing = own.filter((name) => typed.has(name) && runtime.get(name) !== typed.get(name))
    .map((name) => `${name}(): @deprecated in ${runtime.get(name) ? "bbfan.mjs" : "bbfan.d.ts"} only`);
  assert.deepEqual(differing, []);
  assert.ok(typed.get("register") === true && typed.get("authRegister") === false);
});

test("bbfan.d.ts declares what bbfan.mjs exports, and no more", async () => {
  const source = readFileSync(join(here, "bbfan.d.ts"), "utf8");
  const values = [...source.matchAll(/^export declare (?:class|const|function) ([A-Za-z_$][A-Za-z0-9_$]*)/gm)].map((m) => m[1]).sort();
  const exported = Object.keys(await import("./bbfan.mjs")).sort();
  assert.deepEqual(values, exported);
  assert.deepEqual(exported, ["BBFanClient", "BBFanError", "DEFAULT_MAX_MESSAGE_BYTES"]);
});
