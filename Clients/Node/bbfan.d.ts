// bbfan.d.ts: the types of bbfan.mjs, GENERATED from Schemas/*.json by tools/generate.mjs.
// Do not edit: change the schemas (or the generator) and run `node tools/generate.mjs`.
// Self-contained: no @types/node needed (the few Node types the client uses are declared here).

/// <reference lib="es2020" />

/** An open enumeration: the values known to this client, and any other string a newer service sends. */
export type Series = "breaking-bad" | "better-call-saul" | "rick-and-morty" | (string & {});

/** An open enumeration: the values known to this client, and any other string a newer service sends. */
export type Topic = "favorites" | "catalog" | (string & {});

/** An open enumeration: the values known to this client, and any other string a newer service sends. */
export type Topics = "favorites" | "catalog" | (string & {});

/** An open enumeration: the values known to this client, and any other string a newer service sends. */
export type Universe = "breaking-bad" | "rick-and-morty" | (string & {});

export type AuthAccountsParams = Record<string, never>;

export interface Photo {
  /** The photo's file, an absolute path in DATA_DIR/photos/ (0600); it is replaced when the photo changes, and no copy of an old photo is left. */
  path: string;
  mediaType: "image/png" | "image/jpeg" | (string & {});
  bytes: number;
  sha256: string;
}

export interface AuthAccountsResultAccount {
  username: string;
  /** Whether requests without a token act for it. */
  current: boolean;
  /** When it signed in here (UTC). */
  signedInAt: string;
  /** The account's display name, or null (as profile.get answers it). */
  displayName: string | null;
  photo: Photo | null;
}

export interface AuthAccountsResult {
  accounts: AuthAccountsResultAccount[];
}

export interface AuthCheckPasswordParams {
  /** The password to check; never trimmed or truncated. */
  password: string;
}

export interface AuthCheckPasswordResultProblem {
  rule: "min-length" | "max-length" | "uppercase" | "lowercase" | "letter" | "digit" | "special" | (string & {});
  /** What the password needs, as a person reads it. */
  problem: string;
}

export interface AuthCheckPasswordResultRule {
  rule: "min-length" | "max-length" | "uppercase" | "lowercase" | "letter" | "digit" | "special" | (string & {});
  /** What the rule asks for, as a person reads it. */
  problem: string;
  met: boolean;
}

export interface AuthCheckPasswordResult {
  /** True when the password breaks no rule. */
  ok: boolean;
  problems: AuthCheckPasswordResultProblem[];
  /** Every rule, in the same order, with met: a form shows them all as the user types. */
  rules: AuthCheckPasswordResultRule[];
}

