// Puzzles: today's, the next near the player's rating, or a streak (docs/PUZZLES.md). A move is a tap on
// a face-up card (it and the cards on it move) then a tap on the column they go to (its
// "column N" button, or any of its cards); keys do the same with Tab and Enter. Each move
// sends the whole attempt so far; the server judges it on the real cards.

import { $, el, cardName, isRed, rankShort, SUIT_SYMBOL } from './util.js';
import { number, t } from './i18n.js';
import { request } from './api.js';

const GOALS = {
  win: 'screens-puzzle-goal-win',
  remove_run: 'screens-puzzle-goal-remove-run',
  empty_column: 'screens-puzzle-goal-empty-column',
  turn_card: 'screens-puzzle-goal-turn-card',
};

// The puzzle on screen: its view, the table now, the moves so far, the card picked, the end.
let current = null;

export const puzzles = {
  load() {
    if (current) render();
    else open('daily');
  },
};

export function initPuzzles() {
  $('#puzzle-daily').addEventListener('click', () => open('daily'));
  $('#puzzle-next').addEventListener('click', () => open('next'));
  $('#puzzle-streak').addEventListener('click', () => startStreak());
}

// A streak: puzzles of rising rating until the first mistake; each solved one brings the next.
function startStreak() {
  return show(async () => {
    const { data } = await request('POST', '/v1/puzzles/streaks', { body: { suits: Number($('#puzzle-suits').value) } });
    return { puzzle: data.puzzle, position: data.puzzle.position, moves: [], picked: null, over: false, streak: { id: data.id, score: 0 } };
  });
}

function open(which) {
  const q = new URLSearchParams({ suits: $('#puzzle-suits').value });
  if (which === 'next' && current) q.set('skip', current.puzzle.id);
  return show(async () => {
    const { data } = await request('GET', `/v1/puzzles/${which}?${q}`, { auth: 'optional' });
    return { puzzle: data, position: data.position, moves: [], picked: null, over: false };
  });
}

/** Puts the puzzle `load` brings on the screen, or what refused it. */
async function show(load) {
  $('#puzzle-result').textContent = '';
  try {
    current = await load();
  } catch (err) {
    current = null;
    $('#puzzle-goal').textContent = err.message;
    $('#puzzle-board').replaceChildren();
    return;
  }
  render();
}

function render() {
  const board = $('#puzzle-board');
  if (!current) {
    board.replaceChildren();
    return;
  }
  const p = current.puzzle;
  const goal = t('screens-puzzle-goal', {
    goal: t(GOALS[p.goal] || GOALS.turn_card),
    within: p.within,
    rating: number(p.rating),
  });
  $('#puzzle-goal').textContent = current.streak
    ? `${t('screens-puzzle-streak', { score: current.streak.score })} · ${goal}`
    : goal;
  board.dataset.puzzleId = p.id;
  board.dataset.state = current.over ? 'over' : 'open';
  const columns = current.position.columns.map((c, i) => {
    const n = i + 1;
    const picked = current.picked && current.picked.column === n;
    const cards = c.face_up.map((card, index) => el('button', {
      type: 'button',
      class: `pcard${isRed(card.suit) ? ' red' : ''}`,
      'data-card': card.text,
      'data-column': n,
      'data-index': index,
      'aria-pressed': picked && index >= c.face_up.length - current.picked.count ? 'true' : 'false',
      disabled: current.over || undefined,
      onclick: () => tap(n, c.face_up.length - index),
    },
    // The corner for the eye; the card's name ("Queen of spades, column 1") for everyone else.
    el('span', { 'aria-hidden': 'true', text: `${rankShort(card.rank)}${SUIT_SYMBOL[card.suit]}` }),
    el('span', { class: 'visually-hidden', text: t('screens-puzzle-card', { card: cardName(card), column: n }) })));
    return el('div', { class: 'pcol', 'data-testid': `puzzle-column-${n}` },
      el('button', {
        type: 'button',
        class: 'ptarget',
        'data-testid': `puzzle-target-${n}`,
        disabled: current.over || undefined,
        onclick: () => tap(n, null),
        text: t('screens-puzzle-column', { column: n }),
      }),
      c.face_down ? el('span', { class: 'pdown', text: t('screens-puzzle-face-down', { count: c.face_down }) }) : null,
      ...cards);
  });
  board.replaceChildren(...columns);
}

// A tap on column `column`: on a card (`count` cards from it to the end) with nothing picked,
// picks them; with cards picked elsewhere, moves them here; on the picked column, drops them.
function tap(column, count) {
  if (!current || current.over) return;
  const picked = current.picked;
  if (!picked) {
    if (count) current.picked = { column, count };
    render();
    return;
  }
  current.picked = null;
  if (picked.column === column) {
    render();
    return;
  }
  play({ from: picked.column, to: column, count: picked.count });
}

async function play(move) {
  const moves = [...current.moves, move];
  const path = current.streak
    ? `/v1/puzzles/streaks/${encodeURIComponent(current.streak.id)}/attempts`
    : `/v1/puzzles/${encodeURIComponent(current.puzzle.id)}/attempts`;
  let data;
  try {
    ({ data } = await request('POST', path, current.streak ? { body: { moves } } : { body: { moves }, auth: 'optional' }));
  } catch (err) {
    $('#puzzle-result').textContent = err.message;
    render();
    return;
  }
  current.moves = moves;
  current.position = data.position;
  if (data.puzzle) current.puzzle = data.puzzle;
  const result = $('#puzzle-result');
  result.dataset.result = data.result;
  const answer = (data.answer || []).map((a) => `${a.from} → ${a.to} (${a.count})`).join(', ');
  if (data.result === 'going') {
    result.textContent = t('screens-puzzle-going', { left: current.puzzle.within - moves.length });
  } else if (current.streak) {
    const s = data.streak;
    current.streak.score = s.score;
    if (s.over) {
      current.over = true;
      result.textContent = data.result === 'failed'
        ? `${t('screens-puzzle-failed', { mistake: data.mistake, answer })} ${t('screens-puzzle-streak-over', { score: s.score })}`
        : t('screens-puzzle-streak-over', { score: s.score });
    } else {
      // The next puzzle of the streak.
      result.textContent = t('screens-puzzle-solved');
      current.puzzle = s.puzzle;
      current.position = s.puzzle.position;
      current.moves = [];
    }
  } else {
    current.over = true;
    const rating = data.rating ? ` ${t('screens-puzzle-rating', { before: number(data.rating.before), after: number(data.rating.after) })}` : '';
    result.textContent = (data.result === 'solved'
      ? t('screens-puzzle-solved')
      : t('screens-puzzle-failed', { mistake: data.mistake, answer })) + rating;
  }
  render();
}
