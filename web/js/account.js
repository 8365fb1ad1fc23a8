// Accounts: guest at once, sign up, sign in, sign out; the dialog after a refused session.

import { $, el, showMessage } from './util.js';
import { API_BASE, isAccount, onSessionChange, session, state, store } from './state.js';
import { ApiError, newGuest, onSessionLost, request } from './api.js';
import { go, goHome } from './nav.js';
import { chosenSettings, createGame, loadGame, run } from './table.js';
import { race } from './race.js';
import { lang, sentence, t, when } from './i18n.js';

export function renderAccountBar() {
  const user = session.user;
  const who = $('#who');
  const link = $('#sign-in-link');
  if (user && !user.is_guest) {
    who.textContent = t('account-bar-signed-in', { name: user.username });
    // The profile (change password, sign out everywhere) is on the account screen.
    link.textContent = t('account-bar-account');
    $('#sign-out').hidden = false;
  } else {
    who.textContent = user ? t('account-bar-guest') : '';
    link.textContent = t('account-bar-sign-in');
    $('#sign-out').hidden = true;
  }
  if (state.screen === 'account') renderAccountScreen();
}

export function renderAccountScreen() {
  const user = session.user;
  const profile = $('#account-profile');
  if (user && !user.is_guest) {
    profile.replaceChildren(
      el('p', { 'data-testid': 'profile-name' },
        ...sentence('account-profile-name', { since: when(user.created_at) }, { name: el('strong', { text: user.username }) })),
      el('p', {},
        el('button', { type: 'button', 'data-testid': 'profile-sign-out', onclick: signOut, text: t('account-sign-out') }), ' ',
        el('button', { type: 'button', 'data-testid': 'profile-sign-out-all', onclick: signOutEverywhere, text: t('account-sign-out-everywhere') })),
      el('p', { class: 'muted small', 'data-testid': 'sign-out-all-note', text: t('account-sign-out-everywhere-note') }),
      el('form', { class: 'panel narrow-panel', 'data-testid': 'password-form', onsubmit: changePassword, 'aria-label': t('account-password-heading') },
        el('h3', { text: t('account-password-heading') }),
        el('div', { class: 'form-grid' },
          el('label', {}, t('account-password-current'),
            el('input', { type: 'password', name: 'current', autocomplete: 'current-password', required: true, 'data-testid': 'password-current' })),
          el('label', {}, t('account-password-new'),
            el('input', { type: 'password', name: 'new', autocomplete: 'new-password', minlength: 10, maxlength: 128, required: true, 'aria-describedby': 'new-password-help', 'data-testid': 'password-new' })),
          el('span', { id: 'new-password-help', 'data-testid': 'new-password-help', class: 'muted small', text: t('account-password-new-help', { min: 10 }) }),
          el('label', {}, el('input', { type: 'checkbox', name: 'keep_apps', 'data-testid': 'password-keep-apps' }),
            ' ', t('account-password-keep-apps'))),
        el('button', { type: 'submit', 'data-testid': 'password-submit', text: t('account-password-submit') })),
      el('p', {},
        el('label', {}, el('input', { type: 'checkbox', 'data-testid': 'profile-hidden', checked: !!user.profile_hidden,
          onchange: (ev) => setProfileHidden(ev.currentTarget.checked) }), ' ', t('account-hide-profile')), ' · ',
        el('a', { href: `#profile/${encodeURIComponent(user.username)}`, 'data-testid': 'my-profile-link', text: t('account-see-profile') })),
      el('section', { class: 'panel narrow-panel', 'aria-label': t('account-apps-heading') },
        el('h3', { text: t('account-apps-heading') }),
        el('ul', { id: 'apps-with-access', class: 'attempts', 'data-testid': 'apps-with-access' },
          el('li', { class: 'muted', text: t('account-loading') }))),
      el('section', { class: 'panel narrow-panel', 'aria-label': t('account-chat-links-heading') },
        el('h3', { text: t('account-chat-links-heading') }),
        el('p', { class: 'muted small', text: t('account-chat-links-about', { minutes: 10 }) }),
        el('form', { 'data-testid': 'chat-link-form', onsubmit: makeLinkCode, 'aria-label': t('account-chat-link-get-code') },
          el('label', {}, t('account-chat-link-password'), ' ',
            el('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true, 'data-testid': 'chat-link-password' })),
          ' ', el('button', { type: 'submit', 'data-testid': 'chat-link-code', text: t('account-chat-link-get-code') }),
          ' ', el('span', { id: 'chat-link-instructions', 'data-testid': 'chat-link-instructions', class: 'small' })),
        el('ul', { id: 'chat-links', class: 'attempts', 'data-testid': 'chat-links' },
          el('li', { class: 'muted', text: t('account-loading') }))),
    );
    loadApps();
    loadChatLinks();
    $('#account-forms').hidden = true;
    $('#play-as-guest').hidden = true;
  } else {
    profile.replaceChildren(el('p', {
      class: 'muted',
      text: t('account-guest-note'),
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
    showMessage(data.hidden ? t('account-profile-now-hidden') : t('account-profile-now-public'), 'info');
  });
}

/** The apps this account let in (OAuth), each with a Revoke button. */
async function loadApps() {
  const list = $('#apps-with-access');
  let tokens;
  try {
    ({ data: { tokens } } = await request('GET', '/v1/users/me/tokens'));
  } catch {
    list.replaceChildren(el('li', { class: 'muted', text: t('account-apps-failed') }));
    return;
  }
  const apps = tokens.filter((tok) => tok.client_id && tok.active);
  if (!apps.length) {
    list.replaceChildren(el('li', { class: 'muted', text: t('account-apps-none') }));
    return;
  }
  list.replaceChildren(...apps.map((tok) => el('li', { 'data-testid': 'app-with-access' },
    el('span', {}, ...(tok.last_used_at
      ? sentence('account-app-used', { scopes: tok.scopes.join(', '), since: when(tok.created_at), used: when(tok.last_used_at) },
        { app: el('strong', { text: tok.client_id }) })
      : sentence('account-app-unused', { scopes: tok.scopes.join(', '), since: when(tok.created_at) },
        { app: el('strong', { text: tok.client_id }) }))),
    el('button', { type: 'button', class: 'small', 'data-testid': 'app-revoke', text: t('account-app-revoke'),
      onclick: () => run(async () => {
        await request('DELETE', `/v1/users/me/tokens/${encodeURIComponent(tok.id)}`);
        showMessage(t('account-app-revoked', { app: tok.client_id }), 'info');
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
    list.replaceChildren(el('li', { class: 'muted', text: t('account-chat-links-failed') }));
    return;
  }
  if (!links.length) {
    list.replaceChildren(el('li', { class: 'muted', text: t('account-chat-links-none') }));
    return;
  }
  list.replaceChildren(...links.map((l) => el('li', { 'data-testid': 'chat-link' },
    el('span', {}, ...(l.linked_at
      ? sentence('account-chat-link-linked', { platform: PLATFORMS[l.platform] || l.platform, linked: when(l.linked_at) },
        { name: el('strong', { text: l.name }) })
      : sentence('account-chat-link', { platform: PLATFORMS[l.platform] || l.platform }, { name: el('strong', { text: l.name }) }))),
    el('button', { type: 'button', class: 'small', 'data-testid': 'chat-link-remove', text: t('account-chat-link-remove'),
      onclick: () => run(async () => {
        await request('DELETE', `/v1/users/me/chat-links/${encodeURIComponent(l.id)}`);
        showMessage(t('account-chat-link-removed', { name: l.name, platform: PLATFORMS[l.platform] || l.platform }), 'info');
        await loadChatLinks();
      }) }))));
}

/** A guest signing up keeps everything: the guest account itself becomes the account. */
async function upgradeGuest(body) {
  if (!session.token || !session.user?.is_guest) return null;
  return request('POST', '/v1/users/me/upgrade', { body });
}

/** The account's language (`user.language`, a tag such as "de"), when this browser keeps
 * another: kept here instead. True when the page must start again to speak it. */
function keepAccountLanguage(user) {
  const tag = user?.language;
  if (!tag || tag === store.get('language')) return false;
  store.set('language', tag);
  return tag !== lang();
}

/** The session and user stored, the table made this account's; `said` is the message that
 * greets the player (its $name the username). True when the page must start again in the
 * account's language (the caller reloads it once it has gone where it goes). */
async function afterSignIn(data, said) {
  state.sessionLost = false;
  session.set(data.token, data.user);
  const restart = keepAccountLanguage(data.user);
  $('#session-dialog').open && $('#session-dialog').close();
  showMessage(t(said, { name: data.user.username }), 'success');
  // The game on the table stays if it is this account's; a guest's game is not.
  if (state.game && state.game.origin !== 'race') {
    try {
      await loadGame(state.game.id, { quiet: true });
      return restart;
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
  return restart;
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
    const restart = await afterSignIn(data, 'account-signed-in');
    goHome();
    if (restart) location.reload();
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
    const restart = await afterSignIn(data, 'account-signed-up');
    goHome();
    if (restart) location.reload();
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
    leave(t('account-signed-out'));
  });
}

function signOutEverywhere() {
  run(async () => {
    await request('POST', '/v1/auth/logout-all');
    leave(t('account-signed-out-everywhere'));
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
    showMessage(kept ? t('account-password-changed-kept') : t('account-password-changed'), 'success');
  });
}

let dialogOpen = false;
function askToSignIn(detail) {
  const dlg = $('#session-dialog');
  if (dialogOpen) return;
  dialogOpen = true;
  // `detail` is the API's sentence, already in the page's language.
  $('#session-why').textContent = `${detail ? `${detail}${t('sentence-gap')}` : ''}${t('account-session-sign-in-again')}`;
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
        if (await afterSignIn(data, 'account-signed-in-again')) location.reload();
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
