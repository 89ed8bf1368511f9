// The quizzes app: your collection (flash cards, newest first, search, delete), the online quizzes
// (by name, search, add), creating a quiz, the profile (name, photo, switching accounts), study.

import { route } from './router.js';
import { call } from './rpc.js';
import { accountSwitcher, refreshAccount, session } from './session.js';
import { alertDialog, empty, face, failure, h, load, replace, scene, showTrapped } from './ui.js';

/** @typedef {import('./rpc.js').RPCError} RPCError */

/**
 * The app's routes (#/quizzes…).
 * @param {HTMLElement} view
 * @returns {import('./types').Route[]}
 */
export function quizzes(view) {
  return [
    { pattern: /^\/quizzes$/, render: (_, query) => collection(view, query), open: true },
    { pattern: /^\/quizzes\/online$/, render: (_, query) => online(view, query), open: true },
    { pattern: /^\/quizzes\/create$/, render: (_, query) => createOver(view, query) },
    { pattern: /^\/quizzes\/profile$/, render: () => profile(view) },
    { pattern: /^\/quizzes\/study$/, render: () => study(view) },
  ];
}

/**
 * The tabs; Create is a button that presents the create dialog over the tab shown (the spec's
 * "Create View Controller presents modally when the tab is pressed").
 * @param {string} active
 */
function tabs(active) {
  const items = [['#/quizzes', 'Quizzes'], ['#/quizzes/online', 'Search online'], ['create', 'Create'], ['#/quizzes/study', 'Study'], ['#/quizzes/profile', 'Profile']];
  return h('nav', { className: 'tabs', 'aria-label': 'Quizzes' }, items.map(([href, label]) => (href === 'create'
    ? h('button', { type: 'button', className: 'tab', id: 'create-tab', 'aria-haspopup': 'dialog', onclick: () => create(() => {}) }, label)
    : h('a', { href, 'aria-current': href === active ? 'page' : null }, label))));
}

/**
 * @param {HTMLElement} view
 * @param {string} title
 * @param {string} active
 */
function quizScene(view, title, active) {
  const body = scene(view, title, { back: { href: '#/', label: 'Apps' } });
  body.before(tabs(active));
  return body;
}

/**
 * A flash card: the title, turning to the facts when pressed (and back).
 * @param {{ title: string, facts: readonly string[] }} quiz
 */
function flashCard(quiz) {
  const card = h('button', { type: 'button', className: 'flash-card', 'aria-pressed': 'false', 'aria-label': `${quiz.title}: show the facts` });
  const front = h('span', { className: 'card-front' }, quiz.title);
  const backSide = h('span', { className: 'card-back' }, h('ol', {}, quiz.facts.map((fact) => h('li', {}, fact))));
  card.append(front, backSide);
  card.addEventListener('click', () => {
    const turned = card.getAttribute('aria-pressed') !== 'true';
    card.setAttribute('aria-pressed', String(turned));
    card.setAttribute('aria-label', turned ? `${quiz.title}: facts shown, press to show the title` : `${quiz.title}: show the facts`);
  });
  return card;
}

/**
 * Your quizzes, newest first, as flash cards; search and delete.
 * @param {HTMLElement} view
 * @param {URLSearchParams} query
 */
