// The Breaking Bad fan app: episodes by season and their filter, episode details, characters and
// their filter, character details with quotes and hearts, and the quotes scene.

import { followCatalog, followFavorites } from './live.js';
import { at } from './router.js';
import { call } from './rpc.js';
import { session } from './session.js';
import { alertDialog, catalogImage, empty, failure, formDialog, h, heart, load, readableDate, replace, retitle, scene, swipeAway } from './ui.js';

/** @typedef {import('./types').SeriesApp} SeriesApp */
/** @typedef {import('./types').Result<'episodes.list'>['seasons']} Seasons */
/** @typedef {import('./types').Result<'episodes.filter'>['episodes']} Episodes */

/**
 * The app's routes, under app.path, for app.series of app.universe.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @returns {import('./types').Route[]}
 */
export function breakingBad(view, app) {
  return [
    at(app.path, '', () => home(view, app)),
    at(app.path, '/episodes', (_, query) => episodes(view, app, query)),
    at(app.path, '/episodes/(\\d+)', ([id]) => episode(view, app, Number(id))),
    at(app.path, '/characters', (_, query) => characters(view, app, query)),
    at(app.path, '/characters/(\\d+)', ([id]) => character(view, app, Number(id))),
    at(app.path, '/quotes', () => quotes(view, app)),
  ];
}

/**
 * The back link to the app's home.
 * @param {SeriesApp} app
 */
function back(app) {
  return { href: `#${app.path}`, label: 'Breaking Bad' };
}

/**
 * The app's home: the three scenes; the quotes button is disabled while no quote is saved.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 */
async function home(view, app) {
  const body = scene(view, 'Breaking Bad', { back: { href: '#/', label: 'Apps' } });
  const quotesButton = h('a', { href: `#${app.path}/quotes`, className: 'button big', id: 'favourite-quotes', 'aria-disabled': 'true', role: 'link' }, 'Favourite quotes');
  quotesButton.addEventListener('click', (event) => {
    if (quotesButton.getAttribute('aria-disabled') === 'true') event.preventDefault();
  });
  replace(body,
    h('p', { className: 'welcome' }, 'Welcome, ', h('strong', {}, session.user?.username)),
    h('div', { className: 'button-column' },
      h('a', { href: `#${app.path}/episodes`, className: 'button big' }, 'Episodes'),
      h('a', { href: `#${app.path}/characters`, className: 'button big' }, 'Characters'),
      quotesButton,
      h('p', { className: 'hint', id: 'quotes-hint' }, '')));
  try {
    const favourites = await call('favorites.list', { limit: 1 });
    const none = favourites.total === 0;
    quotesButton.setAttribute('aria-disabled', String(none));
    quotesButton.classList.toggle('disabled', none);
    /** @type {HTMLElement} */ (document.getElementById('quotes-hint')).textContent = none ? 'Save a quote from a character to see your favourites.' : '';
  } catch (error) {
    replace(/** @type {HTMLElement} */ (body.querySelector('#quotes-hint')), failure(error));
  }
}

/**
 * A filter's matches grouped by season, as episodes.list groups them.
 * @param {Episodes} episodes
 * @returns {{ season: number, episodes: Episodes }[]}
 */
function groupBySeason(episodes) {
  /** @type {Map<number, Episodes>} */
  const seasons = new Map();
  for (const episode of episodes) {
    const list = seasons.get(episode.season) ?? [];
    if (!seasons.has(episode.season)) seasons.set(episode.season, list);
    list.push(episode);
  }
  return [...seasons].map(([season, list]) => ({ season, episodes: list }));
}

/**
 * @param {SeriesApp} app
 * @param {readonly { season: number, episodes: readonly { id: number, title: string, episode: number }[] }[]} seasons
 */
function episodeList(app, seasons) {
  if (seasons.length === 0) return empty('No episode matches the filter.');
  return h('div', { className: 'sections', id: 'episodes' }, seasons.map((season) => h('section', { 'aria-labelledby': `season-${season.season}` },
    h('h2', { id: `season-${season.season}` }, `Season ${season.season}`),
    h('ul', { className: 'rows' }, season.episodes.map((episode) => h('li', {},
      h('a', { href: `#${app.path}/episodes/${episode.id}`, className: 'row' },
        h('span', { className: 'row-title' }, episode.title), h('span', { className: 'row-detail' }, `Episode ${episode.episode}`))))))));
}

