// Signing in: log in or register, every password rule shown as you type (#/login), and the
// accounts of this browser (#/accounts).

import { auth, call, RPCError } from './rpc.js';
import { accountSwitcher, refreshAccount, session } from './session.js';
import { alertDialog, h, replace, scene } from './ui.js';

/**
 * The sign-in routes.
 * @param {HTMLElement} view
 * @returns {import('./types').Route[]}
 */
export function signIn(view) {
  return [
    { pattern: /^\/login$/, render: () => loginScene(view), open: true },
    { pattern: /^\/accounts$/, render: () => accountsScene(view) },
  ];
}

/**
 * @param {string} label
 * @param {HTMLInputElement} input
 */
function field(label, input) {
  return h('div', { className: 'field' }, h('label', { for: input.id }, label), input);
}

/** @param {HTMLElement} view */
async function loginScene(view) {
  const body = scene(view, 'Breaking Bad fans');
  /** @type {'login' | 'register'} */
  let mode = 'login';
  // The bounds are the service's (Schemas/auth.login.json, auth.register.json).
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, autocapitalize: 'none', maxlength: '256' });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true, maxlength: '4096' });
  const confirmation = h('input', { id: 'confirmation', name: 'passwordConfirmation', type: 'password', autocomplete: 'new-password', required: true, maxlength: '4096' });
  const confirmationField = field('Confirm password', confirmation);
  const rules = h('ul', { id: 'password-rules', className: 'rules', 'aria-live': 'polite', 'aria-label': 'Password rules' });
  const submit = h('button', { type: 'submit', className: 'primary', id: 'submit', disabled: true }, 'Log in');
  const problems = h('div', { id: 'form-problems' });
  const loginTab = h('button', { type: 'button', role: 'tab', id: 'tab-login', 'aria-selected': 'true' }, 'Login');
  const registerTab = h('button', { type: 'button', role: 'tab', id: 'tab-register', 'aria-selected': 'false' }, 'Register');
  let checkSequence = 0;

  const visible = () => (mode === 'login' ? [username, password] : [username, password, confirmation]);
  const update = () => { submit.disabled = visible().some((input) => input.value === ''); };
  const showRules = async () => {
    if (mode !== 'register') return;
    const sequence = ++checkSequence;
    const check = await call('auth.checkPassword', { password: password.value });
    if (sequence !== checkSequence) return;
    const failing = new Set(check.rules.filter((rule) => !rule.met).map((rule) => rule.rule));
    replace(rules, check.rules.map((rule) => h('li', { className: failing.has(rule.rule) ? 'rule-failing' : 'rule-met', 'data-rule': rule.rule },
      h('span', { 'aria-hidden': 'true' }, failing.has(rule.rule) ? '✗ ' : '✓ '),
      h('span', { className: 'visually-hidden' }, failing.has(rule.rule) ? 'Missing: ' : 'Done: '), rule.problem)));
  };
  /** @param {'login' | 'register'} next */
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
        ? error.problems.map((problem) => problem.problem)
        : [error.message];
      replace(problems, h('ul', { className: 'error', role: 'alert' }, lines.map((line) => h('li', {}, line))));
      await alertDialog(mode === 'login' ? 'Could not log in' : 'Could not register', lines);
    } finally {
      update();
    }
  });
  confirmationField.hidden = true;
  rules.hidden = true;
  const notice = session.notice ? h('p', { className: 'notice', role: 'alert', id: 'signin-notice' }, session.notice) : null;
  session.notice = null;
  replace(body, notice, form, session.user ? h('p', {}, h('a', { href: '#/' }, 'Back to ', session.user.username)) : null);
}

/** @param {HTMLElement} view */
async function accountsScene(view) {
  const body = scene(view, 'Accounts on this browser', { back: { href: '#/', label: 'Home' } });
  const accounts = (await call('auth.accounts')).accounts;
  replace(body,
    accountSwitcher(accounts, { id: 'accounts', current: 'badge', switched: () => { location.hash = '#/'; } }),
    h('p', {}, h('a', { href: '#/login', className: 'button' }, 'Sign in another account')));
}
