// Small helpers the scenes share: building elements (text is always set as text, never as HTML),
// loading and error states, alerts, dates and images.

import { call } from './rpc.js';

/** @typedef {import('./types').Child} Child */
/** @typedef {import('./types').BrowserProfile} BrowserProfile */

/**
 * An element: h('a', {href: '#/'}, 'Home'). Attributes starting with "on" become listeners.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attributes]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    else if (name === 'className') element.className = String(value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

/**
 * @param {Element} element
 * @param {readonly Child[]} children
 */
function append(element, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces an element's children.
 * @template {Element} E
 * @param {E} element
 * @param {...Child} children
 * @returns {E}
 */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

/**
 * A scene's frame: a heading (focused when shown), an optional back link, and its body.
 * @param {HTMLElement} view
 * @param {string} title
 * @param {{ back?: { href: string, label: string }, actions?: Child }} [frame]
 */
export function scene(view, title, frame = {}) {
  const { back, actions } = frame;
  const heading = h('h1', { tabindex: '-1', id: 'scene-title' }, title);
  const body = h('div', { className: 'scene-body' });
  replace(view, h('div', { className: 'scene-head' },
    back ? h('a', { href: back.href, className: 'back' }, '← ', back.label) : null,
    heading, actions ? h('div', { className: 'scene-actions' }, actions) : null), body);
  document.title = `${title} · bbfan`;
  heading.focus();
  return body;
}

/**
 * A scene's title once what it shows is known (a character's name): the heading and the document's.
 * @param {HTMLElement} view
 * @param {string} title
 */
export function retitle(view, title) {
  const heading = view.querySelector('#scene-title');
  if (heading) heading.textContent = title;
  document.title = `${title} · bbfan`;
}

/** A loading indicator, shown while a call runs. */
export function loading(label = 'Loading…') {
  return h('p', { className: 'loading', role: 'status' }, h('span', { className: 'spinner', 'aria-hidden': 'true' }), label);
}

/**
 * A message shown when a list has nothing to show.
 * @param {string} text
 */
export function empty(text) {
  return h('p', { className: 'empty' }, text);
}

/**
 * An inline error (role=alert) with the error's message.
 * @param {any} error
 */
export function failure(error, prefix = '') {
  return h('p', { className: 'error', role: 'alert' }, prefix, error.message ?? String(error));
}

/**
 * Runs a call, showing the loading indicator in place, then whatever render returns.
 * @template T
 * @param {Element} container
 * @param {() => Promise<T>} work
 * @param {(value: T) => Child} render
 */
export async function load(container, work, render) {
  // Only the latest load of a container shows: an older answer (the search before the last
  // key typed) arriving late does not replace a newer one.
  const ticket = (loads.get(container) ?? 0) + 1;
  loads.set(container, ticket);
  replace(container, loading());
  try {
    const value = await work();
    if (loads.get(container) === ticket) replace(container, render(value));
  } catch (error) {
    if (loads.get(container) === ticket) replace(container, failure(error));
  }
}

/** @type {WeakMap<Element, number>} the latest load of each container */
const loads = new WeakMap();

/**
 * Shows dialog as a modal that keeps Tab and Shift+Tab among its own controls, and gives the
 * focus back to what had it once the dialog closes.
 * @param {HTMLDialogElement} dialog
 */
export function showTrapped(dialog) {
  const before = document.activeElement;
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const controls = [...dialog.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea')]
      .filter((element) => element instanceof HTMLElement && element.offsetParent !== null);
    if (controls.length === 0) return;
    const first = /** @type {HTMLElement} */ (controls[0]);
    const last = /** @type {HTMLElement} */ (controls[controls.length - 1]);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  dialog.addEventListener('close', () => {
    if (before instanceof HTMLElement && before.isConnected) before.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
}

/**
 * A modal alert (a <dialog>) with a title, a message and an OK button; resolves when closed.
 * @param {string} title
 * @param {string | readonly string[]} message
 * @param {Child} [extra]
 * @returns {Promise<void>}
 */
export function alertDialog(title, message, extra = null) {
  return new Promise((resolve) => {
    const ok = h('button', { type: 'button', className: 'primary' }, 'OK');
    const dialog = h('dialog', { className: 'alert', role: 'alertdialog', 'aria-labelledby': 'alert-title', 'aria-describedby': 'alert-message' },
      h('h2', { id: 'alert-title' }, title),
      h('div', { id: 'alert-message' }, Array.isArray(message) ? h('ul', {}, message.map((line) => h('li', {}, line))) : h('p', {}, message)),
      extra,
      h('div', { className: 'dialog-actions' }, ok));
    const close = () => { dialog.close(); dialog.remove(); resolve(); };
    ok.addEventListener('click', close);
    dialog.addEventListener('cancel', (event) => { event.preventDefault(); close(); });
    dialog.addEventListener('click', (event) => { if (event.target instanceof HTMLAnchorElement) close(); });
    showTrapped(dialog);
    ok.focus();
  });
}

/**
 * A modal form dialog: body is a form's fields; resolves with true on Apply, false on Cancel.
 * @param {string} title
 * @param {Child} fields
 * @returns {Promise<boolean>}
 */
export function formDialog(title, fields, applyLabel = 'Apply') {
  return new Promise((resolve) => {
    const form = h('form', { method: 'dialog', className: 'dialog-form' },
      h('h2', {}, title), fields,
      h('div', { className: 'dialog-actions' },
        h('button', { type: 'button', value: 'cancel', onclick: () => finish(false) }, 'Cancel'),
        h('button', { type: 'submit', className: 'primary' }, applyLabel)));
    const dialog = h('dialog', { 'aria-label': title }, form);
    /** @param {boolean} applied */
    const finish = (applied) => { dialog.close(); dialog.remove(); resolve(applied); };
    form.addEventListener('submit', (event) => { event.preventDefault(); finish(true); });
    dialog.addEventListener('cancel', (event) => { event.preventDefault(); finish(false); });
    showTrapped(dialog);
  });
}

/**
 * A date as dd/mm/yyyy (from YYYY-MM-DD).
 * @param {string | null | undefined} date
 */
export function ddmmyyyy(date) {
  if (!date) return 'unknown';
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * A moment as dd/mm/yyyy, hh:mm in the reader's time zone (from an ISO 8601 time).
 * @param {string | null | undefined} time
 */
export function ddmmyyyyTime(time) {
  if (!time) return 'unknown';
  const moment = new Date(time);
  if (Number.isNaN(moment.getTime())) return 'unknown';
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${two(moment.getDate())}/${two(moment.getMonth() + 1)}/${moment.getFullYear()}, ${two(moment.getHours())}:${two(moment.getMinutes())}`;
}

/**
 * A date as the reader's locale writes it (from YYYY-MM-DD), or "unknown".
 * @param {string | null | undefined} date
 */
export function readableDate(date) {
  if (!date) return 'unknown';
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(undefined, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/** @type {Map<string, Promise<import('./types').Result<'images.fetch'>>>} */
const images = new Map();
// Portraits whose download failed, until when (ms): shown as unavailable at once, without asking
// again, for as long as bbfan remembers the failure (its data.retryAfter; 30 s otherwise).
/** @type {Map<string, { until: number, message: string }>} */
const failedImages = new Map();

/**
 * @param {HTMLElement} figure
 * @param {string} className
 * @param {string} alt
 * @param {string} message
 */
function showUnavailable(figure, className, alt, message) {
  figure.className = `${className} image-missing`;
  figure.setAttribute('aria-label', `${alt}: image unavailable`);
  figure.title = message;
  figure.textContent = 'Image unavailable';
}

/**
 * An image of the catalog (a portrait), fetched through bbfan's cache (images.fetch) and served
 * by the bridge; a placeholder says so when the image host cannot be reached.
 * @param {string | null | undefined} url
 * @param {string} alt
 */
export function catalogImage(url, alt, className = 'portrait') {
  const figure = h('div', { className: `${className} image-loading`, role: 'img', 'aria-label': `${alt} (loading)` });
  if (!url) {
    figure.className = `${className} image-missing`;
    figure.setAttribute('aria-label', `${alt}: no image`);
    figure.textContent = 'No image';
    return figure;
  }
  const failed = failedImages.get(url);
  if (failed && failed.until > Date.now()) {
    showUnavailable(figure, className, alt, failed.message);
    return figure;
  }
  let fetching = images.get(url);
  if (!fetching) images.set(url, (fetching = call('images.fetch', { url })));
  fetching.then((image) => {
    const img = h('img', { src: image.href, alt, className, loading: 'lazy' });
    figure.replaceWith(img);
  }, (error) => {
    images.delete(url);
    const seconds = Number(error.data?.retryAfter) > 0 ? Number(error.data.retryAfter) : 30;
    failedImages.set(url, { until: Date.now() + seconds * 1000, message: error.message });
    showUnavailable(figure, className, alt, error.message);
  });
  return figure;
}

/**
 * A person's face: the profile photo or the initials.
 * @param {BrowserProfile} account
 */
export function face(account, className = 'face') {
  const name = account.displayName || account.user.username;
  if (account.photo?.href) return h('img', { src: account.photo.href, alt: '', className });
  return h('span', { className: `${className} initials`, 'aria-hidden': 'true' }, name.slice(0, 1).toUpperCase());
}

/**
 * A heart button: pressed when the quote is a favourite; toggling calls favorites.toggle.
 * @param {{ id: number, isFavorite?: boolean, favoriteCount?: number }} quote
 * @param {(toggle: import('./types').Result<'favorites.toggle'>) => void} [onChange]
 */
export function heart(quote, onChange = () => {}) {
  const button = h('button', { type: 'button', className: 'heart' });
  const render = () => {
    button.setAttribute('aria-pressed', quote.isFavorite ? 'true' : 'false');
    button.setAttribute('aria-label', quote.isFavorite ? 'Remove from favourites' : 'Add to favourites');
    button.textContent = quote.isFavorite ? '♥' : '♡';
  };
  render();
  // While the toggle is under way the button says so and ignores presses; it is not disabled, so
  // that the keyboard's focus stays on it.
  let busy = false;
  button.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    button.setAttribute('aria-disabled', 'true');
    try {
      const toggle = await call('favorites.toggle', { quoteId: quote.id, favorite: !quote.isFavorite });
      quote.isFavorite = toggle.isFavorite;
      quote.favoriteCount = toggle.favoriteCount;
      render();
      onChange(toggle);
    } catch (error) {
      await alertDialog('Could not change the favourite', error.message);
    } finally {
      busy = false;
      button.removeAttribute('aria-disabled');
    }
  });
  return button;
}

/**
 * Lets a row be swiped away to the right on a touch screen (or with a pen): the row follows the
 * finger, and let go past a third of its width (at least 80 px) it calls `onSwipe`; short of that
 * it slides back. A mouse and the keyboard use the row's own button instead.
 * @param {HTMLElement} row
 * @param {() => unknown} onSwipe
 */
export function swipeAway(row, onSwipe) {
  row.classList.add('swipeable');
  /** @type {{ id: number, x: number, y: number } | null} */
  let start = null;
  let dx = 0;
  const reset = () => { start = null; dx = 0; row.style.transform = ''; row.classList.remove('swiping'); };
  row.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' || start) return;
    start = { id: event.pointerId, x: event.clientX, y: event.clientY };
    dx = 0;
  });
  row.addEventListener('pointermove', (event) => {
    if (!start || event.pointerId !== start.id) return;
    dx = Math.max(0, event.clientX - start.x);
    if (dx > 0) {
      row.classList.add('swiping');
      row.style.transform = `translateX(${dx}px)`;
    }
  });
  row.addEventListener('pointerup', (event) => {
    if (!start || event.pointerId !== start.id) return;
    const far = dx >= Math.max(80, row.getBoundingClientRect().width / 3);
    reset();
    if (far) onSwipe();
  });
  row.addEventListener('pointercancel', reset);
}