/** @param {URLSearchParams} query */
function filterSummary(query) {
  const parts = [];
  if (query.get('season')) parts.push(`season ${query.get('season')}`);
  if (query.get('from')) parts.push(`from ${query.get('from')}`);
  if (query.get('to')) parts.push(`to ${query.get('to')}`);
  const characters = query.getAll('character');
  if (characters.length) parts.push(`with ${characters.join(' or ')}`);
  return parts.join(', ');
}

/**
 * Episodes grouped by season, or those the filter (in the URL) keeps.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @param {URLSearchParams} query
 */
async function episodes(view, app, query) {
  const filterButton = h('button', { type: 'button', id: 'filter', 'aria-haspopup': 'dialog' }, 'Filter');
  const body = scene(view, 'Episodes', { back: back(app), actions: filterButton });
  const summary = filterSummary(query);
  filterButton.addEventListener('click', () => episodeFilter(app, query));
  const list = h('div', {});
  replace(body, summary ? h('p', { className: 'filter-summary', id: 'filter-summary' }, 'Filtered: ', summary, ' · ', h('a', { href: `#${app.path}/episodes` }, 'Clear')) : null, list);
  const filtered = summary !== '';
  await load(list, async () => {
    if (!filtered) return (await call('episodes.list', { series: app.series })).seasons;
    /** @type {import('./types').Params<'episodes.filter'>} */
    const params = { series: app.series };
    const [season, from, to] = [query.get('season'), query.get('from'), query.get('to')];
    if (season) params.season = Number(season);
    if (from) params.airedFrom = from;
    if (to) params.airedTo = to;
    const characters = query.getAll('character');
    if (characters.length) params.characters = characters;
    return groupBySeason((await call('episodes.filter', params)).episodes);
  }, (seasons) => episodeList(app, seasons));
  followCatalog(body, app.universe, () => episodes(view, app, query));
}

/**
 * @param {SeriesApp} app
 * @param {URLSearchParams} query
 */
async function episodeFilter(app, query) {
  const season = h('input', { id: 'filter-season', type: 'number', min: String(Math.min(...app.seasons)), max: String(Math.max(...app.seasons)), inputmode: 'numeric', value: query.get('season') ?? '' });
  const from = h('input', { id: 'filter-from', type: 'date', value: query.get('from') ?? '' });
  const to = h('input', { id: 'filter-to', type: 'date', value: query.get('to') ?? '' });
  const chosen = new Set(query.getAll('character'));
  const picker = h('fieldset', { className: 'picker' }, h('legend', {}, 'Characters (any of them)'), loadingList());
  const fields = h('div', {},
    h('div', { className: 'field' }, h('label', { for: 'filter-season' }, 'Season'), season),
    h('div', { className: 'field-row' },
      h('div', { className: 'field' }, h('label', { for: 'filter-from' }, 'Aired from'), from),
      h('div', { className: 'field' }, h('label', { for: 'filter-to' }, 'Aired to'), to)),
    picker);
  call('characters.list', { series: app.series }).then((result) => {
    /** @type {ChildNode} */ (picker.lastChild).replaceWith(h('div', { className: 'checks' }, listed(result).map((character) => {
      const id = `pick-${character.id}`;
      return h('div', { className: 'check' }, h('input', { type: 'checkbox', id, value: character.name, checked: chosen.has(character.name) }), h('label', { for: id }, character.name));
    })));
  }, (error) => /** @type {ChildNode} */ (picker.lastChild).replaceWith(failure(error)));
  if (!(await formDialog('Filter episodes', fields))) return;
  const next = new URLSearchParams();
  if (season.value.trim()) next.set('season', season.value.trim());
  if (from.value) next.set('from', from.value);
  if (to.value) next.set('to', to.value);
  for (const box of picker.querySelectorAll('input[type=checkbox]:checked')) next.append('character', /** @type {HTMLInputElement} */ (box).value);
  location.hash = `#${app.path}/episodes${next.toString() ? `?${next}` : ''}`;
}

/**
 * The characters of characters.list, which answers them flat unless asked to group them (groupBy).
 * @param {import('./types').Result<'characters.list'>} result
 */
function listed(result) {
  return 'characters' in result ? result.characters : result.groups.flatMap((group) => group.characters);
}

function loadingList() {
  return h('p', { className: 'loading', role: 'status' }, 'Loading characters…');
}

