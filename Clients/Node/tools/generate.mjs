#!/usr/bin/env node
// generate.mjs: writes Clients/Node/bbfan.d.ts from Schemas/*.json, the files rpc.discover serves
// (their references into Schemas/defs.json, the shared definitions: one interface each).
//
//   node tools/generate.mjs           writes bbfan.d.ts
//   node tools/generate.mjs --check   exits 1, naming the file, when bbfan.d.ts differs from what it would write
//   --schemas DIR and --out FILE      read and write other places (the tests use them)
//
// Node only, no npm packages. For every method: its params and result (nested objects as named
// interfaces, `type: [X, "null"]` as `X | null`, optional members where `required` leaves them
// out, every `enum` open: its known values and any other string), one call on `BBFanClient` named
// by the rule (split the wire name on ".", join in camelCase), and the `Methods` map of wire names.
// The client's own members (lifecycle, `call`, pages, the deprecated aliases) are written from the
// tables at the end of this file: a change to bbfan.mjs's surface is a change here too (parity.test.mjs
// fails otherwise).

import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const packageFolder = join(here, "..");

/** A wire name as the client's call: split on ".", join in camelCase (`quotes.byCharacter` → `quotesByCharacter`). */
export function callName(wireName) {
  return wireName.split(".").map((part, index) => (index === 0 ? part : part[0].toUpperCase() + part.slice(1))).join("");
}

/** `episodes.get` → `EpisodesGet`; `rick-and-morty` → `RickAndMorty`; `imageURL` → `ImageURL`. */
function pascal(text) {
  return String(text).split(/[^A-Za-z0-9]+/).filter(Boolean).map((part) => part[0].toUpperCase() + part.slice(1)).join("");
}

/** The name of one item of an array member: `quizzes` → `Quiz`, `characters` → `Character`. */
function singular(word) {
  if (/ies$/.test(word)) return word.slice(0, -3) + "y";
  if (/zzes$/.test(word)) return word.slice(0, -3);
  if (/(sh|ch|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
  return word + "Item";
}

/** A JSDoc block of `lines` (no `*​/` inside), indented by `indent`; "" for no lines. */
function doc(lines, indent = "") {
  const text = lines.filter((line) => line !== undefined && line !== "").map((line) => line.replaceAll("*/", "*\\/"));
  if (text.length === 0) return "";
  if (text.length === 1 && !text[0].includes("\n")) return `${indent}/** ${text[0]} */\n`;
  const body = text.join("\n\n").split("\n").map((line) => `${indent} *${line === "" ? "" : " " + line}`).join("\n");
  return `${indent}/**\n${body}\n${indent} */\n`;
}

/** A member name as TypeScript needs it: bare when an identifier, quoted otherwise. */
function key(name) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

const REFERENCE = "defs.json#/$defs/";

/**
 * `value` with each `{"$ref": "defs.json#/$defs/Name", ...}` replaced in place by the members of
 * the definition (as rpc.discover serves it): members before `$ref` first, its siblings after.
 */
export function inlineRefs(value, definitions) {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, definitions));
  if (!value || typeof value !== "object") return value;
  const result = {};
  for (const [member, item] of Object.entries(value)) {
    if (member !== "$ref") {
      result[member] = inlineRefs(item, definitions);
      continue;
    }
    const body = item.startsWith(REFERENCE) ? definitions[item.slice(REFERENCE.length)] : undefined;
    if (!body) throw new Error(`generate.mjs: $ref ${JSON.stringify(item)} names no definition of Schemas/defs.json`);
    Object.assign(result, inlineRefs(body, definitions));
  }
  return result;
}

/** Reads every method's schema file (not defs.json, the shared definitions), sorted by wire name. */
export function readSchemas(folder) {
  return readdirSync(folder).filter((file) => file.endsWith(".json") && file !== "defs.json").sort()
    .map((file) => JSON.parse(readFileSync(join(folder, file), "utf8")));
}

/** The shared definitions of `folder`/defs.json by name; none when there is no such file. */
export function readDefinitions(folder) {
  if (!readdirSync(folder).includes("defs.json")) return {};
  return JSON.parse(readFileSync(join(folder, "defs.json"), "utf8")).$defs ?? {};
}

/** Whether a schema without references declares an interface (an object with members, or one in a oneOf). */
function declaresInterface(schema) {
  if (!schema || typeof schema !== "object") return false;
  if (Array.isArray(schema.oneOf)) return schema.oneOf.some(declaresInterface);
  return Object.keys(schema.properties ?? {}).length > 0;
}