export interface AuthDeleteAccountParams {
  /** The account's password. */
  password: string;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface AuthDeleteAccountResult {
  deleted: true;
}

export interface AuthLoginParams {
  username: string;
  password: string;
  /** The device cookie an earlier auth.login of this user returned to this caller, or "" when it has none yet; either way the result then carries a device cookie. */
  device?: string;
}

export interface User {
  id: number;
  username: string;
}

export interface AuthLoginResult {
  user: User;
  /** Pass it as token to act for this user, from any process on the same data directory. */
  token: string;
  /** Present when the params had device: a new device cookie of this user; keep it (a browser bridge in an HttpOnly cookie) and pass it as device at the next auth.login of this user. */
  device?: string;
}

export interface AuthLogoutParams {
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface AuthLogoutResult {
  user: User;
}

export interface AuthRegisterParams {
  /** Trimmed; letters A-Z a-z, digits, '.', '_', '-'; unique regardless of case. */
  username: string;
  /** At least 8 characters, upper and lower case, letters and digits, and a character that is neither (see README). */
  password: string;
  /** The password again, the same. */
  passwordConfirmation: string;
}

export interface AuthRegisterResult {
  user: User;
  /** Pass it as token to act for this user, from any process on the same data directory. */
  token: string;
}

export interface AuthSessionParams {
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface AuthSessionResult {
  user: User | null;
}

export interface AuthSwitchParams {
  /** An account signed in here. */
  username: string;
}

export interface AuthSwitchResult {
  user: User;
}

export interface CatalogRefreshParams {
  /** The universe to refresh; breaking-bad when absent. */
  universe?: Universe;
}

/** The catalog now served: a count for each list the universe has (quotes for breaking-bad, locations for rick-and-morty). */
export interface CatalogRefreshResultCounts {
  episodes: number;
  characters: number;
  quotes?: number;
  locations?: number;
}

export interface CatalogRefreshResultResource {
  name: "characters" | "episodes" | "quotes" | "locations" | (string & {});
  url: string;
  /** Which page of the list, for an API that pages its lists; absent for a whole list. */
  page?: number;
  /** not-modified: the server answered 304 and the saved copy is current. */
  status: "fetched" | "not-modified" | (string & {});
  /** The size of the body now in use. */
  bytes: number;
}

export interface CatalogRefreshResult {
  /** The universe refreshed; present when the params name one. */
  universe?: Universe;
  /** The live source's base URL. */
  source: string;
  /** ISO 8601 date and time, UTC. */
  refreshedAt: string;
  /** Whether the refresh replaced the catalog a request would have used: false when every body was one the catalog in use was made from, which stays (with its page cursors); true when it replaced it, followed by the notification catalog.changed after this reply. */
  changed: boolean;
  /** The catalog now served: a count for each list the universe has (quotes for breaking-bad, locations for rick-and-morty). */
  counts: CatalogRefreshResultCounts;
  /** Each body in the order fetched: a whole list, or one page of it. */
  resources: CatalogRefreshResultResource[];
  /** Records the mapping adjusted or left out (as for the embedded data); empty for the original API's data. */
  problems: string[];
}

export interface CharactersExportParams {
  /** The character's id in its universe. */
  id: number;
  /** csv: one header row and one row; pdf: a one-page card. */
  format: "csv" | "pdf" | (string & {});
  /** The universe whose ids id is among; breaking-bad when left out. */
  universe?: Universe;
  /** Whether the reply carries the file itself, in base64, as content (default false). */
  inline?: boolean;
}

export interface CharactersExportResult {
  /** The file's absolute path, in DATA_DIR/exports/. */
  path: string;
  mediaType: "text/csv" | "application/pdf" | (string & {});
  /** The file's size in bytes. */
  bytes: number;
  /** The SHA-256 of the file. */
  sha256: string;
  /** The file in plain base64 (RFC 4648, with padding), when inline was true. */
  content?: string;
  /** What could not be done as asked: why the card has a placeholder instead of the image, or a character drawn as ?; absent when nothing. */
  warnings?: string[];
}

export interface CharactersFilterParams {
  status?: "alive" | "deceased" | "presumed-dead" | "unknown" | (string & {});
  seasons?: number[];
  /** Part of the name or nickname. */
  name?: string;
  /** Only characters of this series; also the series that seasons refers to. */
  series?: Series;
  /** Part of the species, ignoring case and diacritics (Rick and Morty). */
  species?: string;
  /** Part of the type, ignoring case and diacritics (Rick and Morty). */
  type?: string;
  /** The gender, ignoring case: male does not match Female (Rick and Morty). */
  gender?: string;
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
  /** The most records a page holds (records, never groups); the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query; a cursor of another query, or of a catalog a refresh has replaced, is -32602: start again without one. */
  cursor?: string;
}

/** Season numbers per series. */
export interface Appearances {
  "breaking-bad": number[];
  "better-call-saul": number[];
}

/** A Breaking Bad character. */
export interface BreakingBadCharacter {
  id: number;
  universe: "breaking-bad";
  name: string;
  nickname: string;
  /** Null where the source does not know it. */
  birthday: string | null;
  occupations: string[];
  status: "alive" | "deceased" | "presumed-dead" | "unknown" | (string & {});
  /** As the source gives it; many links are dead. */
  imageURL: string;
  portrayedBy: string;
  series: Series[];
  appearances: Appearances;
}

export interface LocationRef {
  /** The location record; null for unknown. */
  locationId: number | null;
  name: string;
}

/** A Rick and Morty character. */
export interface RickAndMortyCharacter {
  id: number;
  universe: "rick-and-morty";
  name: string;
  status: "alive" | "deceased" | "unknown" | (string & {});
  species: string;
  /** Null where the source leaves it empty. */
  type: string | null;
  /** As the source writes it: Female, Male, Genderless or unknown. */
  gender: string;
  origin: LocationRef;
  location: LocationRef;
  imageURL: string;
  episodeCount: number;
}

export interface CharactersFilterResult {
  characters: (BreakingBadCharacter | RickAndMortyCharacter)[];
  /** The number of records in the whole list, on every page. */
  total: number;
  /** Pass it as cursor for the next page; null at the end of the list. */
  nextCursor: string | null;
}

export interface CharactersGetParams {
  /** The source API's id. */
  id: number;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
}

export interface Quote {
  id: number;
  text: string;
  /** As the source wrote it ("Jimmy McGill"). */
  author: string;
  /** The character the author resolves to. */
  characterId: number | null;
  series: Series;
  /** Whether the signed-in user has it among their favourites; left out when nobody is signed in. */
  isFavorite?: boolean;
  /** How many users have it among their favourites (favorites.top, quotes.overview top). */
  favoriteCount?: number;
}

/** A Breaking Bad character. */
export interface CharactersGetResultBreakingBad {
  id: number;
  universe: "breaking-bad";
  name: string;
  nickname: string;
  /** Null where the source does not know it. */
  birthday: string | null;
  occupations: string[];
  status: "alive" | "deceased" | "presumed-dead" | "unknown" | (string & {});
  /** As the source gives it; many links are dead. */
  imageURL: string;
  portrayedBy: string;
  series: Series[];
  appearances: Appearances;
  episodeCount: number;
  quotes: Quote[];
}

export interface Episode {
  id: number;
  universe: Universe;
  title: string;
  series: Series;
  season: number;
  /** Number within the season. */
  episode: number;
  /** The source's episode code (Rick and Morty); left out where the source has none. */
  code?: string;
  /** ISO 8601 date, YYYY-MM-DD. */
  airDate: string;
}

/** A Rick and Morty character. */
export interface CharactersGetResultRickAndMorty {
  id: number;
  universe: "rick-and-morty";
  name: string;
  status: "alive" | "deceased" | "unknown" | (string & {});
  species: string;
  /** Null where the source leaves it empty. */
  type: string | null;
  /** As the source writes it: Female, Male, Genderless or unknown. */
  gender: string;
  origin: LocationRef;
  location: LocationRef;
  imageURL: string;
  episodeCount: number;
  /** The episodes the character appears in, in broadcast order. */
  episodes: Episode[];
}

export type CharactersGetResult = CharactersGetResultBreakingBad | CharactersGetResultRickAndMorty;

export interface CharactersListParams {
  /** Only characters of this series. */
  series?: Series;
  groupBy?: "initial" | (string & {});
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
  /** The most records a page holds (records, never groups); the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query; a cursor of another query, or of a catalog a refresh has replaced, is -32602: start again without one. */
  cursor?: string;
}

export interface CharactersListResultCharacters {
  characters: (BreakingBadCharacter | RickAndMortyCharacter)[];
  /** The number of records in the whole list, on every page. */
  total: number;
  /** Pass it as cursor for the next page; null at the end of the list. */
  nextCursor: string | null;
}

export interface CharactersListResultGroupsGroup {
  initial: string;
  characters: (BreakingBadCharacter | RickAndMortyCharacter)[];
}

export interface CharactersListResultGroups {
  groups: CharactersListResultGroupsGroup[];
  /** The number of records in the whole list, on every page. */
  total: number;
  /** Pass it as cursor for the next page; null at the end of the list. */
  nextCursor: string | null;
}

export type CharactersListResult = CharactersListResultCharacters | CharactersListResultGroups;

export interface EpisodesFilterParams {
  /** Only this series. */
  series?: Series;
  /** Only this season. */
  season?: number;
  /** Aired on or after this day (YYYY-MM-DD, a day that exists). */
  airedFrom?: string;
  /** Aired on or before this day; not before airedFrom. */
  airedTo?: string;
  /** Any of these characters appears. */
  characters?: (number | string)[];
  /** Part of the title, ignoring case and diacritics. */
  name?: string;
  /** Part of the episode code, ignoring case (S01 is the first season); only episodes that have a code match. */
  code?: string;
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
  /** The most records a page holds (records, never groups); the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query; a cursor of another query, or of a catalog a refresh has replaced, is -32602: start again without one. */
  cursor?: string;
}

export interface EpisodesFilterResult {
  episodes: Episode[];
  /** The number of records in the whole list, on every page. */
  total: number;
  /** Pass it as cursor for the next page; null at the end of the list. */
  nextCursor: string | null;
}

export interface EpisodesGetParams {
  /** The source API's id. */
  id: number;
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
}

export interface EpisodesGetResultCharacter {
  name: string;
  characterId: number | null;
  characterName: string | null;
}

export interface EpisodesGetResult {
  id: number;
  universe: Universe;
  title: string;
  series: Series;
  season: number;
  /** Number within the season. */
  episode: number;
  /** The source's episode code (Rick and Morty); left out where the source has none. */
  code?: string;
  /** ISO 8601 date, YYYY-MM-DD. */
  airDate: string;
  characters: EpisodesGetResultCharacter[];
}

export interface EpisodesListParams {
  /** Only this series; every series when left out, null or empty. */
  series?: Series;
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
  /** The most records a page holds (records, never groups); the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query; a cursor of another query, or of a catalog a refresh has replaced, is -32602: start again without one. */
  cursor?: string;
}

export interface EpisodesListResultSeason {
  series: Series;
  season: number;
  episodes: Episode[];
}

export interface EpisodesListResult {
  seasons: EpisodesListResultSeason[];
  /** The number of records in the whole list, on every page. */
  total: number;
  /** Pass it as cursor for the next page; null at the end of the list. */
  nextCursor: string | null;
}

export interface FavoritesListParams {
  /** The universe; breaking-bad when left out. */
  universe?: Universe;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
  /** The most records a page holds (records, never groups); the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query; a cursor of another query, or of a catalog a refresh has replaced, is -32602: start again without one. */
  cursor?: string;
}

export interface FavoritesListResult {
  quotes: Quote[];
  /** The number of records in the whole list, on every page. */
  total: number;
  /** Pass it as cursor for the next page; null at the end of the list. */
  nextCursor: string | null;
}

export interface FavoritesToggleParams {
  quoteId: number;
  /** The state to set: true adds, false removes; a repeat changes nothing. Toggles when left out. */
  favorite?: boolean;
  /** The universe; breaking-bad when left out. */
  universe?: Universe;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface FavoritesToggleResult {
  quoteId: number;
  isFavorite: boolean;
  favoriteCount: number;
}

export interface FavoritesTopParams {
  limit?: number;
  /** The universe; breaking-bad when left out. */
  universe?: Universe;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface FavoritesTopResult {
  quotes: Quote[];
}

export interface ImagesFetchParams {
  /** An absolute http or https URL, such as a character's imageURL. */
  url: string;
  /** How old a cached copy may be, in seconds, to be answered without asking the host; 0 always asks. Default: the host's Cache-Control max-age, else 86400. */
  maxAge?: number;
  /** Whether the reply carries the image itself, in plain base64, as content. Default false. */
  inline?: boolean;
}

export interface ImagesFetchResult {
  /** The URL asked for. */
  url: string;
  /** The absolute path of the cached file. */
  path: string;
  /** The Content-Type the server declared, without parameters. */
  mimeType: string;
  bytes: number;
  /** downloaded by this call; revalidated: the host answered 304; cached: the copy is younger than maxAge, so the host was not asked; stale: the host could not be reached (or answered an error) and the cached copy is returned. */
  freshness: "downloaded" | "revalidated" | "cached" | "stale" | (string & {});
  /** When the file was downloaded or last confirmed current (ISO 8601, UTC). */
  fetchedAt: string;
  /** The server's ETag, used to revalidate. */
  etag: string | null;
  /** The server's Last-Modified, used to revalidate. */
  lastModified: string | null;
  /** Why the copy is stale; null otherwise. */
  warning: string | null;
  /** The image in plain base64; only when inline was true. */
  content?: string;
}

export interface LocationsGetParams {
  /** The source API's id. */
  id: number;
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
}

export interface LocationsGetResultResident {
  id: number;
  name: string;
}

export interface LocationsGetResult {
  id: number;
  universe: Universe;
  name: string;
  /** Planet, Space station, ...; null where the source leaves it empty. */
  type: string | null;
  /** Null where the source leaves it empty (or calls it unknown, as written). */
  dimension: string | null;
  /** Characters last seen there. */
  residentCount: number;
  residents: LocationsGetResultResident[];
}

export interface LocationsListParams {
  /** The universe (each has its own ids); the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
  /** The most records a page holds (records, never groups); the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query; a cursor of another query, or of a catalog a refresh has replaced, is -32602: start again without one. */
  cursor?: string;
}

export interface LocationsListResultLocation {
  id: number;
  universe: Universe;
  name: string;
  /** Planet, Space station, ...; null where the source leaves it empty. */
  type: string | null;
  /** Null where the source leaves it empty (or calls it unknown, as written). */
  dimension: string | null;
  /** Characters last seen there. */
  residentCount: number;
}

export interface LocationsListResult {
  locations: LocationsListResultLocation[];
  /** The number of records in the whole list, on every page. */
  total: number;
  /** Pass it as cursor for the next page; null at the end of the list. */
  nextCursor: string | null;
}

export interface NotificationsSubscribeParams {
  /** favorites, catalog, or both. */
  topics: Topics[];
  /** The universe whose changes to send; every universe when left out. */
  universe?: Universe;
}

export interface NotificationsSubscribeResultSubscription {
  topic: Topic;
  /** The universe whose changes it sends; null: every universe. */
  universe: Universe | null;
}

export interface NotificationsSubscribeResult {
  /** All of the connection's subscriptions, by topic then universe (null first). */
  subscriptions: NotificationsSubscribeResultSubscription[];
}

export interface NotificationsUnsubscribeParams {
  /** The topics to remove; every topic when left out. */
  topics?: Topics[];
  /** The universe whose subscriptions to remove; those of every universe when left out. */
  universe?: Universe;
}

export interface NotificationsUnsubscribeResultSubscription {
  topic: Topic;
  /** The universe whose changes it sends; null: every universe. */
  universe: Universe | null;
}

export interface NotificationsUnsubscribeResult {
  /** All of the connection's subscriptions, by topic then universe (null first). */
  subscriptions: NotificationsUnsubscribeResultSubscription[];
}

export interface ProfileGetParams {
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface ProfileGetResult {
  user: User;
  /** The display name, or null. */
  displayName: string | null;
  photo: Photo | null;
}

export interface ProfileUpdateParamsPhotoData {
  /** The image file's bytes in base64. */
  data: string;
}

export interface ProfileUpdateParamsPhotoPath {
  /** A PNG or JPEG file on the machine bbfan runs on. */
  path: string;
}

export interface ProfileUpdateParams {
  /** The new display name; null removes it. */
  displayName?: string | null;
  /** The new photo; null removes it. */
  photo?: ProfileUpdateParamsPhotoData | ProfileUpdateParamsPhotoPath | null;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface ProfileUpdateResult {
  user: User;
  /** The display name, or null. */
  displayName: string | null;
  photo: Photo | null;
}

export interface QuizzesAddParams {
  onlineId: string;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface Quiz {
  id: number;
  title: string;
  facts: string[];
  /** When it was created (UTC). */
  createdAt: string;
  /** The online catalogue's id it was added from, or null. */
  onlineId: string | null;
}

export type QuizzesAddResult = Quiz;

export interface QuizzesCreateParams {
  /** Required; trimmed of white space at both ends; not blank, at most 200 characters, no control characters. */
  title: string;
  /** At least two facts that are not blank, at most 20; each trimmed, at most 2,000 characters, no control characters but tab and line breaks. */
  facts: string[];
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export type QuizzesCreateResult = Quiz;

export interface QuizzesDeleteParams {
  id: number;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export type QuizzesDeleteResult = Quiz;

export interface QuizzesDueParams {
  limit?: number;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface Review {
  dueAt: string;
  intervalDays: number;
  /** The SM-2 E-Factor. */
  ease: number;
  repetitions: number;
  lapses: number;
  reviews: number;
  /** Forgotten 8 times after being recalled: worth rewriting. */
  leech: boolean;
}

export interface QuizzesDueResultQuiz {
  quiz: Quiz;
  review: Review | null;
}

export interface QuizzesDueResult {
  quizzes: QuizzesDueResultQuiz[];
  total: number;
}

export interface QuizzesGetParams {
  id: number;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export type QuizzesGetResult = Quiz;

export interface QuizzesListParams {
  /** Words to find in a title or a fact; case, accents and spacing are ignored. */
  search?: string;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
  /** The most quizzes a page holds; the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query. */
  cursor?: string;
}

export interface QuizzesListResult {
  quizzes: Quiz[];
  total: number;
  /** The cursor of the next page, or null at the end of the list. */
  nextCursor: string | null;
}

export interface QuizzesOnlineParams {
  /** Words to find in a title or a fact; case, accents and spacing are ignored. */
  search?: string;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
  /** The most quizzes a page holds; the whole list when left out. */
  limit?: number;
  /** The nextCursor of the previous page of the same query. */
  cursor?: string;
}

export interface QuizzesOnlineResultQuiz {
  /** The catalogue's id, a string as the API has it. */
  id: string;
  title: string;
  facts: string[];
  /** Whether the signed-in user added it; absent when nobody is signed in. */
  inCollection?: boolean;
}

export interface QuizzesOnlineResult {
  quizzes: QuizzesOnlineResultQuiz[];
  total: number;
  nextCursor: string | null;
}

export interface QuizzesReviewParams {
  id: number;
  grade: "again" | "hard" | "good" | "easy" | (string & {});
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface QuizzesReviewResult {
  id: number;
  grade: "again" | "hard" | "good" | "easy" | (string & {});
  review: Review;
  repeatToday: boolean;
}

export interface QuotesByCharacterParams {
  /** The source API's id. */
  id: number;
  /** The universe; breaking-bad when left out. */
  universe?: Universe;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface QuotesByCharacterResult {
  quotes: Quote[];
}

export interface QuotesOverviewParams {
  /** The universe; breaking-bad when left out. */
  universe?: Universe;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export interface QuotesOverviewResult {
  top?: Quote[];
  yours?: Quote[];
  random?: Quote;
}

export interface QuotesRandomParams {
  /** Any name of the author that resolves. */
  author?: string;
  /** Only quotes from this series. */
  series?: Series;
  /** The universe; the one series belongs to, or breaking-bad, when left out. */
  universe?: Universe;
  /** A session token from auth.login or auth.register; the current user when left out. */
  token?: string;
}

export type QuotesRandomResult = Quote;

export type RpcDiscoverParams = Record<string, never>;

export interface RpcDiscoverResultInfo {
  title: string;
  version: string;
  [member: string]: unknown;
}

export interface RpcDiscoverResultMethod {
  name: string;
  [member: string]: unknown;
}

/** An OpenRPC 1.4 document (https://spec.open-rpc.org). */
export interface RpcDiscoverResult {
  openrpc: string;
  info: RpcDiscoverResultInfo;
  methods: RpcDiscoverResultMethod[];
  [member: string]: unknown;
}

export type ServiceInfoParams = Record<string, never>;

export interface ServiceInfoResultProtocolLimits {
  maxMessageBytes: number;
  maxDepth: number;
  maxBatchLength: number;
}

export interface ServiceInfoResultProtocol {
  jsonrpc: "2.0";
  /** Framings understood; each message's framing is detected on its own and its reply uses the same. */
  framings: ("newline-delimited" | "content-length" | (string & {}))[];
  /** Notifications that cancel a request in progress. */
  cancellation: string[];
  /** The notification sent to requests whose params carry a progressToken. */
  progress: string;
  limits: ServiceInfoResultProtocolLimits;
}

/** The catalog being served. */
export interface ServiceInfoResultCatalog {
  /** Where the catalog being served came from: embedded, or the live source's base URL (after a catalog.refresh, or at start when the data directory holds a refresh from the --source given or, with no --source, from the source of its last saved refresh). */
  source: string;
  episodes: number;
  characters: number;
  quotes: number;
  /** When the catalog being served was fetched from the live source (ISO 8601, UTC); null for the embedded snapshot. */
  refreshedAt: string | null;
  /** The live API that catalog.refresh fetches from (--source URL, or with no --source the source of the last saved refresh), or null when there is none or the service was started with --source embedded. */
  liveSource: string | null;
}

/** A count for each list the universe has: quotes for breaking-bad, locations for rick-and-morty. */
export interface ServiceInfoResultUniverseCounts {
  episodes: number;
  characters: number;
  quotes?: number;
  locations?: number;
}

export interface ServiceInfoResultUniverse {
  universe: Universe;
  /** Where the catalog being served came from: embedded, or the live source's base URL (given with --source or, with none, remembered from the data directory's last saved refresh of the universe; --source UNIVERSE=embedded serves embedded for that run). */
  source: string;
  /** When the catalog being served was fetched from the live source (ISO 8601, UTC): the timestamp of the last refresh; null for the embedded snapshot. */
  refreshedAt: string | null;
  /** The live API this universe's catalog.refresh fetches from (--source [UNIVERSE=]URL, or with none the source of its last saved refresh), or null. */
  liveSource: string | null;
  /** A count for each list the universe has: quotes for breaking-bad, locations for rick-and-morty. */
  counts: ServiceInfoResultUniverseCounts;
}

/** Which store holds accounts, sessions, favourites, quizzes and profiles. */
export interface ServiceInfoResultStorage {
  /** sqlite: the data directory's file; postgres: a database shared by many machines (--database). */
  kind: "sqlite" | "postgres" | (string & {});
  /** bbfan.sqlite3 (in dataDirectory), or the database's URL without its password. */
  location: string;
}

export interface ServiceInfoResult {
  name: "bbfan";
  /** Semantic version of the service. */
  version: string;
  protocol: ServiceInfoResultProtocol;
  /** Where the service keeps its state (--data-dir). */
  dataDirectory: string;
  /** The catalog being served. */
  catalog: ServiceInfoResultCatalog;
  /** Every universe served, the default first. */
  universes: ServiceInfoResultUniverse[];
  /** Which store holds accounts, sessions, favourites, quizzes and profiles. */
  storage: ServiceInfoResultStorage;
}

/** @deprecated Use Photo, the one interface of Schemas/defs.json's Photo; kept for one release. */
export type AuthAccountsResultAccountPhoto = Photo;

/** @deprecated Use User, the one interface of Schemas/defs.json's User; kept for one release. */
export type AuthLoginResultUser = User;

/** @deprecated Use User, the one interface of Schemas/defs.json's User; kept for one release. */
export type AuthLogoutResultUser = User;

/** @deprecated Use User, the one interface of Schemas/defs.json's User; kept for one release. */
export type AuthRegisterResultUser = User;

/** @deprecated Use User, the one interface of Schemas/defs.json's User; kept for one release. */
export type AuthSessionResultUser = User;

/** @deprecated Use User, the one interface of Schemas/defs.json's User; kept for one release. */
export type AuthSwitchResultUser = User;

/** @deprecated Use BreakingBadCharacter, the one interface of Schemas/defs.json's BreakingBadCharacter; kept for one release. */
export type CharactersFilterResultCharacterBreakingBad = BreakingBadCharacter;

/** @deprecated Use Appearances, the one interface of Schemas/defs.json's Appearances; kept for one release. */
export type CharactersFilterResultCharacterBreakingBadAppearances = Appearances;

/** @deprecated Use RickAndMortyCharacter, the one interface of Schemas/defs.json's RickAndMortyCharacter; kept for one release. */
export type CharactersFilterResultCharacterRickAndMorty = RickAndMortyCharacter;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersFilterResultCharacterRickAndMortyLocation = LocationRef;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersFilterResultCharacterRickAndMortyOrigin = LocationRef;

/** @deprecated Use Appearances, the one interface of Schemas/defs.json's Appearances; kept for one release. */
export type CharactersGetResultBreakingBadAppearances = Appearances;

/** @deprecated Use Quote, the one interface of Schemas/defs.json's Quote; kept for one release. */
export type CharactersGetResultBreakingBadQuote = Quote;

/** @deprecated Use Episode, the one interface of Schemas/defs.json's Episode; kept for one release. */
export type CharactersGetResultRickAndMortyEpisode = Episode;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersGetResultRickAndMortyLocation = LocationRef;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersGetResultRickAndMortyOrigin = LocationRef;

/** @deprecated Use BreakingBadCharacter, the one interface of Schemas/defs.json's BreakingBadCharacter; kept for one release. */
export type CharactersListResultCharactersCharacterBreakingBad = BreakingBadCharacter;

/** @deprecated Use Appearances, the one interface of Schemas/defs.json's Appearances; kept for one release. */
export type CharactersListResultCharactersCharacterBreakingBadAppearances = Appearances;

/** @deprecated Use RickAndMortyCharacter, the one interface of Schemas/defs.json's RickAndMortyCharacter; kept for one release. */
export type CharactersListResultCharactersCharacterRickAndMorty = RickAndMortyCharacter;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersListResultCharactersCharacterRickAndMortyLocation = LocationRef;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersListResultCharactersCharacterRickAndMortyOrigin = LocationRef;

/** @deprecated Use BreakingBadCharacter, the one interface of Schemas/defs.json's BreakingBadCharacter; kept for one release. */
export type CharactersListResultGroupsGroupCharacterBreakingBad = BreakingBadCharacter;

/** @deprecated Use Appearances, the one interface of Schemas/defs.json's Appearances; kept for one release. */
export type CharactersListResultGroupsGroupCharacterBreakingBadAppearances = Appearances;

/** @deprecated Use RickAndMortyCharacter, the one interface of Schemas/defs.json's RickAndMortyCharacter; kept for one release. */
export type CharactersListResultGroupsGroupCharacterRickAndMorty = RickAndMortyCharacter;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersListResultGroupsGroupCharacterRickAndMortyLocation = LocationRef;

/** @deprecated Use LocationRef, the one interface of Schemas/defs.json's LocationRef; kept for one release. */
export type CharactersListResultGroupsGroupCharacterRickAndMortyOrigin = LocationRef;

/** @deprecated Use Episode, the one interface of Schemas/defs.json's Episode; kept for one release. */
export type EpisodesFilterResultEpisode = Episode;

/** @deprecated Use Episode, the one interface of Schemas/defs.json's Episode; kept for one release. */
export type EpisodesListResultSeasonEpisode = Episode;

/** @deprecated Use Quote, the one interface of Schemas/defs.json's Quote; kept for one release. */
export type FavoritesListResultQuote = Quote;

/** @deprecated Use Quote, the one interface of Schemas/defs.json's Quote; kept for one release. */
export type FavoritesTopResultQuote = Quote;

/** @deprecated Use Photo, the one interface of Schemas/defs.json's Photo; kept for one release. */
export type ProfileGetResultPhoto = Photo;

/** @deprecated Use User, the one interface of Schemas/defs.json's User; kept for one release. */
export type ProfileGetResultUser = User;

/** @deprecated Use Photo, the one interface of Schemas/defs.json's Photo; kept for one release. */
export type ProfileUpdateResultPhoto = Photo;

/** @deprecated Use User, the one interface of Schemas/defs.json's User; kept for one release. */
export type ProfileUpdateResultUser = User;

/** @deprecated Use Quiz, the one interface of Schemas/defs.json's Quiz; kept for one release. */
export type QuizzesDueResultQuizQuiz = Quiz;

/** @deprecated Use Review, the one interface of Schemas/defs.json's Review; kept for one release. */
export type QuizzesDueResultQuizReview = Review;

/** @deprecated Use Quiz, the one interface of Schemas/defs.json's Quiz; kept for one release. */
export type QuizzesListResultQuiz = Quiz;

/** @deprecated Use Review, the one interface of Schemas/defs.json's Review; kept for one release. */
export type QuizzesReviewResultReview = Review;

/** @deprecated Use Quote, the one interface of Schemas/defs.json's Quote; kept for one release. */
export type QuotesByCharacterResultQuote = Quote;

/** @deprecated Use Quote, the one interface of Schemas/defs.json's Quote; kept for one release. */
export type QuotesOverviewResultRandom = Quote;

/** @deprecated Use Quote, the one interface of Schemas/defs.json's Quote; kept for one release. */
export type QuotesOverviewResultTopItem = Quote;

/** @deprecated Use Quote, the one interface of Schemas/defs.json's Quote; kept for one release. */
export type QuotesOverviewResultYour = Quote;

/** Every method of the service by its wire name: its params and result. */
export interface Methods {
  "auth.accounts": { params: RequestMembers; result: AuthAccountsResult };
  "auth.checkPassword": { params: AuthCheckPasswordParams & RequestMembers; result: AuthCheckPasswordResult };
  "auth.deleteAccount": { params: AuthDeleteAccountParams & RequestMembers; result: AuthDeleteAccountResult };
  "auth.login": { params: AuthLoginParams & RequestMembers; result: AuthLoginResult };
  "auth.logout": { params: AuthLogoutParams & RequestMembers; result: AuthLogoutResult };
  "auth.register": { params: AuthRegisterParams & RequestMembers; result: AuthRegisterResult };
  "auth.session": { params: AuthSessionParams & RequestMembers; result: AuthSessionResult };
  "auth.switch": { params: AuthSwitchParams & RequestMembers; result: AuthSwitchResult };
  "catalog.refresh": { params: CatalogRefreshParams & RequestMembers; result: CatalogRefreshResult };
  "characters.export": { params: CharactersExportParams & RequestMembers; result: CharactersExportResult };
  "characters.filter": { params: CharactersFilterParams & RequestMembers; result: CharactersFilterResult };
  "characters.get": { params: CharactersGetParams & RequestMembers; result: CharactersGetResult };
  "characters.list": { params: CharactersListParams & RequestMembers; result: CharactersListResult };
  "episodes.filter": { params: EpisodesFilterParams & RequestMembers; result: EpisodesFilterResult };
  "episodes.get": { params: EpisodesGetParams & RequestMembers; result: EpisodesGetResult };
  "episodes.list": { params: EpisodesListParams & RequestMembers; result: EpisodesListResult };
  "favorites.list": { params: FavoritesListParams & RequestMembers; result: FavoritesListResult };
  "favorites.toggle": { params: FavoritesToggleParams & RequestMembers; result: FavoritesToggleResult };
  "favorites.top": { params: FavoritesTopParams & RequestMembers; result: FavoritesTopResult };
  "images.fetch": { params: ImagesFetchParams & RequestMembers; result: ImagesFetchResult };
  "locations.get": { params: LocationsGetParams & RequestMembers; result: LocationsGetResult };
  "locations.list": { params: LocationsListParams & RequestMembers; result: LocationsListResult };
  "notifications.subscribe": { params: NotificationsSubscribeParams & RequestMembers; result: NotificationsSubscribeResult };
  "notifications.unsubscribe": { params: NotificationsUnsubscribeParams & RequestMembers; result: NotificationsUnsubscribeResult };
  "profile.get": { params: ProfileGetParams & RequestMembers; result: ProfileGetResult };
  "profile.update": { params: ProfileUpdateParams & RequestMembers; result: ProfileUpdateResult };
  "quizzes.add": { params: QuizzesAddParams & RequestMembers; result: QuizzesAddResult };
  "quizzes.create": { params: QuizzesCreateParams & RequestMembers; result: QuizzesCreateResult };
  "quizzes.delete": { params: QuizzesDeleteParams & RequestMembers; result: QuizzesDeleteResult };
  "quizzes.due": { params: QuizzesDueParams & RequestMembers; result: QuizzesDueResult };
  "quizzes.get": { params: QuizzesGetParams & RequestMembers; result: QuizzesGetResult };
  "quizzes.list": { params: QuizzesListParams & RequestMembers; result: QuizzesListResult };
  "quizzes.online": { params: QuizzesOnlineParams & RequestMembers; result: QuizzesOnlineResult };
  "quizzes.review": { params: QuizzesReviewParams & RequestMembers; result: QuizzesReviewResult };
  "quotes.byCharacter": { params: QuotesByCharacterParams & RequestMembers; result: QuotesByCharacterResult };
  "quotes.overview": { params: QuotesOverviewParams & RequestMembers; result: QuotesOverviewResult };
  "quotes.random": { params: QuotesRandomParams & RequestMembers; result: QuotesRandomResult };
  "rpc.discover": { params: RequestMembers; result: RpcDiscoverResult };
  "service.info": { params: RequestMembers; result: ServiceInfoResult };
}

/** A wire name of the service. */
export type MethodName = keyof Methods;

/**
 * What any request's params may carry besides its method's own: a `progressToken` asks for
 * `notifications/progress` while the request runs (emitted as "notification" events).
 */
export interface RequestMembers {
  progressToken?: string | number;
}

/** The part of a Node `ChildProcess` the client uses (no @types/node needed; a real one fits). */
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

/** One failing field of a form (auth.register, quizzes.create): `data.problems`. */
export interface FieldProblem {
  field: string;
  problem: string;
  reason?: string;
}

/** The `data` of an error reply: a stable `reason` for application errors, and members of its own. */
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
  /** The stable `data.reason` of application errors, such as "not-found". */
  get reason(): string | undefined;
  /** `data.problems`: every failing field of a form at once; [] when there are none. */
  get problems(): FieldProblem[];
}

/** bbfan's default `--max-message-bytes`: the largest request it reads. */
export declare const DEFAULT_MAX_MESSAGE_BYTES: number;

/** One page of a list method: its records, the whole list's total, the next page's cursor (null at the end). */
export interface Page<R = unknown> {
  records: R[];
  total: number;
  nextCursor: string | null;
}

/** The wire names of the list methods that `page` and `pages` walk. */
export type ListMethodName =
  | "episodes.list" | "episodes.filter" | "characters.list" | "characters.filter" | "locations.list"
  | "favorites.list" | "quizzes.list" | "quizzes.online";

/** A running `bbfan serve` child process and the calls it answers: one per service method, named by the rule. */
export declare class BBFanClient {
  /** Starts `BINARY serve ARGS...` and a client of it. */
  static start(binary?: string, args?: string[]): BBFanClient;
  /** A client of a service process you spawned yourself (stdio pipes); `maxMessageBytes` is its --max-message-bytes. */
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