/**
 * One episode: its header and the characters in it, each linked to their details.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @param {number} id
 */
async function episode(view, app, id) {
  const body = scene(view, 'Episode', { back: { href: `#${app.path}/episodes`, label: 'Episodes' } });
  await load(body, () => call('episodes.get', { id, universe: app.universe }), (details) => {
    retitle(view, details.title);
    return h('div', {},
      h('dl', { className: 'facts' },
        h('dt', {}, 'Season'), h('dd', {}, String(details.season)),
        h('dt', {}, 'Episode'), h('dd', {}, String(details.episode)),
        h('dt', {}, 'Aired'), h('dd', {}, readableDate(details.airDate))),
      h('h2', {}, 'Characters'),
      details.characters.length === 0 ? empty('No characters listed.') : h('ul', { className: 'rows', id: 'episode-characters' }, details.characters.map((mention) => h('li', {},
        mention.characterId
          ? h('a', { href: `#${app.path}/characters/${mention.characterId}`, className: 'row' }, h('span', { className: 'row-title' }, mention.name))
          : h('span', { className: 'row' }, h('span', { className: 'row-title' }, mention.name), h('span', { className: 'row-detail' }, 'no details'))))));
  });
}

/**
 * Characters, or those the status and season filter (in the URL) keeps.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @param {URLSearchParams} query
 */
async function characters(view, app, query) {
  const filterButton = h('button', { type: 'button', id: 'filter', 'aria-haspopup': 'dialog' }, 'Filter');
  const body = scene(view, 'Characters', { back: back(app), actions: filterButton });
  filterButton.addEventListener('click', () => characterFilter(app, query));
  const status = query.get('status');
  const seasons = query.getAll('season').map(Number);
  const list = h('div', {});
  const summary = [status, seasons.length ? `seasons ${seasons.join(', ')}` : null].filter(Boolean).join(', ');
  replace(body, summary ? h('p', { className: 'filter-summary', id: 'filter-summary' }, 'Filtered: ', summary, ' · ', h('a', { href: `#${app.path}/characters` }, 'Clear')) : null, list);
  await load(list, async () => {
    if (!summary) return listed(await call('characters.list', { series: app.series }));
    /** @type {import('./types').Params<'characters.filter'>} */
    const params = { series: app.series };
    if (status) params.status = status;
    if (seasons.length) params.seasons = seasons;
    return (await call('characters.filter', params)).characters;
  }, (found) => (found.length === 0 ? empty('No character matches the filter.') : characterSections(app, found)));
  followCatalog(body, app.universe, () => characters(view, app, query));
}

/**
 * The first letter a name is filed under: A to Z (accents dropped), else #.
 * @param {string} name
 */
function initialOf(name) {
  const letter = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(letter) ? letter : '#';
}

/**
 * Characters in alphabetical sections (A to Z, then #), each a list under its letter's heading,
 * with the letters as links at the top; the order within a section is the service's (by name).
 * @param {SeriesApp} app
 * @param {readonly { id: number, name: string, status: string }[]} found
 */
function characterSections(app, found) {
  /** @type {Map<string, (typeof found)[number][]>} */
  const sections = new Map();
  for (const character of found) {
    const letter = initialOf(character.name);
    sections.set(letter, [...(sections.get(letter) ?? []), character]);
  }
  const letters = [...sections.keys()].sort((a, b) => Number(a === '#') - Number(b === '#') || a.localeCompare(b));
  const anchor = (/** @type {string} */ letter) => `letter-${letter === '#' ? 'other' : letter}`;
  return h('div', { className: 'sections', id: 'characters' },
    h('nav', { 'aria-label': 'Letters' }, h('ul', { className: 'letter-index' }, letters.map((letter) => h('li', {},
      h('a', { href: `#${anchor(letter)}`, onclick: (/** @type {Event} */ event) => { event.preventDefault(); document.getElementById(anchor(letter))?.focus(); } }, letter))))),
    letters.map((letter) => h('section', { 'aria-labelledby': anchor(letter), className: 'letter-section', 'data-letter': letter },
      h('h2', { id: anchor(letter), tabindex: '-1' }, letter),
      h('ul', { className: 'rows' }, (sections.get(letter) ?? []).map((character) => h('li', {},
        h('a', { href: `#${app.path}/characters/${character.id}`, className: 'row' },
          h('span', { className: 'row-title' }, character.name), h('span', { className: `row-detail status-${character.status}` }, character.status.replace('-', ' ')))))))));
}