async function collection(view, query) {
  const body = quizScene(view, 'Your quizzes', '#/quizzes');
  const search = h('input', { id: 'quiz-search', type: 'search', value: query.get('search') ?? '', autocomplete: 'off' });
  const results = h('div', { id: 'quizzes' });
  replace(body, h('form', { role: 'search', className: 'search-bar', onsubmit: (/** @type {Event} */ event) => { event.preventDefault(); show(); } },
    h('div', { className: 'field' }, h('label', { for: 'quiz-search' }, 'Search your quizzes'), search)), results);
  /** @returns {Promise<void>} */
  const show = () => load(results, () => call('quizzes.list', search.value.trim() ? { search: search.value.trim() } : {}), (page) => {
    if (page.quizzes.length === 0) return empty(search.value.trim() ? 'No quiz matches.' : 'No quizzes added yet: create one, or add one from Search online.');
    return h('ul', { className: 'card-grid' }, page.quizzes.map((quiz) => h('li', { className: 'quiz', 'data-quiz': String(quiz.id) }, flashCard(quiz),
      h('button', {
        type: 'button', className: 'remove', 'aria-label': `Delete ${quiz.title}`,
        onclick: async () => {
          try {
            await call('quizzes.delete', { id: quiz.id });
          } catch (error) {
            await alertDialog('Could not delete the quiz', error.message);
          }
          show();
        },
      }, 'Delete'))));
  });
  if (!session.user) {
    // No profile yet: the collection is empty until one is made (asked for only to create or add).
    replace(body, empty('No quizzes added yet: create one, or add one from Search online.'),
      h('p', { id: 'profile-needed' }, 'Your quizzes are kept under a profile: ', h('a', { href: '#/login' }, 'sign in or register'), ' to create or add one.'));
    return;
  }
  search.addEventListener('input', show);
  await show();
}

/**
 * The online quizzes, by name, with search and add.
 * @param {HTMLElement} view
 * @param {URLSearchParams} query
 */
async function online(view, query) {
  const body = quizScene(view, 'Search online', '#/quizzes/online');
  const search = h('input', { id: 'online-search', type: 'search', value: query.get('search') ?? '', autocomplete: 'off' });
  const results = h('div', { id: 'online' });
  replace(body, h('form', { role: 'search', className: 'search-bar', onsubmit: (/** @type {Event} */ event) => { event.preventDefault(); show(); } },
    h('div', { className: 'field' }, h('label', { for: 'online-search' }, 'Search online quizzes'), search)), results);
  /** @returns {Promise<void>} */
  const show = () => load(results, () => call('quizzes.online', search.value.trim() ? { search: search.value.trim() } : {}), (page) => {
    if (page.quizzes.length === 0) return empty('No online quiz matches.');
    return h('ul', { className: 'rows' }, page.quizzes.map((quiz) => {
      // A title already in the collection is not offered again.
      if (quiz.inCollection) return h('li', { className: 'row online-quiz' }, h('span', { className: 'row-title' }, quiz.title), h('span', { className: 'badge in-collection' }, 'In your quizzes'));
      const add = h('button', { type: 'button', className: 'add', 'aria-label': `Add ${quiz.title}` }, 'Add');
      add.addEventListener('click', async () => {
        if (!session.user) {
          await alertDialog('A profile is needed to add quizzes', 'Quizzes you add are kept under your profile: sign in or register first.',
            h('p', {}, h('a', { href: '#/login', id: 'go-sign-in' }, 'Sign in or register')));
          return;
        }
        try {
          await call('quizzes.add', { onlineId: quiz.id });
          add.textContent = 'Added';
        } catch (error) {
          await alertDialog(error.data?.reason === 'duplicate' ? 'Already in your quizzes' : 'Could not add the quiz', error.message);
        }
      });
      return h('li', { className: 'row online-quiz' }, h('span', { className: 'row-title' }, quiz.title), add);
    }));
  });
  search.addEventListener('input', show);
  await show();
}

/**
 * #/quizzes/create, a link to the dialog: your quizzes with the create dialog over them.
 * @param {HTMLElement} view
 * @param {URLSearchParams} query
 */
async function createOver(view, query) {
  await collection(view, query);
  // Closed without a quiz: the collection's own address (unless the user went elsewhere).
  await create(() => { if (location.hash === '#/quizzes/create') location.hash = '#/quizzes'; });
}

/**
 * Create a quiz in a modal dialog over the tab shown: title and two facts, each missing field
 * said; an alert instead without a profile name. Once created, the collection shows it;
 * `cancelled` runs when the dialog is closed without creating.
 * @param {() => void} cancelled
 */