  /**
   * The accounts signed in on this data directory, in the order they signed in, which one is current, and each one's display name and photo.
   *
   * Every auth.login or auth.register adds its account here (replacing that account's earlier session here) and makes it current; auth.switch changes the current one without a password; auth.logout forgets only the one it signs out. A session ended elsewhere (another process, another machine) is left out. An empty list when nobody is signed in. Each account carries its profile's displayName and photo as profile.get answers them (the photo's file is written if it is not there), so an account switcher can show names and faces without switching.
   *
   * Sends `auth.accounts` (Schemas/auth.accounts.json).
   */
  authAccounts(params?: RequestMembers): Promise<AuthAccountsResult>;

  /**
   * Checks a password against the password rules, for a form that checks as the user types; creates nothing.
   *
   * The same rules as auth.register (see README): ok is true when the password breaks none; problems lists each broken rule in a fixed order, its rule as in auth.register's data.rules and its problem as in data.unmet; rules lists every rule in the same order with met, so a form shows them all without a list of its own. It reads and writes nothing, needs nobody signed in, and runs concurrently with other requests. It takes a password, so it is not an MCP tool.
   *
   * Sends `auth.checkPassword` (Schemas/auth.checkPassword.json).
   */
  authCheckPassword(params: AuthCheckPasswordParams & RequestMembers): Promise<AuthCheckPasswordResult>;

