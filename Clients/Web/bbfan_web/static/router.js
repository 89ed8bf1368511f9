// The hash router: #/PATH?QUERY to the scene of the first route whose pattern matches PATH.
// A scene needs a signed-in user unless its route is `open`; the routes come from the apps.
// Navigating closes any dialog left open (an alert or a filter) before the next scene shows.

import { h, replace } from './ui.js';

/** @typedef {import('./types').Route} Route */

/** @type {{ view: HTMLElement, routes: readonly Route[], signedIn: () => boolean } | null} */
let table = null;

/**
 * Shows the scene of the current hash (none before start: the first route runs once the session is known).
 */
export function route() {
  if (!table) return;
  const [path, queryString] = (location.hash.slice(1) || '/').split('?');
  const query = new URLSearchParams(queryString ?? '');
  for (const dialog of document.querySelectorAll('dialog')) dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
  for (const { pattern, render, open } of table.routes) {
    const match = pattern.exec(path);
    if (match) {
      if (!open && !table.signedIn()) {
        location.replace('#/login');
        return;
      }
      render(match.slice(1), query);
      return;
    }
  }
  replace(table.view, h('h1', { tabindex: '-1' }, 'Not found'), h('p', {}, h('a', { href: '#/' }, 'Home')));
}

/**
 * Starts routing: shows the current hash's scene, and each one the hash changes to.
 * @param {HTMLElement} view where scenes are shown
 * @param {readonly Route[]} routes
 * @param {() => boolean} signedIn whether a user is signed in (else a route that is not open goes to #/login)
 */
export function startRouter(view, routes, signedIn) {
  table = { view, routes, signedIn };
  route();
}

window.addEventListener('hashchange', route);

/**
 * A route for `prefix` followed by `rest`, a regular expression's source (with the groups the
 * scene gets): at('/bb', '/episodes/(\\d+)', render) matches #/bb/episodes/62.
 * @param {string} prefix
 * @param {string} rest
 * @param {Route['render']} render
 * @param {boolean} [open] whether the scene opens with no one signed in
 * @returns {Route}
 */
export function at(prefix, rest, render, open = false) {
  const literal = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { pattern: new RegExp(`^${literal}${rest}$`), render, open };
}
