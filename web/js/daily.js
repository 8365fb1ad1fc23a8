// Daily challenge panel on the play screen: today's challenge, my attempts (starting one), the
// leaderboard.

import {
  $, el, formatDuration, kindLabel, plural, randomKey, showMessage, statusLabel,
} from './util.js';
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
    $('#daily-info').textContent = `Daily challenge unavailable: ${err.message}`;
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
    $('#daily-info').textContent = 'No daily challenge for this setting.';
    btn.textContent = 'Daily challenge';
    return;
  }
  const left = Date.parse(today.ends_at) - Date.now();
  const hours = Math.max(0, Math.floor(left / 3600000));
  const mins = Math.max(0, Math.floor((left % 3600000) / 60000));
  $('#daily-info').textContent =
    `${today.date} (UTC) · ${kindLabel(ch.variant, ch.suits)} · ` +
    `${plural(ch.players, 'ranked player')} · ends in ${hours} h ${mins} min`;
  if (ch.practice_reason) {
    attempts.append(el('li', { class: 'muted', 'data-testid': 'daily-practice-reason', text: ch.practice_reason }));
  }

  for (const attempt of ch.your_attempts) {
    const current = state.game && state.game.id === attempt.game_id;
    // The attempt on the table is fresher than the panel's last fetch.
    const a = current ? { ...attempt, status: state.game.status, score: state.game.score, runs_completed: state.game.runs_completed } : attempt;
    const label = `${a.ranked ? 'Ranked' : 'Practice'} · ${statusLabel(a.status)} · ${a.score} points · ${plural(a.runs_completed, 'run')}`;
    attempts.append(el('li', {},
      el('span', { text: label }),
      current ? el('span', { class: 'muted', text: 'on the table' })
        : el('button', { type: 'button', onclick: () => run(() => loadGame(attempt.game_id)), text: a.status === 'in_progress' ? 'Resume' : 'View' })));
  }
  const running = ch.your_attempts.find((a) => a.status === 'in_progress');
  btn.textContent = running ? 'Resume daily'
    : ch.practice_reason ? 'Daily (practice)' : 'Daily challenge';
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
  $('#lb-measure').textContent = byMoves ? 'Moves' : 'Time';
  $('#lb-title').textContent = board ? `Leaderboard ${board.date}` : 'Leaderboard';
  if (!board || board.entries.length === 0) {
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 5, text: 'No one has played today yet.' })));
    return;
  }
  const names = myNames();
  body.replaceChildren(...board.entries.map((e) => {
    const mine = names.includes(e.player);
    return el('tr', { class: mine ? 'me' : undefined },
      el('td', { text: e.rank }),
      el('td', { title: e.player }, playerLink(e.player), mine ? el('span', { class: 'visually-hidden', text: ' (you)' }) : null),
      el('td', { text: statusLabel(e.status) }),
      el('td', { text: e.score }),
      el('td', { text: byMoves ? e.actions : (e.duration_ms == null ? '–' : formatDuration(e.duration_ms)) }));
  }));
}

function startDaily() {
  return run(async () => {
    const { suits, variant } = chosenSettings();
    const running = dailyChallenge()?.your_attempts?.find((a) => a.status === 'in_progress');
    if (running) {
      await loadGame(running.game_id);
      showMessage(`Back to today's ${running.ranked ? 'ranked' : 'practice'} attempt.`, 'info');
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
      showMessage(`${err.message} Here it is.`, 'info');
      return;
    }
    setGame(data);
    showMessage(data.daily?.ranked
      ? `Today's daily challenge: this attempt is ranked. Good luck!`
      : `Today's daily challenge. ${data.daily?.practice_reason || 'This attempt is practice.'}`, 'info');
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