  /**
   * Deletes the signed-in account (or the token's) for good, with its password.
   *
   * Everything of the account goes, in one transaction, on SQLite and on PostgreSQL: its sessions (every device is signed out), its favourites (each quote's count one less, so favorites.top changes with it), its quizzes with their review state and review log, its profile and photo (and the photo's files), and its failed logins; its sessions signed in on this data directory are forgotten. With SQLite, no file under the data directory keeps a copy of the deleted rows (secure_delete, and the write-ahead log checkpointed and truncated). The username is free again. The password is checked like a login's: a wrong one is wrong-password, deletes nothing and counts toward the username's sign-in throttle (too-many-attempts with retryAfter after five in a row). Without a signed-in user: unauthorized. It takes a password, so it is not an MCP tool.
   *
   * Sends `auth.deleteAccount` (Schemas/auth.deleteAccount.json).
   */
  authDeleteAccount(params: AuthDeleteAccountParams & RequestMembers): Promise<AuthDeleteAccountResult>;

  /**
   * Signs a user in; the data directory remembers the session until auth.logout.
   *
   * The username's case is ignored. unknown-user and wrong-password do the same work, so they take the same time. After 5 consecutive failures for a username, each attempt must wait (1 s, then doubling, up to an hour): too-many-attempts with data.retryAfter in seconds. A failed login never changes who is signed in or remembered. A username that registration would refuse (over 32 characters, a character other than A-Z a-z 0-9 . _ -, a NUL) cannot belong to anyone: unknown-user after the same work, and it is not counted or stored. A caller that signed this user in before is not held by that wait: pass the device cookie an earlier login gave it as device (OWASP's device cookies; "" for none yet) and the result carries a new one to keep. Its own wrong passwords are counted under its cookie and make it wait by the same rule, without counting against the username; a cookie of another user, a forged one, or one made before the password changed counts for nothing.
   *
   * Sends `auth.login` (Schemas/auth.login.json).
   */
  authLogin(params: AuthLoginParams & RequestMembers): Promise<AuthLoginResult>;

