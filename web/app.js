// Spider Solitaire web client: plain ES module, no build step, public API only.
//
// The API base is the page's own origin (relative URLs). For development, `?api=http://host:port`
// points the page at another server (the server allows any CORS origin by default).
//
// Screens (the URL's hash): #play (the table, new games, the daily panel), #race (host or
// join) and #race/CODE (a room: seats, countdown, the table with live standings, results),
// #games (my games), #records (my records and race ratings), #boards (all-time boards),
// #analysis/GAME_ID (a finished game's result and "where did I go wrong"), #account.
// The table (stats, actions, board) is one element that moves between #play and a race room.
//
// The file is one module in sections, one per screen, because the server serves exactly
// /, /app.js and /style.css (adding files would need a route outside the page module).
//
// Test hooks: buttons carry data-testid (new-game, daily-start, deal, undo, hint, restart,
// resign, stock, …); the board is data-testid="board" with data-game-id, data-version,
// data-status and data-busy; columns are data-testid="column-N" (N from 1, as in the API);
// face-up cards carry data-card ("10♥"), data-column (from 1) and data-index (0-based position
// among the column's face-up cards, as in the view's `face_up` array). Every screen is a
// <section data-screen="…">; the race room carries data-round-state and data-round on
// data-testid="race-room".

const params = new URLSearchParams(location.search);
const API_BASE = (params.get('api') || '').replace(/\/+$/, '');

// ---------------------------------------------------------------------------------------------
// Small helpers

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k === 'style') Object.assign(node.style, v);
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const child of children) if (child != null && child !== false) node.append(child);
  return node;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// localStorage, keyed by API base so that dev servers do not share tokens; survives a
// browser that refuses storage (then values live as long as the page).
const storeKey = (name) => `spider:${API_BASE || location.origin}:${name}`;
const memory = new Map();
const store = {
  get(name) {
    try { return localStorage.getItem(storeKey(name)); } catch { return memory.get(name) ?? null; }
  },
  set(name, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(storeKey(name));
      else localStorage.setItem(storeKey(name), value);
    } catch {
      if (value === null || value === undefined) memory.delete(name);
      else memory.set(name, value);
    }
  },
};

function randomKey() {
  // crypto.randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const SUIT_SYMBOL = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' };
const RANK_NAME = { 1: 'Ace', 11: 'Jack', 12: 'Queen', 13: 'King' };
const RANK_SHORT = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
const isRed = (suit) => suit === 'hearts' || suit === 'diamonds';
const rankShort = (rank) => RANK_SHORT[rank] || String(rank);
const cardName = (card) => `${RANK_NAME[card.rank] || card.rank} of ${card.suit}`;
const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const variantLabel = (v) => (v === 'spiderette' ? 'Spiderette' : 'Spider');
const kindLabel = (variant, suits) => `${variantLabel(variant)}, ${plural(suits, 'suit')}`;
const statusLabel = (s) => ({ in_progress: 'playing', won: 'won', resigned: 'resigned' }[s] || s);

function formatDuration(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function formatWhen(iso) {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An action in words, columns numbered from 1 as on the table. */
function describeAction(a) {
  if (!a) return 'nothing';
  switch (a.type) {
    case 'move': return `Move ${plural(a.count, 'card')} from column ${a.from} to column ${a.to}`;
    case 'deal': return 'Deal a row from the stock';
    case 'undo': return 'Undo';
    case 'resign': return 'Resign';
    default: return a.type;
  }
}

// ---------------------------------------------------------------------------------------------
// API client

class ApiError extends Error {
  constructor(status, problem, retryAfter = null) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || 'http_error';
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

const state = {
  game: null,          // the GameView on the table
  receivedAt: 0,       // performance.now() when `game` arrived (the timer ticks from there)
  selection: null,     // {column, index, keyboard} of a picked-up group (column from 1)
  hint: null,          // the last HintView (or a winning-line step), shown while its version is current
  busy: 0,
  today: null,         // the last Today answer
  board: null,         // the last DailyBoard
  resignArmed: false,
  drawn: null,         // {id, version, cols} of the last drawn board (to animate what changed)
  screen: 'play',
  sessionLost: false,  // a signed-in session was refused: wait for the sign-in dialog
  guide: null,         // stepping through an analysis' winning line on a replay game
  needGame: false,     // the page opened on another screen: deal a game when Play opens
};

// The session lives in localStorage (read on every request, so a sign-in in another tab counts).
const session = {
  get token() { return store.get('token'); },
  get user() {
    try { return JSON.parse(store.get('user') || 'null'); } catch { return null; }
  },
  set(token, user) {
    store.set('token', token);
    store.set('user', user ? JSON.stringify(user) : null);
    renderAccountBar();
  },
};
const isAccount = () => !!session.user && !session.user.is_guest;

let guestPromise = null;

async function newGuest() {
  if (!guestPromise) {
    guestPromise = (async () => {
      const { data } = await request('POST', '/v1/auth/guest', { auth: false });
      session.set(data.token, data.user || null);
    })().finally(() => { guestPromise = null; });
  }
  return guestPromise;
}

/**
 * One API call. `auth`: 'required' (get a guest token first), 'optional' (send one if we have
 * it) or false. A guest's rejected token (401) is replaced by a new guest token and the call
 * retried once; a signed-in account's opens the sign-in dialog over the table, which stays as
 * it is. 429 waits for Retry-After (up to 5 s) and retries once; a network failure is retried
 * once with the same Idempotency-Key, so a write is never applied twice.
 */
async function request(method, path, { body, auth = 'required', headers = {}, retried = false } = {}) {
  if (auth && state.sessionLost) {
    askToSignIn();
    throw new ApiError(401, { code: 'unauthorized', detail: 'Your session has ended: sign in again to go on.' });
  }
  if (auth === 'required' && !session.token) await newGuest();
  const h = { Accept: 'application/json, application/problem+json', ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  const token = auth ? session.token : null;
  if (token) h.Authorization = `Bearer ${token}`;

  let res;
  try {
    res = await fetch(API_BASE + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (!retried) {
      await sleep(600);
      return request(method, path, { body, auth, headers, retried: true });
    }
    throw new ApiError(0, { code: 'network', detail: 'Cannot reach the game server. Check your connection and try again.' });
  }

  const type = res.headers.get('Content-Type') || '';
  let data = null;
  if (type.includes('json')) data = await res.json().catch(() => null);
  else await res.text().catch(() => '');

  if (res.status === 401 && token) {
    if (session.token === token) {
      if (isAccount()) {
        state.sessionLost = true;
        store.set('token', null);
        askToSignIn(data?.detail);
      } else if (!retried) {
        session.set(null, null);
        await newGuest();
        return request(method, path, { body, auth, headers, retried: true });
      }
    }
  }
  if (res.status === 429 && !retried) {
    const wait = Math.min(5, Number(res.headers.get('Retry-After')) || 1);
    await sleep(wait * 1000);
    return request(method, path, { body, auth, headers, retried: true });
  }
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('Retry-After')) || null;
    throw new ApiError(res.status, data && typeof data === 'object'
      ? data
      : { detail: `The server answered ${res.status} ${res.statusText}.` }, retryAfter);
  }
  return { data, headers: res.headers };
}

/**
 * Reads a Server-Sent Events stream with fetch (EventSource cannot send the Authorization
 * header the API wants). Calls onEvent(name, data) per event; resolves when the stream ends.
 */
async function readEvents(path, signal, onEvent) {
  if (!session.token) await newGuest();
  const res = await fetch(API_BASE + path, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${session.token}` },
    signal,
  });
  if (!res.ok) {
    const data = await res.json().catch(() => ({}));
    throw new ApiError(res.status, data || {});
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n/g, '\n');
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = 'message';
      const lines = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) lines.push(line.slice(5).replace(/^ /, ''));
      }
      if (!lines.length) continue;
      let data;
      try { data = JSON.parse(lines.join('\n')); } catch { data = lines.join('\n'); }
      onEvent(name, data);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Serialised game operations: one request at a time, in order (a click during a request waits
// its turn). A refusal shows its `detail` and changes nothing.

let queue = Promise.resolve();

function run(task) {
  const p = queue.then(async () => {
    state.busy++;
    renderBusy();
    try {
      await task();
    } catch (err) {
      await handleError(err);
    } finally {
      state.busy--;
      renderBusy();
    }
  });
  queue = p.catch(() => {});
  return p;
}

async function handleError(err) {
  if (!(err instanceof ApiError)) {
    console.warn(err);
    showMessage(`Something went wrong: ${err.message}`, 'error');
    return;
  }
  showMessage(err.message, 'error');
  state.selection = null;
  if (err.code === 'version_conflict' && state.game) {
    // Another tab or device played: show the game as it is now.
    try {
      await loadGame(state.game.id, { quiet: true });
      showMessage(`${err.message} (The board now shows the game as it is.)`, 'error');
    } catch (again) {
      showMessage(again.message, 'error');
    }
  } else if (err.status === 404 && state.game && err.code === 'not_found') {
    store.set('game', null);
  }
  renderGame();
}

function setGame(view) {
  const before = state.game;
  state.game = view;
  state.receivedAt = performance.now();
  state.selection = null;
  if (!state.hint || state.hint.version !== view.version) state.hint = null;
  if (view.origin !== 'race') store.set('game', view.id);
  if (state.guide && state.guide.gameId !== view.id) state.guide = null;
  guideHint();
  placeTable();
  renderGame();
  const finishedNow = before && before.id === view.id && before.status === 'in_progress' && view.status !== 'in_progress';
  if (finishedNow && view.status === 'won') showMessage(`You won with ${view.score} points!`, 'success');
  if (view.daily && (finishedNow || !before || before.id !== view.id)) refreshDaily();
  else if (view.daily && state.today) renderDaily();
  if (view.origin === 'race' && finishedNow) race.refreshSoon();
}

async function loadGame(id, { quiet = false } = {}) {
  const { data } = await request('GET', `/v1/games/${encodeURIComponent(id)}`);
  setGame(data);
  if (!quiet) clearMessage();
}

function chosenSettings() {
  return { suits: Number($('#suits').value), variant: $('#variant').value };
}

async function createGame(body) {
  const { data } = await request('POST', '/v1/games', {
    body,
    headers: { 'Idempotency-Key': randomKey() },
  });
  setGame(data);
  return data;
}

function newGame() {
  return run(async () => {
    const { suits, variant } = chosenSettings();
    const body = { suits, variant };
    const dealInput = $('#deal-number');
    const deal = dealInput.value.trim();
    if (deal) {
      if (!/^\d{1,20}$/.test(deal)) {
        showMessage('A deal number is a whole number (leave it empty for a random deal).', 'error');
        dealInput.focus();
        return;
      }
      body.deal_number = deal; // as a string: exact past 2^53
    }
    const data = await createGame(body);
    go('play');
    showMessage(`New ${kindLabel(variant, suits)} game` +
      `${deal ? `, deal #${data.deal_number ?? deal}` : ''}. Good luck!`, 'info');
  });
}

function startDaily() {
  return run(async () => {
    const { suits, variant } = chosenSettings();
    const running = dailyChallenge()?.your_attempts?.find((a) => a.status === 'in_progress');
    if (running) {
      await loadGame(running.game_id);
      showMessage(`Back to today's ${running.ranked ? 'ranked' : 'practice'} attempt.`, 'info');
      return;
    }
    let data;
    try {
      ({ data } = await request('POST', '/v1/daily/games', {
        body: { suits, variant },
        headers: { 'Idempotency-Key': randomKey() },
      }));
    } catch (err) {
      // The ranked attempt is still open (another tab, or the panel was stale): resume it.
      if (!(err instanceof ApiError) || err.code !== 'ranked_attempt_in_progress') throw err;
      await refreshDaily();
      const open = dailyChallenge()?.your_attempts?.find((a) => a.status === 'in_progress');
      if (!open) throw err;
      await loadGame(open.game_id);
      showMessage(`${err.message} Here it is.`, 'info');
      return;
    }
    setGame(data);
    showMessage(data.daily?.ranked
      ? `Today's daily challenge: this attempt is ranked. Good luck!`
      : `Today's daily challenge (practice: only your first attempt is ranked).`, 'info');
  });
}

function act(action) {
  return run(async () => {
    const game = state.game;
    if (!game) return;
    state.selection = null;
    const { data } = await request('POST', `/v1/games/${encodeURIComponent(game.id)}/actions`, {
      body: action,
      headers: { 'If-Match': `"${game.version}"`, 'Idempotency-Key': randomKey() },
    });
    clearMessage();
    if (state.guide && state.guide.gameId === game.id) state.guide.afterAct(action, data);
    setGame(data);
    if (data.status === 'in_progress' && !data.has_legal_action) {
      showMessage(data.can_undo ? 'No move or deal is left: undo, or resign.' : 'No move or deal is left: resign to end the game.', 'info');
    } else if (action.type === 'resign') {
      showMessage('You resigned this game.', 'info');
    }
  });
}

function hint() {
  return run(async () => {
    const game = state.game;
    if (!game) return;
    const { data } = await request('GET', `/v1/games/${encodeURIComponent(game.id)}/hint`);
    if (data.version !== state.game.version) await loadGame(game.id, { quiet: true });
    state.hint = data;
    state.selection = null;
    renderGame();
    showMessage(data.reason, 'hint');
  });
}

function restart() {
  return run(async () => {
    const game = state.game;
    if (!game) return;
    const { data } = await request('POST', `/v1/games/${encodeURIComponent(game.id)}/restart`, {
      headers: { 'Idempotency-Key': randomKey() },
    });
    setGame(data);
    go('play');
    showMessage('The same deal again, from the start.', 'info');
  });
}

function resign() {
  const btn = $('#resign');
  if (!state.resignArmed) {
    // Two clicks, no modal dialog: the first arms the button for a few seconds.
    state.resignArmed = true;
    btn.textContent = isRaceGame() ? 'Really quit?' : 'Really resign?';
    btn.setAttribute('aria-pressed', 'true');
    setTimeout(disarmResign, 4000);
    return;
  }
  disarmResign();
  if (isRaceGame()) race.quit();
  else act({ type: 'resign' });
}

function disarmResign() {
  state.resignArmed = false;
  const btn = $('#resign');
  btn.textContent = isRaceGame() ? 'Quit race' : 'Resign';
  btn.removeAttribute('aria-pressed');
}

// ---------------------------------------------------------------------------------------------
// Accounts: guest at once, sign up, sign in, sign out; the dialog after a refused session.

function renderAccountBar() {
  const user = session.user;
  const who = $('#who');
  if (user && !user.is_guest) {
    who.textContent = `Signed in as ${user.username}`;
    $('#sign-in-link').hidden = true;
    $('#sign-out').hidden = false;
  } else {
    who.textContent = user ? 'Playing as a guest' : '';
    $('#sign-in-link').hidden = false;
    $('#sign-out').hidden = true;
  }
  if (state.screen === 'account') renderAccountScreen();
}

function renderAccountScreen() {
  const user = session.user;
  const profile = $('#account-profile');
  if (user && !user.is_guest) {
    profile.replaceChildren(
      el('p', { 'data-testid': 'profile-name' }, 'Signed in as ', el('strong', { text: user.username }),
        `, playing since ${formatWhen(user.created_at)}.`),
      el('p', {}, el('button', { type: 'button', 'data-testid': 'profile-sign-out', onclick: signOut, text: 'Sign out' })),
    );
    $('#account-forms').hidden = true;
    $('#play-as-guest').hidden = true;
  } else {
    profile.replaceChildren(el('p', {
      class: 'muted',
      text: 'You are playing as a guest. Create an account to keep your records and rating and to play from any device. '
        + 'Your guest games stay with the guest account on this browser.',
    }));
    $('#account-forms').hidden = false;
    $('#play-as-guest').hidden = !!user;
  }
}

/**
 * KEEP-GUEST: turning the guest into an account, keeping its games, needs a server endpoint
 * that does not exist yet (API.md's `POST /v1/users/me/upgrade`). When it lands, call it here
 * from the sign-up form while the session is a guest's, instead of registering a new user.
 */
async function upgradeGuest(/* username, password */) {
  return null; // not available yet: sign-up registers a new, separate account
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
    go('play');
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
    go('play');
  });
}

