// After a game: its result and "where did I go wrong" (GET /v1/games/{id}/analysis).
//
// The analysis names actions, not cards (it would reveal the hidden ones otherwise), so the
// winning line is shown as steps in words; "Play it out on the table" replays the game on the
// same deal through the API (a restart, then the game's first `after` actions) and then leads
// through the line one step at a time, each highlighted like a hint.

import {
  $, describeAction, el, formatDuration, kindLabel, plural, randomKey, showMessage, sleep,
} from './util.js';
import { state } from './state.js';
import { ApiError, request } from './api.js';
import { go } from './nav.js';
import { on } from './bus.js';
import { act, run, setGame } from './table.js';
import { renderGame } from './board.js';

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

export const analysis = {
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

/** The winning line's bar above the board, drawn with the table. */
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
  // (replaceChildren would show a null as the text "null")
  bar.replaceChildren(...[
    el('span', { 'data-testid': 'guide-text', text }),
    !done && !g.offLine ? el('button', { type: 'button', 'data-testid': 'guide-next', onclick: () => act(g.actions[g.index]), text: 'Play this step' }) : null,
    el('button', { type: 'button', 'data-testid': 'guide-stop', onclick: () => { state.guide = null; state.hint = null; renderGame(); }, text: 'Stop guiding' }),
  ].filter(Boolean));
}

export function initAnalysis() {
  on('render', renderGuide);
}
