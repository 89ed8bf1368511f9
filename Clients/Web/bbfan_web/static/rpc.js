// The page's one connection to the bridge: JSON-RPC over a WebSocket at /rpc, and the sign-in
// endpoints (POST /auth/ACTION), which alone change the HttpOnly cookie holding the session tokens.
// Every call goes through call(), typed by bbfan's method map (types.d.ts): tsc checks each
// method name, its params and the use of its result.

/** @typedef {import('./types').OfferedName} OfferedName */
/** @typedef {import('./types').ErrorObject} ErrorObject */
/** @typedef {import('./types').Notifications} Notifications */
/** @typedef {import('./types').AuthActions} AuthActions */

import { sentence } from './errors.js';

/**
 * A JSON-RPC error answered by bbfan or the bridge: its message is the sentence for a person
 * (errors.js); code and data as sent, and the service's own words in serviceMessage (never shown).
 */
export class RPCError extends Error {
  /** @param {ErrorObject} error */
  constructor(error) {
    super(sentence(error));
    this.code = error.code;
    this.data = error.data ?? {};
    this.serviceMessage = error.message;
  }

  /**
   * Every {field, problem} a form shows, from data.problems or the one data.field, each problem
   * in a person's words.
   * @returns {{ field: string, problem: string }[]}
   */
  get problems() {
    const data = this.data;
    if (Array.isArray(data.problems)) {
      return data.problems.map((/** @type {{ field: string, problem: string, reason?: string }} */ problem) => ({
        field: problem.field,
        problem: sentence({ code: this.code, data: { ...(problem.reason === data.reason ? data : {}), ...problem } }),
      }));
    }
    if (data.field) return [{ field: data.field, problem: this.message }];
    return [];
  }
}

/** The error every call gets while the service is unavailable. */
const UNAVAILABLE = { code: -32000, message: 'service unavailable', data: { reason: 'service-unavailable' } };

/** @type {Set<(available: boolean) => void>} */
const availabilityListeners = new Set();
/** @type {Set<() => void>} */
const unauthorizedListeners = new Set();
/** Whether the service is known to be unavailable (the page then retries connecting until it is back). */
let down = false;

/**
 * Calls listener with false when the service becomes unavailable (the bridge said so, closed the
 * WebSocket with 1013, or could not be reached) and with true when it is back.
 * @param {(available: boolean) => void} listener
 */
export function onAvailability(listener) {
  availabilityListeners.add(listener);
}

/**
 * Calls listener when a call is refused as unauthorized (the session ended, perhaps in another tab).
 * @param {() => void} listener
 */
export function onUnauthorized(listener) {
  unauthorizedListeners.add(listener);
}

/** Whether the service is known to be unavailable just now. */
export function unavailable() {
  return down;
}

/** Marks the service unavailable and retries connecting (500 ms, doubling to 5 s) until it answers. */
function serviceDown() {
  if (down) return;
  down = true;
  for (const listener of availabilityListeners) listener(false);
  (async () => {
    let wait = 500;
    while (down) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 5000);
      try {
        await send('service.info', undefined);
        down = false;
      } catch {
        // Still unavailable: try again.
      }
    }
    for (const listener of availabilityListeners) listener(true);
  })();
}

/** @type {WebSocket | null} the WebSocket, open or opening */
let current = null;
/** @type {Promise<WebSocket> | null} */
let opening = null;
let nextId = 0;
/** @type {Map<number, { resolve: (result: unknown) => void, reject: (error: RPCError) => void, ws: WebSocket }>} */
const pending = new Map();
/** @type {Map<string, Set<(params: any) => void>>} */
const listeners = new Map();

