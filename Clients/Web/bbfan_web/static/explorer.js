// The character explorer: search by name, filter by season, portraits (cached by bbfan), and the
// details (image, name, occupation, status, nickname, seasons).

import { followCatalog } from './live.js';
import { at } from './router.js';
import { call } from './rpc.js';
import { catalogImage, empty, h, load, replace, retitle, scene } from './ui.js';

/** @typedef {import('./types').SeriesApp} SeriesApp */

/** Series by the names the details show. */
const SERIES_NAMES = /** @type {Record<string, string>} */ ({ 'breaking-bad': 'Breaking Bad', 'better-call-saul': 'Better Call Saul' });

/**
 * The explorer's routes, under app.path, for the characters of app.series in app.universe.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @returns {import('./types').Route[]}
 */
export function explorer(view, app) {
  return [
    at(app.path, '', (_, query) => list(view, app, query), true),
    at(app.path, '/(\\d+)', ([id]) => details(view, app, Number(id)), true),
  ];
}

/**
 * Characters with portraits; the search and season filter live in the URL.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @param {URLSearchParams} query
 */
async function list(view, app, query) {
  const body = scene(view, 'Character explorer', { back: { href: '#/', label: 'Apps' } });
  const search = h('input', { id: 'search', type: 'search', value: query.get('name') ?? '', autocomplete: 'off', placeholder: 'Walter, Heisenberg…' });
  const season = h('select', { id: 'season' }, h('option', { value: '' }, 'Any season'),
    app.seasons.map((number) => h('option', { value: String(number), selected: query.get('season') === String(number) }, `Season ${number}`)));
  const results = h('div', { id: 'results', 'aria-live': 'polite' });
  const form = h('form', { role: 'search', className: 'search-bar' },
    h('div', { className: 'field' }, h('label', { for: 'search' }, 'Search by name'), search),
    h('div', { className: 'field' }, h('label', { for: 'season' }, 'Appears in'), season));
  replace(body, form, results);
  let sequence = 0;
  const show = async () => {
    const mine = ++sequence;
    /** @type {import('./types').Params<'characters.filter'>} */
    const params = { series: app.series, universe: app.universe };
    if (search.value.trim()) params.name = search.value.trim();
    if (season.value) params.seasons = [Number(season.value)];
    const next = new URLSearchParams();
    if (params.name) next.set('name', params.name);
    if (season.value) next.set('season', season.value);
    history.replaceState(null, '', `#${app.path}${next.toString() ? `?${next}` : ''}`);
    await load(results, () => call('characters.filter', params), (found) => {
      if (mine !== sequence) return results.firstChild;
      if (found.characters.length === 0) return empty('No character matches.');
      return h('ul', { className: 'portrait-grid', id: 'characters' }, found.characters.map((character) => h('li', {},
        h('a', { href: `#${app.path}/${character.id}`, className: 'portrait-card' }, catalogImage(character.imageURL, character.name, 'thumb'),
          h('span', { className: 'portrait-name' }, character.name)))));
    });
  };
  form.addEventListener('submit', (event) => { event.preventDefault(); show(); });
  search.addEventListener('input', show);
  season.addEventListener('change', show);
  await show();
  followCatalog(body, app.universe, show);
}

/**
 * One character's details.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @param {number} id
 */
async function details(view, app, id) {
  const body = scene(view, 'Character', { back: { href: `#${app.path}`, label: 'Explorer' } });
  await load(body, () => call('characters.get', { id, universe: app.universe }), (character) => {
    // The records this explorer shows have occupations and seasons (Breaking Bad's shape of characters.get).
    if (!('occupations' in character)) throw new Error(`${character.name} has no occupations or seasons to show here.`);
    retitle(view, character.name);
    /** @type {[string, number[] | undefined][]} */
    const appearances = Object.entries(character.appearances ?? {});
    const seasons = appearances.filter(([, list]) => list?.length)
      .map(([series, list]) => `${SERIES_NAMES[series] ?? series}: ${list?.join(', ')}`);
    return h('div', { className: 'profile-head' }, catalogImage(character.imageURL, character.name),
      h('dl', { className: 'facts', id: 'details' },
        h('dt', {}, 'Name'), h('dd', {}, character.name),
        h('dt', {}, 'Occupation'), h('dd', {}, character.occupations.join(', ')),
        h('dt', {}, 'Status'), h('dd', {}, character.status.replace('-', ' ')),
        h('dt', {}, 'Nickname'), h('dd', {}, character.nickname ?? '—'),
        h('dt', {}, 'Seasons'), h('dd', {}, seasons.length ? seasons.join('; ') : 'none')));
  });
}