function signOut() {
  // The API has no server-side logout yet: forgetting the token ends this browser's session.
  race.close();
  state.sessionLost = false;
  session.set(null, null);
  state.game = null;
  store.set('game', null);
  store.set('race', null);
  go('play');
  run(async () => {
    await createGame(chosenSettings());
    showMessage('Signed out. You are playing as a guest.', 'info');
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

// ---------------------------------------------------------------------------------------------
// Screens: the hash is the route (#play, #race/CODE, #games, #records, #boards,
// #analysis/ID, #account).

const SCREENS = ['play', 'race', 'games', 'records', 'boards', 'analysis', 'account'];

function go(screen, arg) {
  const hash = `#${screen}${arg ? `/${encodeURIComponent(arg)}` : ''}`;
  if (location.hash !== hash) location.hash = hash;
  else route();
}

function route(initial = false) {
  const [name, ...rest] = location.hash.replace(/^#/, '').split('/');
  const screen = SCREENS.includes(name) ? name : 'play';
  const arg = rest.length ? decodeURIComponent(rest.join('/')) : null;
  const changed = state.screen !== screen;
  state.screen = screen;
  for (const s of document.querySelectorAll('[data-screen]')) s.hidden = s.dataset.screen !== screen;
  for (const a of document.querySelectorAll('[data-nav]')) {
    if (a.dataset.nav === screen) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (screen !== 'race') race.close();
  placeTable();
  switch (screen) {
    case 'play':
      renderGame();
      if (state.needGame && !state.game) {
        state.needGame = false;
        run(async () => { if (!state.game) await createGame(chosenSettings()); });
      }
      break;
    case 'race': race.enter(arg || store.get('race')); break;
    case 'games': games.load(); break;
    case 'records': records.load(); break;
    case 'boards': boards.load(); break;
    case 'analysis': analysis.open(arg); break;
    case 'account': renderAccountScreen(); break;
    default:
  }
  if (changed && !initial && screen !== 'play') {
    // Tell screen readers where they are; keys keep working (the handler is global).
    const h = document.querySelector(`[data-screen="${screen}"] h2`);
    if (h) { h.tabIndex = -1; h.focus({ preventScroll: true }); }
  }
}

/** The table sits on the race screen while it shows the room's game, else on the play screen. */
function placeTable() {
  const table = $('#table');
  const inRace = state.screen === 'race' && isRaceGame() && race.ownsGame(state.game);
  const slot = inRace ? $('#race-table-slot') : $('#play-table-slot');
  if (table.parentElement !== slot) {
    slot.append(table);
    renderGame();
  }
}

const isRaceGame = () => state.game?.origin === 'race';

// ---------------------------------------------------------------------------------------------
// Daily challenge panel

function dailyChallenge() {
  if (!state.today) return null;
  const { suits, variant } = chosenSettings();
  return state.today.challenges.find((c) => c.suits === suits && c.variant === variant) || null;
}

async function refreshDaily() {
  const { suits, variant } = chosenSettings();
  try {
    const { data } = await request('GET', `/v1/daily?suits=${suits}&variant=${variant}`, { auth: 'optional' });
    state.today = data;
    renderDaily();
    await refreshLeaderboard();
  } catch (err) {
    $('#daily-info').textContent = `Daily challenge unavailable: ${err.message}`;
  }
}

async function refreshLeaderboard() {
  if (!state.today) return;
  const { suits, variant } = chosenSettings();
  const by = $('#lb-by').value;
  const q = new URLSearchParams({ suits: String(suits), variant, by });
  try {
    const { data } = await request('GET', `/v1/daily/${state.today.date}/leaderboard?${q}`, { auth: 'optional' });
    state.board = data;
  } catch (err) {
    state.board = null;
    $('#lb-body').replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 5, text: err.message })));
    return;
  }
  renderLeaderboard();
}

function renderDaily() {
  const today = state.today;
  const ch = dailyChallenge();
  const btn = $('#daily-start');
  const attempts = $('#daily-attempts');
  attempts.replaceChildren();
  if (!today || !ch) {
    $('#daily-info').textContent = 'No daily challenge for this setting.';
    btn.textContent = 'Daily challenge';
    return;
  }
  const left = Date.parse(today.ends_at) - Date.now();
  const hours = Math.max(0, Math.floor(left / 3600000));
  const mins = Math.max(0, Math.floor((left % 3600000) / 60000));
  $('#daily-info').textContent =
    `${today.date} (UTC) · ${kindLabel(ch.variant, ch.suits)} · ` +
    `${plural(ch.players, 'ranked player')} · ends in ${hours} h ${mins} min`;

  for (const attempt of ch.your_attempts) {
    const current = state.game && state.game.id === attempt.game_id;
    // The attempt on the table is fresher than the panel's last fetch.
    const a = current ? { ...attempt, status: state.game.status, score: state.game.score, runs_completed: state.game.runs_completed } : attempt;
    const label = `${a.ranked ? 'Ranked' : 'Practice'} · ${statusLabel(a.status)} · ${a.score} points · ${plural(a.runs_completed, 'run')}`;
    attempts.append(el('li', {},
      el('span', { text: label }),
      current ? el('span', { class: 'muted', text: 'on the table' })
        : el('button', { type: 'button', onclick: () => run(() => loadGame(attempt.game_id)), text: a.status === 'in_progress' ? 'Resume' : 'View' })));
  }
  const running = ch.your_attempts.find((a) => a.status === 'in_progress');
  btn.textContent = running ? 'Resume daily'
    : ch.your_attempts.length ? 'Daily (practice)' : 'Daily challenge';
}

/** The names the boards may show for me: a guest is "guest-" and the first 8 characters of its id. */
function myNames() {
  const me = session.user;
  return me ? [me.username, `guest-${String(me.id).slice(0, 8)}`].filter(Boolean) : [];
}

function renderLeaderboard() {
  const board = state.board;
  const body = $('#lb-body');
  // Four figures do not fit the side panel: the last column follows the ranking measure.
  const byMoves = (board ? board.by : $('#lb-by').value) === 'moves';
  $('#lb-measure').textContent = byMoves ? 'Moves' : 'Time';
  $('#lb-title').textContent = board ? `Leaderboard ${board.date}` : 'Leaderboard';
  if (!board || board.entries.length === 0) {
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 5, text: 'No one has played today yet.' })));
    return;
  }
  const names = myNames();
  body.replaceChildren(...board.entries.map((e) => {
    const mine = names.includes(e.player);
    return el('tr', { class: mine ? 'me' : undefined },
      el('td', { text: e.rank }),
      el('td', { title: e.player }, e.player, mine ? el('span', { class: 'visually-hidden', text: ' (you)' }) : null),
      el('td', { text: statusLabel(e.status) }),
      el('td', { text: e.score }),
      el('td', { text: byMoves ? e.actions : (e.duration_ms == null ? '–' : formatDuration(e.duration_ms)) }));
  }));
}

