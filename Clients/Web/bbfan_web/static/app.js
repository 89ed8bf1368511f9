// The single page: the apps and their routes, home, and the start (the session, then the router).
// Each app is a module that gives its routes; the explorers take their universe as a parameter.

import { breakingBad } from './bb.js';
import { explorer } from './explorer.js';
import { quizzes } from './quizzes.js';
import { rickAndMorty } from './rm.js';
import { startRouter } from './router.js';
import { onAvailability } from './rpc.js';
import { route } from './router.js';
import { refreshAccount, session } from './session.js';
import { signIn } from './signin.js';
import { h, replace, scene } from './ui.js';

const view = /** @type {HTMLElement} */ (document.getElementById('view'));

/** Home: the four apps; the explorers and quizzes' browsing need no account, Breaking Bad starts at its login. */
function home() {
  const body = scene(view, 'Fan apps');
  const name = session.account?.displayName || session.user?.username;
  replace(body,
    name
      ? h('p', { className: 'welcome' }, 'Signed in as ', h('strong', { id: 'home-username' }, name))
      : h('p', { className: 'welcome' }, 'Pick an app. The explorers need no account; ', h('a', { href: '#/login' }, 'sign in or register'), ' for Breaking Bad and to keep quizzes.'),
    h('ul', { className: 'app-grid' },
      h('li', {}, h('a', { href: '#/bb', className: 'app-card bb' }, h('strong', {}, 'Breaking Bad'), h('span', {}, 'Episodes, characters and quotes'))),
      h('li', {}, h('a', { href: '#/explorer', className: 'app-card explorer' }, h('strong', {}, 'Character explorer'), h('span', {}, 'Search and portraits'))),
      h('li', {}, h('a', { href: '#/quizzes', className: 'app-card quizzes' }, h('strong', {}, 'Quizzes'), h('span', {}, 'Flash cards and study'))),
      h('li', {}, h('a', { href: '#/rm', className: 'app-card rm' }, h('strong', {}, 'Rick and Morty'), h('span', {}, 'Every episode, characters and cards')))));
}

const routes = [
  ...signIn(view),
  { pattern: /^\/$/, render: home, open: true },
  ...breakingBad(view, { path: '/bb', universe: 'breaking-bad', series: 'breaking-bad', seasons: [1, 2, 3, 4, 5] }),
  ...explorer(view, { path: '/explorer', universe: 'breaking-bad', series: 'breaking-bad', seasons: [1, 2, 3, 4, 5] }),
  ...quizzes(view),
  ...rickAndMorty(view, { path: '/rm', universe: 'rick-and-morty' }),
];

// The service's state, said at the top of every scene: unavailable (the page retries by itself),
// then back (the account and the scene are read again).
const status = /** @type {HTMLElement} */ (document.getElementById('service-status'));
onAvailability(async (available) => {
  if (!available) {
    status.hidden = false;
    replace(status, 'The service is unavailable just now. This page reconnects by itself when it is back.');
    return;
  }
  replace(status, 'The service is back.');
  await refreshAccount();
  route();
  status.hidden = true;
});

refreshAccount().then(() => startRouter(view, routes, () => session.user !== null),
  (error) => replace(view, h('p', { className: 'error', role: 'alert' }, error.message)));
