// The single page: the router, the header (apps, the account and its switcher), sign-in, home.

import { auth, call, RPCError } from './rpc.js';
import { alertDialog, face, h, replace, scene } from './ui.js';
import * as bb from './bb.js';
import * as explorer from './explorer.js';
import * as quizzes from './quizzes.js';
import * as rm from './rm.js';

const view = document.getElementById('view');
const state = { user: null, ready: false };

const routes = [
  [/^\/login$/, () => loginScene()],
  [/^\/accounts$/, () => accountsScene()],
  [/^\/$/, () => homeScene()],
  [/^\/bb$/, () => bb.home(view, state)],
  [/^\/bb\/episodes$/, (_, query) => bb.episodes(view, query)],
  [/^\/bb\/episodes\/(\d+)$/, ([id]) => bb.episode(view, Number(id))],
  [/^\/bb\/characters$/, (_, query) => bb.characters(view, query)],
  [/^\/bb\/characters\/(\d+)$/, ([id]) => bb.character(view, Number(id))],
  [/^\/bb\/quotes$/, () => bb.quotes(view)],
  [/^\/explorer$/, (_, query) => explorer.list(view, query)],
  [/^\/explorer\/(\d+)$/, ([id]) => explorer.details(view, Number(id))],
  [/^\/quizzes$/, (_, query) => quizzes.collection(view, query)],
  [/^\/quizzes\/online$/, (_, query) => quizzes.online(view, query)],
  [/^\/quizzes\/create$/, () => quizzes.create(view)],
  [/^\/quizzes\/profile$/, () => quizzes.profile(view, refreshAccount)],
  [/^\/quizzes\/study$/, () => quizzes.study(view)],
  [/^\/rm$/, () => rm.episodes(view)],
  [/^\/rm\/episodes\/(\d+)$/, ([id]) => rm.episode(view, Number(id))],
  [/^\/rm\/characters\/(\d+)$/, ([id]) => rm.character(view, Number(id))],
];

function route() {
  if (!state.ready) return; // the first route runs once the session is known
  const [path, queryString] = (location.hash.slice(1) || '/').split('?');
  const query = new URLSearchParams(queryString ?? '');
  if (!state.user && path !== '/login') {
    location.replace('#/login');
    return;
  }
  for (const [pattern, render] of routes) {
    const match = pattern.exec(path);
    if (match) {
      render(match.slice(1), query);
      return;
    }
  }
  replace(view, h('h1', { tabindex: '-1' }, 'Not found'), h('p', {}, h('a', { href: '#/' }, 'Home')));
}

async function refreshAccount() {
  const box = document.getElementById('account');
  const apps = document.getElementById('apps');
  try {
    state.user = (await call('auth.session')).user;
  } catch {
    state.user = null;
  }
  apps.hidden = !state.user;
  if (!state.user) {
    replace(box);
    return;
  }
  const accounts = (await call('auth.accounts')).accounts;
  const me = accounts.find((account) => account.current) ?? { user: state.user, displayName: null, photo: null };
  state.account = me;
  replace(box,
    h('a', { href: '#/accounts', className: 'me', 'aria-label': `Signed in as ${me.displayName || me.user.username}; switch account` },
      face(me), h('span', { className: 'me-name' }, me.displayName || me.user.username)),
    h('button', { type: 'button', className: 'link', id: 'logout', onclick: logout }, 'Log out'));
}

async function logout() {
  try {
    await auth('logout');
  } catch (error) {
    await alertDialog('Could not log out', error.message);
  }
  await refreshAccount();
  location.hash = state.user ? '#/' : '#/login';
  route();
}

function field(label, input) {
  return h('div', { className: 'field' }, h('label', { for: input.id }, label), input);
}