/** @returns {Promise<WebSocket>} */
function open() {
  if (opening) return opening;
  opening = new Promise((resolve, reject) => {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${location.host}/rpc`);
    current = ws;
    ws.addEventListener('open', () => resolve(ws));
    ws.addEventListener('error', () => reject(new RPCError(UNAVAILABLE)));
    ws.addEventListener('close', () => {
      // A close the page did not ask for (the bridge's 1013 when bbfan stopped, or the bridge
      // gone): the service is unavailable until a connection answers again.
      const unasked = current === ws;
      if (unasked) {
        current = null;
        opening = null;
      }
      for (const [id, entry] of pending) {
        if (entry.ws === ws) {
          pending.delete(id);
          entry.reject(new RPCError(UNAVAILABLE));
        }
      }
      if (unasked) serviceDown();
    });
    ws.addEventListener('message', (event) => receive(JSON.parse(event.data)));
  });
  return opening;
}

/** @param {{ id?: number, method?: string, params?: unknown, result?: unknown, error?: ErrorObject }} message */
function receive(message) {
  if (message.method && message.id === undefined) {
    for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {});
    return;
  }
  const entry = message.id === undefined ? undefined : pending.get(message.id);
  if (!entry) return;
  pending.delete(/** @type {number} */ (message.id));
  if (message.error) {
    const reason = message.error.data?.reason;
    if (reason === 'service-unavailable') serviceDown();
    if (reason === 'unauthorized' || (message.error.code === -32001 && !reason)) {
      for (const listener of unauthorizedListeners) listener();
    }
    entry.reject(new RPCError(message.error));
  } else entry.resolve(message.result);
}

// The bridge answers "busy" past 32 requests waiting on one connection: a page keeps to 22 and
// queues the rest (a grid of portraits asks for dozens of images at once). Requests that wait on
// other hosts (portraits, a refresh, an export) have a lane of their own, so portraits whose host
// never answers cannot take the places the page's other calls need.
/** @type {ReadonlySet<OfferedName>} */
const NETWORK_METHODS = new Set(/** @type {OfferedName[]} */ (['images.fetch', 'catalog.refresh', 'characters.export']));

/** @typedef {{ limit: number, inFlight: number, queue: (() => void)[] }} Lane */
/** @type {{ calls: Lane, network: Lane }} */
const lanes = {
  calls: { limit: 16, inFlight: 0, queue: [] },
  network: { limit: 6, inFlight: 0, queue: [] },
};

/** @param {Lane} lane */
async function slot(lane) {
  if (lane.inFlight < lane.limit) {
    lane.inFlight += 1;
    return;
  }
  await new Promise((resolve) => lane.queue.push(() => resolve(undefined)));
}

/** @param {Lane} lane */
function release(lane) {
  const next = lane.queue.shift();
  if (next) next();
  else lane.inFlight -= 1;
}

/**
 * Sends one request and resolves with its result, or rejects with an RPCError: the one way the
 * page calls bbfan. `call('characters.get', { id: 1 })`: tsc refuses a method the bridge does not
 * offer, a param the method does not take or of the wrong type, and a missing required one.
 * @type {import('./types').Call}
 */
export const call = async (method, ...params) => {
  if (down) throw new RPCError(UNAVAILABLE);
  const lane = NETWORK_METHODS.has(method) ? lanes.network : lanes.calls;
  await slot(lane);
  try {
    return /** @type {any} */ (await send(method, params[0]));
  } finally {
    release(lane);
  }
};

/**
 * @param {string} method
 * @param {object | undefined} params
 * @returns {Promise<unknown>}
 */
async function send(method, params) {
  const ws = await open();
  const id = ++nextId;
  /** @type {{ jsonrpc: '2.0', id: number, method: string, params?: object }} */
  const message = { jsonrpc: '2.0', id, method };
  if (params !== undefined) message.params = params;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, ws });
    ws.send(JSON.stringify(message));
  });
}

/**
 * Calls listener with the params of each notification named method; returns the unsubscriber.
 * @template {keyof Notifications} N
 * @param {N} method
 * @param {(params: Notifications[N]) => void} listener
 * @returns {() => void}
 */
export function on(method, listener) {
  let set = listeners.get(method);
  if (!set) listeners.set(method, (set = new Set()));
  const added = set;
  added.add(listener);
  return () => { added.delete(listener); };
}

/**
 * Runs a sign-in action (login, register, switch, logout); the connection then starts anew.
 * @template {keyof AuthActions} A
 * @param {A} action
 * @param {AuthActions[A]['body']} body
 * @returns {Promise<AuthActions[A]['result']>}
 */
export async function auth(action, body) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(`/auth/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    serviceDown();
    throw new RPCError(UNAVAILABLE);
  }
  /** @type {{ result?: any, error?: ErrorObject }} */
  let reply;
  try {
    reply = await response.json();
  } catch {
    // Not JSON (a proxy's page, say): an error by its HTTP status.
    reply = { error: { code: -32000, message: response.statusText, data: { reason: response.status === 413 ? 'too-large' : 'http-error', status: response.status } } };
  }
  if (reply.error?.data?.reason === 'service-unavailable') serviceDown();
  const old = current;
  current = null;
  opening = null;
  if (old) old.close();
  if (reply.error) throw new RPCError(reply.error);
  return reply.result;
}