/**
 * The enumerations to name: a member name whose enum has the same values wherever it occurs, in
 * more than one method (universe, series), becomes `type Universe = ...`; others stay inline.
 */
function namedEnums(methods) {
  const seen = new Map();
  const visit = (schema, member, method) => {
    if (!schema || typeof schema !== "object") return;
    if (Array.isArray(schema.enum)) {
      const entry = seen.get(member) ?? { values: new Set(), methods: new Set(), list: schema.enum };
      entry.values.add(JSON.stringify(schema.enum));
      entry.methods.add(method);
      seen.set(member, entry);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, name, method);
    if (schema.items) visit(schema.items, member, method);
    for (const alternative of schema.oneOf ?? []) visit(alternative, member, method);
  };
  for (const method of methods) {
    visit(method.params, "", method.name);
    visit(method.result, "", method.name);
  }
  const named = new Map();
  for (const [member, entry] of [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (member !== "" && entry.values.size === 1 && entry.methods.size > 1) named.set(member, { name: pascal(member), values: entry.list });
  }
  return named;
}

/** An open enumeration: the known values for completion, and any other string. */
function openEnum(values) {
  return [...values.map((value) => JSON.stringify(value)), "(string & {})"].join(" | ");
}

/** Writes TypeScript declarations for a set of method schemas. */
class Declarations {
  constructor(methods, definitions = {}) {
    this.methods = methods;
    this.definitions = definitions;
    this.enums = namedEnums(methods.map((method) => inlineRefs(method, definitions)));
    /** @type {Map<string, object>} interface name → the object schema it was written from */
    this.sources = new Map();
    /** @type {Map<string, string>} interface name → its declaration */
    this.interfaces = new Map();
    /** @type {string[]} in order of writing */
    this.order = [];
  }

  /** Declares `text` as `name`; two different declarations of one name are a bug of the naming rule. */
  declare(name, text) {
    const existing = this.interfaces.get(name);
    if (existing !== undefined) {
      if (existing !== text) throw new Error(`generate.mjs: two different types would be named ${name}`);
      return;
    }
    this.interfaces.set(name, text);
    this.order.push(name);
  }

  /**
   * The TypeScript type of `schema`; objects with properties become interfaces named `name`.
   * @param {object} schema @param {string} name @param {string} member the member's name, for enum names
   */
  type(schema, name, member) {
    if (schema === true || schema === undefined || schema === null) return "unknown";
    if (typeof schema.$ref === "string") return this.reference(schema, name, member);
    if ("const" in schema) return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum)) {
      const named = this.enums.get(member);
      const nullable = Array.isArray(schema.type) && schema.type.includes("null") ? " | null" : "";
      if (named && JSON.stringify(named.values) === JSON.stringify(schema.enum)) return named.name + nullable;
      return openEnum(schema.enum) + nullable;
    }
    if (Array.isArray(schema.oneOf)) return this.union(schema.oneOf, name, member);
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const parts = types.map((type) => this.single({ ...schema, type }, name, member));
    return [...new Set(parts)].join(" | ");
  }

  /**
   * A use of a shared definition: an object one is one interface named after it (`Quote`), whatever
   * the method; a scalar or an enumeration (`Universe`, `Token`) is written where it is used.
   */
  reference(schema, name, member) {
    const definition = schema.$ref.slice(REFERENCE.length);
    const body = schema.$ref.startsWith(REFERENCE) ? this.definitions[definition] : undefined;
    if (!body) throw new Error(`generate.mjs: $ref ${JSON.stringify(schema.$ref)} names no definition of Schemas/defs.json`);
    const { $ref, ...uses } = schema;
    const whole = inlineRefs({ ...body, ...uses }, this.definitions);
    if (!declaresInterface(whole)) return this.type(whole, name, member);
    return this.type(body, definition, member);
  }

  /**
   * The per-method interface names a shared definition had before (`FavoritesListResultQuote`),
   * each with the interface it is now: the names written for the schemas with every reference
   * inlined that this declaration set no longer has.
   */
  deprecatedNames() {
    const shared = [];
    for (const [definition, body] of Object.entries(this.definitions)) {
      const whole = inlineRefs(body, this.definitions);
      const objects = Array.isArray(whole.oneOf) ? whole.oneOf.filter(declaresInterface) : [whole];
      if (objects.length === 1 && declaresInterface(objects[0])) shared.push([objects[0], definition]);
    }
    const inlined = new Declarations(this.methods.map((method) => inlineRefs(method, this.definitions)));
    inlined.text();
    const names = new Map();
    for (const [old, source] of inlined.sources) {
      if (this.interfaces.has(old)) continue;
      for (const [object, definition] of shared) {
        const same = Object.fromEntries(Object.keys(object).map((member) => [member, source[member]]));
        if (JSON.stringify(same) === JSON.stringify(object)) names.set(old, definition);
      }
    }
    return names;
  }

  /** The alternatives of a oneOf: `X | null` keeps X's name; several objects are told apart by a const or a member. */
  union(alternatives, name, member) {
    const objects = alternatives.filter((alternative) => alternative.type === "object");
    const tag = (alternative, index) => {
      if (objects.length <= 1) return "";
      const constant = Object.values(alternative.properties ?? {}).find((property) => "const" in property);
      if (constant) return pascal(constant.const);
      const own = (alternative.required ?? []).find((required) => !objects.every((other) => (other.required ?? []).includes(required)));
      return own ? pascal(own) : `Variant${index + 1}`;
    };
    const parts = alternatives.map((alternative, index) => this.type(alternative, name + tag(alternative, index), member));
    return [...new Set(parts)].join(" | ");
  }

  /** One JSON type of a schema. */
  single(schema, name, member) {
    switch (schema.type) {
      case "string": return "string";
      case "integer": case "number": return "number";
      case "boolean": return "boolean";
      case "null": return "null";
      case "array": {
        const item = this.type(schema.items, name, member);
        return /[ |&]/.test(item) ? `(${item})[]` : `${item}[]`;
      }
      case "object": return this.object(schema, name);
      case undefined: return "unknown";
      default: throw new Error(`generate.mjs: no TypeScript type for JSON type ${JSON.stringify(schema.type)} (${name})`);
    }
  }

  /** An object: an interface `name` with its members, or a map when it declares none. */
  object(schema, name) {
    const properties = Object.entries(schema.properties ?? {});
    const extra = schema.additionalProperties;
    if (properties.length === 0) {
      if (extra === false) return "Record<string, never>";
      return `Record<string, ${typeof extra === "object" ? this.type(extra, name + "Value", "") : "unknown"}>`;
    }
    const required = new Set(schema.required ?? []);
    let body = "";
    for (const [member, property] of properties) {
      const nested = name + pascal(property.type === "array" ? singular(member) : member);
      body += doc([property.description], "  ");
      body += `  ${key(member)}${required.has(member) ? "" : "?"}: ${this.type(property, nested, member)};\n`;
    }
    if (extra !== false) body += `  [member: string]: unknown;\n`;
    this.sources.set(name, schema);
    this.declare(name, `${doc([schema.description])}export interface ${name} {\n${body}}\n`);
    return name;
  }

  /** A method's params or result as a named type: an interface, or an alias when it is not one object. */
  root(schema, name) {
    const type = this.type(schema, name, "");
    if (type !== name) this.declare(name, `${doc([schema.description])}export type ${name} = ${type};\n`);
    return name;
  }

  /** The whole of bbfan.d.ts. */
  text() {
    const calls = [];
    const map = [];
    for (const method of this.methods) {
      const base = pascal(method.name);
      const params = this.root(method.params, base + "Params");
      const result = this.root(method.result, base + "Result");
      const optional = (method.params.required ?? []).length === 0 ? "?" : "";
      const empty = Object.keys(method.params.properties ?? {}).length === 0;
      const sent = empty ? "RequestMembers" : `${params} & RequestMembers`;
      calls.push(doc([method.summary, method.description, `Sends \`${method.name}\` (Schemas/${method.name}.json).`], "  ")
        + `  ${callName(method.name)}(params${optional}: ${sent}): Promise<${result}>;\n`);
      map.push(`  ${JSON.stringify(method.name)}: { params: ${sent}; result: ${result} };\n`);
    }
    const enums = [...this.enums.values()].map(({ name, values }) =>
      `/** An open enumeration: the values known to this client, and any other string a newer service sends. */\n`
      + `export type ${name} = ${openEnum(values)};\n`);
    const deprecated = Object.keys(this.definitions).length === 0 ? [] : [...this.deprecatedNames()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([old, definition]) => `/** @deprecated Use ${definition}, the one interface of Schemas/defs.json's ${definition}; `
        + `kept for one release. */\nexport type ${old} = ${definition};\n`);
    return [
      HEADER,
      enums.join("\n"),
      this.order.map((name) => this.interfaces.get(name)).join("\n"),
      ...(deprecated.length === 0 ? [] : [deprecated.join("\n")]),
      `/** Every method of the service by its wire name: its params and result. */\nexport interface Methods {\n${map.join("")}}\n`,
      `/** A wire name of the service. */\nexport type MethodName = keyof Methods;\n`,
      FIXED,
      `/** A running \`bbfan serve\` child process and the calls it answers: one per service method, named by the rule. */\n`
        + `export declare class BBFanClient {\n${CLIENT}\n${calls.join("\n")}\n${DEPRECATED}}\n`,
    ].join("\n");
  }
}

