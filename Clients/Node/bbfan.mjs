// bbfan.mjs: a Node.js client for bbfan. One ES module, no npm dependencies.
//
//   import { BBFanClient } from "./bbfan.mjs";
//   const client = BBFanClient.start("bbfan", ["--data-dir", "/tmp/bbfan"]);
//   const seasons = await client.episodesList({ series: "breaking-bad" });
//   await client.close();
//
// Every method of the service has a call here; `call()` sends any method and resolves to the raw
// result. Error replies reject with a BBFanError (code, message, data, reason). Notifications
// (progress) are emitted as "notification" events.

import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { createInterface } from "node:readline";

/**
 * @typedef {"breaking-bad" | "better-call-saul" | "rick-and-morty"} Series
 * @typedef {"breaking-bad" | "rick-and-morty"} Universe
 * @typedef {{id: number, universe: Universe, title: string, series: Series, season: number, episode: number,
 *   code?: string, airDate: string}} Episode
 * @typedef {{series: Series, season: number, episodes: Episode[]}} Season
 * @typedef {{name: string, characterId: number | null, characterName: string | null}} Mention
 * @typedef {Episode & {characters: Mention[]}} EpisodeDetails
 * @typedef {{id: number, name: string, nickname: string, birthday: string | null, occupations: string[],
 *   status: "alive" | "deceased" | "presumed-dead" | "unknown", imageURL: string, portrayedBy: string,
 *   series: Series[], appearances: {"breaking-bad": number[], "better-call-saul": number[]}}} Character
 * @typedef {{id: number, text: string, author: string, characterId: number | null, series: Series,
 *   isFavorite?: boolean, favoriteCount?: number}} Quote
 * @typedef {Character & {episodeCount: number, quotes: Quote[]}} CharacterDetails
 * @typedef {{locationId: number | null, name: string}} Place
 * @typedef {{id: number, universe: "rick-and-morty", name: string, status: "alive" | "deceased" | "unknown",
 *   species: string, type: string | null, gender: string, origin: Place, location: Place, imageURL: string,
 *   episodeCount: number}} Creature
 * @typedef {Creature & {episodes: Episode[]}} CreatureDetails
 * @typedef {{id: number, universe: Universe, name: string, type: string | null, dimension: string | null,
 *   residentCount: number}} Location
 * @typedef {Location & {residents: {id: number, name: string}[]}} LocationDetails
 * @typedef {{records: any[], total: number, nextCursor: string | null}} Page
 * @typedef {{id: number, username: string}} User
 * @typedef {{user: User, token: string}} SignedIn
 * @typedef {{quoteId: number, isFavorite: boolean, favoriteCount: number}} Toggle
 * @typedef {{top?: Quote[], yours?: Quote[], random?: Quote}} Overview
 * @typedef {{name: string, url: string, page?: number, status: "fetched"|"not-modified", bytes: number}} RefreshedResource
 * @typedef {{episodes: number, characters: number, quotes?: number, locations?: number}} Counts
 * @typedef {{universe?: string, source: string, refreshedAt: string, changed: boolean, counts: Counts,
 *   resources: RefreshedResource[], problems: string[]}} CatalogRefresh
 * @typedef {{universe: string, source: string, refreshedAt: string | null, liveSource: string | null,
 *   counts: Counts}} UniverseInfo
 * @typedef {{path: string, mediaType: "text/csv"|"application/pdf", bytes: number, sha256: string,
 *   content?: string, warnings?: string[]}} ExportedFile
 * @typedef {{url: string, path: string, mimeType: string, bytes: number,
 *   freshness: "downloaded"|"revalidated"|"cached"|"stale", fetchedAt: string, etag: string | null,
 *   lastModified: string | null, warning: string | null, content?: string}} CachedImage
 * @typedef {{id: number, title: string, facts: string[], createdAt: string, onlineId: string | null}} Quiz
 * @typedef {{quizzes: Quiz[], total: number, nextCursor: string | null}} QuizPage
 * @typedef {{id: string, title: string, facts: string[], inCollection?: boolean}} OnlineQuiz
 * @typedef {{quizzes: OnlineQuiz[], total: number, nextCursor: string | null}} OnlineQuizPage
 * @typedef {"again" | "hard" | "good" | "easy"} Grade
 * @typedef {{dueAt: string, intervalDays: number, ease: number, repetitions: number, lapses: number,
 *   reviews: number, leech: boolean}} ReviewState
 * @typedef {{quizzes: {quiz: Quiz, review: ReviewState | null}[], total: number}} DueQuizzes
 * @typedef {{id: number, grade: Grade, review: ReviewState, repeatToday: boolean}} QuizReview
 * @typedef {{path: string, mediaType: "image/png" | "image/jpeg", bytes: number, sha256: string}} Photo
 * @typedef {{user: User, displayName: string | null, photo: Photo | null}} Profile
 * @typedef {{data: string} | {path: string} | Uint8Array} PhotoSource
 * @typedef {{username: string, current: boolean, signedInAt: string, displayName: string | null,
 *   photo: Photo | null}} Account
 * @typedef {{ok: boolean, problems: {rule: string, problem: string}[]}} PasswordCheck
 */

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
export class BBFanClient extends EventEmitter {
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