async function loginScene() {
  const body = scene(view, 'Breaking Bad fans');
  let mode = 'login';
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, autocapitalize: 'none' });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const confirmation = h('input', { id: 'confirmation', name: 'passwordConfirmation', type: 'password', autocomplete: 'new-password', required: true });
  const confirmationField = field('Confirm password', confirmation);
  const rules = h('ul', { id: 'password-rules', className: 'rules', 'aria-live': 'polite', 'aria-label': 'Password rules' });
  const submit = h('button', { type: 'submit', className: 'primary', id: 'submit', disabled: true }, 'Log in');
  const problems = h('div', { id: 'form-problems' });
  const loginTab = h('button', { type: 'button', role: 'tab', id: 'tab-login', 'aria-selected': 'true' }, 'Login');
  const registerTab = h('button', { type: 'button', role: 'tab', id: 'tab-register', 'aria-selected': 'false' }, 'Register');
  let allRules = [];
  let checkSequence = 0;

  const visible = () => (mode === 'login' ? [username, password] : [username, password, confirmation]);
  const update = () => { submit.disabled = visible().some((input) => input.value === ''); };
  const showRules = async () => {
    if (mode !== 'register') return;
    const sequence = ++checkSequence;
    const check = await call('auth.checkPassword', { password: password.value });
    if (sequence !== checkSequence) return;
    allRules = check.rules;
    const failing = new Set(check.rules.filter((rule) => !rule.met).map((rule) => rule.rule));
    replace(rules, allRules.map((rule) => h('li', { className: failing.has(rule.rule) ? 'rule-failing' : 'rule-met', 'data-rule': rule.rule },
      h('span', { 'aria-hidden': 'true' }, failing.has(rule.rule) ? '✗ ' : '✓ '),
      h('span', { className: 'visually-hidden' }, failing.has(rule.rule) ? 'Missing: ' : 'Done: '), rule.problem)));
  };
  const setMode = async (next) => {
    mode = next;
    loginTab.setAttribute('aria-selected', String(mode === 'login'));
    registerTab.setAttribute('aria-selected', String(mode === 'register'));
    confirmationField.hidden = mode === 'login';
    rules.hidden = mode === 'login';
    password.autocomplete = mode === 'login' ? 'current-password' : 'new-password';
    submit.textContent = mode === 'login' ? 'Log in' : 'Register';
    replace(problems);
    update();
    await showRules();
  };
  loginTab.addEventListener('click', () => setMode('login'));
  registerTab.addEventListener('click', () => setMode('register'));
  for (const input of [username, password, confirmation]) input.addEventListener('input', update);
  password.addEventListener('input', showRules);

  const form = h('form', { className: 'auth-form', novalidate: true },
    h('div', { className: 'segmented', role: 'tablist', 'aria-label': 'Log in or register' }, loginTab, registerTab),
    field('Username', username), field('Password', password), rules, confirmationField, problems, submit);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    replace(problems);
    try {
      if (mode === 'login') await auth('login', { username: username.value, password: password.value });
      else await auth('register', { username: username.value, password: password.value, passwordConfirmation: confirmation.value });
      await refreshAccount();
      location.hash = '#/';
    } catch (error) {
      const lines = error instanceof RPCError && error.problems.length
        ? error.problems.map((problem) => `${fieldName(problem.field)}: ${problem.problem}`)
        : [error.message];
      replace(problems, h('ul', { className: 'error', role: 'alert' }, lines.map((line) => h('li', {}, line))));
      await alertDialog(mode === 'login' ? 'Could not log in' : 'Could not register', lines);
    } finally {
      update();
    }
  });
  confirmationField.hidden = true;
  rules.hidden = true;
  replace(body, form, state.user ? h('p', {}, h('a', { href: '#/' }, 'Back to ', state.user.username)) : null);
}

function fieldName(field) {
  return { username: 'Username', password: 'Password', passwordConfirmation: 'Confirm password' }[field] ?? field;
}

async function homeScene() {
  const body = scene(view, 'Fan apps');
  const name = state.account?.displayName || state.user.username;
  replace(body,
    h('p', { className: 'welcome' }, 'Signed in as ', h('strong', { id: 'home-username' }, name)),
    h('ul', { className: 'app-grid' },
      h('li', {}, h('a', { href: '#/bb', className: 'app-card bb' }, h('strong', {}, 'Breaking Bad'), h('span', {}, 'Episodes, characters and quotes'))),
      h('li', {}, h('a', { href: '#/explorer', className: 'app-card explorer' }, h('strong', {}, 'Character explorer'), h('span', {}, 'Search and portraits'))),
      h('li', {}, h('a', { href: '#/quizzes', className: 'app-card quizzes' }, h('strong', {}, 'Quizzes'), h('span', {}, 'Flash cards and study'))),
      h('li', {}, h('a', { href: '#/rm', className: 'app-card rm' }, h('strong', {}, 'Rick and Morty'), h('span', {}, 'Every episode, characters and cards')))));
}

async function accountsScene() {
  const body = scene(view, 'Accounts on this browser', { back: { href: '#/', label: 'Home' } });
  const accounts = (await call('auth.accounts')).accounts;
  replace(body,
    h('ul', { className: 'accounts', id: 'accounts' }, accounts.map((account) => h('li', {},
      h('button', {
        type: 'button', className: 'account-button', 'aria-current': account.current ? 'true' : null,
        onclick: async () => {
          try {
            await auth('switch', { username: account.user.username });
          } catch (error) {
            await alertDialog('Could not switch', error.message);
          }
          await refreshAccount();
          location.hash = '#/';
        },
      }, face(account, 'face large'), h('span', { className: 'account-name' }, account.displayName || account.user.username),
      h('span', { className: 'account-username' }, `@${account.user.username}`), account.current ? h('span', { className: 'badge' }, 'current') : null)))),
    h('p', {}, h('a', { href: '#/login', className: 'button' }, 'Sign in another account')));
}

window.addEventListener('hashchange', route);
refreshAccount().then(() => { state.ready = true; route(); }, (error) => replace(view, h('p', { className: 'error', role: 'alert' }, error.message)));
