// Spider Solitaire web client: plain ES module, no build step, public API only.
//
// The API base is the page's own origin (relative URLs). For development, `?api=http://host:port`
// points the page at another server (the server allows any CORS origin by default).
//
// Test hooks: buttons carry data-testid (new-game, daily-start, deal, undo, hint, restart,
// resign, stock); the board is data-testid="board" with data-game-id, data-version,
// data-status and data-busy; columns are data-testid="column-N" (N from 1, as in the API);
// face-up cards carry data-card ("10♥"), data-column (from 1) and data-index (0-based position
// among the column's face-up cards, as in the view's `face_up` array).

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
  for (const child of children) if (child != null) node.append(child);
  return node;
};

// localStorage, keyed by API base so that dev servers do not share tokens; survives a
// browser that refuses storage.
const storeKey = (name) => `spider:${API_BASE || location.origin}:${name}`;
const store = {
  get(name) {
    try { return localStorage.getItem(storeKey(name)); } catch { return null; }
  },
  set(name, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(storeKey(name));
      else localStorage.setItem(storeKey(name), value);
    } catch { /* storage unavailable: the session lasts as long as the page */ }
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

function formatDuration(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// ---------------------------------------------------------------------------------------------
// API client

class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || 'http_error';
    this.problem = problem;
  }
}

const state = {
  token: store.get('token'),
  user: JSON.parse(store.get('user') || 'null'),
  game: null,          // the last GameView
  receivedAt: 0,       // performance.now() when `game` arrived (the timer ticks from there)
  selection: null,     // {column, index} of a picked-up group (column from 1)
  hint: null,          // the last HintView, shown while its version is current
  busy: 0,
  today: null,         // the last Today answer
  board: null,         // the last DailyBoard
  resignArmed: false,
};

let guestPromise = null;

async function newGuest() {
  if (!guestPromise) {
    guestPromise = (async () => {
      const { data } = await request('POST', '/v1/auth/guest', { auth: false });
      state.token = data.token;
      state.user = data.user || null;
      store.set('token', data.token);
      store.set('user', JSON.stringify(state.user));
    })().finally(() => { guestPromise = null; });
  }
  return guestPromise;
}

/**
 * One API call. `auth`: 'required' (get a guest token first), 'optional' (send one if we have
 * it) or false. A rejected token (401) is replaced by a new guest token and the call retried
 * once; 429 waits for Retry-After (up to 5 s) and retries once; a network failure is retried
 * once with the same Idempotency-Key, so a write is never applied twice.
 */
