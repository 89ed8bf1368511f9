// The Rick and Morty explorer: every episode page by page as the list scrolls, "end of list",
// episode to characters to details, CSV and PDF exports, and refresh (pull or button) with its
// progress and the time of the last refresh.

import { at } from './router.js';
import { call, on } from './rpc.js';
import { alertDialog, catalogImage, ddmmyyyy, ddmmyyyyTime, empty, failure, h, load, replace, retitle, scene } from './ui.js';

/** @typedef {import('./types').CatalogApp} CatalogApp */

const PAGE = 20;
let stopListening = () => {};

/**
 * The explorer's routes, under app.path, for the catalog of app.universe.
 * @param {HTMLElement} view
 * @param {CatalogApp} app
 * @returns {import('./types').Route[]}
 */
export function rickAndMorty(view, app) {
  return [
    at(app.path, '', () => episodes(view, app), true),
    at(app.path, '/episodes/(\\d+)', ([id]) => episode(view, app, Number(id)), true),
    at(app.path, '/characters/(\\d+)', ([id]) => character(view, app, Number(id)), true),
  ];
}

/** @param {CatalogApp} app */
async function lastRefresh(app) {
  const info = await call('service.info');
  const universe = info.universes.find((entry) => entry.universe === app.universe);
  return universe?.refreshedAt ? ddmmyyyyTime(universe.refreshedAt) : 'never (the catalog shipped with bbfan)';
}

/**
 * Every episode: loaded a page at a time as the end of the list comes into view.
 * @param {HTMLElement} view
 * @param {CatalogApp} app
 */
async function episodes(view, app) {
  stopListening();
  const refresh = h('button', { type: 'button', id: 'refresh' }, 'Refresh');
  const body = scene(view, 'Rick and Morty', { back: { href: '#/', label: 'Apps' }, actions: refresh });
  const refreshed = h('p', { className: 'refreshed', id: 'last-refresh' }, 'Last refresh: …');
  const progress = h('progress', { id: 'refresh-progress', max: '1', value: '0', hidden: true, 'aria-label': 'Refresh progress' });
  const progressText = h('p', { id: 'refresh-status', role: 'status', className: 'hint' });
  const pull = h('div', { className: 'pull-hint', 'aria-hidden': 'true' }, 'Pull to refresh');
  const list = h('ol', { className: 'rows', id: 'rm-episodes' });
  const end = h('li', { className: 'end', id: 'end' }, h('span', { className: 'loading' }, 'Loading…'));
  list.append(end);
  replace(body, pull, refreshed, progress, progressText, list);
  lastRefresh(app).then((text) => { refreshed.textContent = `Last refresh: ${text}`; }, () => {});

  /** @type {string | null} */
  let cursor = null;
  let done = false;
  let busy = false;
  const more = async () => {
    if (busy || done) return;
    busy = true;
    try {
      const page = await call('episodes.list', { universe: app.universe, limit: PAGE, ...(cursor ? { cursor } : {}) });
      for (const season of page.seasons) {
        for (const episode of season.episodes) {
          end.before(h('li', {}, h('a', { href: `#${app.path}/episodes/${episode.id}`, className: 'row episode-row' },
            h('span', { className: 'row-title' }, episode.title),
            h('span', { className: 'row-detail' }, h('span', { className: 'code' }, episode.code), ' · ', h('time', { datetime: episode.airDate }, ddmmyyyy(episode.airDate))))));
        }
      }
      cursor = page.nextCursor;
      done = !cursor;
      replace(end, done ? 'End of list' : h('button', { type: 'button', className: 'link', onclick: more }, 'Load more'));
    } catch (error) {
      replace(end, failure(error), h('button', { type: 'button', onclick: more }, 'Try again'));
    } finally {
      busy = false;
    }
    if (!done && end.getBoundingClientRect().top < window.innerHeight) more();
  };
  const observer = new IntersectionObserver((entries) => { if (entries.some((entry) => entry.isIntersecting)) more(); });
  observer.observe(end);
  const restart = () => {
    cursor = null;
    done = false;
    list.replaceChildren(end);
    replace(end, h('span', { className: 'loading' }, 'Loading…'));
    more();
  };

  const doRefresh = async () => {
    refresh.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    progressText.textContent = 'Refreshing…';
    const token = `rm-${Date.now()}`;
    const unsubscribe = on('notifications/progress', (params) => {
      if (params.progressToken !== token) return;
      if (params.total) {
        progress.max = params.total;
        progress.value = params.progress;
      }
      if (params.message) progressText.textContent = params.message;
    });
    try {
      const result = await call('catalog.refresh', { universe: app.universe, progressToken: token });
      progressText.textContent = result.changed ? 'The catalog changed: the list is loaded again.' : 'Up to date: nothing changed.';
      refreshed.textContent = `Last refresh: ${ddmmyyyyTime(result.refreshedAt)}`;
    } catch (error) {
      replace(progressText, failure(error, 'Refresh failed: '));
    } finally {
      unsubscribe();
      progress.hidden = true;
      refresh.disabled = false;
    }
  };
  refresh.addEventListener('click', doRefresh);
  stopListening = on('catalog.changed', (params) => { if (params.universe === app.universe) restart(); });

  // Pull to refresh: on a touch screen, pulling down from the top of the list.
  /** @type {number | null} */
  let startY = null;
  body.addEventListener('touchstart', (event) => { startY = window.scrollY === 0 ? event.touches[0].clientY : null; }, { passive: true });
  body.addEventListener('touchmove', (event) => {
    if (startY !== null) body.classList.toggle('pulling', event.touches[0].clientY - startY > 60);
  }, { passive: true });
  body.addEventListener('touchend', () => {
    if (body.classList.contains('pulling')) doRefresh();
    body.classList.remove('pulling');
    startY = null;
  });
  more();
}

