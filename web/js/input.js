// Playing: tap/click to pick up and put down, drag and drop with pointer events, keyboard.

import { $, clearMessage, el, showMessage, SUIT_SYMBOL } from './util.js';
import { t } from './i18n.js';
import { state } from './state.js';
import { act, hint } from './table.js';
import { renderGame } from './board.js';
import { readTable } from './speech.js';
import { store } from './state.js';

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
      showMessage(t('table-column-empty', { column: c }), 'info');
      return;
    }
    state.selection = { column: c, index: start, keyboard: true };
    renderGame();
    const picked = g.columns[c - 1].face_up.slice(start);
    const cards = picked.map((x) => t('card', { rank: x.rank, suit: SUIT_SYMBOL[x.suit] || '' })).join(' ');
    showMessage(t('table-picked-up', { column: c, cards, count: picked.length }), 'info');
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
  // Typing into a field is not playing (a checkbox or a button is no field).
  if (ev.target.closest?.('input:not([type="checkbox"]):not([type="radio"]), select, textarea, dialog')) return;
  // Keys play the table only where it is on screen, and single keys only while they are on
  // (WCAG 2.1.4: a player whose speech input types letters turns them off).
  if (!$('#board').offsetParent) return;
  if (ev.key !== 'Escape' && !singleKeysOn()) return;
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
    case 'r': case 'R':
      readTable(g);
      break;
    default:
  }
}

/** Whether single-key shortcuts are on (they are unless the player turned them off). */
function singleKeysOn() {
  return store.get('single-keys') !== 'off';
}

/** Wires the board's pointer and key handlers and the global keys. */
export function initInput() {
  const keys = $('#single-keys');
  keys.checked = singleKeysOn();
  keys.addEventListener('change', () => store.set('single-keys', keys.checked ? null : 'off'));
  const board = $('#board');
  board.addEventListener('click', onBoardClick);
  board.addEventListener('keydown', onBoardKey);
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('dragstart', (ev) => ev.preventDefault());
  document.addEventListener('keydown', onGlobalKey);
}