  /** @returns {Promise<object>} */
  serviceInfo() { return this.call("service.info"); }
  /** @returns {Promise<object>} The OpenRPC document. */
  discover() { return this.call("rpc.discover"); }

  /** @param {{series?: Series}} [options] @returns {Promise<Season[]>} */
  async episodesList(options = {}) { return (await this.call("episodes.list", defined(options))).seasons; }
  /**
   * @param {{series?: Series, season?: number, airedFrom?: string, airedTo?: string, characters?: (number|string)[]}} [filter]
   * @returns {Promise<Episode[]>}
   */
  async episodesFilter(filter = {}) { return (await this.call("episodes.filter", defined(filter))).episodes; }
  /** @param {number} id @returns {Promise<EpisodeDetails>} */
  episodesGet(id, universe) { return this.call("episodes.get", defined({ id, universe })); }

  /** @param {{series?: Series}} [options] @returns {Promise<Character[]>} */
  async charactersList(options = {}) { return (await this.call("characters.list", defined(options))).characters; }
  /** @param {{series?: Series}} [options] @returns {Promise<{initial: string, characters: Character[]}[]>} */
  async charactersByInitial(options = {}) {
    return (await this.call("characters.list", { ...defined(options), groupBy: "initial" })).groups;
  }
  /**
   * @param {{status?: "alive"|"deceased", seasons?: number[], name?: string, series?: Series}} [filter]
   * @returns {Promise<Character[]>}
   */
  async charactersFilter(filter = {}) { return (await this.call("characters.filter", defined(filter))).characters; }
  /** @param {number} id @param {string} [token] @returns {Promise<CharacterDetails>} */
  charactersGet(id, token, universe) { return this.call("characters.get", defined({ id, token, universe })); }

  /**
   * Every location of a universe (Rick and Morty's by default).
   * @param {Universe} [universe]
   * @returns {Promise<Location[]>}
   */
  async locationsList(universe = "rick-and-morty") {
    return (await this.call("locations.list", { universe })).locations;
  }

  /**
   * One location with its residents.
   * @param {number} id
   * @param {Universe} [universe]
   * @returns {Promise<LocationDetails>}
   */
  locationsGet(id, universe = "rick-and-morty") { return this.call("locations.get", { id, universe }); }

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

  /** @param {{author?: string, series?: Series, universe?: string, token?: string}} [options] @returns {Promise<Quote>} */
  quotesRandom(options = {}) { return this.call("quotes.random", defined(options)); }
  /** @param {number} id @param {string} [token] @param {string} [universe] @returns {Promise<Quote[]>} */
  async quotesByCharacter(id, token, universe) {
    return (await this.call("quotes.byCharacter", defined({ id, universe, token }))).quotes;
  }
  /** @param {string} [token] @param {string} [universe] @returns {Promise<Overview>} */
  quotesOverview(token, universe) { return this.call("quotes.overview", defined({ universe, token })); }

  /**
   * Fetches a universe's catalog (Breaking Bad's unless `universe` is given) from its live source.
   * @param {string} [progressToken] @param {string} [universe] @returns {Promise<CatalogRefresh>}
   */
  catalogRefresh(progressToken, universe) { return this.call("catalog.refresh", defined({ universe, progressToken })); }
  /** @returns {Promise<UniverseInfo[]>} every universe served, with its source, last refresh and counts */
  async universes() { return (await this.serviceInfo()).universes; }
  /**
   * Writes a character as a CSV file or a PDF card into the service's data directory.
   * @param {number} id @param {"csv"|"pdf"} format @param {{universe?: string, inline?: boolean}} [options]
   * @returns {Promise<ExportedFile>}
   */
  charactersExport(id, format, options = {}) {
    return this.call("characters.export", defined({ id, format, universe: options.universe, inline: options.inline }));
  }
  /**
   * The image at `url` from the service's on-disk cache. A cached copy younger than `maxAge`
   * seconds (default: the host's Cache-Control max-age, else a day) comes back as freshness
   * "cached" without a request to the host; `maxAge: 0` always asks it. With `inline: true` the
   * reply carries the bytes as `content` (plain base64).
   * @param {string} url @param {{maxAge?: number, inline?: boolean}} [options]
   * @returns {Promise<CachedImage>}
   */
  imagesFetch(url, options = {}) {
    return this.call("images.fetch", defined({ url, maxAge: options.maxAge, inline: options.inline }));
  }

  /** @param {string} username @param {string} password @param {string} [confirmation] @returns {Promise<SignedIn>} */
  register(username, password, confirmation = password) {
    return this.call("auth.register", { username, password, passwordConfirmation: confirmation });
  }
  /** @param {string} username @param {string} password @returns {Promise<SignedIn>} */
  login(username, password) { return this.call("auth.login", { username, password }); }
  /** @param {string} [token] @returns {Promise<User>} */
  async logout(token) { return (await this.call("auth.logout", defined({ token }))).user; }
  /** @param {string} [token] @returns {Promise<User | null>} */
  async session(token) { return (await this.call("auth.session", defined({ token }))).user; }