// ---------------------------------------------------------------------------------------------
// Rendering the table

function showMessage(text, kind = 'info') {
  const m = $('#message');
  m.textContent = text;
  m.dataset.kind = kind;
}

function clearMessage() {
  const m = $('#message');
  m.textContent = '';
  delete m.dataset.kind;
}

function renderBusy() {
  $('#board').dataset.busy = state.busy > 0 ? 'true' : 'false';
  document.body.setAttribute('aria-busy', state.busy > 0 ? 'true' : 'false');
}

/** Card size from the board's width; offsets so that a column fits the window when it can. */
function layout(columns) {
  const board = $('#board');
  const width = board.clientWidth || 800;
  const n = columns.length;
  const gap = Math.max(3, Math.round(width * 0.012));
  const cardW = Math.max(26, Math.min(104, Math.floor((width - (n - 1) * gap) / n)));
  const cardH = Math.round(cardW * 1.4);
  const top = board.getBoundingClientRect().top + window.scrollY;
  const room = Math.max(cardH * 3.5, window.innerHeight - top - cardH - 48);
  const downStep = Math.round(cardH * 0.1);
  const upStep = Math.round(cardH * 0.27);
  const minUp = Math.ceil(Math.max(cardW * 0.22, 11) + 8); // the corner index stays readable
  const offsets = columns.map((col) => {
    const up = col.face_up.length;
    const want = col.face_down * downStep + Math.max(0, up - 1) * upStep;
    let d = downStep;
    let u = Math.max(upStep, minUp);
    if (want + cardH > room && want > 0) {
      const k = (room - cardH) / want;
      d = Math.max(4, Math.floor(downStep * k));
      u = Math.max(minUp, Math.floor(upStep * k));
    }
    return { down: d, up: u };
  });
  return { cardW, cardH, offsets };
}

function cardFace(card, attrs = {}) {
  const sym = SUIT_SYMBOL[card.suit] || '';
  const rank = card.text ? card.text.replace(sym, '') : rankShort(card.rank);
  return el('div', { class: `card face${isRed(card.suit) ? ' red' : ''}`, ...attrs },
    el('span', { class: 'corner', 'aria-hidden': 'true', text: `${rank}${sym}` }),
    el('span', { class: 'corner right', 'aria-hidden': 'true', text: sym }),
    el('span', { class: 'pip', 'aria-hidden': 'true', text: sym }));
}

function renderGame() {
  const game = state.game;
  const board = $('#board');
  renderStats();
  renderControls();
  renderBanner();
  renderGuide();
  if (!game) {
    board.replaceChildren();
    delete board.dataset.gameId;
    return;
  }
  if (!board.offsetParent) return; // not on screen: drawn when it is

  const focused = document.activeElement?.closest?.('.card.face, .slot');
  const focusKey = focused ? `${focused.dataset.column}:${focused.dataset.index ?? 'slot'}` : null;

  const { cardW, cardH, offsets } = layout(game.columns);
  document.documentElement.style.setProperty('--card-w', `${cardW}px`);
  document.documentElement.style.setProperty('--card-h', `${cardH}px`);
  board.classList.toggle('narrow', cardW < 56);
  board.style.setProperty('--cols', game.columns.length);
  board.dataset.gameId = game.id;
  board.dataset.version = String(game.version);
  board.dataset.status = game.status;
  board.dataset.suits = String(game.suits);

  const hint = state.hint && state.hint.version === game.version ? state.hint.action : null;
  const sel = state.selection;
  const playing = game.status === 'in_progress';
  let tallest = cardH;
  // Cards that arrived with this version (moved, dealt or turned over) settle in with a short
  // CSS animation; it never delays input (the next click goes straight to the server).
  const drawn = state.drawn;
  const changed = drawn && drawn.id === game.id && drawn.version !== game.version;
  const isFresh = (c, i, card) => changed && drawn.cols[c - 1]?.[i] !== card.text;
  state.drawn = { id: game.id, version: game.version, cols: game.columns.map((col) => col.face_up.map((x) => x.text)) };

  const cols = game.columns.map((col, ci) => {
    const c = col.column;
    const off = offsets[ci];
    const up = col.face_up.length;
    const node = el('div', {
      class: 'column',
      role: 'group',
      'data-testid': `column-${c}`,
      'data-column': c,
      'aria-label': `Column ${c}: ${col.face_down} face-down, ${plural(up, 'face-up card')}`,
    });
    if (hint?.type === 'move' && hint.to === c) node.classList.add('hint-dst');
    if (sel && sel.column === c) node.classList.add('from');
    let y = 0;
    if (col.face_down === 0 && up === 0) {
      node.append(el('div', {
        class: 'slot', role: 'button', tabindex: playing ? 0 : -1,
        'data-column': c, 'data-testid': `slot-${c}`, 'aria-label': `Empty column ${c}`,
      }));
    }
    // Face-down cards are drawn as backs only: the API never says what they are.
    for (let i = 0; i < col.face_down; i++) {
      node.append(el('div', { class: 'card back', 'aria-hidden': 'true', style: { top: `${y}px` } }));
      y += off.down;
    }
    col.face_up.forEach((card, i) => {
      const fromEnd = up - i;
      const selected = sel && sel.column === c && i >= sel.index;
      const hinted = hint?.type === 'move' && hint.from === c && fromEnd <= hint.count;
      const node2 = cardFace(card, {
        role: 'button',
        tabindex: playing ? 0 : -1,
        'data-card': card.text,
        'data-column': c,
        'data-index': i,
        'aria-label': `${cardName(card)}, column ${c}${i === up - 1 ? ', top card' : `, ${plural(fromEnd - 1, 'card')} on it`}`,
        'aria-pressed': selected && i === sel.index ? 'true' : 'false',
        style: { top: `${y}px` },
      });
      if (selected) node2.classList.add('selected');
      if (hinted) node2.classList.add('hint-src');
      if (isFresh(c, i, card)) node2.classList.add('fresh');
      node.append(node2);
      if (i < up - 1) y += off.up;
    });
    tallest = Math.max(tallest, y + cardH);
    node.style.height = `${y + cardH}px`;
    return node;
  });
  board.replaceChildren(...cols);
  board.style.minHeight = `${tallest + 8}px`;

  renderFoundation(cardW);
  renderStock();

  if (focusKey) {
    const [c, i] = focusKey.split(':');
    const again = i === 'slot'
      ? board.querySelector(`.slot[data-column="${c}"]`)
      : board.querySelector(`.card.face[data-column="${c}"][data-index="${i}"]`)
        || board.querySelector(`.column[data-column="${c}"] .card.face:last-of-type`);
    again?.focus({ preventScroll: true });
  }
}