  /**
   * Ends the current session (or the token's); the data directory forgets it.
   *
   * Returns the user who was signed out. Without a signed-in user: unauthorized.
   *
   * Sends `auth.logout` (Schemas/auth.logout.json).
   */
  authLogout(params?: AuthLogoutParams & RequestMembers): Promise<AuthLogoutResult>;

  /**
   * Creates an account and signs it in; the data directory remembers it until auth.logout.
   *
   * Makes every check, in the order the app spec gives: the username's form (-32602), whether it is taken (username-taken; only for a valid name), whether the passwords match (password-mismatch), the password rules (weak-password, with every unmet rule in data.rules). The error's code, message and members are those of the first check that failed; data.problems lists every failed check of the submission, one {field, problem, reason} per field (username, passwordConfirmation, password), so a form can mark them all at once: reason is invalid-username, username-taken, password-mismatch or weak-password, and a weak password is one entry whose problem names every unmet rule. auth.checkPassword checks a password by the same rules without registering. Returns the user and a session token.
   *
   * Sends `auth.register` (Schemas/auth.register.json).
   */
  authRegister(params: AuthRegisterParams & RequestMembers): Promise<AuthRegisterResult>;

  /**
   * Who is signed in: the user who signed in last on this service or, after a restart, the remembered one; null when nobody is.
   *
   * With token, the token's user (an invalid token is unauthorized).
   *
   * Sends `auth.session` (Schemas/auth.session.json).
   */
  authSession(params?: AuthSessionParams & RequestMembers): Promise<AuthSessionResult>;

