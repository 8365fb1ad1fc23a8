// Rendering the table: the columns, foundation, stock, stats, buttons, the end-of-game banner
// and the clock.

import {
  $, cardName, el, formatDuration, isRed, kindLabel, SUIT_SYMBOL,
} from './util.js';
import { day, number, t } from './i18n.js';
import { isRaceGame, state, store } from './state.js';
import { go } from './nav.js';
import { emit } from './bus.js';

export function renderBusy() {
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
  // The corner in the language's notation ("D♠" for a German queen); data-card keeps the API's.
  const corner = card.rank ? t('card', { rank: card.rank, suit: sym }) : card.text;
  return el('div', { class: `card face${isRed(card.suit) ? ' red' : ''}`, ...attrs },
    el('span', { class: 'corner', 'aria-hidden': 'true', text: corner }),
    el('span', { class: 'corner right', 'aria-hidden': 'true', text: sym }),
    el('span', { class: 'pip', 'aria-hidden': 'true', text: sym }));
}

export function renderGame() {
  const game = state.game;
  const board = $('#board');
  renderStats();
  renderControls();
  renderBanner();
  emit('render');
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
      'aria-label': t('table-column-label', { column: c, down: col.face_down, up }),
    });
    if (hint?.type === 'move' && hint.to === c) node.classList.add('hint-dst');
    if (sel && sel.column === c) node.classList.add('from');
    let y = 0;
    if (col.face_down === 0 && up === 0) {
      node.append(el('div', {
        class: 'slot', role: 'button', tabindex: playing ? 0 : -1,
        'data-column': c, 'data-testid': `slot-${c}`, 'aria-label': t('table-empty-column', { column: c }),
      }));
    }
    // Face-down cards are drawn as backs only: the API never says what they are. Each is named
    // by its place, as a card a screen reader can count ("face-down card, column 3, card 1 of 7").
    const count = col.face_down + up;
    for (let i = 0; i < col.face_down; i++) {
      node.append(el('div', {
        class: 'card back', role: 'img', style: { top: `${y}px` },
        'aria-label': t('table-card-face-down', { column: c, position: i + 1, count }),
      }));
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
        'aria-pressed': selected && i === sel.index ? 'true' : 'false',
        style: { top: `${y}px` },
      });
      // Named by its content, not an aria-label: the corner it shows ("D♠") is drawn for the eye,
      // the name ("Queen of spades, column 3, card 5 of 7") is the card's text for everyone else.
      node2.append(el('span', { class: 'visually-hidden',
        text: t('table-card-place', { card: cardName(card), column: c, position: col.face_down + i + 1, count }) }));
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
  f.setAttribute('aria-label', t('table-foundation-label', { runs: game.runs_completed, total: game.runs_total }));
}

function renderStock() {
  const game = state.game;
  const s = $('#stock');
  const left = game.stock_deals_left;
  const backs = [];
  for (let i = 0; i < Math.min(left, 5); i++) {
    backs.push(el('span', { class: 'card back', 'aria-hidden': 'true', style: { right: `${(Math.min(left, 5) - 1 - i) * 14}px`, top: '0px', left: 'auto' } }));
  }
  s.replaceChildren(...backs, el('span', { class: 'count', 'aria-hidden': 'true', text: t('table-stock-count', { deals: left }) }));
  s.classList.toggle('empty', left === 0);
  s.disabled = game.status !== 'in_progress' || left === 0;
  s.setAttribute('aria-label', t('table-stock-label', { deals: left }));
  const hintDeal = state.hint && state.hint.version === game.version && state.hint.action?.type === 'deal';
  s.classList.toggle('hinted', !!hintDeal);
}

function renderStats() {
  const g = state.game;
  $('#score').textContent = g ? number(g.score) : '–';
  $('#actions').textContent = g ? number(g.actions) : '–';
  $('#runs').textContent = g ? t('table-runs-stat', { runs: g.runs_completed, total: g.runs_total }) : '–';
  $('#deals-left').textContent = g ? number(g.stock_deals_left) : '–';
  tick();
  if (!g) {
    $('#game-label').textContent = '';
    return;
  }
  const parts = [kindLabel(g.variant, g.suits)];
  if (g.daily) {
    const date = day(g.daily.date);
    parts.push(g.daily.ranked ? t('table-label-daily-ranked', { date }) : t('table-label-daily-practice', { date }));
  } else if (g.origin === 'race') {
    parts.push(g.difficulty ? t('table-label-race-difficulty', { difficulty: g.difficulty }) : t('table-label-race'));
  } else if (g.difficulty) parts.push(t('table-label-winnable', { difficulty: g.difficulty }));
  else if (g.origin === 'restart') parts.push(t('table-label-replay'));
  // The deal number as a string: exact past 2^53, and written without separators.
  if (g.deal_number != null) parts.push(t('table-label-deal', { deal: String(g.deal_number) }));
  if (!g.rules.undo) parts.push(t('table-label-no-undo'));
  else if (g.undo_mode === 'no_reveal') parts.push(t('table-label-undo-no-reveal'));
  if (!g.hints_allowed) parts.push(t('table-label-no-hints'));
  if (g.rules.empty_column_deal && g.rules.empty_column_deal !== 'standard') parts.push(t('table-label-deal-rule', { rule: g.rules.empty_column_deal }));
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
  if (!state.resignArmed) $('#resign').textContent = raceGame ? t('table-quit-race') : t('table-resign');
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
  const buttons = isRaceGame()
    ? [state.screen === 'race' ? null : el('button', { type: 'button', 'data-testid': 'banner-standings', onclick: () => go('race', state.raceCode || store.get('race')), text: t('table-standings') })]
    : [el('button', { type: 'button', 'data-testid': 'banner-new-game', onclick: () => emit('new-game'), text: t('table-new-game-button') }),
      el('button', { type: 'button', 'data-testid': 'banner-restart', onclick: () => emit('restart'), text: t('table-play-again') })];
  buttons.push(el('button', { type: 'button', 'data-testid': 'banner-analyse', onclick: () => go('analysis', g.id), text: t('table-where-did-i-go-wrong') }));
  const sentences = [won
    ? t('table-banner-won', { score: g.score, actions: g.actions, time: formatDuration(g.elapsed_ms) })
    : t('table-banner-over', { runs: g.runs_completed, total: g.runs_total, score: g.score })];
  if (g.deal_number != null) sentences.push(t('table-banner-deal', { deal: String(g.deal_number) }));
  let title = t('table-banner-resigned');
  if (won) title = t('table-banner-you-won');
  else if (isRaceGame()) title = t('table-banner-quit-round');
  b.replaceChildren(
    el('h2', { text: title }),
    el('p', { text: sentences.join(t('sentence-gap')) }),
    el('div', { class: 'controls', style: { justifyContent: 'center' } }, ...buttons.filter(Boolean)),
  );
  b.hidden = false;
}

export function tick() {
  const g = state.game;
  const timer = $('#timer');
  if (!g) {
    timer.textContent = '0:00';
    return;
  }
  const ms = g.status === 'in_progress' ? g.elapsed_ms + (performance.now() - state.receivedAt) : g.elapsed_ms;
  timer.textContent = formatDuration(ms);
}

/** The table sits on the race screen while it shows the room's game, else on the play screen. */
export function placeTable() {
  const table = $('#table');
  const inRace = state.screen === 'race' && isRaceGame() && !!state.game && state.raceGameId === state.game.id;
  const slot = inRace ? $('#race-table-slot') : $('#play-table-slot');
  if (table.parentElement !== slot) {
    slot.append(table);
    renderGame();
  }
}