function renderFoundation(cardW) {
  const game = state.game;
  const f = $('#foundation');
  const step = Math.round(cardW * 0.28);
  f.replaceChildren(...game.completed_suits.map((suit, i) =>
    cardFace({ rank: 13, suit, text: `K${SUIT_SYMBOL[suit]}` }, { 'aria-hidden': 'true', style: { left: `${i * step}px`, top: '0px' } })));
  f.querySelectorAll('.card').forEach((c) => c.classList.add('done'));
  f.style.width = `${cardW + Math.max(1, game.runs_total - 1) * step}px`;
  f.setAttribute('aria-label', `Completed runs: ${game.runs_completed} of ${game.runs_total}`);
}

function renderStock() {
  const game = state.game;
  const s = $('#stock');
  const left = game.stock_deals_left;
  const backs = [];
  for (let i = 0; i < Math.min(left, 5); i++) {
    backs.push(el('span', { class: 'card back', 'aria-hidden': 'true', style: { right: `${(Math.min(left, 5) - 1 - i) * 14}px`, top: '0px', left: 'auto' } }));
  }
  s.replaceChildren(...backs, el('span', { class: 'count', 'aria-hidden': 'true', text: `${plural(left, 'deal')} left` }));
  s.classList.toggle('empty', left === 0);
  s.disabled = game.status !== 'in_progress' || left === 0;
  s.setAttribute('aria-label', `Stock: ${plural(left, 'deal')} left. Deal.`);
  const hintDeal = state.hint && state.hint.version === game.version && state.hint.action?.type === 'deal';
  s.classList.toggle('hinted', !!hintDeal);
}

function renderStats() {
  const g = state.game;
  $('#score').textContent = g ? String(g.score) : '–';
  $('#actions').textContent = g ? String(g.actions) : '–';
  $('#runs').textContent = g ? `${g.runs_completed}/${g.runs_total}` : '–';
  $('#deals-left').textContent = g ? String(g.stock_deals_left) : '–';
  tick();
  if (!g) {
    $('#game-label').textContent = '';
    return;
  }
  const parts = [kindLabel(g.variant, g.suits)];
  if (g.daily) parts.push(`daily ${g.daily.date} (${g.daily.ranked ? 'ranked' : 'practice'})`);
  else if (g.origin === 'race') parts.push(`race${g.difficulty ? ` (${g.difficulty} deal)` : ''}`);
  else if (g.difficulty) parts.push(`winnable deal (${g.difficulty})`);
  else if (g.origin === 'restart') parts.push('replay');
  if (g.deal_number != null) parts.push(`deal #${g.deal_number}`);
  if (!g.rules.undo) parts.push('no undo');
  if (!g.hints_allowed) parts.push('no hints');
  if (g.rules.empty_column_deal && g.rules.empty_column_deal !== 'standard') parts.push(`deal rule: ${g.rules.empty_column_deal}`);
  $('#game-label').textContent = parts.join(' · ');
}

function renderControls() {
  const g = state.game;
  const playing = !!g && g.status === 'in_progress';
  const raceGame = isRaceGame();
  $('#deal').disabled = !playing || g.stock_deals_left === 0;
  // The room's settings (and any game's rules) decide whether undo and hints exist at all.
  $('#undo').hidden = !!g && !g.rules.undo;
  $('#undo').disabled = !playing || !g.can_undo;
  $('#hint').hidden = !!g && !g.hints_allowed;
  $('#hint').disabled = !playing;
  $('#resign').disabled = !playing;
  if (!state.resignArmed) $('#resign').textContent = raceGame ? 'Quit race' : 'Resign';
  $('#restart').hidden = raceGame;
  $('#restart').disabled = !g;
  $('#analyse').hidden = !g || playing || !state.guide; // else the banner offers it
  const h = g && state.hint && state.hint.version === g.version ? state.hint : null;
  $('#deal').classList.toggle('hinted', h?.action?.type === 'deal');
  $('#undo').classList.toggle('hinted', !!h && !h.action && h.suggest_undo);
}

function renderBanner() {
  const g = state.game;
  const b = $('#banner');
  if (!g || g.status === 'in_progress' || state.guide) {
    b.hidden = true;
    b.replaceChildren();
    return;
  }
  const won = g.status === 'won';
  b.dataset.status = g.status;
  const deal = g.deal_number != null ? ` Deal #${g.deal_number}.` : '';
  const buttons = isRaceGame()
    ? [state.screen === 'race' ? null : el('button', { type: 'button', 'data-testid': 'banner-standings', onclick: () => go('race', race.code || store.get('race')), text: 'Standings' })]
    : [el('button', { type: 'button', 'data-testid': 'banner-new-game', onclick: newGame, text: 'New game' }),
      el('button', { type: 'button', 'data-testid': 'banner-restart', onclick: restart, text: 'Play this deal again' })];
  buttons.push(el('button', { type: 'button', 'data-testid': 'banner-analyse', onclick: () => go('analysis', g.id), text: 'Where did I go wrong?' }));
  b.replaceChildren(
    el('h2', { text: won ? 'You won!' : (isRaceGame() ? 'You quit this round' : 'Game resigned') }),
    el('p', {
      text: won
        ? `Score ${g.score} · ${g.actions} moves · ${formatDuration(g.elapsed_ms)}.${deal}`
        : `${g.runs_completed} of ${g.runs_total} runs completed, score ${g.score}.${deal}`,
    }),
    el('div', { class: 'controls', style: { justifyContent: 'center' } }, ...buttons.filter(Boolean)),
  );
  b.hidden = false;
}

function tick() {
  const g = state.game;
  const t = $('#timer');
  if (!g) {
    t.textContent = '0:00';
    return;
  }
  const ms = g.status === 'in_progress' ? g.elapsed_ms + (performance.now() - state.receivedAt) : g.elapsed_ms;
  t.textContent = formatDuration(ms);
}

// ---------------------------------------------------------------------------------------------
// Playing: tap/click to pick up and put down, drag and drop with pointer events, keyboard.

function groupSize(column, index) {
  const col = state.game.columns.find((c) => c.column === column);
  return col ? col.face_up.length - index : 0;
}

/** Where the movable group at the end of a column starts: same suit, each one rank lower. */
function movableStart(column) {
  const col = state.game.columns.find((c) => c.column === column);
  if (!col || !col.face_up.length) return null;
  let i = col.face_up.length - 1;
  while (i > 0) {
    const above = col.face_up[i - 1];
    const card = col.face_up[i];
    if (above.suit !== card.suit || above.rank !== card.rank + 1) break;
    i--;
  }
  return i;
}

function moveSelectionTo(to) {
  const sel = state.selection;
  if (!sel) return;
  if (sel.column === to) {
    state.selection = null;
    renderGame();
    return;
  }
  // From the keyboard the server picks the group that fits; a click chose its card.
  act(sel.keyboard
    ? { type: 'move', from: sel.column, to }
    : { type: 'move', from: sel.column, to, count: groupSize(sel.column, sel.index) });
}

function activate(target) {
  const game = state.game;
  if (!game || game.status !== 'in_progress') return;
  const card = target.closest('.card.face[data-column]');
  const column = target.closest('.column');
  if (card) {
    const c = Number(card.dataset.column);
    const i = Number(card.dataset.index);
    const sel = state.selection;
    if (!sel) {
      state.selection = { column: c, index: i };
      renderGame();
    } else if (sel.column === c && sel.index === i) {
      // The picked-up card again: send the group to its best place.
      act({ type: 'auto', column: c, count: groupSize(c, i) });
    } else if (sel.column === c) {
      state.selection = { column: c, index: i };
      renderGame();
    } else {
      moveSelectionTo(c);
    }
    return;
  }
  if (column && state.selection) {
    moveSelectionTo(Number(column.dataset.column));
    return;
  }
  if (state.selection) {
    state.selection = null;
    renderGame();
  }
}

/** Keys 1–9 and 0 (column 10): the first picks up the column's movable cards, the second puts them down. */
function columnKey(c) {
  const g = state.game;
  if (!g || g.status !== 'in_progress' || c > g.columns.length) return;
  const sel = state.selection;
  if (!sel) {
    const start = movableStart(c);
    if (start === null) {
      showMessage(`Column ${c} is empty.`, 'info');
      return;
    }
    state.selection = { column: c, index: start, keyboard: true };
    renderGame();
    const cards = g.columns[c - 1].face_up.slice(start).map((x) => x.text).join(' ');
    showMessage(`Column ${c}: ${cards} picked up. Press the number of the column to put them on (${c} again: their best place; Esc: drop).`, 'info');
    return;
  }
  if (sel.column === c) {
    act({ type: 'auto', column: c, count: groupSize(c, sel.index) });
    return;
  }
  moveSelectionTo(c);
}

let suppressClick = false;
let drag = null;

function onBoardClick(ev) {
  if (suppressClick) {
    suppressClick = false;
    return;
  }
  activate(ev.target);
}

function onBoardKey(ev) {
  if ((ev.key === 'Enter' || ev.key === ' ') && ev.target.matches('.card.face, .slot')) {
    ev.preventDefault();
    activate(ev.target);
  }
}

function onPointerDown(ev) {
  if (ev.button !== 0 || !ev.isPrimary) return;
  const card = ev.target.closest('.card.face[data-column]');
  if (!card || !state.game || state.game.status !== 'in_progress') return;
  if (drag) endDrag(); // a drag whose pointerup was lost (released outside the window)
  drag = {
    pointerId: ev.pointerId,
    startX: ev.clientX,
    startY: ev.clientY,
    column: Number(card.dataset.column),
    index: Number(card.dataset.index),
    card,
    active: false,
  };
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', endDrag);
}

