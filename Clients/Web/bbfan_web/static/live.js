// Hearts from everyone, live: every Breaking Bad quotes scene follows favorites.changed (the
// bridge sends it to every page, whoever hearted, on whichever bridge) and updates the counts it
// shows and its Top 3, without a reload. The user's own hearts (isFavorite) come only from the
// user's own calls: a notification carries counts, never whose hearts they are.

import { on } from './rpc.js';

/**
 * Follows favorites.changed for `universe` while `container` is in the page: each count shown
 * for the quote (`[data-quote=ID] .count`) becomes the new one; when the Top 3 changed (the
 * notification carries `top`) and differs from the one shown (`#top [data-quote]`), `redraw`
 * draws the scene again from the user's own calls (the scene keeps its random quote in view),
 * one redraw after another.
 * @param {HTMLElement} container the scene's body
 * @param {string} universe
 * @param {() => Promise<unknown>} redraw
 */
export function followFavorites(container, universe, redraw) {
  const inTurn = oneAfterAnother();
  const stop = on('favorites.changed', (params) => {
    if (!container.isConnected) {
      stop();
      return;
    }
    if (params.universe !== universe) return;
    for (const count of container.querySelectorAll(`[data-quote="${params.quoteId}"] .count`)) {
      count.textContent = `♥ ${params.favoriteCount}`;
      count.setAttribute('aria-label', `${params.favoriteCount} fans`);
    }
    if (!params.top) return;
    const shown = [...container.querySelectorAll('#top [data-quote]')].map((row) => row.getAttribute('data-quote'));
    const top = params.top.map((quote) => String(quote.id));
    if (shown.join(',') === top.join(',')) return;
    inTurn(redraw);
  });
}

/**
 * Follows catalog.changed for `universe` while `container` is in the page (another browser's
 * refresh, on any bridge on the same data directory, or another bbfan process's): `redraw`
 * loads the list again, and the page stays where the user had scrolled it.
 * @param {HTMLElement} container the scene's body
 * @param {string} universe
 * @param {() => Promise<unknown>} redraw
 */
export function followCatalog(container, universe, redraw) {
  const inTurn = oneAfterAnother();
  const stop = on('catalog.changed', (params) => {
    if (!container.isConnected) {
      stop();
      return;
    }
    if (params.universe !== universe) return;
    // One redraw after another, each keeping the place the page has when it starts: a second
    // notice arriving while the list loads (the page shorter, scrolled up) waits for the first
    // redraw to scroll back, rather than keeping the top as its place.
    inTurn(async () => {
      const [x, y] = [window.scrollX, window.scrollY];
      await redraw();
      window.scrollTo(x, y);
    });
  });
}

/**
 * A runner of redraws, one after another: each starts once the one before has finished. A
 * failed one (none can: `load` shows its errors) is logged and does not stop those after it.
 * @returns {(task: () => Promise<unknown>) => void}
 */
function oneAfterAnother() {
  /** @type {Promise<unknown>} */
  let last = Promise.resolve();
  return (task) => {
    last = last.then(task).catch((error) => console.error(error));
  };
}
