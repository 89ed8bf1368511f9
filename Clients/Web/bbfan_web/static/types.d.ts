// The page's types: the methods the bridge offers a browser, typed by bbfan's own method map
// (Clients/Node/bbfan.d.ts, generated from Schemas/), with an overlay for what the bridge changes
// on the way (no token, inline or source in params; paths become hrefs; answers of its own).
// Checked by `tsc -p Clients/Web/jsconfig.json` (Clients/Web/tests/test_types.py); no build step:
// the browser loads the .js files as they are, and no page loads this file.

import type { MethodName, Methods } from "../../../Node/bbfan";

/** Only names of bbfan's method map: a name bbfan does not have fails to type-check here. */
type Known<Name extends MethodName> = Name;

/**
 * Every method a browser may call over the WebSocket: bbfan's methods the bridge forwards
 * (bbfan_web/allowlist.py) and the two it answers itself from the browser's own sessions.
 */
export type OfferedName = Known<
  | "service.info" | "episodes.list" | "episodes.filter" | "episodes.get"
  | "characters.list" | "characters.filter" | "characters.get" | "characters.export"
  | "locations.list" | "locations.get" | "images.fetch" | "catalog.refresh"
  | "quotes.random" | "quotes.byCharacter" | "quotes.overview"
  | "favorites.toggle" | "favorites.list" | "favorites.top"
  | "auth.checkPassword" | "profile.get" | "profile.update"
  | "quizzes.create" | "quizzes.list" | "quizzes.get" | "quizzes.delete" | "quizzes.online"
  | "quizzes.add" | "quizzes.due" | "quizzes.review"
  | "auth.session" | "auth.accounts">;

/** Params a browser never gives: the bridge adds the token, serves files itself, refreshes from its own source. */
type Withheld = "token" | "inline" | "source";

/** A result whose file path the bridge replaced with the URL it serves the file at (null: not under the data directory). */
type WithHref<T> = Omit<T, "path"> & { href: string | null };

type Profile = Methods["profile.get"]["result"];

/** A profile as the bridge answers it: its photo by URL. */
export type BrowserProfile = Omit<Profile, "photo"> & { photo: WithHref<NonNullable<Profile["photo"]>> | null };

/** One account of this browser (auth.accounts as the bridge answers it): a profile, current first. */
export type BrowserAccount = BrowserProfile & { current: boolean };

type ServiceInfo = Methods["service.info"]["result"];

/** Params where the bridge allows less than bbfan takes. */
interface BridgeParams {
  /** A photo only as uploaded bytes, never by path. */
  "profile.update": Omit<Methods["profile.update"]["params"], Withheld | "photo"> & { photo?: { data: string } | null };
  /** Answered by the bridge: no params. */
  "auth.session": Record<string, never>;
  /** Answered by the bridge: no params. */
  "auth.accounts": Record<string, never>;
}

/** Results the bridge rewrites, or answers itself. */
interface BridgeResults {
  "images.fetch": WithHref<Methods["images.fetch"]["result"]>;
  "characters.export": WithHref<Methods["characters.export"]["result"]>;
  "profile.get": BrowserProfile;
  "profile.update": BrowserProfile;
  /** Without the machine's details: no data directory, storage, catalog or live sources. */
  "service.info": Omit<ServiceInfo, "dataDirectory" | "storage" | "catalog" | "universes"> & {
    universes: Omit<ServiceInfo["universes"][number], "liveSource">[];
  };
  /** The browser's current account, from its cookie. */
  "auth.session": { user: BrowserProfile["user"] | null };
  /** The accounts whose tokens this browser's cookie holds (never everyone signed in on bbfan's machine). */
  "auth.accounts": { accounts: BrowserAccount[] };
}

/** The params of a method as a browser gives them. */
export type Params<M extends OfferedName> = M extends keyof BridgeParams ? BridgeParams[M] : Omit<Methods[M]["params"], Withheld>;

/** The result of a method as the page gets it. */
export type Result<M extends OfferedName> = M extends keyof BridgeResults ? BridgeResults[M] : Methods[M]["result"];

/** The params argument: optional when every param may be left out. */
export type ParamsArgument<M extends OfferedName> = {} extends Params<M> ? [params?: Params<M>] : [params: Params<M>];

/** rpc.js's call: a method the bridge offers, its params checked, its result typed. */
export type Call = <M extends OfferedName>(method: M, ...params: ParamsArgument<M>) => Promise<Result<M>>;

/** The notifications the bridge sends a page, by method. */
export interface Notifications {
  /** A refresh's progress, with the page's own progressToken. */
  "notifications/progress": { progressToken: string | number; progress: number; total?: number; message?: string };
  /** A universe's catalog was replaced: its lists are loaded again. */
  "catalog.changed": { universe: string; refreshedAt: string };
  /** Someone (anyone) hearted or unhearted a quote: its count, and the Top 3 when it changed. */
  "favorites.changed": {
    universe: string;
    quoteId: number;
    favoriteCount: number;
    top?: { id: number; text: string; author: string; characterId?: number | null; series?: string; favoriteCount: number }[];
  };
}

/** The sign-in actions (POST /auth/ACTION), their bodies and results. */
export interface AuthActions {
  login: { body: { username: string; password: string }; result: { user: Methods["auth.login"]["result"]["user"] } };
  register: {
    body: { username: string; password: string; passwordConfirmation: string };
    result: { user: Methods["auth.register"]["result"]["user"] };
  };
  /** Only into an account whose token this browser's cookie holds. */
  switch: { body: { username: string }; result: Methods["auth.session"]["result"] };
  /** user: who signed out; null when this browser held no session. */
  logout: { body: Record<string, never>; result: { user: Methods["auth.logout"]["result"]["user"] | null } };
}

/** A JSON-RPC error object as the bridge or bbfan sends it. */
export interface ErrorObject {
  code: number;
  message: string;
  data?: { [member: string]: unknown; problems?: { field: string; problem: string }[]; field?: string; problem?: string } | null;
}

/** What a node of h() may hold: nodes, text, nothing, or lists of those. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** One route of the router: a pattern on the hash's path, and the scene it renders. */
export interface Route {
  pattern: RegExp;
  /** Renders the scene from the pattern's groups and the hash's query. */
  render(groups: string[], query: URLSearchParams): unknown;
  /** Whether the scene opens with no one signed in (else it sends to #/login). */
  open?: boolean;
}

/** Where an app of a catalog is mounted and which universe it shows. */
export interface CatalogApp {
  /** The hash path of its scenes, as "/rm": they are #/rm, #/rm/episodes/ID… */
  path: string;
  /** The universe its calls name. */
  universe: NonNullable<Methods["characters.get"]["params"]["universe"]>;
}

/** An app of one series of a universe (Breaking Bad's): the series its lists show, the seasons its filters offer. */
export interface SeriesApp extends CatalogApp {
  series: NonNullable<Methods["characters.list"]["params"]["series"]>;
  seasons: readonly number[];
}