function onPointerMove(ev) {
  if (!drag || ev.pointerId !== drag.pointerId) return;
  if (!drag.active) {
    if (Math.hypot(ev.clientX - drag.startX, ev.clientY - drag.startY) < 6) return;
    beginDrag();
  }
  drag.ghost.style.left = `${ev.clientX - drag.dx}px`;
  drag.ghost.style.top = `${ev.clientY - drag.dy}px`;
  const over = dropColumnAt(ev.clientX, ev.clientY);
  document.querySelectorAll('.column.drop-ok').forEach((n) => { if (n !== over) n.classList.remove('drop-ok'); });
  if (over && Number(over.dataset.column) !== drag.column) over.classList.add('drop-ok');
}

function beginDrag() {
  drag.active = true;
  const rect = drag.card.getBoundingClientRect();
  drag.dx = drag.startX - rect.left;
  drag.dy = drag.startY - rect.top;
  const ghost = el('div', { class: 'drag-ghost', 'aria-hidden': 'true' });
  const group = [...document.querySelectorAll(`#board .card.face[data-column="${drag.column}"]`)]
    .filter((n) => Number(n.dataset.index) >= drag.index);
  const top0 = group[0].offsetTop;
  for (const n of group) {
    const copy = n.cloneNode(true);
    for (const a of ['data-card', 'data-column', 'data-index', 'role', 'tabindex', 'aria-label', 'aria-pressed']) copy.removeAttribute(a);
    copy.classList.remove('selected', 'hint-src');
    copy.style.top = `${n.offsetTop - top0}px`;
    ghost.append(copy);
    n.classList.add('dragging');
  }
  ghost.style.width = `${rect.width}px`;
  document.body.append(ghost);
  drag.ghost = ghost;
  state.selection = null;
}

function dropColumnAt(x, y) {
  const hit = document.elementFromPoint(x, y)?.closest('#board .column');
  if (hit) return hit;
  // Below a short column still counts as that column.
  for (const col of document.querySelectorAll('#board .column')) {
    const r = col.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top) return col;
  }
  return null;
}

function onPointerUp(ev) {
  if (!drag || ev.pointerId !== drag.pointerId) return;
  const d = drag;
  const target = d.active ? dropColumnAt(ev.clientX, ev.clientY) : null;
  endDrag();
  if (!d.active) return; // a click: the click handler does the rest
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
  const to = target ? Number(target.dataset.column) : null;
  if (to && to !== d.column) {
    act({ type: 'move', from: d.column, to, count: groupSize(d.column, d.index) });
  } else {
    renderGame();
  }
}

function endDrag() {
  window.removeEventListener('pointermove', onPointerMove);
  window.removeEventListener('pointerup', onPointerUp);
  window.removeEventListener('pointercancel', endDrag);
  if (drag?.ghost) drag.ghost.remove();
  document.querySelectorAll('.dragging').forEach((n) => n.classList.remove('dragging'));
  document.querySelectorAll('.drop-ok').forEach((n) => n.classList.remove('drop-ok'));
  drag = null;
}

function onGlobalKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.target.closest?.('input, select, textarea, dialog')) return;
  // Keys play the table only where it is on screen.
  if (!$('#board').offsetParent) return;
  const g = state.game;
  if (/^[0-9]$/.test(ev.key)) {
    ev.preventDefault();
    columnKey(ev.key === '0' ? 10 : Number(ev.key));
    return;
  }
  switch (ev.key) {
    case 'Escape':
      if (state.selection) { state.selection = null; renderGame(); clearMessage(); }
      break;
    case 'd': case 'D':
      if (g && !$('#deal').disabled) act({ type: 'deal' });
      break;
    case 'z': case 'Z': case 'u': case 'U':
      if (g && !$('#undo').disabled && !$('#undo').hidden) act({ type: 'undo' });
      break;
    case 'h': case 'H':
      if (g && !$('#hint').disabled && !$('#hint').hidden) hint();
      break;
    default:
  }
}

// ---------------------------------------------------------------------------------------------
// Races: host a room, share its link (#race/CODE), seats, countdown, live standings from the
// room's event stream, the results and ratings, play again.