  /**
   * Make another account signed in on this data directory the current one, without its password.
   *
   * The username (case is ignored) must be among auth.accounts; otherwise it is not-found, and the current account is unchanged. Requests without a token then act for it, here and after a restart.
   *
   * Sends `auth.switch` (Schemas/auth.switch.json).
   */
  authSwitch(params: AuthSwitchParams & RequestMembers): Promise<AuthSwitchResult>;

  /**
   * Fetch a universe's catalog from its live source (--source [UNIVERSE=]URL), validate it, save it and serve it.
   *
   * Fetches the universe's lists in order (Breaking Bad: characters, episodes, quotes; Rick and Morty: characters, episodes, locations), each whole or, for an API that pages its lists as Rick and Morty's does, page by page following info.next (once a list's first page gives its page count, the pages after it are fetched side by side, at most --http-concurrency requests at once, default 6, and still taken in order with every check): absolute or relative to the page, followed only on the base URL's scheme, host and port and under its path (no . or .. segment), never the same URL twice, never across a redirect (a 3xx is -32011 redirected, with data.location), at most --max-pages pages a list (default 500) and --max-refresh-bytes bytes in all (default 256 MiB). Every body is requested conditionally (If-None-Match / If-Modified-Since) when the data directory holds it from an earlier refresh of the same source. Every record must decode, and no list may be empty; only then is the snapshot saved in the data directory and swapped in, in one step, so no request ever sees a mix. On any failure the catalog in use and the saved one stay as they were, and the error says why (data.failure, data.url). Later starts serve the saved snapshot, with the same --source or with none (a universe given no --source is refreshed from the URL its saved snapshot came from, else from its public API if it has one: Rick and Morty's https://rickandmortyapi.com/api, unless the environment variable BBFAN_PUBLIC_SOURCES is off; --source UNIVERSE=embedded serves the embedded one for that run). A refresh that finds the bodies the catalog in use was made from (304s, or the same bytes) keeps that catalog: changed is false, and every page cursor into it still works. One that replaced the catalog answers changed: true, and then, after the reply, the connection gets the notification catalog.changed {universe, refreshedAt} (the universe, and the reply's refreshedAt), so a screen knows to load its lists again; cursors into the old catalog are refused (-32602, field cursor). Sends notifications/progress when the params carry a progressToken: progress 0 as it starts, one after each body received, one when validated and one when saved and in use. For Breaking Bad that is six notifications, 0 to 5 of 5; for a paged list the total grows as each list's first page says how many pages it has (Rick and Morty: 0 to 54 of 54). Cancelling it before the save leaves everything as it was. One refresh of a universe runs at a time; other requests are answered meanwhile as usual. Requests honour Retry-After on 429 and 503 (at most 3 attempts, waits of at most 10 seconds), time out after --http-timeout seconds (default 30) and accept at most 16 MiB per body.
   *
   * Sends `catalog.refresh` (Schemas/catalog.refresh.json).
   */
  catalogRefresh(params?: CatalogRefreshParams & RequestMembers): Promise<CatalogRefreshResult>;

  /**
   * Write a character as a CSV file or a PDF collectible card into DATA_DIR/exports/.
   *
   * The file is DATA_DIR/exports/UNIVERSE-ID-NAME.csv or .pdf (the folder 0700, the file 0600), written to a temporary name and renamed, so no half file is ever visible; an export of the same character replaces the earlier one, and the same data gives the same bytes. CSV: RFC 4180, UTF-8, CRLF, a header row and one row holding every field of the character record (lists joined with "; ", appearances as "SERIES SEASON...", origin and location by name, null as an empty cell); a cell that starts with =, +, -, @, tab or carriage return is prefixed with ' (OWASP's advice against CSV injection). PDF: one 2.5 x 3.5 in page: the universe, the character's image, its name and its fields (Rick and Morty: status, species, type, gender, origin, last seen, episodes; Breaking Bad: status, nickname, birthday, occupation, portrayed by, seasons), long text wrapped. The image comes from the image cache (as images.fetch keeps it; a copy downloaded or confirmed within the last day is used without asking its host again, older ones are revalidated); its type is read from its bytes (JPEG embedded as it is, PNG as PDF allows or decoded). Without an image (an unreachable host, a dead link, not an image) the card draws a placeholder with the initials and the reply says why in warnings: an export never fails for want of an image. Text uses PDF's standard fonts (Helvetica for Latin text and Symbol for Greek, such as the ζ of Earth (J19ζ7)); a character neither can draw is drawn as ? and named in warnings. Long-running: with a progressToken, notifications/progress 0 as it starts, then one per step (read; for a card, the image; rendered and written): 0 to 2 of 2 for CSV, 0 to 3 of 3 for PDF; cancelling it before the file is written writes nothing. inline: true adds content, the file in plain base64, for a client on another machine.
   *
   * Sends `characters.export` (Schemas/characters.export.json).
   */
  charactersExport(params: CharactersExportParams & RequestMembers): Promise<CharactersExportResult>;

  /**
   * The characters that match every given field.
   *
   * Empty, null and empty-array fields are ignored; the others combine with AND. status is alive, deceased (which includes presumed-dead), presumed-dead or unknown. seasons is any-of, over the appearance seasons of series (Breaking Bad when series is left out). name matches name or nickname, ignoring case and diacritics. With universe rick-and-morty, the API's filters: name, species and type match a part, ignoring case and diacritics; status (alive, deceased for the API's Dead, unknown) and gender match whole, ignoring case, so male does not match Female. species, type and gender match no Breaking Bad character. No match is an empty list, not an error. With limit, a page holds at most limit records; total (the whole list's count) and nextCursor (null at the end of the list) come on every reply.
   *
   * Sends `characters.filter` (Schemas/characters.filter.json).
   */
  charactersFilter(params?: CharactersFilterParams & RequestMembers): Promise<CharactersFilterResult>;

  /**
   * One character with the number of episodes and the quotes.
   *
   * The character's fields, episodeCount (episodes whose character list names the character, under any of its names) and quotes (under any of the character's names, by id). Also takes [id]. With a signed-in user (or token), each quote has isFavorite; while the data directory cannot be used, the character is still answered, without isFavorite (the reason goes to the log). With universe rick-and-morty, the record (with episodeCount) and episodes, the episodes the character appears in, in broadcast order.
   *
   * Sends `characters.get` (Schemas/characters.get.json).
   */
  charactersGet(params: CharactersGetParams & RequestMembers): Promise<CharactersGetResult>;

  /**
   * Every character of a series, or of all, by name; optionally grouped by initial.
   *
   * Sorted by name, ignoring case and diacritics. With groupBy "initial" the result is {groups: [{initial, characters}]} (letters A to Z, then # for names that start otherwise); without it, {characters: [...]}. With universe rick-and-morty, the 826 Rick and Morty characters, whose records carry species, type (null when empty), gender, origin and location ({locationId, name}, locationId null for unknown) and episodeCount instead of the Breaking Bad fields. With limit, a page holds at most limit records; total (the whole list's count) and nextCursor (null at the end of the list) come on every reply.
   *
   * Sends `characters.list` (Schemas/characters.list.json).
   */
  charactersList(params?: CharactersListParams & RequestMembers): Promise<CharactersListResult>;

  /**
   * The episodes that match every given field.
   *
   * Empty, null and empty-array fields are ignored; the others combine with AND. characters matches any-of, by id or by any name that resolves. Dates are inclusive. Results come in broadcast order. An unknown character name is -32602 with suggestions of the closest names; an unknown character id is not-found. With universe rick-and-morty, the API's filters too: name (part of the title) and code (part of the code, so S02 is season 2); characters by id, or by a name only one character carries (a name several carry, such as Rick Sanchez, is -32602 with data.candidates, their ids). An empty result is an empty list. With limit, a page holds at most limit records; total (the whole list's count) and nextCursor (null at the end of the list) come on every reply.
   *
   * Sends `episodes.filter` (Schemas/episodes.filter.json).
   */
  episodesFilter(params?: EpisodesFilterParams & RequestMembers): Promise<EpisodesFilterResult>;

