// bbfan.mjs: a Node.js client for bbfan (the package bbfan-client). Two ES modules (this one and
// the generated calls.mjs), no npm dependencies.
//
//   import { BBFanClient } from "bbfan-client";
//   const client = BBFanClient.start("bbfan", ["--data-dir", "/tmp/bbfan"]);
//   const { seasons } = await client.episodesList({ series: "breaking-bad" });
//   await client.close();
//
// One call per service method, named by one rule (split the wire name on ".", join in camelCase:
// episodes.get → episodesGet); each takes the method's params object and resolves to its result as
// Schemas/METHOD.json describes them, generated into calls.mjs. Their types are in bbfan.d.ts, by
// tools/generate.mjs. `call()` sends any method. Error replies reject with a BBFanError (code,
// message, data, reason). Notifications (progress) are emitted as "notification" events. Values the
// client does not know (a new universe, series, status) come through as they are: nothing here
// checks a result against a list.

import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { createInterface } from "node:readline";
import { withCalls } from "./calls.mjs";

/** @typedef {{records: any[], total: number, nextCursor: string | null}} Page */

/** A JSON-RPC error answered by the service. */
export class BBFanError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {any} [data]
   */
  constructor(code, message, data) {
    super(message);
    this.name = "BBFanError";
    this.code = code;
    this.data = data;
  }

  /** @returns {string | undefined} The stable data.reason of application errors, such as "not-found". */
  get reason() {
    return this.data && typeof this.data === "object" ? this.data.reason : undefined;
  }
  /**
   * @returns {{field: string, problem: string, reason?: string}[]} data.problems: every failing field
   * of a form at once (auth.register, quizzes.create); [] when there are none.
   */
  get problems() {
    const problems = this.data && typeof this.data === "object" ? this.data.problems : undefined;
    return Array.isArray(problems) ? problems : [];
  }
}

/** The member of each list method's result that holds its records. */
const LISTS = {
  "episodes.list": "seasons", "episodes.filter": "episodes", "characters.list": "characters",
  "characters.filter": "characters", "locations.list": "locations", "favorites.list": "quotes",
  "quizzes.list": "quizzes", "quizzes.online": "quizzes",
};

/** Drops the members whose value is undefined or null. */
function defined(params) {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null));
}

/** bbfan's default `--max-message-bytes`: the largest request it reads. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * The `--max-message-bytes` given in a command line, else bbfan's default.
 * @param {string[]} args
 * @returns {number}
 */
function messageLimit(args) {
  for (let index = 0; index < args.length; index++) {
    if (args[index].startsWith("--max-message-bytes=")) return Number(args[index].split("=")[1]);
    if (args[index] === "--max-message-bytes" && index + 1 < args.length) return Number(args[index + 1]);
  }
  return DEFAULT_MAX_MESSAGE_BYTES;
}

/** A running `bbfan serve` child process and the calls it answers. */
/**
 * Sends a generated call's params (calls.mjs), rejecting params that are not the wire params object
 * (the positional form of 0.1).
 * @param {BBFanClient} client @param {string} method @param {unknown} params @returns {Promise<any>}
 */
function sendParams(client, method, params = {}) {
  if (params === null || typeof params !== "object" || Array.isArray(params) || params instanceof Uint8Array) {
    const name = method.split(".").map((part, index) => (index === 0 ? part : part[0].toUpperCase() + part.slice(1))).join("");
    return Promise.reject(new TypeError(
      `${name}() takes the params object of ${method} (Schemas/${method}.json), not ${JSON.stringify(params) ?? String(params)}: ` +
        "since bbfan-client 0.2 every call takes its method's params by name (README, \"Breaking changes\")"));
  }
  return client.call(method, /** @type {object} */ (params));
}

