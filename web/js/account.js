// Accounts: guest at once, sign up, sign in, sign out; the dialog after a refused session.

import { $, el, formatWhen, showMessage } from './util.js';
import { API_BASE, isAccount, onSessionChange, session, state, store } from './state.js';
import { ApiError, newGuest, onSessionLost, request } from './api.js';
import { go, goHome } from './nav.js';
import { chosenSettings, createGame, loadGame, run } from './table.js';
import { race } from './race.js';

export function renderAccountBar() {
  const user = session.user;
  const who = $('#who');
  const link = $('#sign-in-link');
  if (user && !user.is_guest) {
    who.textContent = `Signed in as ${user.username}`;
    // The profile (change password, sign out everywhere) is on the account screen.
    link.textContent = 'Account';
    $('#sign-out').hidden = false;
  } else {
    who.textContent = user ? 'Playing as a guest' : '';
    link.textContent = 'Sign in';
    $('#sign-out').hidden = true;
  }
  if (state.screen === 'account') renderAccountScreen();
}

export function renderAccountScreen() {
  const user = session.user;
  const profile = $('#account-profile');
  if (user && !user.is_guest) {
    profile.replaceChildren(
      el('p', { 'data-testid': 'profile-name' }, 'Signed in as ', el('strong', { text: user.username }),
        `, playing since ${formatWhen(user.created_at)}.`),
      el('p', {},
        el('button', { type: 'button', 'data-testid': 'profile-sign-out', onclick: signOut, text: 'Sign out' }), ' ',
        el('button', { type: 'button', 'data-testid': 'profile-sign-out-all', onclick: signOutEverywhere, text: 'Sign out everywhere' })),
      el('p', { class: 'muted small', 'data-testid': 'sign-out-all-note', text: 'Signing out everywhere also ends every app\'s access '
        + 'and every chat link of this account.' }),
      el('form', { class: 'panel narrow-panel', 'data-testid': 'password-form', onsubmit: changePassword, 'aria-label': 'Change password' },
        el('h3', { text: 'Change password' }),
        el('div', { class: 'form-grid' },
          el('label', {}, 'Current password',
            el('input', { type: 'password', name: 'current', autocomplete: 'current-password', required: true, 'data-testid': 'password-current' })),
          el('label', {}, 'New password',
            el('input', { type: 'password', name: 'new', autocomplete: 'new-password', minlength: 10, maxlength: 128, required: true, 'aria-describedby': 'new-password-help', 'data-testid': 'password-new' })),
          el('span', { id: 'new-password-help', 'data-testid': 'new-password-help', class: 'muted small', text: '10 characters or more. Every other device is signed out, '
            + 'and every app and chat link loses access unless you keep them below.' }),
          el('label', {}, el('input', { type: 'checkbox', name: 'keep_apps', 'data-testid': 'password-keep-apps' }),
            ' Keep my apps and chat links')),
        el('button', { type: 'submit', 'data-testid': 'password-submit', text: 'Change password' })),
      el('p', {},
        el('label', {}, el('input', { type: 'checkbox', 'data-testid': 'profile-hidden', checked: !!user.profile_hidden,
          onchange: (ev) => setProfileHidden(ev.currentTarget.checked) }), ' Hide my public profile'), ' · ',
        el('a', { href: `#profile/${encodeURIComponent(user.username)}`, 'data-testid': 'my-profile-link', text: 'See my public profile' })),
      el('section', { class: 'panel narrow-panel', 'aria-label': 'Apps with access' },
        el('h3', { text: 'Apps with access' }),
        el('ul', { id: 'apps-with-access', class: 'attempts', 'data-testid': 'apps-with-access' },
          el('li', { class: 'muted', text: 'Loading…' }))),
      el('section', { class: 'panel narrow-panel', 'aria-label': 'Chat links' },
        el('h3', { text: 'Chat links' }),
        el('p', { class: 'muted small', text: 'Play as this account from Discord, Slack or Telegram: get a code, then type '
          + 'it to the bot within 10 minutes. What you played there before comes with it.' }),
        el('form', { 'data-testid': 'chat-link-form', onsubmit: makeLinkCode, 'aria-label': 'Get a link code' },
          el('label', {}, 'Your password ',
            el('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true, 'data-testid': 'chat-link-password' })),
          ' ', el('button', { type: 'submit', 'data-testid': 'chat-link-code', text: 'Get a link code' }),
          ' ', el('span', { id: 'chat-link-instructions', 'data-testid': 'chat-link-instructions', class: 'small' })),
        el('ul', { id: 'chat-links', class: 'attempts', 'data-testid': 'chat-links' },
          el('li', { class: 'muted', text: 'Loading…' }))),
    );
    loadApps();
    loadChatLinks();
    $('#account-forms').hidden = true;
    $('#play-as-guest').hidden = true;
  } else {
    profile.replaceChildren(el('p', {
      class: 'muted',
      text: 'You are playing as a guest. Create an account to keep your records and rating and to play from any device: '
        + 'signing up keeps your guest games, records and rating.',
    }));
    $('#account-forms').hidden = false;
    $('#play-as-guest').hidden = !!user;
  }
}

/** Hide or show this account's public profile. */
function setProfileHidden(hidden) {
  run(async () => {
    const { data } = await request('PUT', '/v1/users/me/profile', { body: { hidden } });
    session.set(session.token, { ...session.user, profile_hidden: data.hidden });
    showMessage(data.hidden ? 'Your profile is hidden.' : 'Your profile is public.', 'info');
  });
}

/** The apps this account let in (OAuth), each with a Revoke button. */
async function loadApps() {
  const list = $('#apps-with-access');
  let tokens;
  try {
    ({ data: { tokens } } = await request('GET', '/v1/users/me/tokens'));
  } catch {
    list.replaceChildren(el('li', { class: 'muted', text: 'Could not load the apps.' }));
    return;
  }
  const apps = tokens.filter((t) => t.client_id && t.active);
  if (!apps.length) {
    list.replaceChildren(el('li', { class: 'muted', text: 'No app can use your account.' }));
    return;
  }
  list.replaceChildren(...apps.map((t) => el('li', { 'data-testid': 'app-with-access' },
    el('span', {}, el('strong', { text: t.client_id }),
      ` · ${t.scopes.join(', ')} · since ${formatWhen(t.created_at)}`
      + (t.last_used_at ? ` · last used ${formatWhen(t.last_used_at)}` : ' · not used yet')),
    el('button', { type: 'button', class: 'small', 'data-testid': 'app-revoke', text: 'Revoke',
      onclick: () => run(async () => {
        await request('DELETE', `/v1/users/me/tokens/${encodeURIComponent(t.id)}`);
        showMessage(`${t.client_id} can no longer use your account.`, 'info');
        await loadApps();
      }) }))));
}

/** A one-time code that links a chat identity to this account (the password confirms it is
 * the owner), and what to type where. */
function makeLinkCode(ev) {
  ev.preventDefault();
  const field = ev.currentTarget.querySelector('[name=password]');
  const password = field.value;
  run(async () => {
    const { data } = await request('POST', '/v1/users/me/chat-links/code', { body: { password } });
    field.value = '';
    $('#chat-link-instructions').replaceChildren(el('strong', { 'data-testid': 'chat-link-code-value', text: data.code }),
      ` · ${data.instructions}`);
  });
}

const PLATFORMS = { discord: 'Discord', slack: 'Slack', telegram: 'Telegram' };

/** The chat identities linked to this account, each with a Remove button. */
async function loadChatLinks() {
  const list = $('#chat-links');
  let links;
  try {
    ({ data: { links } } = await request('GET', '/v1/users/me/chat-links'));
  } catch {
    list.replaceChildren(el('li', { class: 'muted', text: 'Could not load the chat links.' }));
    return;
  }
  if (!links.length) {
    list.replaceChildren(el('li', { class: 'muted', text: 'No chat identity plays as you.' }));
    return;
  }
  list.replaceChildren(...links.map((l) => el('li', { 'data-testid': 'chat-link' },
    el('span', {}, el('strong', { text: l.name }), ` on ${PLATFORMS[l.platform] || l.platform}`
      + (l.linked_at ? ` · linked ${formatWhen(l.linked_at)}` : '')),
    el('button', { type: 'button', class: 'small', 'data-testid': 'chat-link-remove', text: 'Remove',
      onclick: () => run(async () => {
        await request('DELETE', `/v1/users/me/chat-links/${encodeURIComponent(l.id)}`);
        showMessage(`${l.name} on ${PLATFORMS[l.platform] || l.platform} no longer plays as you.`, 'info');
        await loadChatLinks();
      }) }))));
}

/** A guest signing up keeps everything: the guest account itself becomes the account. */
async function upgradeGuest(body) {
  if (!session.token || !session.user?.is_guest) return null;
  return request('POST', '/v1/users/me/upgrade', { body });
}

async function afterSignIn(data, verb) {
  state.sessionLost = false;
  session.set(data.token, data.user);
  $('#session-dialog').open && $('#session-dialog').close();
  showMessage(`${verb} as ${data.user.username}.`, 'success');
  // The game on the table stays if it is this account's; a guest's game is not.
  if (state.game && state.game.origin !== 'race') {
    try {
      await loadGame(state.game.id, { quiet: true });
      return;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
    }
    state.game = null;
    store.set('game', null);
    // Back to this account's latest game in progress, or a new one.
    const { data: page } = await request('GET', '/v1/users/me/games?limit=20');
    const open = page.games.find((g) => g.status === 'in_progress');
    if (open) await loadGame(open.id, { quiet: true });
    else await createGame(chosenSettings());
  }
}

function credentials(form) {
  const f = new FormData(form);
  return { username: String(f.get('username') || '').trim(), password: String(f.get('password') || '') };
}

function signIn(ev) {
  ev.preventDefault();
  const form = ev.currentTarget;
  run(async () => {
    const { data } = await request('POST', '/v1/auth/login', { auth: false, body: credentials(form) });
    form.reset();
    await afterSignIn(data, 'Signed in');
    goHome();
  });
}

function signUp(ev) {
  ev.preventDefault();
  const form = ev.currentTarget;
  run(async () => {
    const body = credentials(form);
    const upgraded = !isAccount() ? await upgradeGuest(body) : null;
    const { data } = upgraded || await request('POST', '/v1/auth/register', { auth: false, body });
    form.reset();
    await afterSignIn(data, 'Welcome! Signed up');
    goHome();
  });
}

/** Forget this browser's session, then play on as a new guest. */
function leave(message) {
  race.close();
  state.sessionLost = false;
  session.set(null, null);
  state.game = null;
  store.set('game', null);
  store.set('race', null);
  go('play');
  run(async () => {
    await createGame(chosenSettings());
    showMessage(message, 'info');
  });
}

function signOut() {
  // The server ends the session (its token stops working everywhere), then the browser
  // forgets it. A session the server already refused needs no sign-out.
  const token = session.token;
  run(async () => {
    if (token && !state.sessionLost) {
      // Straight to fetch: a session already ended elsewhere must not open the sign-in dialog.
      try {
        await fetch(`${API_BASE}/v1/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      } catch { /* the browser forgets it below anyway */ }
    }
    leave('Signed out. You are playing as a guest.');
  });
}

function signOutEverywhere() {
  run(async () => {
    await request('POST', '/v1/auth/logout-all');
    leave('Signed out on every device, app and chat link. You are playing as a guest.');
  });
}

function changePassword(ev) {
  ev.preventDefault();
  const form = ev.currentTarget;
  const f = new FormData(form);
  run(async () => {
    const { data } = await request('POST', '/v1/users/me/password', {
      body: { current_password: String(f.get('current') || ''), new_password: String(f.get('new') || ''), keep_apps: f.get('keep_apps') === 'on' },
    });
    const kept = f.get('keep_apps') === 'on';
    form.reset();
    session.set(data.token, data.user);
    showMessage(kept ? 'Password changed. Every other device has been signed out; your apps and chat links keep their access.'
      : 'Password changed. Every other device, app and chat link has been signed out.', 'success');
  });
}

let dialogOpen = false;
function askToSignIn(detail) {
  const dlg = $('#session-dialog');
  if (dialogOpen) return;
  dialogOpen = true;
  $('#session-why').textContent = `${detail ? `${detail} ` : ''}Sign in to go on: the game on the table stays as it is.`;
  $('#session-error').textContent = '';
  const name = session.user?.username;
  if (name) dlg.querySelector('[name=username]').value = name;
  dlg.showModal();
  (name ? dlg.querySelector('[name=password]') : dlg.querySelector('[name=username]')).focus();
}

function initSessionDialog() {
  const dlg = $('#session-dialog');
  dlg.addEventListener('close', () => { dialogOpen = false; });
  dlg.addEventListener('cancel', (ev) => ev.preventDefault()); // Esc does not leave it half done
  $('#session-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const form = ev.currentTarget;
    run(async () => {
      try {
        const { data } = await request('POST', '/v1/auth/login', { auth: false, body: credentials(form) });
        form.querySelector('[name=password]').value = '';
        await afterSignIn(data, 'Signed in again');
      } catch (err) {
        $('#session-error').textContent = err.message;
        throw err;
      }
    });
  });
  $('#session-guest').addEventListener('click', () => {
    dlg.close();
    signOut();
  });
}

export function initAccount() {
  onSessionChange(renderAccountBar);
  onSessionLost(askToSignIn);
  $('#sign-in').addEventListener('submit', signIn);
  $('#sign-up').addEventListener('submit', signUp);
  $('#sign-out').addEventListener('click', signOut);
  $('#play-as-guest').addEventListener('click', () => { go('play'); run(newGuest); });
  initSessionDialog();
}