  /**
   * One episode with its characters.
   *
   * The characters are listed as the source lists them; each is linked to a character (characterId, characterName) where the name resolves, and null where it does not ("a fly", "Don Eladio"). Also takes [id]. With universe rick-and-morty, every character is linked by id, named as its record names it; where the data's two sides of a link disagree the link is kept both ways (README, Data).
   *
   * Sends `episodes.get` (Schemas/episodes.get.json).
   */
  episodesGet(params: EpisodesGetParams & RequestMembers): Promise<EpisodesGetResult>;

  /**
   * Every episode of a series, or of all, grouped by season.
   *
   * Seasons come in broadcast order: Breaking Bad before Better Call Saul, then by season number; episodes by their number within the season. An empty or null series means every series. With universe rick-and-morty, the 51 Rick and Morty episodes, each with its code (S01E01); season and episode come from the code. A series of another universe than universe is -32602. With limit, a page holds at most limit episodes (a season may continue on the next page); total and nextCursor come on every reply.
   *
   * Sends `episodes.list` (Schemas/episodes.list.json).
   */
  episodesList(params?: EpisodesListParams & RequestMembers): Promise<EpisodesListResult>;

  /**
   * The user's favourite quotes ("your quotes"), newest first.
   *
   * Each quote has isFavorite true. With limit, a page holds at most limit records; total (the whole list's count) and nextCursor (null at the end of the list) come on every reply. Per universe.
   *
   * Sends `favorites.list` (Schemas/favorites.list.json).
   */
  favoritesList(params?: FavoritesListParams & RequestMembers): Promise<FavoritesListResult>;

  /**
   * Adds a quote to the user's favourites, or removes it; with favorite, sets that state.
   *
   * Without favorite it toggles. With favorite: true or false it makes the quote a favourite or not, whatever it was, so a double tap or a retried request leaves it as asked and counts it once (the count changes only when the state does). Returns the new state and the quote's favourite count across all users. Runs in arrival order with the user's other requests, so a pipelined toggle then list sees the toggle. Favourites are per universe: quote 8 of two universes is two quotes.
   *
   * Sends `favorites.toggle` (Schemas/favorites.toggle.json).
   */
  favoritesToggle(params: FavoritesToggleParams & RequestMembers): Promise<FavoritesToggleResult>;

  /**
   * The quotes most users have among their favourites.
   *
   * Count across all users descending, ties by quote id; each with favoriteCount and the user's isFavorite. limit is 1 to 100, 3 by default. Per universe.
   *
   * Sends `favorites.top` (Schemas/favorites.top.json).
   */
  favoritesTop(params?: FavoritesTopParams & RequestMembers): Promise<FavoritesTopResult>;

  /**
   * An image from the on-disk cache: downloaded once, answered from the cache while young, revalidated with ETag/Last-Modified, returned as a local file (and its bytes when asked).
   *
   * Files live in DATA_DIR/images, named by the SHA-256 of the URL (mode 0600); the index is in the database. The first call downloads. A cached copy younger than maxAge seconds (default: the host's Cache-Control max-age as sent with the download, 0 for no-cache or no-store, else 86400, a day) is answered at once with freshness cached and no request to the host. An older one (or any, with maxAge 0) is revalidated with a conditional request: revalidated on 304, downloaded when the image changed. When the host cannot be reached (connection refused, no route, a name that does not resolve, no connection within --connect-timeout seconds, default 3), or answers with an error, a cached copy is returned at once with freshness stale and a warning; without one the call fails with -32011 within the connect timeout, not the whole --http-timeout. With inline true the reply carries the image itself as content (plain base64), for a frontend that cannot read the data directory. A URL without a cached copy whose download failed is remembered for --image-retry-after seconds (default 30, in memory): asked again within them (unless with maxAge 0, which always asks the host) it fails at once with the same error and data.retryAfter, the whole seconds until the host is asked again; a cached copy is never hidden by it. Concurrent calls for one URL share one download. The cache keeps at most --image-cache-bytes (default 64 MiB), removing the least recently used images first; one image may be at most 8 MiB. Only http and https URLs are fetched, and only answers whose Content-Type is image/*.
   *
   * Sends `images.fetch` (Schemas/images.fetch.json).
   */
  imagesFetch(params: ImagesFetchParams & RequestMembers): Promise<ImagesFetchResult>;

  /**
   * One location with the characters last seen there.
   *
   * residents lists the characters as the location lists them, plus any character whose own record says it was last seen there (character 125 at location 35, a known inconsistency of the data). Also takes [id].
   *
   * Sends `locations.get` (Schemas/locations.get.json).
   */
  locationsGet(params: LocationsGetParams & RequestMembers): Promise<LocationsGetResult>;

  /**
   * Every location of a universe, by id.
   *
   * Rick and Morty has 126 locations; a universe without location records (breaking-bad, the default) answers an empty list. With limit, a page holds at most limit records; total (the whole list's count) and nextCursor (null at the end of the list) come on every reply.
   *
   * Sends `locations.list` (Schemas/locations.list.json).
   */
  locationsList(params?: LocationsListParams & RequestMembers): Promise<LocationsListResult>;

  /**
   * Subscribes this connection to changes: favorites.changed and catalog.changed notifications, whoever made the change.
   *
   * Each call adds to the connection's subscriptions (a connection closing drops them). favorites: after a favourite count change is committed (by this connection, another one, another bbfan process on the same data directory, or another machine on the same PostgreSQL database), the notification favorites.changed {universe, quoteId, favoriteCount, top?}, top being the universe's Top 3 as favorites.top gives it without isFavorite, present only when it changed; repeated changes of one quote not yet written are coalesced into one with the latest count. catalog: catalog.changed {universe, refreshedAt} when another connection or another bbfan process on the same data directory replaced the universe's catalog (this process then serves the new one). Notifications carry only what any user may see, and a subscriber that does not read its output holds up nobody else. The subscriptions of a one-shot bbfan call end with its reply.
   *
   * Sends `notifications.subscribe` (Schemas/notifications.subscribe.json).
   */
  notificationsSubscribe(params: NotificationsSubscribeParams & RequestMembers): Promise<NotificationsSubscribeResult>;

  /**
   * Removes this connection's subscriptions that match; all of them when the params name nothing.
   *
   * topics left out: every topic; universe left out: the subscriptions of every universe and of each one. The result lists what is left.
   *
   * Sends `notifications.unsubscribe` (Schemas/notifications.unsubscribe.json).
   */
  notificationsUnsubscribe(params?: NotificationsUnsubscribeParams & RequestMembers): Promise<NotificationsUnsubscribeResult>;

  /**
   * The signed-in user's profile: display name and photo (null when not set).
   *
   * The photo is kept in the store and answered as a file in DATA_DIR/photos/ with its media type, size and SHA-256 (the shape of an export). Without a signed-in user (or with a token that is not a live session) it is unauthorized.
   *
   * Sends `profile.get` (Schemas/profile.get.json).
   */
  profileGet(params?: ProfileGetParams & RequestMembers): Promise<ProfileGetResult>;

  /**
   * Change the signed-in user's display name, photo, or both; a member left out is kept, null removes it.
   *
   * photo is {"data": BASE64} (the image's bytes; the request must fit --max-message-bytes, 16 MiB by default: an 8 MiB photo as base64 fits) or {"path": "/local/file"} (a file on the machine bbfan runs on). It must be a PNG or JPEG image, read from its bytes whatever its name says (otherwise -32602 with reason not-an-image), of at most 8 MiB (reason photo-too-large). It is kept in the store, survives restarts, and a replaced photo leaves no copy behind. displayName is trimmed, 1 to 64 characters, without control characters. Answers the profile as profile.get does.
   *
   * Sends `profile.update` (Schemas/profile.update.json).
   */
  profileUpdate(params?: ProfileUpdateParams & RequestMembers): Promise<ProfileUpdateResult>;

  /**
   * Copy an online quiz into the signed-in user's collection (trimmed, as quizzes.create keeps it).
   *
   * A quiz whose title is already in the collection is duplicate, as in quizzes.create. An unknown online id is not-found.
   *
   * Sends `quizzes.add` (Schemas/quizzes.add.json).
   */
  quizzesAdd(params: QuizzesAddParams & RequestMembers): Promise<QuizzesAddResult>;

