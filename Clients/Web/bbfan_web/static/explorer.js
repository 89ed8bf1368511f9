// The character explorer: search by name, filter by season, portraits (cached by bbfan), and the
// details (image, name, occupation, status, nickname, seasons).

import { call } from './rpc.js';
import { catalogImage, empty, h, load, replace, scene } from './ui.js';

const SERIES = 'breaking-bad';

/** Characters with portraits; the search and season filter live in the URL. */
export async function list(view, query) {
  const body = scene(view, 'Character explorer', { back: { href: '#/', label: 'Apps' } });
  const search = h('input', { id: 'search', type: 'search', value: query.get('name') ?? '', autocomplete: 'off', placeholder: 'Walter, Heisenberg…' });
  const season = h('select', { id: 'season' }, h('option', { value: '' }, 'Any season'),
    [1, 2, 3, 4, 5].map((number) => h('option', { value: String(number), selected: query.get('season') === String(number) }, `Season ${number}`)));
  const results = h('div', { id: 'results', 'aria-live': 'polite' });
  const form = h('form', { role: 'search', className: 'search-bar' },
    h('div', { className: 'field' }, h('label', { for: 'search' }, 'Search by name'), search),
    h('div', { className: 'field' }, h('label', { for: 'season' }, 'Appears in'), season));
  replace(body, form, results);
  let sequence = 0;
  const show = async () => {
    const mine = ++sequence;
    const params = { series: SERIES };
    if (search.value.trim()) params.name = search.value.trim();
    if (season.value) params.seasons = [Number(season.value)];
    const next = new URLSearchParams();
    if (params.name) next.set('name', params.name);
    if (season.value) next.set('season', season.value);
    history.replaceState(null, '', `#/explorer${next.toString() ? `?${next}` : ''}`);
    await load(results, () => call('characters.filter', params), (found) => {
      if (mine !== sequence) return results.firstChild;
      if (found.characters.length === 0) return empty('No character matches.');
      return h('ul', { className: 'portrait-grid', id: 'characters' }, found.characters.map((character) => h('li', {},
        h('a', { href: `#/explorer/${character.id}`, className: 'portrait-card' }, catalogImage(character.imageURL, character.name, 'thumb'),
          h('span', { className: 'portrait-name' }, character.name)))));
    });
  };
  form.addEventListener('submit', (event) => { event.preventDefault(); show(); });
  search.addEventListener('input', show);
  season.addEventListener('change', show);
  await show();
}

/** One character's details. */
export async function details(view, id) {
  const body = scene(view, 'Character', { back: { href: '#/explorer', label: 'Explorer' } });
  await load(body, () => call('characters.get', { id }), (character) => {
    view.querySelector('#scene-title').textContent = character.name;
    document.title = `${character.name} · bbfan`;
    const seasons = Object.entries(character.appearances ?? {}).filter(([, list]) => list.length)
      .map(([series, list]) => `${series === 'breaking-bad' ? 'Breaking Bad' : 'Better Call Saul'}: ${list.join(', ')}`);
    return h('div', { className: 'profile-head' }, catalogImage(character.imageURL, character.name),
      h('dl', { className: 'facts', id: 'details' },
        h('dt', {}, 'Name'), h('dd', {}, character.name),
        h('dt', {}, 'Occupation'), h('dd', {}, character.occupations.join(', ')),
        h('dt', {}, 'Status'), h('dd', {}, character.status.replace('-', ' ')),
        h('dt', {}, 'Nickname'), h('dd', {}, character.nickname ?? '—'),
        h('dt', {}, 'Seasons'), h('dd', {}, seasons.length ? seasons.join('; ') : 'none')));
  });
}
