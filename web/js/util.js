// Small helpers shared by every screen: DOM building, names and formats, the message line.

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
const RANK_NAME = { 1: 'Ace', 11: 'Jack', 12: 'Queen', 13: 'King' };
const RANK_SHORT = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
export const isRed = (suit) => suit === 'hearts' || suit === 'diamonds';
export const rankShort = (rank) => RANK_SHORT[rank] || String(rank);
export const cardName = (card) => `${RANK_NAME[card.rank] || card.rank} of ${card.suit}`;
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const variantLabel = (v) => (v === 'spiderette' ? 'Spiderette' : 'Spider');
export const kindLabel = (variant, suits) => `${variantLabel(variant)}, ${plural(suits, 'suit')}`;
/** Undo modes (the API's `undo_mode`) in words: a short name and what the mode allows. */
export const UNDO_MODES = {
  full: { name: 'full', about: 'Undo takes back any move or deal.' },
  no_reveal: { name: 'no reveal', about: 'Undo takes back any move but one that showed a new card (a deal, or a move that turned a card over).' },
  off: { name: 'off', about: 'No undo: every move stands.' },
};
export const undoLabel = (mode) => `undo: ${UNDO_MODES[mode]?.name || mode}`;
export const statusLabel = (s) => ({ in_progress: 'playing', won: 'won', resigned: 'resigned' }[s] || s);

export function formatDuration(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function formatWhen(iso) {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An action in words, columns numbered from 1 as on the table. */
export function describeAction(a) {
  if (!a) return 'nothing';
  switch (a.type) {
    case 'move': return `Move ${plural(a.count, 'card')} from column ${a.from} to column ${a.to}`;
    case 'deal': return 'Deal a row from the stock';
    case 'undo': return 'Undo';
    case 'resign': return 'Resign';
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