  /**
   * Add a quiz (a title and at least two facts) to the signed-in user's collection.
   *
   * The title and each fact are trimmed; the title is required (at most 200 characters), at least two facts are (at most 20, each at most 2,000 characters), and none may hold a control character other than tab and line breaks in facts. Every problem is reported at once in data.problems, each with its field and the sentence to show ("Title is required", "A quiz needs two facts"). A title already in the collection, ignoring case, accents and spacing, is -32016 duplicate with data.existingId. Two processes creating the same title at once: one wins, the other gets duplicate. Without a signed-in user: unauthorized.
   *
   * Sends `quizzes.create` (Schemas/quizzes.create.json).
   */
  quizzesCreate(params: QuizzesCreateParams & RequestMembers): Promise<QuizzesCreateResult>;

  /**
   * Remove a quiz from the signed-in user's collection; answers the quiz that was removed.
   *
   * Its review state goes with it; its review log is kept. Another user's quiz is not-found.
   *
   * Sends `quizzes.delete` (Schemas/quizzes.delete.json).
   */
  quizzesDelete(params: QuizzesDeleteParams & RequestMembers): Promise<QuizzesDeleteResult>;

  /**
   * The signed-in user's quizzes due for review now: never-reviewed ones first (oldest first), then by due time.
   *
   * Scheduling is SM-2 (see quizzes.review). limit is 1 to 1000, 20 by default; total counts every due quiz.
   *
   * Sends `quizzes.due` (Schemas/quizzes.due.json).
   */
  quizzesDue(params?: QuizzesDueParams & RequestMembers): Promise<QuizzesDueResult>;

  /**
   * One quiz of the signed-in user's collection: the title, then its facts, as a flash card shows them.
   *
   * Another user's quiz is not-found, never shown.
   *
   * Sends `quizzes.get` (Schemas/quizzes.get.json).
   */
  quizzesGet(params: QuizzesGetParams & RequestMembers): Promise<QuizzesGetResult>;

  /**
   * The signed-in user's quizzes, newest first (quizzes made in the same second keep their order), optionally searched.
   *
   * An empty collection is an empty list. limit and cursor page through it; a cursor stays valid while quizzes are added or deleted (the next page starts after the last quiz of the previous one). total counts every match.
   *
   * Sends `quizzes.list` (Schemas/quizzes.list.json).
   */
  quizzesList(params?: QuizzesListParams & RequestMembers): Promise<QuizzesListResult>;

  /**
   * The online quiz catalogue (52 quizzes of the Quizzes API, embedded), sorted by title, optionally searched.
   *
   * Sorted by title ignoring case and accents, numbers by their value ("Toddler Quiz #2" before "#10"), punctuation kept; titles and facts as the API has them (trailing spaces included). inCollection says whether the signed-in user added it (absent when nobody is signed in and no token is given; a token that is not a live session is unauthorized). limit and cursor page through it.
   *
   * Sends `quizzes.online` (Schemas/quizzes.online.json).
   */
  quizzesOnline(params?: QuizzesOnlineParams & RequestMembers): Promise<QuizzesOnlineResult>;

  /**
   * Record how well a quiz was recalled (again, hard, good, easy) and schedule its next review with SM-2.
   *
   * SM-2 (Wozniak 1990): grades are SM-2 qualities again 1, hard 3, good 4, easy 5; intervals 1 day, 6 days, then the last one times the E-Factor, rounded up; the E-Factor starts at 2.5, changes by +0.1 (easy), 0 (good), -0.14 (hard), never below 1.3; again starts over at 1 day without changing it, and counts a lapse when the quiz had been recalled; 8 lapses make it a leech. repeatToday is SM-2's advice to review it again today (a grade below good). Every review is also kept in the user's review log.
   *
   * Sends `quizzes.review` (Schemas/quizzes.review.json).
   */
  quizzesReview(params: QuizzesReviewParams & RequestMembers): Promise<QuizzesReviewResult>;

  /**
   * The quotes of one character, under any of its names.
   *
   * Sorted by id. Also takes [id]. With a signed-in user (or token), each quote has isFavorite; while the data directory cannot be used, the quotes are still answered, without isFavorite (the reason goes to the log).
   *
   * Sends `quotes.byCharacter` (Schemas/quotes.byCharacter.json).
   */
  quotesByCharacter(params: QuotesByCharacterParams & RequestMembers): Promise<QuotesByCharacterResult>;

  /**
   * The quotes scene in one call: top favourites, yours, and a random quote.
   *
   * top is favorites.top with limit 3, yours is favorites.list, random is quotes.random; empty sections are left out. Per universe; one without quotes answers {}.
   *
   * Sends `quotes.overview` (Schemas/quotes.overview.json).
   */
  quotesOverview(params?: QuotesOverviewParams & RequestMembers): Promise<QuotesOverviewResult>;

  /**
   * One quote drawn uniformly from the matching ones.
   *
   * author is any name that resolves ("Jimmy McGill" and "Saul Goodman" are one character). With --seed N the draw is fixed by the seed and the request's place in the order of arrival, for tests and recordings. With a signed-in user (or token), the quote has isFavorite; while the data directory cannot be used, the quote is still answered, without isFavorite (the reason goes to the log). Quotes are per universe; a named universe without quotes (rick-and-morty) is -32004.
   *
   * Sends `quotes.random` (Schemas/quotes.random.json).
   */
  quotesRandom(params?: QuotesRandomParams & RequestMembers): Promise<QuotesRandomResult>;

  /**
   * The OpenRPC 1.4 document of every method: params, results, errors and examples.
   *
   * Built from the Schemas/ files embedded in the executable, so it always describes the running version. Params are by name (paramStructure by-name); schemas are JSON Schema 2020-12.
   *
   * Sends `rpc.discover` (Schemas/rpc.discover.json).
   */
  rpcDiscover(params?: RequestMembers): Promise<RpcDiscoverResult>;

  /**
   * What this service is: name, version, protocol capabilities, limits, data directory and each universe's catalog.
   *
   * Takes no parameters. Cheap: use it as a health check or to learn the limits in force before sending large messages or batches. catalog describes the default universe (Breaking Bad) as in wave 1; universes lists every universe served, with where its catalog came from, when it was last refreshed and its counts. It does not load a universe no request has needed yet when that universe is served from its embedded snapshot: its counts are then those of the embedded lists, counted without decoding them (a universe with a live source is loaded, to read its saved snapshot).
   *
   * Sends `service.info` (Schemas/service.info.json).
   */
  serviceInfo(params?: RequestMembers): Promise<ServiceInfoResult>;

  /** @deprecated Use authRegister; kept for one release. */
  register(username: string, password: string, confirmation?: string): Promise<AuthRegisterResult>;
  /** @deprecated Use authLogin; kept for one release. */
  login(username: string, password: string): Promise<AuthLoginResult>;
  /** @deprecated Use authLogout (resolves to the whole result: `.user`); kept for one release. */
  logout(token?: string): Promise<AuthLogoutResult["user"]>;
  /** @deprecated Use authSession (resolves to the whole result: `.user`); kept for one release. */
  session(token?: string): Promise<AuthSessionResult["user"]>;
  /** @deprecated Use authAccounts (resolves to the whole result: `.accounts`); kept for one release. */
  accounts(): Promise<AuthAccountsResult["accounts"]>;
  /** @deprecated Use authSwitch (resolves to the whole result: `.user`); kept for one release. */
  switchAccount(username: string): Promise<AuthSwitchResult["user"]>;
  /** @deprecated Use authCheckPassword; kept for one release. */
  checkPassword(password: string): Promise<AuthCheckPasswordResult>;
  /** @deprecated Use authDeleteAccount (resolves to the whole result: `.deleted`); kept for one release. */
  deleteAccount(password: string, token?: string): Promise<AuthDeleteAccountResult["deleted"]>;
  /** @deprecated Use favoritesToggle; kept for one release. */
  toggleFavorite(quoteId: number, token?: string, favorite?: boolean, universe?: Universe): Promise<FavoritesToggleResult>;
  /** @deprecated Use favoritesList (resolves to the whole result: `.quotes`); kept for one release. */
  favorites(token?: string, universe?: Universe): Promise<FavoritesListResult["quotes"]>;
  /** @deprecated Use favoritesTop (resolves to the whole result: `.quotes`); kept for one release. */
  topFavorites(limit?: number, token?: string, universe?: Universe): Promise<FavoritesTopResult["quotes"]>;
  /** @deprecated Use rpcDiscover; kept for one release. */
  discover(): Promise<RpcDiscoverResult>;
  /** @deprecated Use serviceInfo (resolves to the whole result: `.universes`); kept for one release. */
  universes(): Promise<ServiceInfoResult["universes"]>;
  /** @deprecated Use charactersList({groupBy: "initial"}) (resolves to the whole result: `.groups`); kept for one release. */
  charactersByInitial(options?: { series?: Series; universe?: Universe }): Promise<CharactersListResultGroups["groups"]>;
}