/** bbfan.d.ts for the schemas in `folder`. */
export function generate(folder) {
  return new Declarations(readSchemas(folder), readDefinitions(folder)).text();
}

const HEADER = `// bbfan.d.ts: the types of bbfan.mjs, GENERATED from Schemas/*.json by tools/generate.mjs.
// Do not edit: change the schemas (or the generator) and run \`node tools/generate.mjs\`.
// Self-contained: no @types/node needed (the few Node types the client uses are declared here).

/// <reference lib="es2020" />
`;

const FIXED = `/**
 * What any request's params may carry besides its method's own: a \`progressToken\` asks for
 * \`notifications/progress\` while the request runs (emitted as "notification" events).
 */
export interface RequestMembers {
  progressToken?: string | number;
}

/** The part of a Node \`ChildProcess\` the client uses (no @types/node needed; a real one fits). */
export interface ChildProcessLike {
  readonly stdin: { write(chunk: string): unknown; end(): unknown } | null;
  readonly stdout: unknown;
  on(event: "exit", listener: (code: number | null) => void): unknown;
}

/** A JSON-RPC notification the service sent (progress, catalog.changed). */
export interface BBFanNotification {
  jsonrpc: "2.0";
  method: string;
  params?: { [member: string]: unknown };
}

/** One failing field of a form (auth.register, quizzes.create): \`data.problems\`. */
export interface FieldProblem {
  field: string;
  problem: string;
  reason?: string;
}

/** The \`data\` of an error reply: a stable \`reason\` for application errors, and members of its own. */
export interface BBFanErrorData {
  reason?: string;
  field?: string;
  problem?: string;
  problems?: FieldProblem[];
  [member: string]: unknown;
}

/** A JSON-RPC error answered by the service (or refused in the client: -32600 "too-large"). */
export declare class BBFanError extends Error {
  constructor(code: number, message: string, data?: BBFanErrorData);
  /** The JSON-RPC error code (-32004 not found, -32602 invalid params, ...). */
  code: number;
  data: BBFanErrorData | undefined;
  /** The stable \`data.reason\` of application errors, such as "not-found". */
  get reason(): string | undefined;
  /** \`data.problems\`: every failing field of a form at once; [] when there are none. */
  get problems(): FieldProblem[];
}

/** bbfan's default \`--max-message-bytes\`: the largest request it reads. */
export declare const DEFAULT_MAX_MESSAGE_BYTES: number;

/** One page of a list method: its records, the whole list's total, the next page's cursor (null at the end). */
export interface Page<R = unknown> {
  records: R[];
  total: number;
  nextCursor: string | null;
}

/** The wire names of the list methods that \`page\` and \`pages\` walk. */
export type ListMethodName =
  | "episodes.list" | "episodes.filter" | "characters.list" | "characters.filter" | "locations.list"
  | "favorites.list" | "quizzes.list" | "quizzes.online";
`;