  /** @returns {Promise<Account[]>} the accounts signed in on the data directory, in sign-in order */
  async accounts() { return (await this.call("auth.accounts")).accounts; }
  /**
   * Makes another account signed in on the data directory current, without its password.
   * @param {string} username @returns {Promise<User>}
   */
  async switchAccount(username) { return (await this.call("auth.switch", { username })).user; }
  /**
   * The password rules a password breaks, as auth.register checks them; creates nothing.
   * @param {string} password @returns {Promise<PasswordCheck>}
   */
  checkPassword(password) { return this.call("auth.checkPassword", { password }); }
  /**
   * Deletes the signed-in account (or the token's) for good; a wrong password rejects with
   * "wrong-password" and counts toward the sign-in throttle.
   * @param {string} password @param {string} [token] @returns {Promise<boolean>} true
   */
  async deleteAccount(password, token) {
    return (await this.call("auth.deleteAccount", defined({ password, token }))).deleted;
  }

  /** @param {string} [token] @returns {Promise<Profile>} */
  profileGet(token) { return this.call("profile.get", defined({ token })); }
  /**
   * Changes the display name, the photo, or both: a member left undefined is kept, null removes it.
   * A photo is `{data: BASE64}`, `{path}` (a file on the service's machine) or the image's bytes.
   * @param {{displayName?: string | null, photo?: PhotoSource | null, token?: string}} changes
   * @returns {Promise<Profile>}
   */
  profileUpdate({ displayName, photo, token } = {}) {
    const params = defined({ token });
    if (displayName !== undefined) params.displayName = displayName;
    if (photo instanceof Uint8Array) params.photo = { data: Buffer.from(photo).toString("base64") };
    else if (photo !== undefined) params.photo = photo;
    return this.call("profile.update", params);
  }

  /**
   * Adds a quiz. Invalid params reject with -32602 and every problem in `data.problems`; a title
   * already in the collection with -32016 "duplicate" and `data.existingId`.
   * @param {string} title @param {string[]} facts @param {string} [token] @returns {Promise<Quiz>}
   */
  quizzesCreate(title, facts, token) { return this.call("quizzes.create", defined({ title, facts, token })); }
  /**
   * One page of the collection, newest first (the whole of it without `limit`).
   * @param {{search?: string, limit?: number, cursor?: string | null, token?: string}} [options]
   * @returns {Promise<QuizPage>}
   */
  quizzesList(options = {}) { return this.call("quizzes.list", defined(options)); }
  /** @param {number} id @param {string} [token] @returns {Promise<Quiz>} */
  quizzesGet(id, token) { return this.call("quizzes.get", defined({ id, token })); }
  /** @param {number} id @param {string} [token] @returns {Promise<Quiz>} the quiz that was removed */
  quizzesDelete(id, token) { return this.call("quizzes.delete", defined({ id, token })); }
  /**
   * One page of the online catalogue, sorted by title.
   * @param {{search?: string, limit?: number, cursor?: string | null, token?: string}} [options]
   * @returns {Promise<OnlineQuizPage>}
   */
  quizzesOnline(options = {}) { return this.call("quizzes.online", defined(options)); }
  /** Copies an online quiz into the collection. @param {string} onlineId @param {string} [token] @returns {Promise<Quiz>} */
  quizzesAdd(onlineId, token) { return this.call("quizzes.add", defined({ onlineId, token })); }
  /**
   * The quizzes due for review now (20 unless `limit` says otherwise) and how many are due.
   * @param {{limit?: number, token?: string}} [options] @returns {Promise<DueQuizzes>}
   */
  quizzesDue(options = {}) { return this.call("quizzes.due", defined(options)); }
  /**
   * Records how well a quiz was recalled; SM-2 schedules its next review.
   * @param {number} id @param {Grade} grade @param {string} [token] @returns {Promise<QuizReview>}
   */
  quizzesReview(id, grade, token) { return this.call("quizzes.review", defined({ id, grade, token })); }

  /**
   * Toggles a favourite; with `favorite` true or false, sets that state (a retry counts once).
   * A favourite is a universe's quote (Breaking Bad's unless `universe` is given).
   * @param {number} quoteId @param {string} [token] @param {boolean} [favorite] @param {string} [universe]
   * @returns {Promise<Toggle>}
   */
  toggleFavorite(quoteId, token, favorite, universe) {
    return this.call("favorites.toggle", defined({ quoteId, favorite, universe, token }));
  }
  /** @param {string} [token] @param {string} [universe] @returns {Promise<Quote[]>} */
  async favorites(token, universe) {
    return (await this.call("favorites.list", defined({ universe, token }))).quotes;
  }
  /** @param {number} [limit] @param {string} [token] @param {string} [universe] @returns {Promise<Quote[]>} */
  async topFavorites(limit = 3, token, universe) {
    return (await this.call("favorites.top", defined({ limit, universe, token }))).quotes;
  }
}
