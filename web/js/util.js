// Small helpers shared by every screen: DOM building, names and formats, the message line.

import { t, when } from './i18n.js';

export const $ = (sel) => document.querySelector(sel);
export const el = (tag, attrs = {}, ...children) => {
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
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function randomKey() {
  // crypto.randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const SUIT_SYMBOL = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' };
export const isRed = (suit) => suit === 'hearts' || suit === 'diamonds';
/** A rank as the language writes it on a card's corner (A, 2 … 10, J, Q, K in English). */
export const rankShort = (rank) => t('card', { rank, suit: '' });
/** A card spoken in words ("Queen of spades"). */
export const cardName = (card) => t('table-card-name', { rank: card.rank, suit: card.suit });
// Kept for other modules; the words here select their plural in their messages instead.
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
/** A kind of game ("Spider, 2 suits"); `suits` a number or its string. */
export const kindLabel = (variant, suits) => t('table-kind', { variant, suits: Number(suits) });
/** Undo modes (the API's `undo_mode`) in words: a short name and what the mode allows. */
export const UNDO_MODES = {
  full: {
    get name() { return t('table-undo-full'); },
    get about() { return t('table-undo-full-about'); },
  },
  no_reveal: {
    get name() { return t('table-undo-no-reveal'); },
    get about() { return t('table-undo-no-reveal-about'); },
  },
  off: {
    get name() { return t('table-undo-off'); },
    get about() { return t('table-undo-off-about'); },
  },
};
export const undoLabel = (mode) => t('table-undo-label', { mode: UNDO_MODES[mode]?.name || mode });
export function statusLabel(s) {
  switch (s) {
    case 'in_progress': return t('table-status-playing');
    case 'won': return t('table-status-won');
    case 'resigned': return t('table-status-resigned');
    default: return s;
  }
}

export function formatDuration(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A moment (ISO 8601) as the page's language writes it; '–' for none. */
export function formatWhen(iso) {
  return when(iso);
}

/** An action in words, columns numbered from 1 as on the table. */
export function describeAction(a) {
  if (!a) return t('table-action-nothing');
  switch (a.type) {
    case 'move': return t('table-action-move', { count: a.count, from: a.from, to: a.to });
    case 'deal': return t('table-action-deal');
    case 'undo': return t('table-action-undo');
    case 'resign': return t('table-action-resign');
    default: return a.type;
  }
}

export function showMessage(text, kind = 'info') {
  const m = $('#message');
  m.textContent = text;
  m.dataset.kind = kind;
}

export function clearMessage() {
  const m = $('#message');
  m.textContent = '';
  delete m.dataset.kind;
}

/**
 * A wide table (a phone, a long language) scrolls sideways in its own box: the note before
 * the box says so while, and only while, the table is wider than the box.
 */
export function watchWideTables() {
  const check = () => {
    for (const box of document.querySelectorAll('.table-scroll')) {
      const note = box.previousElementSibling;
      if (note?.classList.contains('scroll-hint')) note.hidden = box.scrollWidth <= box.clientWidth + 1;
    }
  };
  new ResizeObserver(check).observe(document.body);
  for (const body of document.querySelectorAll('.table-scroll tbody')) {
    new MutationObserver(check).observe(body, { childList: true });
  }
  check();
}