const race = {
  code: null,
  view: null,
  abort: null,        // the stream's AbortController
  poll: 0,            // polling timer once a round is over (the stream then ends)
  countdown: 0,       // countdown timer
  ratingsBefore: new Map(), // "round:seat" → rating while the round runs (for the change once it is over)
  seenRunning: new Set(),   // rounds seen before they were over: no rating then means the start rating
  loadingGame: null,
  clock: null,        // {round, elapsed, at, limit} while a round runs: the clock ticks locally

  ownsGame(game) {
    return !!game && !!this.view?.you?.game_id && this.view.you.game_id === game.id;
  },

  enter(code) {
    if (!code) {
      this.close();
      this.code = null;
      $('#race-hub').hidden = false;
      $('#race-room').hidden = true;
      return;
    }
    code = code.toUpperCase();
    $('#race-hub').hidden = true;
    $('#race-room').hidden = false;
    if (this.code === code && this.abort) {
      this.render();
      return;
    }
    this.close();
    if (this.code !== code) {
      this.view = null;
      this.ratingsBefore.clear();
      this.seenRunning.clear();
    }
    this.code = code;
    $('#race-code').textContent = code;
    $('#race-link').value = `${location.href.split('#')[0]}#race/${code}`;
    this.render();
    run(async () => {
      let data;
      try {
        ({ data } = await request('GET', `/v1/races/${encodeURIComponent(code)}`));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          // A mistyped code, or a room that is gone: back to hosting and joining.
          if (store.get('race') === code) store.set('race', null);
          this.code = null;
          go('race');
        }
        throw err;
      }
      this.update(data);
      this.follow();
    });
  },

  close() {
    if (this.abort) this.abort.abort();
    this.abort = null;
    clearInterval(this.poll);
    this.poll = 0;
    clearInterval(this.countdown);
    this.countdown = 0;
  },

  /** Follows the room's stream; when it ends (the round is over) polls for the next round. */
  follow() {
    if (this.abort || state.screen !== 'race' || !this.code) return;
    const code = this.code;
    const abort = new AbortController();
    this.abort = abort;
    readEvents(`/v1/races/${encodeURIComponent(code)}/stream`, abort.signal, (name, data) => {
      if (name === 'race' && this.code === code) this.update(data);
      else if (name === 'error') showMessage(data.detail || 'The race stream stopped.', 'error');
    }).catch((err) => {
      if (abort.signal.aborted) return;
      if (err instanceof ApiError) showMessage(err.message, 'error');
    }).finally(() => {
      if (this.abort !== abort) return; // closed or replaced
      this.abort = null;
      if (state.screen !== 'race' || this.code !== code) return;
      const over = !this.view?.round || this.view.round.state === 'over';
      if (over) this.watchForNextRound();
      else setTimeout(() => this.follow(), 1000); // dropped mid-round: reconnect
    });
  },

  watchForNextRound() {
    clearInterval(this.poll);
    const code = this.code;
    const seen = this.view?.round?.number ?? 0;
    this.poll = setInterval(async () => {
      if (state.screen !== 'race' || this.code !== code) return clearInterval(this.poll);
      try {
        const { data } = await request('GET', `/v1/races/${encodeURIComponent(code)}`);
        this.update(data);
        if ((data.round?.number ?? 0) !== seen || (data.round && data.round.state !== 'over')) {
          clearInterval(this.poll);
          this.poll = 0;
          this.follow();
        }
      } catch { /* try again on the next tick */ }
    }, 2000);
  },

  refreshSoon() {
    if (!this.code || state.screen !== 'race') return;
    const code = this.code;
    request('GET', `/v1/races/${encodeURIComponent(code)}`)
      .then(({ data }) => { if (this.code === code) this.update(data); })
      .catch(() => {});
  },

  update(view) {
    this.announce(this.view, view);
    this.view = view;
    store.set('race', view.code);
    const round = view.round;
    if (round && round.state !== 'over') {
      this.seenRunning.add(round.number);
      for (const p of round.standings) if (p.rating != null) this.ratingsBefore.set(`${round.number}:${p.seat}`, p.rating);
    }
    // My game in this round: on the table as soon as the countdown is over.
    const id = view.you?.game_id;
    if (id && state.game?.id !== id && this.loadingGame !== id) {
      this.loadingGame = id;
      run(async () => {
        try {
          await loadGame(id, { quiet: true });
          if (round?.state === 'running') showMessage('Go! Clear the table before the others.', 'info');
        } finally {
          this.loadingGame = null;
        }
      });
    } else if (id && state.game?.id === id && state.game.status === 'in_progress' && round?.state === 'over') {
      run(() => loadGame(id, { quiet: true })); // the round ended (time, or a stand-in played)
    }
    this.render();
    placeTable();
  },

  /** Tells everyone (in the message line) when a player finishes or quits. */
  announce(before, after) {
    const was = before?.round;
    const now = after?.round;
    if (!was || !now || was.number !== now.number) return;
    const news = [];
    for (const p of now.standings) {
      const old = was.standings.find((x) => x.seat === p.seat);
      if (!old || old.standing === p.standing || p.standing === 'playing') continue;
      const who = p.seat === after.you?.seat ? 'You' : p.name;
      if (p.standing === 'quit') news.push(`${who} quit.`);
      else news.push(`${who} finished${p.finished_ms != null ? ` in ${formatDuration(p.finished_ms)}` : ''}, place ${p.place}.`);
    }
    if (news.length) showMessage(news.join(' '), 'info');
  },

  tickClock() {
    const c = this.clock;
    const out = $('#race-clock');
    if (!c || state.screen !== 'race') {
      if (out) out.textContent = '';
      return;
    }
    const ms = c.elapsed + (performance.now() - c.at);
    out.textContent = `${formatDuration(ms)} of ${formatDuration(c.limit)}${ms > c.limit ? ' (past the time limit)' : ''}`;
  },

  render() {
    const view = this.view;
    const roomEl = $('#race-room');
    $('#race-code').textContent = this.code || '';
    if (!view) {
      $('#race-status').textContent = 'Opening the room…';
      return;
    }
    const s = view.settings;
    const round = view.round;
    roomEl.dataset.roundState = round ? round.state : 'none';
    roomEl.dataset.round = String(round?.number ?? 0);
    const rules = [
      kindLabel(s.variant, s.suits), `${s.difficulty} deal`, `${Math.round(s.time_limit_seconds / 60)} min`,
      s.undo ? 'undo on' : 'no undo', s.hints ? 'hints on' : 'no hints',
      s.handicap ? 'handicap' : null, s.ranked ? 'ranked' : 'unranked',
      `CPU speed ${s.cpu_level}`, `stand-in after ${s.idle_takeover_seconds} s idle`,
    ].filter(Boolean);
    $('#race-settings').textContent = rules.join(' · ');

    const you = view.you;
    const host = view.seats.find((x) => x.host);
    const iAmHost = !!host?.you;
    $('#race-join-here').hidden = !!you;
    if (!you && !$('#race-name').value && isAccount()) $('#race-name').value = session.user.username;

    // Seats.
    $('#race-seats').replaceChildren(...view.seats.map((seat) => el('li', { 'data-seat': seat.seat, class: seat.you ? 'me' : undefined },
      el('span', { text: seat.name }),
      seat.host ? el('span', { class: 'tag', text: 'host' }) : null,
      seat.cpu ? el('span', { class: 'tag', text: 'CPU' }) : null,
      seat.you ? el('span', { class: 'tag you', text: 'you' }) : null)));
    $('#race-seats').hidden = !!round && round.state !== 'countdown';

    // Status line and buttons.
    clearInterval(this.countdown);
    this.countdown = 0;
    const status = $('#race-status');
    const start = $('#race-start');
    const quit = $('#race-quit');
    start.hidden = !iAmHost || (round && round.state !== 'over');
    start.textContent = round ? 'Play again' : 'Start';
    const mine = round?.standings.find((p) => p.seat === you?.seat);
    // With my game on the table, its own "Quit race" button does this.
    quit.hidden = !round || round.state === 'over' || !mine || mine.standing !== 'playing'
      || this.ownsGame(state.game);
    // The table's banner offers the analysis when my game is on it.
    $('#race-analyse').hidden = !(round?.state === 'over' && you?.game_id) || this.ownsGame(state.game);
    if (!round) {
      status.textContent = iAmHost
        ? `Share the link or the code ${view.code}; start when everyone is here (${plural(view.seats.length, 'player')}).`
        : `Waiting for ${host ? host.name : 'the host'} to start (${plural(view.seats.length, 'player')} in the room).`;
    } else if (round.state === 'countdown') {
      const until = performance.now() + round.starts_in_ms;
      const show = () => {
        const left = Math.max(0, Math.ceil((until - performance.now()) / 1000));
        status.textContent = left > 0 ? `Round ${round.number} starts in ${left}…` : 'Go!';
        if (left <= 0) {
          clearInterval(this.countdown);
          this.countdown = 0;
          this.refreshSoon(); // my game exists from my first look after the countdown
        }
      };
      show();
      this.countdown = setInterval(show, 200);
    } else if (round.state === 'running') {
      const finishedMe = mine && mine.standing !== 'playing';
      status.textContent = `Round ${round.number} is on${finishedMe ? ': waiting for the others to finish' : ''}.`
        + (you && !mine ? ' You play from the next round.' : '');
    } else {
      const winner = round.standings.find((p) => p.place === 1);
      status.textContent = `Round ${round.number} is over.${winner ? ` ${winner.name} ${winner.finished_ms != null ? 'won' : 'came first'}.` : ''}`
        + (iAmHost ? ' Play again with the same party?' : ' Waiting for the host to start the next round.');
    }
    this.clock = round?.state === 'running'
      ? { elapsed: round.elapsed_ms, at: performance.now(), limit: s.time_limit_seconds * 1000 }
      : null;
    this.tickClock();
    this.renderStandings();
  },

  renderStandings() {
    const round = this.view?.round;
    const table = document.querySelector('[data-testid="race-standings"]');
    if (!round || round.state === 'countdown') {
      table.hidden = true;
      return;
    }
    table.hidden = false;
    const over = round.state === 'over';
    const standingLabel = { finished: 'finished', finished_late: 'finished late', playing: 'playing', quit: 'quit' };
    $('#race-standings-body').replaceChildren(...round.standings.map((p) => {
      const pct = Math.round(p.progress * 100);
      let result = standingLabel[p.standing] || p.standing;
      if (p.finished_ms != null) result += ` in ${formatDuration(p.finished_ms)}`;
      let rating = null;
      if (p.rating != null) {
        // A player's first ranked round starts from 1500 (the API shows no rating before it).
        const before = this.ratingsBefore.get(`${round.number}:${p.seat}`)
          ?? (this.seenRunning.has(round.number) && !p.cpu ? 1500 : null);
        const delta = over && before != null ? Math.round(p.rating - before) : null;
        rating = el('span', { class: 'rating', 'data-testid': 'rating' },
          ` · ${Math.round(p.rating)}`,
          delta != null ? el('span', { class: delta >= 0 ? 'up' : 'down', 'data-testid': 'rating-change', text: ` (${delta >= 0 ? '+' : '−'}${Math.abs(delta)})` }) : null);
      }
      const isMe = p.seat === this.view.you?.seat;
      return el('tr', { class: isMe ? 'me' : undefined, 'data-seat': p.seat, 'data-standing': p.standing },
        el('td', { text: p.place }),
        el('td', {}, p.name, p.cpu ? el('span', { class: 'tag', text: 'CPU' }) : null,
          p.stand_in ? el('span', { class: 'tag', title: 'A CPU plays for this idle player', text: 'stand-in' }) : null,
          isMe ? el('span', { class: 'visually-hidden', text: ' (you)' }) : null),
        el('td', {},
          el('progress', { max: 100, value: pct, 'aria-label': `${p.name}: ${p.runs_completed} of ${p.runs_total} runs` }),
          el('span', { class: 'runs', text: ` ${p.runs_completed}/${p.runs_total}` })),
        el('td', {}, result, rating));
    }));
  },

  create(ev) {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    const body = {
      variant: f.get('variant'),
      suits: Number(f.get('suits')),
      difficulty: f.get('difficulty'),
      time_limit_seconds: Math.round(Number(f.get('time_limit_minutes')) * 60),
      undo: f.get('undo') === 'on',
      hints: f.get('hints') === 'on',
      handicap: f.get('handicap') === 'on',
      cpu_players: Number(f.get('cpu_players')),
      cpu_level: f.get('cpu_level'),
      ranked: f.get('ranked') === 'on',
      idle_takeover_seconds: Number(f.get('idle_takeover_seconds')),
    };
    run(async () => {
      const { data } = await request('POST', '/v1/races', { body });
      this.close();
      this.code = data.code;
      this.view = null;
      this.ratingsBefore.clear();
      this.seenRunning.clear();
      showMessage(`Room ${data.code} is open. Send the link to your friends.`, 'success');
      go('race', data.code);
    });
  },

  joinByCode(ev) {
    ev.preventDefault();
    const code = String(new FormData(ev.currentTarget).get('code') || '').trim().toUpperCase();
    if (code) go('race', code);
  },

  takeSeat() {
    const name = $('#race-name').value.trim();
    const code = this.code;
    run(async () => {
      const { data } = await request('POST', `/v1/races/${encodeURIComponent(code)}/join`, { body: name ? { name } : {} });
      this.update(data);
      showMessage(`You joined room ${code}.`, 'success');
    });
  },

  start() {
    const code = this.code;
    run(async () => {
      // Each round needs a proven winnable deal; when none is ready yet the server says when
      // to ask again.
      for (let attempt = 1; ; attempt++) {
        try {
          const { data } = await request('POST', `/v1/races/${encodeURIComponent(code)}/start`);
          clearMessage();
          this.update(data);
          if (!this.abort) this.follow();
          return;
        } catch (err) {
          if (!(err instanceof ApiError) || err.code !== 'winnable_deal_unavailable' || attempt >= 8) throw err;
          const wait = Math.min(10, err.retryAfter || 3);
          showMessage(`${err.message} (Trying again in ${wait} s.)`, 'info');
          await sleep(wait * 1000);
        }
      }
    });
  },

  quit() {
    const code = this.code || store.get('race');
    if (!code) return;
    run(async () => {
      const { data } = await request('POST', `/v1/races/${encodeURIComponent(code)}/quit`);
      this.update(data);
      if (data.you?.game_id) await loadGame(data.you.game_id, { quiet: true });
      showMessage('You quit this round.', 'info');
    });
  },

  leave() {
    this.close();
    this.code = null;
    this.view = null;
    store.set('race', null);
    go('race');
  },

  copyLink() {
    const input = $('#race-link');
    const done = () => showMessage('Link copied: send it to your friends.', 'success');
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(input.value).then(done, () => { input.select(); showMessage('Select the link and copy it.', 'info'); });
    } else {
      input.select();
      showMessage('Select the link and copy it.', 'info');
    }
  },
};

// ---------------------------------------------------------------------------------------------
// My games: continue one in progress, see a finished one's result and analysis.