async function request(method, path, { body, auth = 'required', headers = {}, retried = false } = {}) {
  if (auth === 'required' && !state.token) await newGuest();
  const h = { Accept: 'application/json, application/problem+json', ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  if (auth && state.token) h.Authorization = `Bearer ${state.token}`;

  let res;
  try {
    res = await fetch(API_BASE + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (!retried) {
      await new Promise((r) => setTimeout(r, 600));
      return request(method, path, { body, auth, headers, retried: true });
    }
    throw new ApiError(0, { code: 'network', detail: 'Cannot reach the game server. Check your connection and try again.' });
  }

  if (res.status === 401 && auth && !retried) {
    state.token = null;
    store.set('token', null);
    await newGuest();
    return request(method, path, { body, auth, headers, retried: true });
  }
  if (res.status === 429 && !retried) {
    const wait = Math.min(5, Number(res.headers.get('Retry-After')) || 1);
    await new Promise((r) => setTimeout(r, wait * 1000));
    return request(method, path, { body, auth, headers, retried: true });
  }

  const type = res.headers.get('Content-Type') || '';
  let data = null;
  if (type.includes('json')) data = await res.json().catch(() => null);
  else await res.text().catch(() => '');
  if (!res.ok) {
    throw new ApiError(res.status, data && typeof data === 'object'
      ? data
      : { detail: `The server answered ${res.status} ${res.statusText}.` });
  }
  return { data, headers: res.headers };
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
  store.set('game', view.id);
  renderGame();
  const finishedNow = before && before.id === view.id && before.status === 'in_progress' && view.status !== 'in_progress';
  if (finishedNow && view.status === 'won') showMessage(`You won with ${view.score} points!`, 'success');
  if (view.daily && (finishedNow || !before || before.id !== view.id)) refreshDaily();
  else if (view.daily && state.today) renderDaily();
}

async function loadGame(id, { quiet = false } = {}) {
  const { data } = await request('GET', `/v1/games/${encodeURIComponent(id)}`);
  setGame(data);
  if (!quiet) clearMessage();
}

function chosenSettings() {
  return { suits: Number($('#suits').value), variant: $('#variant').value };
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
    const { data } = await request('POST', '/v1/games', {
      body,
      headers: { 'Idempotency-Key': randomKey() },
    });
    setGame(data);
    showMessage(`New ${variantLabel(variant)} game, ${suits} suit${suits > 1 ? 's' : ''}` +
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
    showMessage('The same deal again, from the start.', 'info');
  });
}

function resign() {
  const btn = $('#resign');
  if (!state.resignArmed) {
    // Two clicks, no modal dialog: the first arms the button for a few seconds.
    state.resignArmed = true;
    btn.textContent = 'Really resign?';
    btn.setAttribute('aria-pressed', 'true');
    setTimeout(disarmResign, 4000);
    return;
  }
  disarmResign();
  act({ type: 'resign' });
}

function disarmResign() {
  state.resignArmed = false;
  const btn = $('#resign');
  btn.textContent = 'Resign';
  btn.removeAttribute('aria-pressed');
}

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
    `${today.date} (UTC) · ${variantLabel(ch.variant)}, ${ch.suits} suit${ch.suits > 1 ? 's' : ''} · ` +
    `${ch.players} ranked player${ch.players === 1 ? '' : 's'} · ends in ${hours} h ${mins} min`;

  for (const attempt of ch.your_attempts) {
    const current = state.game && state.game.id === attempt.game_id;
    // The attempt on the table is fresher than the panel's last fetch.
    const a = current ? { ...attempt, status: state.game.status, score: state.game.score, runs_completed: state.game.runs_completed } : attempt;
    const label = `${a.ranked ? 'Ranked' : 'Practice'} · ${statusLabel(a.status)} · ${a.score} points · ${a.runs_completed} run${a.runs_completed === 1 ? '' : 's'}`;
    attempts.append(el('li', {},
      el('span', { text: label }),
      current ? el('span', { class: 'muted', text: 'on the table' })
        : el('button', { type: 'button', onclick: () => run(() => loadGame(attempt.game_id)), text: a.status === 'in_progress' ? 'Resume' : 'View' })));
  }
  const running = ch.your_attempts.find((a) => a.status === 'in_progress');
  btn.textContent = running ? 'Resume daily'
    : ch.your_attempts.length ? 'Daily (practice)' : 'Daily challenge';
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
  const me = state.user;
  // The board names players, not ids: a guest is shown as "guest-" and the first 8 characters
  // of its id, a registered user by username.
  const myNames = me ? [me.username, `guest-${String(me.id).slice(0, 8)}`].filter(Boolean) : [];
  body.replaceChildren(...board.entries.map((e) => {
    const mine = myNames.includes(e.player);
    return el('tr', { class: mine ? 'me' : undefined },
      el('td', { text: e.rank }),
      el('td', { title: e.player }, e.player, mine ? el('span', { class: 'visually-hidden', text: ' (you)' }) : null),
      el('td', { text: statusLabel(e.status) }),
      el('td', { text: e.score }),
      el('td', { text: byMoves ? e.actions : (e.duration_ms == null ? '–' : formatDuration(e.duration_ms)) }));
  }));
}

// ---------------------------------------------------------------------------------------------
// Rendering

