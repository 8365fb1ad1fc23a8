// After a game: its result and "where did I go wrong" (GET /v1/games/{id}/analysis).
//
// The analysis names actions, not cards (it would reveal the hidden ones otherwise), so the
// winning line is shown as steps in words; "Play it out on the table" replays the game on the
// same deal through the API (a restart, then the game's first `after` actions) and then leads
// through the line one step at a time, each highlighted like a hint.

import {
  $, describeAction, el, formatDuration, kindLabel, randomKey, showMessage, sleep,
} from './util.js';
import { lang, number, sentence, t } from './i18n.js';
import { state } from './state.js';
import { ApiError, request } from './api.js';
import { go } from './nav.js';
import { on } from './bus.js';
import { act, run, setGame } from './table.js';
import { renderGame } from './board.js';

// The messages of the API's verdicts and deals.
const VERDICT = {
  won: 'screens-verdict-won',
  never_winnable: 'screens-verdict-never-winnable',
  lost: 'screens-verdict-lost',
  still_winnable: 'screens-verdict-still-winnable',
  unknown: 'screens-verdict-unknown',
};
const DEAL = {
  winnable: 'screens-deal-winnable',
  not_winnable: 'screens-deal-not-winnable',
  unknown: 'screens-deal-unknown',
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
      result.replaceChildren(el('p', { text: t('screens-analysis-pick') }));
      out.replaceChildren();
      return;
    }
    result.replaceChildren(el('p', { class: 'muted', text: t('screens-analysis-loading') }));
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
      el('h3', {
        text: game.status === 'won' ? t('screens-analysis-won')
          : game.status === 'resigned' ? t('screens-analysis-resigned') : t('screens-analysis-in-progress'),
      }),
      el('dl', { class: 'facts', 'data-testid': 'analysis-facts' },
        el('dt', { text: t('screens-analysis-fact-game') }), el('dd', {
          text: game.deal_number != null
            // A deal's number is its name: written without grouping.
            ? t('screens-analysis-game-deal', { kind: kindLabel(game.variant, game.suits), deal: String(game.deal_number) })
            : kindLabel(game.variant, game.suits),
        }),
        el('dt', { text: t('screens-analysis-fact-score') }), el('dd', { text: number(game.score) }),
        el('dt', { text: t('screens-analysis-fact-runs') }), el('dd', { text: t('screens-analysis-runs', { done: game.runs_completed, total: game.runs_total }) }),
        el('dt', { text: t('screens-analysis-fact-actions') }), el('dd', {
          text: t('screens-analysis-actions', { actions: game.actions, moves: game.moves, deals: game.deals, undos: game.undos }),
        }),
        el('dt', { text: t('screens-analysis-fact-time') }), el('dd', { text: formatDuration(game.elapsed_ms) })),
      el('div', { class: 'controls' },
        game.status === 'in_progress'
          ? el('button', { type: 'button', onclick: () => run(async () => { setGame(game); go('play'); }), text: t('screens-analysis-continue') })
          : null,
        game.origin !== 'race'
          ? el('button', { type: 'button', onclick: () => run(async () => { setGame(game); await restartFromAnalysis(); }), text: t('screens-analysis-play-again') })
          : null),
    );
    if (game.status === 'in_progress') {
      out.replaceChildren(el('p', { class: 'muted', text: t('screens-analysis-after-game') }));
      out.dataset.state = 'in_progress';
      return;
    }
    out.replaceChildren(el('p', { class: 'muted', 'data-testid': 'analysis-wait', text: t('screens-analysis-wait') }));
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
          out.replaceChildren(el('p', { class: 'muted', text: t('screens-analysis-retry', { error: err.message, seconds: wait }) }));
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
      el('p', { class: 'verdict', 'data-testid': 'analysis-verdict', text: VERDICT[a.verdict] ? t(VERDICT[a.verdict]) : a.verdict }),
      el('p', { 'data-testid': 'analysis-deal', text: DEAL[a.deal] ? t(DEAL[a.deal]) : a.deal }),
    ];
    if (a.losing_action) {
      const step = el('strong', {
        text: t('screens-analysis-losing-step', { number: a.losing_action.number, action: describeAction(a.losing_action.action) }),
      });
      parts.push(el('p', { 'data-testid': 'analysis-losing' }, ...sentence('screens-analysis-losing', {}, { step })));
    } else if (a.verdict === 'unknown' && (a.last_winnable_after != null || a.first_lost_after != null)) {
      const after = a.last_winnable_after ?? '?';
      parts.push(el('p', { 'data-testid': 'analysis-bounds', text: a.first_lost_after != null
        ? t('screens-analysis-bounds-lost', { after, lost: a.first_lost_after })
        : t('screens-analysis-bounds', { after }) }));
    }
    const line = a.winning_line;
    if (line && line.actions.length) {
      const count = line.actions.length;
      parts.push(el('h3', { text: t('screens-analysis-line-title') }),
        el('p', { class: 'muted', text: line.after === 0
          ? t('screens-analysis-line-from-opening', { count })
          : t('screens-analysis-line-from-after', { after: line.after, count }) }));
      const list = el('ol', { class: 'line', 'data-testid': 'winning-line', start: line.after + 1, tabindex: 0 },
        ...line.actions.map((x, i) => el('li', { 'data-step': i, 'aria-current': i === this.step ? 'step' : undefined, text: describeAction(x) })));
      parts.push(list);
      const stepText = el('p', { class: 'step', 'data-testid': 'line-step', 'aria-live': 'polite' });
      const prev = el('button', { type: 'button', 'data-testid': 'line-prev', text: t('screens-analysis-previous-step') });
      const next = el('button', { type: 'button', 'data-testid': 'line-next', text: t('screens-analysis-next-step') });
      const show = () => {
        list.querySelectorAll('li').forEach((li, i) => {
          if (i === this.step) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
        });
        stepText.textContent = t('screens-analysis-step', {
          step: this.step + 1, total: line.actions.length, action: describeAction(line.actions[this.step]),
        });
        prev.disabled = this.step === 0;
        next.disabled = this.step >= line.actions.length - 1;
        list.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
      };
      prev.addEventListener('click', () => { this.step = Math.max(0, this.step - 1); show(); });
      next.addEventListener('click', () => { this.step = Math.min(line.actions.length - 1, this.step + 1); show(); });
      const controls = el('div', { class: 'controls' }, prev, next);
      if (this.game?.origin !== 'race') {
        controls.append(el('button', { type: 'button', 'data-testid': 'line-play', 'aria-describedby': 'line-play-note', onclick: () => playLine(this.game, a), text: t('screens-analysis-play-line') }));
      }
      parts.push(stepText, controls);
      if (this.game?.origin !== 'race') {
        parts.push(el('p', { id: 'line-play-note', class: 'muted small', text: t('screens-analysis-play-line-note') }));
      }
      out.replaceChildren(...parts);
      show();
    } else {
      if (line && a.verdict === 'won') parts.push(el('p', { text: t('screens-analysis-cleared') }));
      out.replaceChildren(...parts);
    }
    const seconds = new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(a.computed_ms / 1000);
    parts.push(el('p', { class: 'muted small', text: t('screens-analysis-searched', { positions: a.positions_searched, seconds }) }));
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
      if (i % 10 === 0) showMessage(t('screens-line-replaying', { done: i, total: upTo.length }), 'info');
      ({ data: view } = await request('POST', `/v1/games/${encodeURIComponent(view.id)}/actions`, {
        body: upTo[i].action,
        headers: { 'If-Match': `"${view.version}"`, 'Idempotency-Key': randomKey() },
      }));
    }
    state.guide = makeGuide(view.id, view.version, line.actions);
    setGame(view);
    showMessage(t('screens-line-ready'), 'hint');
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
    bar = el('div', { id: 'guide', class: 'guide', 'data-testid': 'guide', role: 'region', 'aria-label': t('screens-guide-label') });
    $('#board').before(bar);
  }
  const done = g.index >= g.actions.length;
  const text = g.offLine ? t('screens-guide-off-line')
    : done ? t('screens-guide-done')
      : t('screens-guide-step', { step: g.index + 1, total: g.actions.length, action: describeAction(g.actions[g.index]) });
  // (replaceChildren would show a null as the text "null")
  bar.replaceChildren(...[
    el('span', { 'data-testid': 'guide-text', text }),
    !done && !g.offLine ? el('button', { type: 'button', 'data-testid': 'guide-next', onclick: () => act(g.actions[g.index]), text: t('screens-guide-play-step') }) : null,
    el('button', { type: 'button', 'data-testid': 'guide-stop', onclick: () => { state.guide = null; state.hint = null; renderGame(); }, text: t('screens-guide-stop') }),
  ].filter(Boolean));
}

export function initAnalysis() {
  on('render', renderGuide);
}