const games = {
  cursor: null,
  async load(more = false) {
    const body = $('#games-body');
    if (!more) {
      this.cursor = null;
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 6, text: 'Loading…' })));
    }
    const q = new URLSearchParams({ limit: '20' });
    if (more && this.cursor) q.set('cursor', this.cursor);
    let data;
    try {
      ({ data } = await request('GET', `/v1/users/me/games?${q}`));
    } catch (err) {
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 6, text: err.message })));
      return;
    }
    if (!more) body.replaceChildren();
    if (!more && !data.games.length) body.append(el('tr', { class: 'empty' }, el('td', { colspan: 6, text: 'No games yet.' })));
    for (const g of data.games) {
      const open = g.status === 'in_progress'
        ? el('button', { type: 'button', 'data-testid': 'game-continue', onclick: () => run(async () => { await loadGame(g.id); go('play'); }), text: 'Continue' })
        : el('button', { type: 'button', 'data-testid': 'game-result', onclick: () => go('analysis', g.id), text: 'Result' });
      body.append(el('tr', { 'data-game-id': g.id, 'data-status': g.status },
        el('td', { text: formatWhen(g.created_at) }),
        el('td', { text: `${kindLabel(g.variant, g.suits)}${g.deal_number != null ? ` · #${g.deal_number}` : ''}` }),
        el('td', { text: statusLabel(g.status) }),
        el('td', { text: g.score }),
        el('td', { text: g.runs_completed }),
        el('td', {}, open)));
    }
    this.cursor = data.next_cursor || null;
    $('#games-more').hidden = !this.cursor;
  },
};

// ---------------------------------------------------------------------------------------------
// Records and race ratings.

const records = {
  async load() {
    const body = $('#records-body');
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 7, text: 'Loading…' })));
    $('#records-who').textContent = isAccount() ? `Signed in as ${session.user.username}.` : 'A guest account on this browser: sign up to keep your records anywhere.';
    let data;
    try {
      ({ data } = await request('GET', '/v1/users/me/records'));
    } catch (err) {
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 7, text: err.message })));
      return;
    }
    const best = (b, fmt = String) => (b ? `${fmt(b.value)}${b.known_deal ? '*' : ''}` : '–');
    body.replaceChildren(...(data.records.length ? data.records.map((r) => el('tr', { 'data-kind': `${r.variant}-${r.suits}` },
      el('th', { scope: 'row', text: kindLabel(r.variant, r.suits) }),
      el('td', { text: r.played }),
      el('td', { text: r.won }),
      el('td', { text: best(r.best_score) }),
      el('td', { text: best(r.fastest_win_ms, formatDuration) }),
      el('td', { text: best(r.fewest_actions) }),
      el('td', { text: `${r.current_streak} (${r.longest_streak})` })))
      : [el('tr', { class: 'empty' }, el('td', { colspan: 7, text: 'No games yet: play one!' }))]));
    $('#ratings').replaceChildren(...(data.ratings.length
      ? data.ratings.map((r) => el('li', {}, `${kindLabel(r.variant, r.suits)}: `, el('strong', { text: Math.round(r.rating) }),
        ` after ${plural(r.rounds, 'ranked round')}`))
      : [el('li', { class: 'muted', text: 'No ranked race yet: everyone starts at 1500.' })]));
  },
};

// ---------------------------------------------------------------------------------------------
// All-time boards, with my own place.

const boards = {
  cursor: null,
  async load(more = false) {
    const body = $('#ab-body');
    const by = $('#ab-by').value;
    const q = new URLSearchParams({ suits: $('#ab-suits').value, variant: $('#ab-variant').value, by, limit: '25' });
    if (more && this.cursor) q.set('cursor', this.cursor);
    $('#ab-measure').textContent = { score: 'Score', time: 'Time', moves: 'Moves' }[by];
    if (!more) body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 4, text: 'Loading…' })));
    let data;
    try {
      ({ data } = await request('GET', `/v1/leaderboards?${q}`, { auth: 'optional' }));
    } catch (err) {
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 4, text: err.message })));
      return;
    }
    const value = (e) => (by === 'time' ? formatDuration(e.value) : String(e.value));
    if (!more) body.replaceChildren();
    if (!more && !data.entries.length) body.append(el('tr', { class: 'empty' }, el('td', { colspan: 4, text: 'No one is on this board yet: win a game to be the first.' })));
    const names = myNames();
    for (const e of data.entries) {
      const mine = data.you ? data.you.rank === e.rank && data.you.player === e.player : names.includes(e.player);
      body.append(el('tr', { class: mine ? 'me' : undefined },
        el('td', { text: e.rank }),
        el('td', {}, e.player, mine ? el('span', { class: 'visually-hidden', text: ' (you)' }) : null),
        el('td', { text: value(e) }),
        el('td', { text: formatWhen(e.achieved_at) })));
    }
    $('#ab-you').textContent = data.you
      ? `Your place: #${data.you.rank} (${value(data.you)}).`
      : 'You are not on this board yet.';
    this.cursor = data.next_cursor || null;
    $('#ab-more').hidden = !this.cursor;
  },
};

// ---------------------------------------------------------------------------------------------
// After a game: its result and "where did I go wrong" (GET /v1/games/{id}/analysis).
//
// The analysis names actions, not cards (it would reveal the hidden ones otherwise), so the
// winning line is shown as steps in words; "Play it out on the table" replays the game on the
// same deal through the API (a restart, then the game's first `after` actions) and then leads
// through the line one step at a time, each highlighted like a hint.

const VERDICT = {
  won: 'You won this game.',
  never_winnable: 'This deal could not be won, whatever you played.',
  lost: 'The deal could be won, and one action lost it.',
  still_winnable: 'The game could still have been won when it ended.',
  unknown: 'The search could not settle where this game was lost.',
};
const DEAL = {
  winnable: 'The deal was winnable from the opening.',
  not_winnable: 'The deal was not winnable from the opening.',
  unknown: 'Whether the deal was winnable could not be settled within the search budget.',
};