const variantLabel = (v) => (v === 'spiderette' ? 'Spiderette' : 'Spider');
const statusLabel = (s) => ({ in_progress: 'playing', won: 'won', resigned: 'resigned' }[s] || s);

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
  const gap = Math.max(4, Math.round(width * 0.012));
  const cardW = Math.max(42, Math.min(104, Math.floor((width - (n - 1) * gap) / n)));
  const cardH = Math.round(cardW * 1.4);
  const top = board.getBoundingClientRect().top + window.scrollY;
  const room = Math.max(cardH * 3.5, window.innerHeight - top - cardH - 48);
  const downStep = Math.round(cardH * 0.1);
  const upStep = Math.round(cardH * 0.27);
  const minUp = Math.ceil(cardW * 0.22 + 8); // the corner index stays readable
  const offsets = columns.map((col) => {
    const up = col.face_up.length;
    const want = col.face_down * downStep + Math.max(0, up - 1) * upStep;
    let d = downStep;
    let u = upStep;
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
  if (!game) {
    board.replaceChildren();
    return;
  }

  const focused = document.activeElement?.closest?.('.card.face, .slot');
  const focusKey = focused ? `${focused.dataset.column}:${focused.dataset.index ?? 'slot'}` : null;

  const { cardW, cardH, offsets } = layout(game.columns);
  document.documentElement.style.setProperty('--card-w', `${cardW}px`);
  document.documentElement.style.setProperty('--card-h', `${cardH}px`);
  board.style.setProperty('--cols', game.columns.length);
  board.dataset.gameId = game.id;
  board.dataset.version = String(game.version);
  board.dataset.status = game.status;
  board.dataset.suits = String(game.suits);

  const hint = state.hint && state.hint.version === game.version ? state.hint.action : null;
  const sel = state.selection;
  const playing = game.status === 'in_progress';
  let tallest = cardH;

  const cols = game.columns.map((col, ci) => {
    const c = col.column;
    const off = offsets[ci];
    const up = col.face_up.length;
    const node = el('div', {
      class: 'column',
      role: 'group',
      'data-testid': `column-${c}`,
      'data-column': c,
      'aria-label': `Column ${c}: ${col.face_down} face-down, ${up} face-up card${up === 1 ? '' : 's'}`,
    });
    if (hint?.type === 'move' && hint.to === c) node.classList.add('hint-dst');
    let y = 0;
    if (col.face_down === 0 && up === 0) {
      node.append(el('div', {
        class: 'slot', role: 'button', tabindex: playing ? 0 : -1,
        'data-column': c, 'data-testid': `slot-${c}`, 'aria-label': `Empty column ${c}`,
      }));
    }
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
        'aria-label': `${cardName(card)}, column ${c}${i === up - 1 ? ', top card' : `, ${fromEnd - 1} card${fromEnd - 1 === 1 ? '' : 's'} on it`}`,
        'aria-pressed': selected && i === sel.index ? 'true' : 'false',
        style: { top: `${y}px` },
      });
      if (selected) node2.classList.add('selected');
      if (hinted) node2.classList.add('hint-src');
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
  s.replaceChildren(...backs, el('span', { class: 'count', 'aria-hidden': 'true', text: `${left} deal${left === 1 ? '' : 's'} left` }));
  s.classList.toggle('empty', left === 0);
  s.disabled = game.status !== 'in_progress' || left === 0;
  s.setAttribute('aria-label', `Stock: ${left} deal${left === 1 ? '' : 's'} left. Deal.`);
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
  const parts = [`${variantLabel(g.variant)}, ${g.suits} suit${g.suits > 1 ? 's' : ''}`];
  if (g.daily) parts.push(`daily ${g.daily.date} (${g.daily.ranked ? 'ranked' : 'practice'})`);
  else if (g.difficulty) parts.push(`winnable deal (${g.difficulty})`);
  else if (g.origin === 'restart') parts.push('replay');
  if (g.deal_number != null) parts.push(`deal #${g.deal_number}`);
  if (!g.rules.undo) parts.push('no undo');
  if (g.rules.empty_column_deal && g.rules.empty_column_deal !== 'standard') parts.push(`deal rule: ${g.rules.empty_column_deal}`);
  $('#game-label').textContent = parts.join(' · ');
}

function renderControls() {
  const g = state.game;
  const playing = !!g && g.status === 'in_progress';
  $('#deal').disabled = !playing || g.stock_deals_left === 0;
  $('#undo').disabled = !playing || !g.can_undo;
  $('#hint').disabled = !playing;
  $('#resign').disabled = !playing;
  $('#restart').disabled = !g;
  const h = g && state.hint && state.hint.version === g.version ? state.hint : null;
  $('#deal').classList.toggle('hinted', h?.action?.type === 'deal');
  $('#undo').classList.toggle('hinted', !!h && !h.action && h.suggest_undo);
}

function renderBanner() {
  const g = state.game;
  const b = $('#banner');
  if (!g || g.status === 'in_progress') {
    b.hidden = true;
    b.replaceChildren();
    return;
  }
  const won = g.status === 'won';
  b.dataset.status = g.status;
  const deal = g.deal_number != null ? ` Deal #${g.deal_number}.` : '';
  b.replaceChildren(
    el('h2', { text: won ? 'You won!' : 'Game resigned' }),
    el('p', {
      text: won
        ? `Score ${g.score} · ${g.actions} moves · ${formatDuration(g.elapsed_ms)}.${deal}`
        : `${g.runs_completed} of ${g.runs_total} runs completed, score ${g.score}.${deal}`,
    }),
    el('div', { class: 'controls', style: { justifyContent: 'center' } },
      el('button', { type: 'button', 'data-testid': 'banner-new-game', onclick: newGame, text: 'New game' }),
      el('button', { type: 'button', 'data-testid': 'banner-restart', onclick: restart, text: 'Play this deal again' })),
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
// Playing: click to pick up and put down, drag and drop with pointer events, keyboard.

function groupSize(column, index) {
  const col = state.game.columns.find((c) => c.column === column);
  return col ? col.face_up.length - index : 0;
}

function moveSelectionTo(to) {
  const sel = state.selection;
  if (!sel) return;
  if (sel.column === to) {
    state.selection = null;
    renderGame();
    return;
  }
  act({ type: 'move', from: sel.column, to, count: groupSize(sel.column, sel.index) });
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
  const group = [...document.querySelectorAll(`.card.face[data-column="${drag.column}"]`)]
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
  const hit = document.elementFromPoint(x, y)?.closest('.column');
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
  if (ev.target.closest?.('input, select, textarea')) return;
  const g = state.game;
  switch (ev.key) {
    case 'Escape':
      if (state.selection) { state.selection = null; renderGame(); }
      break;
    case 'd': case 'D':
      if (g && !$('#deal').disabled) act({ type: 'deal' });
      break;
    case 'z': case 'Z': case 'u': case 'U':
      if (g && !$('#undo').disabled) act({ type: 'undo' });
      break;
    case 'h': case 'H':
      if (g && !$('#hint').disabled) hint();
      break;
    default:
  }
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
  const onSetting = () => {
    store.set('suits', $('#suits').value);
    store.set('variant', $('#variant').value);
    refreshDaily();
  };
  $('#suits').addEventListener('change', onSetting);
  $('#variant').addEventListener('change', onSetting);
  $('#lb-by').addEventListener('change', refreshLeaderboard);

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
  setInterval(tick, 250);
  setInterval(() => { if (state.today) renderDaily(); }, 60000);

  renderBusy();
  renderGame();
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
    // First visit (or the saved game is gone): deal a game right away.
    const { suits: s, variant: v } = chosenSettings();
    const { data } = await request('POST', '/v1/games', {
      body: { suits: s, variant: v },
      headers: { 'Idempotency-Key': randomKey() },
    });
    setGame(data);
    showMessage('Welcome! Click a card, then a column, to move it, or drag it there.', 'info');
  }).then(refreshDaily);
}

init();