async function create(cancelled) {
  if (!session.user) {
    // The router asks for a sign-in first, then comes back to the dialog.
    location.hash = '#/quizzes/create';
    return;
  }
  let profile;
  try {
    profile = await call('profile.get');
  } catch (error) {
    await alertDialog('Could not open Create', error.message);
    return;
  }
  if (!profile.displayName) {
    await alertDialog('Set up your profile first', 'Quizzes are made under your profile: give it a name (and a photo) first.',
      h('p', {}, h('a', { href: '#/quizzes/profile', id: 'go-profile' }, 'Go to your profile')));
    return;
  }
  // The service's bounds for a quiz: a title of at most 200 characters, facts of at most 2000.
  const title = h('input', { id: 'quiz-title', name: 'title', maxlength: '200' });
  const facts = [1, 2].map((n) => h('textarea', { id: `quiz-fact-${n}`, name: `fact${n}`, rows: '3', maxlength: '2000' }));
  const problems = h('div', { id: 'create-problems' });
  const cancel = h('button', { type: 'button' }, 'Cancel');
  const form = h('form', { className: 'dialog-form', novalidate: true },
    h('h2', { id: 'create-title' }, 'Create a quiz'),
    h('div', { className: 'field' }, h('label', { for: 'quiz-title' }, 'Title'), title),
    facts.map((fact, index) => h('div', { className: 'field' }, h('label', { for: fact.id }, `Fact ${index + 1}`), fact)),
    problems, h('div', { className: 'dialog-actions' }, cancel, h('button', { type: 'submit', className: 'primary' }, 'Create')));
  const dialog = h('dialog', { className: 'create-dialog', 'aria-labelledby': 'create-title' }, form);
  let closed = false;
  /** @param {boolean} created */
  const close = (created) => {
    if (closed) return;
    closed = true;
    dialog.close();
    dialog.remove();
    if (!created) cancelled();
    else if (location.hash === '#/quizzes') route();
    else location.hash = '#/quizzes';
  };
  cancel.addEventListener('click', () => close(false));
  dialog.addEventListener('cancel', (event) => { event.preventDefault(); close(false); });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    replace(problems);
    // Each missing field said before anything is sent.
    /** @type {string[]} */
    const missing = [];
    if (!title.value.trim()) missing.push('Title is required.');
    facts.forEach((fact, index) => { if (!fact.value.trim()) missing.push(`The quiz needs two facts: fill in Fact ${index + 1}.`); });
    if (missing.length) {
      replace(problems, h('ul', { className: 'error', role: 'alert' }, missing.map((line) => h('li', {}, line))));
      await alertDialog('The quiz is not complete', missing);
      return;
    }
    try {
      await call('quizzes.create', { title: title.value, facts: facts.map((fact) => fact.value) });
      close(true);
    } catch (caught) {
      const error = /** @type {RPCError} */ (caught);
      const lines = error.problems.length ? error.problems.map((problem) => problem.problem) : [error.message];
      replace(problems, h('ul', { className: 'error', role: 'alert' }, lines.map((line) => h('li', {}, line))));
      await alertDialog(error.data?.reason === 'duplicate' ? 'Already in your quizzes' : 'The quiz is not complete', lines);
    }
  });
  showTrapped(dialog);
  title.focus();
}

/** The largest photo the service keeps: 8 MiB. */
const PHOTO_LIMIT = 8 * 1024 * 1024;

/**
 * A file's bytes in base64.
 * @param {File} file
 * @returns {Promise<string>}
 */
function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result).split(',', 2)[1]));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsDataURL(file);
  });
}

/**
 * The profile: display name and photo (from a file), and the accounts of this browser.
 * @param {HTMLElement} view
 */