const CLIENT = `  /** Starts \`BINARY serve ARGS...\` and a client of it. */
  static start(binary?: string, args?: string[]): BBFanClient;
  /** A client of a service process you spawned yourself (stdio pipes); \`maxMessageBytes\` is its --max-message-bytes. */
  constructor(child: ChildProcessLike, options?: { maxMessageBytes?: number });
  readonly child: ChildProcessLike;
  /** The largest request the service reads, in bytes; a larger one fails in the client. */
  maxMessageBytes: number;
  /** Resolves to the service's exit status. */
  readonly exited: Promise<number | null>;
  /** Sends one request; resolves to its raw result, rejects with BBFanError for an error reply. */
  call<M extends MethodName>(method: M, params?: Methods[M]["params"]): Promise<Methods[M]["result"]>;
  call(method: string, params?: object): Promise<unknown>;
  /** Ends input, lets the service answer what is in flight, and waits for it to exit. */
  close(): Promise<number | null>;
  /** One page of a list method. */
  page(method: ListMethodName, params?: object, page?: { limit?: number; cursor?: string | null }): Promise<Page>;
  /** Every page of a list method, in order, until nextCursor is null. */
  pages(method: ListMethodName, params?: object, limit?: number): AsyncGenerator<Page, void, undefined>;
  /** Notifications (progress, catalog.changed). */
  on(event: "notification", listener: (message: BBFanNotification) => void): this;
  once(event: "notification", listener: (message: BBFanNotification) => void): this;
  off(event: "notification", listener: (message: BBFanNotification) => void): this;
  removeAllListeners(event?: "notification"): this;
`;

