// Every error in a person's words: a JSON-RPC error (from bbfan or the bridge) mapped by its
// data.reason and data.field (the contract's machine-readable part), else by its code and
// data.field, to a sentence. The service's own message is never shown on the page.

/** @typedef {import('./types').ErrorObject} ErrorObject */

/** Form fields as a person names them. */
const FIELDS = /** @type {Record<string, string>} */ ({
  username: 'The username', password: 'The password', passwordConfirmation: 'The confirmation',
  displayName: 'The display name', photo: 'The photo', 'photo.data': 'The photo', title: 'The title',
  facts: 'The facts', search: 'The search', name: 'The name', airedFrom: 'The “Aired from” date',
  airedTo: 'The “Aired to” date', characters: 'The characters', season: 'The season', seasons: 'The seasons',
  status: 'The status', onlineId: 'The online quiz', grade: 'The grade', id: 'The record',
});

/** @param {unknown} field */
function fieldName(field) {
  if (typeof field !== 'string' || field === '') return 'A value';
  const bare = field.replace(/\[\d+\]$/, '');
  if (/^facts\[\d+\]$/.test(field)) return `Fact ${Number(field.slice(6, -1)) + 1}`;
  return FIELDS[field] ?? FIELDS[bare] ?? 'A value';
}

/** Sentences by data.reason. */
const REASONS = /** @type {Record<string, (data: Record<string, any>) => string>} */ ({
  unauthorized: () => 'You are not signed in (or your session has ended): sign in again.',
  'unknown-user': () => 'No account has that username.',
  'wrong-password': () => 'Wrong password: check it and try again.',
  'not-found': (data) => `That ${typeof data.kind === 'string' ? data.kind : 'record'} does not exist (any more).`,
  'too-many-attempts': (data) => `Too many failed sign-ins: wait ${Number(data.retryAfter) || 1} seconds, then try again.`,
  'username-taken': () => 'That username is taken: choose another.',
  'password-mismatch': () => 'The confirmation differs from password: type the same password twice.',
  'weak-password': (data) => Array.isArray(data.unmet) && data.unmet.length
    ? `The password needs ${data.unmet.join(', ')}.` : 'The password is too weak.',
  'storage-unavailable': () => 'The service cannot read or save its data just now; try again later.',
  'upstream-unavailable': () => 'The source of the catalog did not answer. Check your connection and try again later; nothing was changed.',
  'upstream-invalid': () => 'The source of the catalog answered something unusable; nothing was changed. Try again later.',
  'not-an-image': () => 'That picture is not available.',
  'no-live-source': () => 'This catalog cannot be refreshed: its online source is gone or switched off. The list stays as it is.',
  'refresh-in-progress': () => 'A refresh is already running: wait for it to finish.',
  duplicate: () => 'That quiz is already in your quizzes.',
  'service-unavailable': () => 'The service is unavailable just now. The page reconnects by itself when it is back.',
  busy: () => 'Too much is going on at once: wait a moment and try again.',
  'too-large': () => 'That is too large to send. Shorten it (or choose a smaller photo, at most 8 MB).',
  'not-allowed': () => 'The page asked for something it may not; reload the page.',
  'wrong-host': () => 'The page was opened at an address the server does not serve; open it at its own address.',
  'not-signed-in-here': () => 'That account is not signed in on this browser: sign in to it first.',
  'parse-error': () => 'The page sent something the server could not read; reload the page.',
  'invalid-json': () => 'The page sent something the server could not read; reload the page.',
  'invalid-request': () => 'The page sent something the server could not read; reload the page.',
  forbidden: () => 'That is not allowed from this page; reload it.',
  'bad-request': () => 'The server could not understand the request; reload the page.',
  'unsupported-media-type': () => 'The server could not understand the request; reload the page.',
  'method-not-allowed': () => 'The server could not understand the request; reload the page.',
  'http-error': () => 'The server answered with an error; try again.',
});

/** Invalid-params sentences by field, where the problem is not the length. */
const FIELD_PROBLEMS = /** @type {Record<string, string>} */ ({
  airedFrom: 'The “Aired from” date must not be after the “Aired to” date, and each must be a date.',
  airedTo: 'The “Aired from” date must not be after the “Aired to” date, and each must be a date.',
  title: 'The quiz needs a title of at most 200 characters.',
  facts: 'The quiz needs at least two facts, each of at most 2000 characters.',
  displayName: 'The display name may have at most 64 characters.',
  photo: 'The photo must be a PNG or JPEG picture of at most 8 MB.',
  'photo.data': 'The photo must be a PNG or JPEG picture of at most 8 MB.',
  username: 'The username may use letters, digits, “.”, “-” and “_”, and must not be empty.',
});

/**
 * The sentence for a person of one error (or one of a form's problems).
 * @param {{ code?: number, message?: string, data?: Record<string, any> | null }} error
 * @returns {string}
 */
export function sentence(error) {
  const data = error.data ?? {};
  const reason = typeof data.reason === 'string' ? data.reason : null;
  const field = typeof data.field === 'string' ? data.field : null;
  if (field && typeof data.maxLength === 'number') return `${fieldName(field)} is too long: at most ${data.maxLength} characters.`;
  if (field && typeof data.maxItems === 'number') return `${fieldName(field)} has too many entries: at most ${data.maxItems}.`;
  if (reason && reason in REASONS && !(reason === 'not-allowed' && field === 'url')) return REASONS[reason](data);
  if (field) {
    const bare = field.replace(/\[\d+\]$/, '');
    if (/^facts\[\d+\]$/.test(field)) return `${fieldName(field)} must not be empty, and may have at most 2000 characters.`;
    return FIELD_PROBLEMS[field] ?? FIELD_PROBLEMS[bare] ?? `${fieldName(field)} is not valid.`;
  }
  switch (error.code) {
    case -32001: return REASONS.unauthorized(data);
    case -32603: return 'Something went wrong in the service; try again, and report it if it happens again.';
    case -32800: return 'Cancelled.';
    case -32601: case -32600: case -32700: return 'The page sent something the server could not read; reload the page.';
    case -32602: return 'The page sent a value the service does not take; check what you typed.';
    default: return 'Something went wrong; try again.';
  }
}
