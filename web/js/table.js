// The table: the game on it and its operations (the request queue, new games, moves, hints,
// replay and resign). The daily attempt starts in daily.js, a race's quit in race.js: they
// listen here.

import { $, clearMessage, describeAction, kindLabel, randomKey, showMessage } from './util.js';
import { t } from './i18n.js';
import { isRaceGame, state, store } from './state.js';
import { ApiError, request } from './api.js';
import { go } from './nav.js';
import { emit, on } from './bus.js';
import { placeTable, renderBusy, renderGame } from './board.js';
import { announce, describeChange, readTable } from './speech.js';

// Serialised game operations: one request at a time, in order (a click during a request waits
// its turn). A refusal shows its `detail` and changes nothing.

let queue = Promise.resolve();

export function run(task) {
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
    showMessage(t('table-error-unexpected', { error: err.message }), 'error');
    return;
  }
  showMessage(err.message, 'error');
  state.selection = null;
  if (err.code === 'version_conflict' && state.game) {
    // Another tab or device played: show the game as it is now.
    try {
      await loadGame(state.game.id, { quiet: true });
      showMessage(t('table-version-conflict', { detail: err.message }), 'error');
    } catch (again) {
      showMessage(again.message, 'error');
    }
  } else if (err.status === 404 && state.game && err.code === 'not_found') {
    store.set('game', null);
  }
  renderGame();
}

export function setGame(view) {
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
  if (finishedNow && view.status === 'won') showMessage(t('table-you-won-points', { score: view.score }), 'success');
  emit('game', view, { before, finishedNow });
}

/** While guiding (analysis.js), the next step of the line is shown like a hint. */
function guideHint() {
  const g = state.guide;
  const game = state.game;
  if (!g || !game || g.gameId !== game.id || g.offLine || g.index >= g.actions.length) return;
  state.hint = { version: game.version, action: g.actions[g.index], reason: describeAction(g.actions[g.index]) };
}

export async function loadGame(id, { quiet = false } = {}) {
  const { data } = await request('GET', `/v1/games/${encodeURIComponent(id)}`);
  setGame(data);
  if (!quiet) clearMessage();
}

export function chosenSettings() {
  return { suits: Number($('#suits').value), variant: $('#variant').value };
}

export async function createGame(body) {
  const { data } = await request('POST', '/v1/games', {
    body,
    headers: { 'Idempotency-Key': randomKey() },
  });
  setGame(data);
  return data;
}

export function newGame() {
  return run(async () => {
    const { suits, variant } = chosenSettings();
    const body = { suits, variant };
    const dealInput = $('#deal-number');
    const deal = dealInput.value.trim();
    if (deal) {
      if (!/^\d{1,20}$/.test(deal)) {
        showMessage(t('table-deal-number-invalid'), 'error');
        dealInput.focus();
        return;
      }
      body.deal_number = deal; // as a string: exact past 2^53
    }
    const data = await createGame(body);
    go('play');
    const kind = kindLabel(variant, suits);
    showMessage(deal
      ? t('table-new-game-deal', { kind, deal: String(data.deal_number ?? deal) })
      : t('table-new-game', { kind }), 'info');
  });
}

export function act(action) {
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
    announce(describeChange(game, data, action));
    if (data.status === 'in_progress' && !data.has_legal_action) {
      showMessage(data.can_undo ? t('table-stuck-undo-or-resign') : t('table-stuck-resign'), 'info');
    } else if (action.type === 'resign') {
      showMessage(t('table-you-resigned'), 'info');
    }
  });
}

export function hint() {
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

export function restart() {
  return run(async () => {
    const game = state.game;
    if (!game) return;
    const { data } = await request('POST', `/v1/games/${encodeURIComponent(game.id)}/restart`, {
      headers: { 'Idempotency-Key': randomKey() },
    });
    setGame(data);
    go('play');
    showMessage(t('table-restarted'), 'info');
  });
}

function resign() {
  const btn = $('#resign');
  if (!state.resignArmed) {
    // Two clicks, no modal dialog: the first arms the button for a few seconds.
    state.resignArmed = true;
    btn.textContent = isRaceGame() ? t('table-really-quit') : t('table-really-resign');
    btn.setAttribute('aria-pressed', 'true');
    // One timer at a time: an earlier arm's timer must not disarm this one between clicks.
    clearTimeout(state.resignTimer);
    state.resignTimer = setTimeout(disarmResign, 4000);
    return;
  }
  disarmResign();
  if (isRaceGame()) emit('quit-race');
  else act({ type: 'resign' });
}

function disarmResign() {
  clearTimeout(state.resignTimer);
  state.resignArmed = false;
  const btn = $('#resign');
  btn.textContent = isRaceGame() ? t('table-quit-race') : t('table-resign');
  btn.removeAttribute('aria-pressed');
}

/** Restores the chosen kind of game and wires the new-game and table buttons. */
export function initPlay() {
  const suits = store.get('suits');
  const variant = store.get('variant');
  if (suits && ['1', '2', '4'].includes(suits)) $('#suits').value = suits;
  if (variant && ['spider', 'spiderette'].includes(variant)) $('#variant').value = variant;

  $('#new-game').addEventListener('click', newGame);
  $('#deal-number').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') newGame(); });
  $('#deal').addEventListener('click', () => act({ type: 'deal' }));
  $('#stock').addEventListener('click', () => act({ type: 'deal' }));
  $('#undo').addEventListener('click', () => act({ type: 'undo' }));
  $('#hint').addEventListener('click', hint);
  $('#restart').addEventListener('click', restart);
  $('#resign').addEventListener('click', resign);
  $('#analyse').addEventListener('click', () => state.game && go('analysis', state.game.id));
  $('#read-table').addEventListener('click', () => readTable(state.game));
  // daily.js follows the same two fields.
  const onSetting = () => {
    store.set('suits', $('#suits').value);
    store.set('variant', $('#variant').value);
  };
  $('#suits').addEventListener('change', onSetting);
  $('#variant').addEventListener('change', onSetting);
  on('new-game', newGame);
  on('restart', restart);
}