/**
 * @param {SeriesApp} app
 * @param {URLSearchParams} query
 */
async function characterFilter(app, query) {
  const current = query.get('status') ?? '';
  const chosen = new Set(query.getAll('season'));
  const statuses = [['', 'Any'], ['alive', 'Alive'], ['deceased', 'Deceased']];
  const fields = h('div', {},
    h('fieldset', { className: 'segmented-radios' }, h('legend', {}, 'Status'), statuses.map(([value, label]) => h('span', { className: 'radio' },
      h('input', { type: 'radio', name: 'status', id: `status-${value || 'any'}`, value, checked: value === current }), h('label', { for: `status-${value || 'any'}` }, label)))),
    h('fieldset', { className: 'picker' }, h('legend', {}, 'Appears in seasons'), h('div', { className: 'checks inline' }, app.seasons.map((season) => h('div', { className: 'check' },
      h('input', { type: 'checkbox', id: `season-${season}`, value: String(season), checked: chosen.has(String(season)) }), h('label', { for: `season-${season}` }, `Season ${season}`))))));
  if (!(await formDialog('Filter characters', fields))) return;
  const next = new URLSearchParams();
  const status = fields.querySelector('input[name=status]:checked');
  if (status instanceof HTMLInputElement && status.value) next.set('status', status.value);
  for (const box of fields.querySelectorAll('input[type=checkbox]:checked')) next.append('season', /** @type {HTMLInputElement} */ (box).value);
  location.hash = `#${app.path}/characters${next.toString() ? `?${next}` : ''}`;
}

/**
 * One character: name and birthday, portrait, and quotes with hearts.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 * @param {number} id
 */
async function character(view, app, id) {
  const body = scene(view, 'Character', { back: { href: `#${app.path}/characters`, label: 'Characters' } });
  await load(body, () => call('characters.get', { id, universe: app.universe }), (details) => {
    // The records this app shows have quotes (Breaking Bad's shape of characters.get).
    if (!('quotes' in details)) throw new Error(`${details.name} has no quotes to show here.`);
    retitle(view, details.name);
    return h('div', {},
      h('div', { className: 'profile-head' }, catalogImage(details.imageURL, details.name),
        h('dl', { className: 'facts' },
          h('dt', {}, 'Birthday'), h('dd', { id: 'birthday' }, readableDate(details.birthday)),
          h('dt', {}, 'Nickname'), h('dd', {}, details.nickname ?? '—'),
          h('dt', {}, 'Status'), h('dd', {}, details.status.replace('-', ' ')))),
      h('h2', {}, 'Quotes'),
      details.quotes.length === 0 ? empty('No quotes from this character.') : h('ul', { className: 'quotes', id: 'quotes' }, details.quotes.map((quote) => pressableQuote(quote))));
  });
}

/**
 * A character's quote whose whole row is its heart: one control, reached once by Tab, that saves
 * the quote as a favourite when the row is pressed (and removes it when pressed again). The
 * heart button covers the row (app.css), named for what it does and described by the quote.
 * @param {{ id: number, text: string, isFavorite?: boolean, favoriteCount?: number }} quote
 */
function pressableQuote(quote) {
  const button = heart(quote);
  const textId = `quote-${quote.id}-text`;
  button.setAttribute('aria-describedby', textId);
  return h('li', { className: 'quote pressable', 'data-quote': String(quote.id) }, h('blockquote', { id: textId }, quote.text), button);
}

/**
 * @param {{ id: number, text: string, author: string, isFavorite?: boolean, favoriteCount?: number }} quote
 * @param {import('./types').Child} [extra]
 * @param {() => unknown} [onChange]
 */
function quoteRow(quote, extra = null, onChange = undefined) {
  return h('li', { className: 'quote', 'data-quote': String(quote.id) },
    h('blockquote', {}, quote.text, h('footer', {}, '— ', quote.author)), extra, heart(quote, onChange));
}

/**
 * The quotes scene: the top three with counts, yours, and a random quote; no empty section.
 * @param {HTMLElement} view
 * @param {SeriesApp} app
 */
