// Who is signed in on this browser: the session, the header's account (with log out), and the
// one account switcher (the accounts scene and the quizzes' profile show it).

import { auth, call, onUnauthorized } from './rpc.js';
import { route } from './router.js';
import { alertDialog, face, h, replace } from './ui.js';

/** @typedef {import('./types').BrowserAccount} BrowserAccount */

/**
 * The signed-in user and their account (name and photo) as the header shows them, and the
 * notice the sign-in scene shows once (why this tab was sent there).
 * @type {{ user: import('./types').Result<'auth.session'>['user'], account: import('./types').BrowserProfile | null, notice: string | null }}
 */
export const session = { user: null, account: null, notice: null };

// A call refused as unauthorized while this tab thought someone signed in: the session ended
// (logged out in another tab, or expired). Back to sign-in, saying why.
onUnauthorized(async () => {
  if (!session.user) return;
  const was = session.user.username;
  await refreshAccount();
  if (session.user) return;
  session.notice = `You were signed out as ${was} (perhaps in another tab, or the session ended). Sign in again.`;
  if (location.hash === '#/login') route();
  else location.hash = '#/login';
});

/** Reads the session and this browser's accounts again, and shows the current one in the header. */
export async function refreshAccount() {
  const box = /** @type {HTMLElement} */ (document.getElementById('account'));
  const apps = /** @type {HTMLElement} */ (document.getElementById('apps'));
  try {
    session.user = (await call('auth.session')).user;
  } catch {
    session.user = null;
  }
  apps.hidden = false;
  if (!session.user) {
    session.account = null;
    replace(box, h('a', { href: '#/login', id: 'sign-in', className: 'link' }, 'Sign in'));
    return;
  }
  const accounts = (await call('auth.accounts')).accounts;
  const me = accounts.find((account) => account.current) ?? { user: session.user, displayName: null, photo: null };
  session.account = me;
  replace(box,
    h('a', { href: '#/accounts', className: 'me', 'aria-label': `Signed in as ${me.displayName || me.user.username}; switch account` },
      face(me), h('span', { className: 'me-name' }, me.displayName || me.user.username)),
    h('button', { type: 'button', className: 'link', id: 'logout', onclick: logout }, 'Log out'));
}

// Logging out goes to the sign-in scene, even when another account of this browser is still
// signed in (it is then one press away there, or in #/accounts), saying who was signed out.
async function logout() {
  const was = session.user?.username;
  try {
    await auth('logout', {});
  } catch (error) {
    await alertDialog('Could not log out', error.message);
    return;
  }
  await refreshAccount();
  session.notice = session.user
    ? `${was} is signed out. ${session.user.username} is still signed in on this browser: sign in below, or go back.`
    : `${was} is signed out.`;
  if (location.hash === '#/login') route();
  else location.hash = '#/login';
}

/**
 * The accounts of this browser as buttons that switch to them (POST /auth/switch); after a
 * switch, the header shows the new account and then `switched` runs.
 * @param {readonly BrowserAccount[]} accounts
 * @param {object} options
 * @param {string} options.id the list's id
 * @param {'badge' | 'disabled'} options.current how the current account shows: a "current" badge, or a disabled button
 * @param {() => unknown} options.switched what follows a switch (or a failed one, once its alert is closed)
 */
export function accountSwitcher(accounts, { id, current, switched }) {
  return h('ul', { className: 'accounts', id }, accounts.map((account) => h('li', {},
    h('button', {
      type: 'button', className: 'account-button', 'aria-current': account.current ? 'true' : null,
      disabled: current === 'disabled' && account.current,
      onclick: async () => {
        try {
          await auth('switch', { username: account.user.username });
        } catch (error) {
          await alertDialog('Could not switch', error.message);
        }
        await refreshAccount();
        await switched();
      },
    }, face(account, 'face large'), h('span', { className: 'account-name' }, account.displayName || account.user.username),
    h('span', { className: 'account-username' }, `@${account.user.username}`),
    current === 'badge' && account.current ? h('span', { className: 'badge' }, 'current') : null))));
}