export class BBFanClient extends withCalls(EventEmitter, sendParams) {
  /**
   * Spawns `binary serve ...args`.
   * @param {string} [binary]
   * @param {string[]} [args]
   * @returns {BBFanClient}
   */
  static start(binary = "bbfan", args = []) {
    const child = spawn(binary, ["serve", ...args], { stdio: ["pipe", "pipe", "inherit"] });
    return new BBFanClient(child, { maxMessageBytes: messageLimit(args) });
  }

  /**
   * @param {import("node:child_process").ChildProcess} child
   * @param {{maxMessageBytes?: number}} [options] The service's message limit (bbfan's default unless given).
   */
  constructor(child, { maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES } = {}) {
    super();
    this.child = child;
    this.nextId = 0;
    /** The largest request the service reads, in bytes; a larger one fails in the client. */
    this.maxMessageBytes = maxMessageBytes;
    /** @type {Map<number, {resolve: (value: any) => void, reject: (error: Error) => void, size: number}>} */
    this.pending = new Map();
    this.exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on("line", (line) => this.#receive(JSON.parse(line)));
    lines.on("close", () => {
      for (const { reject } of this.pending.values()) reject(new BBFanError(-32603, "The service exited before answering."));
      this.pending.clear();
    });
  }

  #receive(message) {
    if (message.method !== undefined && message.id === undefined) {
      this.emit("notification", message);
      return;
    }
    if (message.id === null && message.error) {
      this.#failUnmatched(message.error);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.error) waiting.reject(new BBFanError(message.error.code, message.error.message, message.error.data));
    else waiting.resolve(message.result);
  }

  /**
   * Sends one request; resolves to its raw result, rejects with BBFanError for an error reply.
   * @param {string} method
   * @param {object} [params]
   * @returns {Promise<any>}
   */
  call(method, params) {
    const id = ++this.nextId;
    const message = { jsonrpc: "2.0", id, method };
    if (params && Object.keys(params).length > 0) message.params = params;
    const line = JSON.stringify(message);
    const size = Buffer.byteLength(line);
    if (size > this.maxMessageBytes) {
      // bbfan would skip it and answer -32600: refused here, at once, with the same error.
      return Promise.reject(new BBFanError(
        -32600,
        `Invalid Request: the request is ${size} bytes, over bbfan's limit of ${this.maxMessageBytes} bytes ` +
          "(--max-message-bytes); it was not sent",
        { reason: "too-large", limit: this.maxMessageBytes, size }));
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, size });
      this.child.stdin.write(line + "\n");
    });
  }

  /**
   * Fails the calls an error with a null id may belong to. bbfan sends one only when it could not
   * read the message's id: a "too-large" one belongs to a request larger than its `data.limit`, so
   * each of those fails; any other cannot be matched, so every call still waiting fails.
   * @param {{code: number, message: string, data?: any}} error
   */
  #failUnmatched(error) {
    const limit = error.data?.reason === "too-large" ? error.data.limit : undefined;
    for (const [id, waiting] of this.pending) {
      if (typeof limit === "number" && waiting.size <= limit) continue;
      this.pending.delete(id);
      waiting.reject(new BBFanError(error.code, error.message, error.data));
    }
  }

  /**
   * Ends input, lets the service answer what is in flight, and waits for it to exit.
   * @returns {Promise<number>} The exit status.
   */
  close() {
    this.child.stdin.end();
    return this.exited;
  }


  /**
   * One page of a list method (episodes.list, episodes.filter, characters.list, characters.filter,
   * locations.list, favorites.list, quizzes.list, quizzes.online): its raw records, the whole list's total, and the cursor of the
   * next page (null at the end).
   * @param {string} method
   * @param {object} [params]
   * @param {{limit?: number, cursor?: string | null}} [page]
   * @returns {Promise<Page>}
   */
  async page(method, params = {}, { limit = 20, cursor = null } = {}) {
    const result = await this.call(method, defined({ ...params, limit, cursor }));
    return { records: result[LISTS[method]], total: result.total, nextCursor: result.nextCursor };
  }

  /**
   * Every page of a list method, in order, until nextCursor is null.
   * @param {string} method
   * @param {object} [params]
   * @param {number} [limit]
   * @returns {AsyncGenerator<Page>}
   */
  async *pages(method, params = {}, limit = 20) {
    let cursor = null;
    do {
      const page = await this.page(method, params, { limit, cursor });
      yield page;
      cursor = page.nextCursor;
    } while (cursor !== null);
  }

  // One call per service method, named by one rule: split the wire name on ".", join in camelCase.
  // Each takes the method's params object and resolves to its result, as Schemas/METHOD.json
  // describes them (bbfan.d.ts has their types, generated from those files). The calls are
  // generated into calls.mjs (the class this one extends) by `python3 Clients/tools/generate_calls.py`;
  // the one below overrides a generated call where it does more.

  /**
   * profile.update: changes the display name, the photo, or both (a member left out is kept, null
   * removes it). The photo's bytes as a Uint8Array are still sent as `{data: BASE64}` (deprecated:
   * pass `{data}` or `{path}`, as the wire has it).
   */
  profileUpdate(params = {}) {
    if (params && params.photo instanceof Uint8Array) {
      params = { ...params, photo: { data: Buffer.from(params.photo).toString("base64") } };
    }
    return super.profileUpdate(params);
  }

  // Deprecated: 0.1's calls whose names follow no rule, kept for one release with the same
  // behaviour. Each names the call that replaces it.

  /** @deprecated Use authRegister. @param {string} username @param {string} password @param {string} [confirmation] */
  register(username, password, confirmation = password) {
    return this.call("auth.register", { username, password, passwordConfirmation: confirmation });
  }
  /** @deprecated Use authLogin. @param {string} username @param {string} password */
  login(username, password) { return this.call("auth.login", { username, password }); }
  /** @deprecated Use authLogout (`.user`). @param {string} [token] */
  async logout(token) { return (await this.call("auth.logout", defined({ token }))).user; }
  /** @deprecated Use authSession (`.user`). @param {string} [token] */
  async session(token) { return (await this.call("auth.session", defined({ token }))).user; }
  /** @deprecated Use authAccounts (`.accounts`). */
  async accounts() { return (await this.call("auth.accounts")).accounts; }
  /** @deprecated Use authSwitch (`.user`). @param {string} username */
  async switchAccount(username) { return (await this.call("auth.switch", { username })).user; }
  /** @deprecated Use authCheckPassword. @param {string} password */
  checkPassword(password) { return this.call("auth.checkPassword", { password }); }
  /** @deprecated Use authDeleteAccount (`.deleted`). @param {string} password @param {string} [token] */
  async deleteAccount(password, token) {
    return (await this.call("auth.deleteAccount", defined({ password, token }))).deleted;
  }
  /**
   * @deprecated Use favoritesToggle.
   * @param {number} quoteId @param {string} [token] @param {boolean} [favorite] @param {string} [universe]
   */
  toggleFavorite(quoteId, token, favorite, universe) {
    return this.call("favorites.toggle", defined({ quoteId, favorite, universe, token }));
  }
  /** @deprecated Use favoritesList (`.quotes`). @param {string} [token] @param {string} [universe] */
  async favorites(token, universe) {
    return (await this.call("favorites.list", defined({ universe, token }))).quotes;
  }
  /** @deprecated Use favoritesTop (`.quotes`). @param {number} [limit] @param {string} [token] @param {string} [universe] */
  async topFavorites(limit = 3, token, universe) {
    return (await this.call("favorites.top", defined({ limit, universe, token }))).quotes;
  }
  /** @deprecated Use rpcDiscover. */
  discover() { return this.call("rpc.discover"); }
  /** @deprecated Use serviceInfo (`.universes`). */
  async universes() { return (await this.call("service.info")).universes; }
  /** @deprecated Use charactersList({groupBy: "initial"}) (`.groups`). @param {{series?: string, universe?: string}} [options] */
  async charactersByInitial(options = {}) {
    return (await this.call("characters.list", { ...defined(options), groupBy: "initial" })).groups;
  }
}