async function quotes(view, app) {
  const body = scene(view, 'Quotes', { back: back(app) });
  /**
   * The random quote in view. It stays through every redraw (a heart here or in another browser,
   * a quote removed) until "Another quote" replaces it.
   * @type {import('./types').Result<'quotes.random'> | undefined}
   */
  let shown;
  /** The number of the latest press of "Another quote": only its answer is shown. */
  let asks = 0;
  /** Whether the latest press is waiting for its quote: the random quote's box is then aria-busy. */
  let asking = false;
  /** @param {Element} box */
  const drawRandom = (box) => {
    const quote = shown;
    replace(box, quote ? h('ul', { className: 'quotes' }, quoteRow(quote, null, () => render(quote))) : empty('No quote to show.'));
    if (asking) box.setAttribute('aria-busy', 'true');
    else box.removeAttribute('aria-busy');
  };
  /**
   * Draws the scene again from quotes.overview, keeping the random quote in view; `kept` becomes
   * it (the one just hearted there, so that Top 3 and Your quotes change at once).
   * @param {import('./types').Result<'quotes.random'>} [kept]
   */
  const render = async (kept) => {
    if (kept) shown = kept;
    await load(body, () => call('quotes.overview'), (overview) => {
      const sections = [];
      if (overview.top?.length) {
        sections.push(h('section', { 'aria-labelledby': 'top-title', id: 'top' }, h('h2', { id: 'top-title' }, 'Top 3 favourite quotes'),
          h('ol', { className: 'quotes' }, overview.top.map((quote) => quoteRow(quote, h('span', { className: 'count', 'aria-label': `${quote.favoriteCount} fans` }, `♥ ${quote.favoriteCount}`), () => render())))));
      }
      if (overview.yours?.length) {
        sections.push(h('section', { 'aria-labelledby': 'yours-title', id: 'yours' }, h('h2', { id: 'yours-title' }, 'Your quotes'),
          h('p', { className: 'swipe-hint' }, 'Swipe a quote to the right to remove it.'),
          h('ul', { className: 'quotes' }, overview.yours.map((quote) => {
            const remove = async () => {
              try {
                await call('favorites.toggle', { quoteId: quote.id, favorite: false });
              } catch (error) {
                await alertDialog('Could not remove the quote', error.message);
              }
              render();
            };
            const row = h('li', { className: 'quote', 'data-quote': String(quote.id) },
              h('blockquote', {}, quote.text, h('footer', {}, '— ', quote.author)),
              h('button', { type: 'button', className: 'remove', 'aria-label': `Remove “${quote.text}” from your quotes`, onclick: remove }, 'Remove'));
            swipeAway(row, remove);
            return row;
          }))));
      }
      // The kept quote's heart follows the user's favourites as this overview has them.
      const kept = shown ?? overview.random;
      shown = kept && { ...kept, isFavorite: (overview.yours ?? []).some((quote) => quote.id === kept.id) };
      const randomBox = h('div', { id: 'random-quote', 'aria-live': 'polite' });
      drawRandom(randomBox);
      sections.push(h('section', { 'aria-labelledby': 'random-title', id: 'random' }, h('h2', { id: 'random-title' }, 'Random quote'), randomBox,
        h('button', { type: 'button', id: 'another', onclick: async () => {
          // The box says it is busy until the new quote is in it; a redraw meanwhile keeps the
          // quote in view, and the new one goes into whichever box the scene then shows. Pressed
          // again before it answers, only the last press's quote is shown.
          const ask = ++asks;
          asking = true;
          body.querySelector('#random-quote')?.setAttribute('aria-busy', 'true');
          /** @type {import('./types').Result<'quotes.random'> | undefined} */
          let quote;
          let failed = false;
          /** @type {any} */
          let problem;
          try {
            quote = await call('quotes.random', { series: app.series });
          } catch (error) {
            failed = true;
            problem = error;
          }
          if (ask !== asks) return;
          asking = false;
          if (!failed) shown = quote;
          const box = body.querySelector('#random-quote');
          if (!box) {
            // A redraw under way draws the quote kept; the failure is said in a dialog instead.
            if (failed) await alertDialog('Could not show another quote', problem.message);
            return;
          }
          if (failed) {
            replace(box, failure(problem));
            box.removeAttribute('aria-busy');
          } else {
            drawRandom(box);
          }
        } }, 'Another quote')));
      return h('div', { className: 'sections' }, sections);
    });
  };
  await render();
  followFavorites(body, app.universe, () => render());
}