const analysis = {
  id: null,
  step: 0,
  data: null,
  game: null,
  token: 0,

  async open(id) {
    const token = ++this.token;
    this.id = id;
    this.data = null;
    this.step = 0;
    const result = $('#analysis-result');
    const out = $('#analysis');
    out.dataset.state = 'loading';
    if (!id) {
      result.replaceChildren(el('p', { text: 'Pick a finished game in My games.' }));
      out.replaceChildren();
      return;
    }
    result.replaceChildren(el('p', { class: 'muted', text: 'Loading the game…' }));
    out.replaceChildren();
    let game;
    try {
      ({ data: game } = await request('GET', `/v1/games/${encodeURIComponent(id)}`));
    } catch (err) {
      result.replaceChildren(el('p', { class: 'error', text: err.message }));
      out.dataset.state = 'error';
      return;
    }
    if (token !== this.token) return;
    this.game = game;
    result.replaceChildren(
      el('h3', { text: game.status === 'won' ? 'You won' : game.status === 'resigned' ? 'Resigned' : 'In progress' }),
      el('dl', { class: 'facts', 'data-testid': 'analysis-facts' },
        el('dt', { text: 'Game' }), el('dd', { text: `${kindLabel(game.variant, game.suits)}${game.deal_number != null ? `, deal #${game.deal_number}` : ''}` }),
        el('dt', { text: 'Score' }), el('dd', { text: game.score }),
        el('dt', { text: 'Runs' }), el('dd', { text: `${game.runs_completed} of ${game.runs_total}` }),
        el('dt', { text: 'Actions' }), el('dd', { text: `${game.actions} (${game.moves} moves, ${game.deals} deals, ${game.undos} undos)` }),
        el('dt', { text: 'Time' }), el('dd', { text: formatDuration(game.elapsed_ms) })),
      el('div', { class: 'controls' },
        game.status === 'in_progress'
          ? el('button', { type: 'button', onclick: () => run(async () => { setGame(game); go('play'); }), text: 'Continue this game' })
          : null,
        game.origin !== 'race'
          ? el('button', { type: 'button', onclick: () => run(async () => { setGame(game); await restartFromAnalysis(); }), text: 'Play this deal again' })
          : null),
    );
    if (game.status === 'in_progress') {
      out.replaceChildren(el('p', { class: 'muted', text: 'The analysis opens once the game is over.' }));
      out.dataset.state = 'in_progress';
      return;
    }
    out.replaceChildren(el('p', { class: 'muted', 'data-testid': 'analysis-wait', text: 'Analysing the game with every card… (up to 20 seconds)' }));
    for (let attempt = 1; ; attempt++) {
      try {
        const { data } = await request('GET', `/v1/games/${encodeURIComponent(id)}/analysis`);
        if (token !== this.token) return;
        this.data = data;
        this.render();
        return;
      } catch (err) {
        if (token !== this.token) return;
        if (err instanceof ApiError && err.code === 'search_busy' && attempt < 10) {
          const wait = Math.min(10, err.retryAfter || 1);
          out.replaceChildren(el('p', { class: 'muted', text: `${err.message} Trying again in ${wait} s…` }));
          await sleep(wait * 1000);
          continue;
        }
        // 409: not open yet (the game, its day or its round is not over): the server says why.
        out.replaceChildren(el('p', { class: 'error', 'data-testid': 'analysis-error', text: err.message }));
        out.dataset.state = 'error';
        return;
      }
    }
  },

  render() {
    const a = this.data;
    const out = $('#analysis');
    out.dataset.state = 'done';
    out.dataset.verdict = a.verdict;
    const parts = [
      el('p', { class: 'verdict', 'data-testid': 'analysis-verdict', text: VERDICT[a.verdict] || a.verdict }),
      el('p', { 'data-testid': 'analysis-deal', text: DEAL[a.deal] || a.deal }),
    ];
    if (a.losing_action) {
      parts.push(el('p', { 'data-testid': 'analysis-losing' },
        'The first losing action: ', el('strong', { text: `action ${a.losing_action.number}, ${describeAction(a.losing_action.action).toLowerCase()}` }),
        '. Before it the game could be won; after it, no longer.'));
    } else if (a.verdict === 'unknown' && (a.last_winnable_after != null || a.first_lost_after != null)) {
      parts.push(el('p', { 'data-testid': 'analysis-bounds', text:
        `Proven: winnable after ${a.last_winnable_after ?? '?'} actions` +
        `${a.first_lost_after != null ? `, lost after ${a.first_lost_after}` : ''}; the losing action lies between.` }));
    }
    const line = a.winning_line;
    if (line && line.actions.length) {
      const from = line.after === 0 ? 'the opening deal' : `your first ${plural(line.after, 'action')}`;
      parts.push(el('h3', { text: 'A winning line' }),
        el('p', { class: 'muted', text: `From the last position proven winnable (after ${from}), these ${plural(line.actions.length, 'action')} win.` }));
      const list = el('ol', { class: 'line', 'data-testid': 'winning-line', start: line.after + 1 },
        ...line.actions.map((x, i) => el('li', { 'data-step': i, 'aria-current': i === this.step ? 'step' : undefined, text: describeAction(x) })));
      parts.push(list);
      const stepText = el('p', { class: 'step', 'data-testid': 'line-step', 'aria-live': 'polite' });
      const prev = el('button', { type: 'button', 'data-testid': 'line-prev', text: 'Previous step' });
      const next = el('button', { type: 'button', 'data-testid': 'line-next', text: 'Next step' });
      const show = () => {
        list.querySelectorAll('li').forEach((li, i) => {
          if (i === this.step) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
        });
        stepText.textContent = `Step ${this.step + 1} of ${line.actions.length}: ${describeAction(line.actions[this.step])}.`;
        prev.disabled = this.step === 0;
        next.disabled = this.step >= line.actions.length - 1;
        list.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
      };
      prev.addEventListener('click', () => { this.step = Math.max(0, this.step - 1); show(); });
      next.addEventListener('click', () => { this.step = Math.min(line.actions.length - 1, this.step + 1); show(); });
      const controls = el('div', { class: 'controls' }, prev, next);
      if (this.game?.origin !== 'race') {
        controls.append(el('button', { type: 'button', 'data-testid': 'line-play', 'aria-describedby': 'line-play-note', onclick: () => playLine(this.game, a), text: 'Play it out on the table' }));
      }
      parts.push(stepText, controls);
      if (this.game?.origin !== 'race') {
        parts.push(el('p', { id: 'line-play-note', class: 'muted small', text: 'Playing it out starts a replay of this deal (it counts for your records only, as a known deal), '
          + 'replays your first actions up to the line, then shows each step of the line on the table.' }));
      }
      out.replaceChildren(...parts);
      show();
    } else {
      if (line && a.verdict === 'won') parts.push(el('p', { text: 'Nothing to improve on the way: you cleared the table.' }));
      out.replaceChildren(...parts);
    }
    parts.push(el('p', { class: 'muted small', text: `${a.positions_searched.toLocaleString()} positions searched in ${(a.computed_ms / 1000).toFixed(1)} s.` }));
    out.append(parts[parts.length - 1]);
  },
};

async function restartFromAnalysis() {
  const { data } = await request('POST', `/v1/games/${encodeURIComponent(state.game.id)}/restart`, {
    headers: { 'Idempotency-Key': randomKey() },
  });
  setGame(data);
  go('play');
  return data;
}

/** Replays the game on a new game of the same deal up to the line's start, then guides through it. */
function playLine(game, a) {
  const line = a.winning_line;
  run(async () => {
    state.game = game;
    const { data: log } = await request('GET', `/v1/games/${encodeURIComponent(game.id)}/events`);
    const fresh = await restartFromAnalysis();
    let view = fresh;
    const upTo = log.events.slice(0, line.after);
    for (let i = 0; i < upTo.length; i++) {
      if (i % 10 === 0) showMessage(`Replaying your game: ${i} of ${upTo.length} actions…`, 'info');
      ({ data: view } = await request('POST', `/v1/games/${encodeURIComponent(view.id)}/actions`, {
        body: upTo[i].action,
        headers: { 'If-Match': `"${view.version}"`, 'Idempotency-Key': randomKey() },
      }));
    }
    state.guide = makeGuide(view.id, view.version, line.actions);
    setGame(view);
    showMessage('This is the last position that could still be won. Follow the highlighted steps.', 'hint');
  });
}

function makeGuide(gameId, startVersion, actions) {
  return {
    gameId,
    startVersion,
    actions,
    index: 0,
    offLine: false,
    afterAct(action, view) {
      const want = this.actions[this.index];
      const same = !!want && action.type === want.type
        && (want.type !== 'move' || (action.from === want.from && action.to === want.to && (action.count ?? want.count) === want.count))
        && view.version === this.startVersion + this.index + 1;
      if (same) this.index++;
      else this.offLine = true;
    },
  };
}

/** While guiding, the next step of the line is shown like a hint. */
function guideHint() {
  const g = state.guide;
  const game = state.game;
  if (!g || !game || g.gameId !== game.id || g.offLine || g.index >= g.actions.length) return;
  state.hint = { version: game.version, action: g.actions[g.index], reason: describeAction(g.actions[g.index]) };
}

function renderGuide() {
  let bar = $('#guide');
  const g = state.guide;
  if (!g || !state.game || g.gameId !== state.game.id) {
    bar?.remove();
    return;
  }
  if (!bar) {
    bar = el('div', { id: 'guide', class: 'guide', 'data-testid': 'guide', role: 'region', 'aria-label': 'Winning line' });
    $('#board').before(bar);
  }
  const done = g.index >= g.actions.length;
  const text = g.offLine ? 'You left the winning line: undo to get back, or play on.'
    : done ? 'That was the whole line.'
      : `Winning line, step ${g.index + 1} of ${g.actions.length}: ${describeAction(g.actions[g.index])}.`;
  bar.replaceChildren(
    el('span', { 'data-testid': 'guide-text', text }),
    !done && !g.offLine ? el('button', { type: 'button', 'data-testid': 'guide-next', onclick: () => act(g.actions[g.index]), text: 'Play this step' }) : null,
    el('button', { type: 'button', 'data-testid': 'guide-stop', onclick: () => { state.guide = null; state.hint = null; renderGame(); }, text: 'Stop guiding' }),
  );
}

// ---------------------------------------------------------------------------------------------
// Start

function init() {
  const suits = store.get('suits');
  const variant = store.get('variant');
  if (suits && ['1', '2', '4'].includes(suits)) $('#suits').value = suits;
  if (variant && ['spider', 'spiderette'].includes(variant)) $('#variant').value = variant;

  $('#new-game').addEventListener('click', newGame);
  $('#deal-number').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') newGame(); });
  $('#daily-start').addEventListener('click', startDaily);
  $('#deal').addEventListener('click', () => act({ type: 'deal' }));
  $('#stock').addEventListener('click', () => act({ type: 'deal' }));
  $('#undo').addEventListener('click', () => act({ type: 'undo' }));
  $('#hint').addEventListener('click', hint);
  $('#restart').addEventListener('click', restart);
  $('#resign').addEventListener('click', resign);
  $('#analyse').addEventListener('click', () => state.game && go('analysis', state.game.id));
  const onSetting = () => {
    store.set('suits', $('#suits').value);
    store.set('variant', $('#variant').value);
    refreshDaily();
  };
  $('#suits').addEventListener('change', onSetting);
  $('#variant').addEventListener('change', onSetting);
  $('#lb-by').addEventListener('change', refreshLeaderboard);

  // Accounts.
  $('#sign-in').addEventListener('submit', signIn);
  $('#sign-up').addEventListener('submit', signUp);
  $('#sign-out').addEventListener('click', signOut);
  $('#play-as-guest').addEventListener('click', () => { go('play'); run(newGuest); });
  initSessionDialog();

  // Races.
  $('#race-host').addEventListener('submit', (ev) => race.create(ev));
  $('#race-join').addEventListener('submit', (ev) => race.joinByCode(ev));
  $('#race-take-seat').addEventListener('click', () => race.takeSeat());
  $('#race-start').addEventListener('click', () => race.start());
  $('#race-quit').addEventListener('click', () => race.quit());
  $('#race-leave').addEventListener('click', () => race.leave());
  $('#race-copy').addEventListener('click', () => race.copyLink());
  $('#race-analyse').addEventListener('click', () => race.view?.you?.game_id && go('analysis', race.view.you.game_id));

  // Lists.
  $('#games-more').addEventListener('click', () => games.load(true));
  for (const id of ['#ab-variant', '#ab-suits', '#ab-by']) $(id).addEventListener('change', () => boards.load());
  $('#ab-more').addEventListener('click', () => boards.load(true));

  const board = $('#board');
  board.addEventListener('click', onBoardClick);
  board.addEventListener('keydown', onBoardKey);
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('dragstart', (ev) => ev.preventDefault());
  document.addEventListener('keydown', onGlobalKey);

  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(renderGame, 80);
  });
  window.addEventListener('hashchange', () => route());
  setInterval(() => { tick(); race.tickClock(); }, 250);
  setInterval(() => { if (state.today) renderDaily(); }, 60000);

  renderAccountBar();
  renderBusy();
  route(true);
  run(async () => {
    const saved = store.get('game');
    if (saved) {
      try {
        await loadGame(saved);
        return;
      } catch (err) {
        if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 400)) throw err;
        store.set('game', null);
      }
    }
    if (state.game) return; // a race game arrived first
    if (state.screen !== 'play') {
      state.needGame = true; // opened on another screen (a race link): deal when Play is opened
      return;
    }
    // First visit (or the saved game is gone): deal a game right away.
    await createGame(chosenSettings());
    showMessage('Welcome! Tap a card, then a column, to move it, or drag it there.', 'info');
  }).then(() => {
    renderAccountBar();
    refreshDaily();
  });
}

init();
