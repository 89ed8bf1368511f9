// The page's one connection to the bridge: JSON-RPC over a WebSocket at /rpc, and the sign-in
// endpoints (POST /auth/ACTION), which alone change the HttpOnly cookie holding the session tokens.
// Every call goes through call(), typed by bbfan's method map (types.d.ts): tsc checks each
// method name, its params and the use of its result.

/** @typedef {import('./types').OfferedName} OfferedName */
/** @typedef {import('./types').ErrorObject} ErrorObject */
/** @typedef {import('./types').Notifications} Notifications */
/** @typedef {import('./types').AuthActions} AuthActions */

/** A JSON-RPC error answered by bbfan or the bridge: code, message and data as sent. */
export class RPCError extends Error {
  /** @param {ErrorObject} error */
  constructor(error) {
    super(error.message);
    this.code = error.code;
    this.data = error.data ?? {};
  }

  /**
   * Every {field, problem} a form shows, from data.problems or the one data.field.
   * @returns {{ field: string, problem: string }[]}
   */
  get problems() {
    if (Array.isArray(this.data.problems)) return this.data.problems;
    if (this.data.field) return [{ field: this.data.field, problem: this.data.problem ?? this.message }];
    return [];
  }
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
    ws.addEventListener('error', () => reject(new RPCError({ code: -32603, message: 'The connection to the server failed.' })));
    ws.addEventListener('close', () => {
      if (current === ws) {
        current = null;
        opening = null;
      }
      for (const [id, entry] of pending) {
        if (entry.ws === ws) {
          pending.delete(id);
          entry.reject(new RPCError({ code: -32603, message: 'The connection to the server closed; try again.' }));
        }
      }
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
  if (message.error) entry.reject(new RPCError(message.error));
  else entry.resolve(message.result);
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
  const response = await fetch(`/auth/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const reply = await response.json();
  const old = current;
  current = null;
  opening = null;
  if (old) old.close();
  if (reply.error) throw new RPCError(reply.error);
  return reply.result;
}
