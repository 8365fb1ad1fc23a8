// What a screen reader hears of the table: each action's outcome said once in a polite live
// region (#announce): the cards moved, a card turned over, a run removed, a deal, an undo;
// and the whole table read out on request ("read the table": the R key or its button).
// Refusals are said by the message line (util.js), which is a live region of its own.

import { $, cardName } from './util.js';
import { t } from './i18n.js';

let last = '';

/** Says `text` once (the same sentence twice in a row is said once). */
export function announce(text) {
  const region = $('#announce');
  if (!region || !text) return;
  if (text === last && region.textContent === text) return;
  last = text;
  region.textContent = text;
}

/** The sentence for what `action` did between two views of one game (null: nothing to say). */
export function describeChange(before, after, action) {
  if (!before || !after || before.id !== after.id) return null;
  const parts = [];
  const type = action?.type;
  if (type === 'deal') {
    parts.push(t('announce-dealt', { deals: after.stock_deals_left }));
  } else if (type === 'undo') {
    parts.push(t('announce-undone'));
  } else if (type === 'move' || type === 'auto') {
    const from = type === 'move' ? action.from : action.column;
    const was = before.columns[from - 1];
    const now = after.columns[from - 1];
    if (was && now) {
      const turned = now.face_down < was.face_down;
      const count = was.face_up.length - now.face_up.length + (turned ? 1 : 0);
      const first = was.face_up[was.face_up.length - count];
      let to = type === 'move' ? action.to : null;
      if (to === null) {
        const changed = after.columns.findIndex((c, i) => i !== from - 1
          && (c.face_up.length !== before.columns[i].face_up.length || c.face_down !== before.columns[i].face_down));
        to = changed >= 0 ? changed + 1 : null;
      }
      if (first && to) parts.push(t('announce-moved', { card: cardName(first), count, from, to }));
      if (turned && now.face_up.length) parts.push(t('announce-turned', { card: cardName(now.face_up[0]), column: from }));
    }
  }
  if (after.runs_completed > before.runs_completed) {
    const suit = after.completed_suits[after.completed_suits.length - 1];
    parts.push(t('announce-run', { card: cardName({ rank: 13, suit }), runs: after.runs_completed, total: after.runs_total }));
  }
  return parts.length ? parts.join(' ') : null;
}

/** The whole table in words: each column from its first card, then the stock and the runs. */
export function readTable(game) {
  if (!game) return;
  const lines = game.columns.map((col) => {
    if (!col.face_down && !col.face_up.length) return t('table-read-empty', { column: col.column });
    const cards = col.face_up.map((card) => cardName(card)).join(', ');
    return t('table-read-column', { column: col.column, down: col.face_down, cards });
  });
  lines.push(t('table-read-rest', { deals: game.stock_deals_left, runs: game.runs_completed, total: game.runs_total }));
  // Read on request: said even when it is the same as the last time.
  last = '';
  announce(lines.join(' '));
}