/** Today's calls kept for one release: their old names and signatures, with the call that replaces each. */
const DEPRECATED = [
  ["authRegister", "register(username: string, password: string, confirmation?: string): Promise<AuthRegisterResult>;"],
  ["authLogin", "login(username: string, password: string): Promise<AuthLoginResult>;"],
  ["authLogout (resolves to the whole result: `.user`)", "logout(token?: string): Promise<AuthLogoutResult[\"user\"]>;"],
  ["authSession (resolves to the whole result: `.user`)", "session(token?: string): Promise<AuthSessionResult[\"user\"]>;"],
  ["authAccounts (resolves to the whole result: `.accounts`)", "accounts(): Promise<AuthAccountsResult[\"accounts\"]>;"],
  ["authSwitch (resolves to the whole result: `.user`)", "switchAccount(username: string): Promise<AuthSwitchResult[\"user\"]>;"],
  ["authCheckPassword", "checkPassword(password: string): Promise<AuthCheckPasswordResult>;"],
  ["authDeleteAccount (resolves to the whole result: `.deleted`)", "deleteAccount(password: string, token?: string): Promise<AuthDeleteAccountResult[\"deleted\"]>;"],
  ["favoritesToggle", "toggleFavorite(quoteId: number, token?: string, favorite?: boolean, universe?: Universe): Promise<FavoritesToggleResult>;"],
  ["favoritesList (resolves to the whole result: `.quotes`)", "favorites(token?: string, universe?: Universe): Promise<FavoritesListResult[\"quotes\"]>;"],
  ["favoritesTop (resolves to the whole result: `.quotes`)", "topFavorites(limit?: number, token?: string, universe?: Universe): Promise<FavoritesTopResult[\"quotes\"]>;"],
  ["rpcDiscover", "discover(): Promise<RpcDiscoverResult>;"],
  ["serviceInfo (resolves to the whole result: `.universes`)", "universes(): Promise<ServiceInfoResult[\"universes\"]>;"],
  ["charactersList({groupBy: \"initial\"}) (resolves to the whole result: `.groups`)",
    "charactersByInitial(options?: { series?: Series; universe?: Universe }): Promise<CharactersListResultGroups[\"groups\"]>;"],
].map(([replacement, signature]) => doc([`@deprecated Use ${replacement}; kept for one release.`], "  ") + `  ${signature}\n`).join("");

/** The public members of `BBFanClient` that are not service calls (parity.test.mjs reads these). */
export const LIFECYCLE = ["call", "close", "page", "pages", "on", "once", "off", "removeAllListeners"];

function main(args) {
  const option = (name, fallback) => {
    const index = args.indexOf(name);
    return index >= 0 && index + 1 < args.length ? args[index + 1] : fallback;
  };
  const schemas = option("--schemas", join(packageFolder, "..", "..", "Schemas"));
  const out = option("--out", join(packageFolder, "bbfan.d.ts"));
  const text = generate(schemas);
  if (args.includes("--check")) {
    let committed = null;
    try {
      committed = readFileSync(out, "utf8");
    } catch {
      committed = null;
    }
    if (committed !== text) {
      console.error(`${shown(out)} differs from what tools/generate.mjs writes from ${shown(schemas)}: `
        + "run `node Clients/Node/tools/generate.mjs` and commit the result.");
      process.exit(1);
    }
    console.log(`${shown(out)} is up to date`);
    return;
  }
  writeFileSync(out, text);
  console.log(`wrote ${shown(out)}`);
}

/** A path as messages show it: relative to the working folder when it lies inside it, else whole. */
function shown(path) {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? inside : resolve(path);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