/**
 * One episode: its code, air date and the characters in it, each linked to their details.
 * @param {HTMLElement} view
 * @param {CatalogApp} app
 * @param {number} id
 */
async function episode(view, app, id) {
  const body = scene(view, 'Episode', { back: { href: `#${app.path}`, label: 'Episodes' } });
  await load(body, () => call('episodes.get', { id, universe: app.universe }), (details) => {
    retitle(view, details.title);
    return h('div', {},
      h('dl', { className: 'facts' }, h('dt', {}, 'Code'), h('dd', {}, details.code), h('dt', {}, 'Aired'), h('dd', {}, ddmmyyyy(details.airDate))),
      h('h2', {}, 'Characters'),
      details.characters.length === 0 ? empty('No characters listed.') : h('ul', { className: 'rows', id: 'rm-characters' }, details.characters.map((mention) => h('li', {},
        h('a', { href: `#${app.path}/characters/${mention.characterId}`, className: 'row' }, h('span', { className: 'row-title' }, mention.name))))));
  });
}

/**
 * One character: image, name, status, species, origin, episode count, and the exports.
 * @param {HTMLElement} view
 * @param {CatalogApp} app
 * @param {number} id
 */
async function character(view, app, id) {
  const body = scene(view, 'Character', { back: { href: `#${app.path}`, label: 'Back' } });
  body.parentElement?.querySelector('.back')?.addEventListener('click', (event) => { event.preventDefault(); history.back(); });
  await load(body, () => call('characters.get', { id, universe: app.universe }), (details) => {
    // The records this explorer shows have species and an origin (Rick and Morty's shape of characters.get).
    if (!('species' in details)) throw new Error(`${details.name} has no species or origin to show here.`);
    retitle(view, details.name);
    /**
     * @param {import('./types').Params<'characters.export'>['format']} format
     * @param {string} label
     */
    const exportButton = (format, label) => h('button', {
      type: 'button', id: `export-${format}`,
      /** @param {MouseEvent} event */
      onclick: async (event) => {
        const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
        button.disabled = true;
        try {
          const file = await call('characters.export', { id, format, universe: app.universe });
          const link = h('a', { href: file.href, download: '' });
          document.body.append(link);
          link.click();
          link.remove();
          if (file.warnings) await alertDialog('Exported, with warnings', file.warnings);
        } catch (error) {
          await alertDialog('Could not export', error.message);
        } finally {
          button.disabled = false;
        }
      },
    }, label);
    return h('div', { className: 'profile-head' }, catalogImage(details.imageURL, details.name),
      h('div', {},
        h('dl', { className: 'facts', id: 'details' },
          h('dt', {}, 'Name'), h('dd', {}, details.name),
          h('dt', {}, 'Status'), h('dd', {}, details.status),
          h('dt', {}, 'Species'), h('dd', {}, details.species),
          h('dt', {}, 'Origin'), h('dd', {}, details.origin?.name ?? 'unknown'),
          h('dt', {}, 'Episodes'), h('dd', { id: 'episode-count' }, String(details.episodeCount))),
        h('div', { className: 'button-row' }, exportButton('csv', 'Export CSV'), exportButton('pdf', 'Export PDF card'))));
  });
}
