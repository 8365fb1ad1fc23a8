// Daily challenge panel on the play screen: today's challenge, my attempts (starting one), the
// leaderboard.

import {
  $, el, formatDuration, kindLabel, randomKey, showMessage, statusLabel,
} from './util.js';
import { day, number, t } from './i18n.js';
import { session, state } from './state.js';
import { ApiError, request } from './api.js';
import { on } from './bus.js';
import { chosenSettings, loadGame, run, setGame } from './table.js';
import { playerLink } from './profile.js';

export function dailyChallenge() {
  if (!state.today) return null;
  const { suits, variant } = chosenSettings();
  return state.today.challenges.find((c) => c.suits === suits && c.variant === variant) || null;
}

export async function refreshDaily() {
  const { suits, variant } = chosenSettings();
  try {
    const { data } = await request('GET', `/v1/daily?suits=${suits}&variant=${variant}`, { auth: 'optional' });
    state.today = data;
    renderDaily();
    await refreshLeaderboard();
  } catch (err) {
    $('#daily-info').textContent = t('screens-daily-unavailable', { error: err.message });
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

export function renderDaily() {
  const today = state.today;
  const ch = dailyChallenge();
  const btn = $('#daily-start');
  const attempts = $('#daily-attempts');
  attempts.replaceChildren();
  if (!today || !ch) {
    $('#daily-info').textContent = t('screens-daily-none');
    btn.textContent = t('screens-daily-button');
    return;
  }
  const left = Date.parse(today.ends_at) - Date.now();
  const hours = Math.max(0, Math.floor(left / 3600000));
  const mins = Math.max(0, Math.floor((left % 3600000) / 60000));
  $('#daily-info').textContent = t('screens-daily-info', {
    date: day(today.date), kind: kindLabel(ch.variant, ch.suits), players: ch.players, hours, minutes: mins,
  });
  if (ch.practice_reason) {
    attempts.append(el('li', { class: 'muted', 'data-testid': 'daily-practice-reason', text: ch.practice_reason }));
  }

  for (const attempt of ch.your_attempts) {
    const current = state.game && state.game.id === attempt.game_id;
    // The attempt on the table is fresher than the panel's last fetch.
    const a = current ? { ...attempt, status: state.game.status, score: state.game.score, runs_completed: state.game.runs_completed } : attempt;
    const label = t('screens-daily-attempt', {
      type: a.ranked ? 'ranked' : 'practice', status: statusLabel(a.status), score: a.score, runs: a.runs_completed,
    });
    attempts.append(el('li', {},
      el('span', { text: label }),
      current ? el('span', { class: 'muted', text: t('screens-daily-on-table') })
        : el('button', {
          type: 'button',
          onclick: () => run(() => loadGame(attempt.game_id)),
          text: a.status === 'in_progress' ? t('screens-daily-resume-attempt') : t('screens-daily-view-attempt'),
        })));
  }
  const running = ch.your_attempts.find((a) => a.status === 'in_progress');
  btn.textContent = running ? t('screens-daily-button-resume')
    : ch.practice_reason ? t('screens-daily-button-practice') : t('screens-daily-button');
}

/** The names the boards may show for me: a guest is "guest-" and the first 8 characters of its id. */
export function myNames() {
  const me = session.user;
  return me ? [me.username, `guest-${String(me.id).slice(0, 8)}`].filter(Boolean) : [];
}

function renderLeaderboard() {
  const board = state.board;
  const body = $('#lb-body');
  // Four figures do not fit the side panel: the last column follows the ranking measure.
  const byMoves = (board ? board.by : $('#lb-by').value) === 'moves';
  $('#lb-measure').textContent = byMoves ? t('screens-measure-moves') : t('screens-measure-time');
  $('#lb-title').textContent = board ? t('screens-leaderboard-title-date', { date: day(board.date) }) : t('screens-leaderboard-title');
  if (!board || board.entries.length === 0) {
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 5, text: t('screens-leaderboard-empty') })));
    return;
  }
  const names = myNames();
  body.replaceChildren(...board.entries.map((e) => {
    const mine = names.includes(e.player);
    return el('tr', { class: mine ? 'me' : undefined },
      el('td', { text: number(e.rank) }),
      el('td', { title: e.player }, playerLink(e.player), mine ? el('span', { class: 'visually-hidden', text: t('screens-player-you') }) : null),
      el('td', { text: statusLabel(e.status) }),
      el('td', { text: number(e.score) }),
      el('td', { text: byMoves ? number(e.actions) : (e.duration_ms == null ? '–' : formatDuration(e.duration_ms)) }));
  }));
}

function startDaily() {
  return run(async () => {
    const { suits, variant } = chosenSettings();
    const running = dailyChallenge()?.your_attempts?.find((a) => a.status === 'in_progress');
    if (running) {
      await loadGame(running.game_id);
      showMessage(t('screens-daily-back', { type: running.ranked ? 'ranked' : 'practice' }), 'info');
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
      showMessage(t('screens-daily-back-open', { error: err.message }), 'info');
      return;
    }
    setGame(data);
    showMessage(data.daily?.ranked
      ? t('screens-daily-started-ranked')
      : t('screens-daily-started-practice', { reason: data.daily?.practice_reason || t('screens-daily-practice') }), 'info');
  });
}

export function initDaily() {
  $('#lb-by').addEventListener('change', refreshLeaderboard);
  $('#daily-start').addEventListener('click', startDaily);
  $('#suits').addEventListener('change', refreshDaily);
  $('#variant').addEventListener('change', refreshDaily);
  on('game', (view, { before, finishedNow }) => {
    if (view.daily && (finishedNow || !before || before.id !== view.id)) refreshDaily();
    else if (view.daily && state.today) renderDaily();
  });
}