async function profile(view) {
  const body = quizScene(view, 'Profile', '#/quizzes/profile');
  /** @returns {Promise<[import('./types').BrowserProfile, import('./types').BrowserAccount[]]>} */
  const read = async () => [await call('profile.get'), (await call('auth.accounts')).accounts];
  await load(body, read, ([me, accounts]) => {
    // The service's bounds: a display name of at most 64 characters, a PNG or JPEG photo of at most 8 MiB.
    const name = h('input', { id: 'display-name', value: me.displayName ?? '', autocomplete: 'nickname', maxlength: '64' });
    const photo = h('input', { id: 'photo', type: 'file', accept: 'image/png,image/jpeg', 'aria-describedby': 'photo-hint' });
    const camera = h('input', { id: 'photo-camera', type: 'file', accept: 'image/png,image/jpeg', capture: 'user' });
    const status = h('p', { id: 'profile-status', role: 'status' });
    const form = h('form', { className: 'profile-form' },
      h('div', { className: 'profile-head' }, face(me, 'face huge'), h('p', { className: 'username' }, `@${me.user.username}`)),
      h('div', { className: 'field' }, h('label', { for: 'display-name' }, 'Display name'), name),
      h('div', { className: 'field' }, h('label', { for: 'photo' }, 'Photo (PNG or JPEG)'), photo, h('p', { className: 'hint', id: 'photo-hint' }, 'At most 8 MB.')),
      h('div', { className: 'field' }, h('label', { for: 'photo-camera' }, 'Or take a photo with the camera'), camera),
      h('button', { type: 'submit', className: 'primary' }, 'Save'), status);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      /** @type {import('./types').Params<'profile.update'>} */
      const params = { displayName: name.value.trim() === '' ? null : name.value };
      const file = camera.files?.[0] ?? photo.files?.[0];
      if (file && !['image/png', 'image/jpeg'].includes(file.type)) {
        replace(status, h('p', { className: 'error', role: 'alert' }, 'Not saved: the photo must be a PNG or JPEG picture.'));
        return;
      }
      if (file && file.size > PHOTO_LIMIT) {
        replace(status, h('p', { className: 'error', role: 'alert' }, `Not saved: the photo is ${(file.size / 1048576).toFixed(1)} MB; it may be at most 8 MB.`));
        return;
      }
      try {
        if (file) params.photo = { data: await readFile(file) };
        await call('profile.update', params);
        status.textContent = 'Saved.';
        await refreshAccount();
        await profile(view);
      } catch (error) {
        replace(status, failure(error, 'Not saved: '));
      }
    });
    const switcher = h('section', { 'aria-labelledby': 'switch-title' }, h('h2', { id: 'switch-title' }, 'Switch profile'),
      accountSwitcher(accounts, { id: 'profiles', current: 'disabled', switched: () => profile(view) }),
      h('p', {}, h('a', { href: '#/login' }, 'Sign in another account')));
    return h('div', {}, form, switcher);
  });
}

/**
 * Study: the due quizzes one by one, the facts on demand, and a grade.
 * @param {HTMLElement} view
 */
async function study(view) {
  const body = quizScene(view, 'Study', '#/quizzes/study');
  /** @returns {Promise<void>} */
  const next = () => load(body, () => call('quizzes.due', { limit: 1 }), (due) => {
    if (due.quizzes.length === 0) return empty('Nothing is due: well done. Come back tomorrow, or add quizzes.');
    const { quiz } = due.quizzes[0];
    const facts = h('ol', { className: 'study-facts', hidden: true }, quiz.facts.map((fact) => h('li', {}, fact)));
    const grades = h('div', { className: 'grades', hidden: true, role: 'group', 'aria-label': 'How well did you know it?' },
      /** @type {[import('./types').Params<'quizzes.review'>['grade'], string][]} */ ([['again', 'Again'], ['hard', 'Hard'], ['good', 'Good'], ['easy', 'Easy']]).map(([grade, label]) => h('button', {
        type: 'button', 'data-grade': grade,
        onclick: async () => {
          try {
            await call('quizzes.review', { id: quiz.id, grade });
          } catch (error) {
            await alertDialog('Could not save the grade', error.message);
          }
          next();
        },
      }, label)));
    const show = h('button', { type: 'button', className: 'primary', id: 'show-facts' }, 'Show the facts');
    show.addEventListener('click', () => { facts.hidden = false; grades.hidden = false; show.hidden = true; grades.querySelector('button')?.focus(); });
    return h('div', { className: 'study-card' }, h('p', { className: 'due-count' }, `${due.total} due`), h('h2', { id: 'study-title' }, quiz.title), facts, show, grades);
  });
  await next();
}
