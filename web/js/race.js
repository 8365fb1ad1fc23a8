// Races: host a room, share its link (#race/CODE), seats, countdown, live standings from the
// room's event stream, the results and ratings, play again.

import {
  $, clearMessage, el, formatDuration, kindLabel, showMessage, sleep, UNDO_MODES, undoLabel,
} from './util.js';
import { number, t } from './i18n.js';
import { isAccount, session, state, store } from './state.js';
import { ApiError, readEvents, request } from './api.js';
import { go } from './nav.js';
import { on } from './bus.js';
import { placeTable } from './board.js';
import { loadGame, run } from './table.js';

export const race = {
  // The room's code and view; the table's owner and the banner's link read them from `state`.
  get code() { return state.raceCode; },
  set code(code) { state.raceCode = code; },
  get view() { return this.shown; },
  set view(view) {
    this.shown = view;
    state.raceGameId = view?.you?.game_id || null;
  },
  shown: null,
  abort: null,        // the stream's AbortController
  poll: 0,            // polling timer once a round is over (the stream then ends)
  countdown: 0,       // countdown timer
  ratingsBefore: new Map(), // "round:seat" → rating while the round runs (for the change once it is over)
  seenRunning: new Set(),   // rounds seen before they were over: no rating then means the start rating
  loadingGame: null,
  clock: null,        // {round, elapsed, at, limit} while a round runs: the clock ticks locally

  ownsGame(game) {
    return !!game && !!state.raceGameId && state.raceGameId === game.id;
  },

  enter(code) {
    if (!code) {
      this.close();
      this.code = null;
      $('#race-hub').hidden = false;
      $('#race-room').hidden = true;
      return;
    }
    code = code.toUpperCase();
    $('#race-hub').hidden = true;
    $('#race-room').hidden = false;
    if (this.code === code && this.abort) {
      this.render();
      return;
    }
    this.close();
    if (this.code !== code) {
      this.view = null;
      this.ratingsBefore.clear();
      this.seenRunning.clear();
    }
    this.code = code;
    $('#race-code').textContent = code;
    $('#race-link').value = `${location.href.split('#')[0]}#race/${code}`;
    this.render();
    run(async () => {
      let data;
      try {
        ({ data } = await request('GET', `/v1/races/${encodeURIComponent(code)}`));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          // A mistyped code, or a room that is gone: back to hosting and joining.
          if (store.get('race') === code) store.set('race', null);
          this.code = null;
          go('race');
        }
        throw err;
      }
      this.update(data);
      this.follow();
    });
  },

  close() {
    if (this.abort) this.abort.abort();
    this.abort = null;
    clearInterval(this.poll);
    this.poll = 0;
    clearInterval(this.countdown);
    this.countdown = 0;
  },

  /** Follows the room's stream; when it ends (the round is over) polls for the next round. */
  follow() {
    if (this.abort || state.screen !== 'race' || !this.code) return;
    const code = this.code;
    const abort = new AbortController();
    this.abort = abort;
    let refused = false;
    readEvents(`/v1/races/${encodeURIComponent(code)}/stream`, abort.signal, (name, data) => {
      if (name === 'race' && this.code === code) this.update(data);
      else if (name === 'error') showMessage(data.detail || t('race-stream-stopped'), 'error');
    }).catch((err) => {
      if (abort.signal.aborted) return;
      if (err instanceof ApiError) {
        showMessage(err.message, 'error');
        // Signed out, or the room is gone: reconnecting would only fail again.
        if ([401, 403, 404].includes(err.status)) refused = true;
      }
    }).finally(() => {
      if (this.abort !== abort) return; // closed or replaced
      this.abort = null;
      if (refused || state.screen !== 'race' || this.code !== code) return;
      const over = !this.view?.round || this.view.round.state === 'over';
      if (over) this.watchForNextRound();
      else setTimeout(() => this.follow(), 1000); // dropped mid-round: reconnect
    });
  },

  watchForNextRound() {
    clearInterval(this.poll);
    const code = this.code;
    const seen = this.view?.round?.number ?? 0;
    let failures = 0;
    this.poll = setInterval(async () => {
      if (state.screen !== 'race' || this.code !== code) return clearInterval(this.poll);
      try {
        const { data } = await request('GET', `/v1/races/${encodeURIComponent(code)}`);
        failures = 0;
        this.update(data);
        if ((data.round?.number ?? 0) !== seen || (data.round && data.round.state !== 'over')) {
          clearInterval(this.poll);
          this.poll = 0;
          this.follow();
        }
      } catch (err) {
        // A room that is gone, or a session that ended, will not come back by asking again.
        if (err instanceof ApiError && (err.status === 404 || err.status === 401 || err.status === 403)) {
          clearInterval(this.poll);
          this.poll = 0;
          showMessage(err.message, 'error');
          return;
        }
        // Otherwise try again on the next tick, and say so once it keeps failing.
        failures += 1;
        if (failures === 3) showMessage(t('race-still-trying', { error: err.message }), 'error');
      }
    }, 2000);
  },

  refreshSoon() {
    if (!this.code || state.screen !== 'race') return;
    const code = this.code;
    request('GET', `/v1/races/${encodeURIComponent(code)}`)
      .then(({ data }) => { if (this.code === code) this.update(data); })
      .catch(() => {});
  },

  update(view) {
    this.announce(this.view, view);
    this.view = view;
    store.set('race', view.code);
    const round = view.round;
    if (round && round.state !== 'over') {
      this.seenRunning.add(round.number);
      for (const p of round.standings) if (p.rating != null) this.ratingsBefore.set(`${round.number}:${p.seat}`, p.rating);
    }
    // My game in this round: on the table as soon as the countdown is over.
    const id = view.you?.game_id;
    if (id && state.game?.id !== id && this.loadingGame !== id) {
      this.loadingGame = id;
      run(async () => {
        try {
          await loadGame(id, { quiet: true });
          if (round?.state === 'running') showMessage(t('race-go-message'), 'info');
        } finally {
          this.loadingGame = null;
        }
      });
    } else if (id && state.game?.id === id && state.game.status === 'in_progress' && round?.state === 'over') {
      run(() => loadGame(id, { quiet: true })); // the round ended (time, or a stand-in played)
    }
    this.render();
    placeTable();
  },

  /** Tells everyone (in the message line) when a player finishes or quits. */
  announce(before, after) {
    const was = before?.round;
    const now = after?.round;
    if (!was || !now || was.number !== now.number) return;
    const news = [];
    for (const p of now.standings) {
      const old = was.standings.find((x) => x.seat === p.seat);
      if (!old || old.standing === p.standing || p.standing === 'playing') continue;
      const me = p.seat === after.you?.seat;
      const args = { name: p.name, place: p.place };
      if (p.standing === 'quit') news.push(me ? t('race-news-you-quit') : t('race-news-quit', args));
      else if (p.finished_ms != null) {
        args.time = formatDuration(p.finished_ms);
        news.push(me ? t('race-news-you-finished', args) : t('race-news-finished', args));
      } else news.push(me ? t('race-news-you-finished-untimed', args) : t('race-news-finished-untimed', args));
    }
    if (news.length) showMessage(news.join(t('sentence-gap')), 'info');
  },

  tickClock() {
    const c = this.clock;
    const out = $('#race-clock');
    if (!c || state.screen !== 'race') {
      if (out) out.textContent = '';
      return;
    }
    const ms = c.elapsed + (performance.now() - c.at);
    const args = { elapsed: formatDuration(ms), limit: formatDuration(c.limit) };
    out.textContent = ms > c.limit ? t('race-clock-past-limit', args) : t('race-clock', args);
  },

  render() {
    const view = this.view;
    const roomEl = $('#race-room');
    $('#race-code').textContent = this.code || '';
    if (!view) {
      $('#race-status').textContent = t('race-opening');
      return;
    }
    const s = view.settings;
    const round = view.round;
    roomEl.dataset.roundState = round ? round.state : 'none';
    roomEl.dataset.round = String(round?.number ?? 0);
    const rules = [
      kindLabel(s.variant, s.suits), t('race-rule-difficulty', { difficulty: s.difficulty }),
      t('race-rule-minutes', { minutes: Math.round(s.time_limit_seconds / 60) }),
      undoLabel(s.undo_mode),
      s.hints ? t('race-rule-hints-on') : t('race-rule-no-hints'),
      s.handicap ? t('race-rule-handicap') : null, s.ranked ? t('race-rule-ranked') : t('race-rule-unranked'),
      t('race-rule-cpu-speed', { level: s.cpu_level }), t('race-rule-stand-in', { seconds: s.idle_takeover_seconds }),
    ].filter(Boolean);
    $('#race-settings').textContent = rules.join(' · ');
    $('#race-cpu-note').textContent = s.cpu_note;
    $('#race-cpu-note').hidden = !view.seats.some((x) => x.cpu);
    $('#race-settings').dataset.undoMode = s.undo_mode;

    const you = view.you;
    const host = view.seats.find((x) => x.host);
    const iAmHost = !!host?.you;
    $('#race-join-here').hidden = !!you;
    if (!you && !$('#race-name').value && isAccount()) $('#race-name').value = session.user.username;

    // Seats.
    // The host may free any other seat not playing the round in progress.
    const playing = (seat) => round && round.state !== 'over' && round.standings.some((p) => p.seat === seat.seat);
    $('#race-seats').replaceChildren(...view.seats.map((seat) => el('li', { 'data-seat': seat.seat, class: seat.you ? 'me' : undefined },
      el('span', { text: seat.name }),
      seat.host ? el('span', { class: 'tag', text: t('race-tag-host') }) : null,
      seat.cpu ? el('span', { class: 'tag', text: t('race-tag-cpu') }) : null,
      seat.you ? el('span', { class: 'tag you', text: t('race-tag-you') }) : null,
      iAmHost && !seat.host && !playing(seat)
        ? el('button', { type: 'button', class: 'small', 'data-testid': `race-remove-${seat.seat}`, 'aria-label': t('race-remove-label', { name: seat.name }), onclick: () => this.removeSeat(seat), text: t('race-remove') })
        : null)));
    $('#race-seats').hidden = !!round && round.state !== 'countdown';

    // Status line and buttons.
    clearInterval(this.countdown);
    this.countdown = 0;
    const status = $('#race-status');
    const start = $('#race-start');
    const quit = $('#race-quit');
    start.hidden = !iAmHost || (round && round.state !== 'over');
    start.textContent = round ? t('race-play-again') : t('race-start');
    const mine = round?.standings.find((p) => p.seat === you?.seat);
    // With my game on the table, its own "Quit race" button does this.
    quit.hidden = !round || round.state === 'over' || !mine || mine.standing !== 'playing'
      || this.ownsGame(state.game);
    // The table's banner offers the analysis when my game is on it.
    $('#race-analyse').hidden = !(round?.state === 'over' && you?.game_id) || this.ownsGame(state.game);
    if (!round) {
      const count = view.seats.length;
      if (iAmHost) status.textContent = t('race-status-host-waiting', { code: view.code, count });
      else if (host) status.textContent = t('race-status-guest-waiting', { host: host.name, count });
      else status.textContent = t('race-status-guest-waiting-no-host', { count });
    } else if (round.state === 'countdown') {
      const until = performance.now() + round.starts_in_ms;
      const show = () => {
        const left = Math.max(0, Math.ceil((until - performance.now()) / 1000));
        status.textContent = left > 0
          ? t('race-status-countdown', { round: round.number, seconds: left })
          : t('race-status-go');
        if (left <= 0) {
          clearInterval(this.countdown);
          this.countdown = 0;
          this.refreshSoon(); // my game exists from my first look after the countdown
        }
      };
      show();
      this.countdown = setInterval(show, 200);
    } else if (round.state === 'running') {
      const finishedMe = mine && mine.standing !== 'playing';
      const sentences = [finishedMe
        ? t('race-status-running-waiting', { round: round.number })
        : t('race-status-running', { round: round.number })];
      if (you && !mine) sentences.push(t('race-status-next-round'));
      status.textContent = sentences.join(t('sentence-gap'));
    } else {
      const winner = round.standings.find((p) => p.place === 1);
      const sentences = [t('race-status-over', { round: round.number })];
      if (winner) {
        sentences.push(winner.finished_ms != null
          ? t('race-status-winner', { name: winner.name })
          : t('race-status-first', { name: winner.name }));
      }
      sentences.push(iAmHost ? t('race-status-again') : t('race-status-wait-next'));
      status.textContent = sentences.join(t('sentence-gap'));
    }
    this.clock = round?.state === 'running'
      ? { elapsed: round.elapsed_ms, at: performance.now(), limit: s.time_limit_seconds * 1000 }
      : null;
    this.tickClock();
    this.renderStandings();
  },

  renderStandings() {
    const round = this.view?.round;
    const table = document.querySelector('[data-testid="race-standings"]');
    if (!round || round.state === 'countdown') {
      table.hidden = true;
      return;
    }
    table.hidden = false;
    const over = round.state === 'over';
    $('#race-standings-body').replaceChildren(...round.standings.map((p) => {
      const pct = Math.round(p.progress * 100);
      // Once the round is over, "playing" means the results caught the seat unfinished.
      const standing = over && p.standing === 'playing' ? 'unfinished' : p.standing;
      const result = p.finished_ms != null
        ? t('race-result-timed', { standing, time: formatDuration(p.finished_ms) })
        : t('race-result', { standing });
      let rating = null;
      if (p.rating != null) {
        // A player's first ranked round starts from 1500 (the API shows no rating before it).
        const before = this.ratingsBefore.get(`${round.number}:${p.seat}`)
          ?? (this.seenRunning.has(round.number) && !p.cpu ? 1500 : null);
        const delta = over && before != null ? Math.round(p.rating - before) : null;
        rating = el('span', { class: 'rating', 'data-testid': 'rating' },
          ` · ${number(Math.round(p.rating))}`,
          delta != null ? el('span', { class: delta >= 0 ? 'up' : 'down', 'data-testid': 'rating-change', text: ` (${delta >= 0 ? '+' : '−'}${number(Math.abs(delta))})` }) : null);
      }
      const isMe = p.seat === this.view.you?.seat;
      return el('tr', { class: isMe ? 'me' : undefined, 'data-seat': p.seat, 'data-standing': p.standing },
        el('td', { text: p.place != null ? number(p.place) : p.place }),
        el('td', {}, p.name, p.cpu ? el('span', { class: 'tag', text: t('race-tag-cpu') }) : null,
          p.stand_in ? el('span', { class: 'tag', title: t('race-stand-in-title'), text: t('race-tag-stand-in') }) : null,
          isMe ? el('span', { class: 'visually-hidden', text: ` ${t('race-standing-you')}` }) : null),
        el('td', {},
          el('progress', { max: 100, value: pct, 'aria-label': t('race-progress-label', { name: p.name, done: p.runs_completed, total: p.runs_total }) }),
          el('span', { class: 'runs', text: ` ${p.runs_completed}/${p.runs_total}` })),
        el('td', {}, result, rating));
    }));
  },

  create(ev) {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    const body = {
      variant: f.get('variant'),
      suits: Number(f.get('suits')),
      difficulty: f.get('difficulty'),
      time_limit_seconds: Math.round(Number(f.get('time_limit_minutes')) * 60),
      undo: f.get('undo'), // full, no_reveal or off
      hints: f.get('hints') === 'on',
      handicap: f.get('handicap') === 'on',
      cpu_players: Number(f.get('cpu_players')),
      cpu_level: f.get('cpu_level'),
      ranked: f.get('ranked') === 'on',
      idle_takeover_seconds: Number(f.get('idle_takeover_seconds')),
    };
    run(async () => {
      const { data } = await request('POST', '/v1/races', { body });
      this.close();
      this.code = data.code;
      this.view = null;
      this.ratingsBefore.clear();
      this.seenRunning.clear();
      showMessage(t('race-room-open', { code: data.code }), 'success');
      go('race', data.code);
    });
  },

  /** The host form's note under Undo: what the chosen mode allows, and what a ranked room makes of it. */
  renderUndoNote() {
    const form = $('#race-host');
    const mode = form.elements.undo.value;
    const ranked = form.elements.ranked.checked;
    $('#race-undo-note').textContent = ranked && mode === 'full' ? t('race-undo-ranked') : UNDO_MODES[mode].about;
  },

  joinByCode(ev) {
    ev.preventDefault();
    const code = String(new FormData(ev.currentTarget).get('code') || '').trim().toUpperCase();
    if (code) go('race', code);
  },

  takeSeat() {
    const name = $('#race-name').value.trim();
    const code = this.code;
    run(async () => {
      const { data } = await request('POST', `/v1/races/${encodeURIComponent(code)}/join`, { body: name ? { name } : {} });
      this.update(data);
      showMessage(t('race-joined', { code }), 'success');
    });
  },

  start() {
    const code = this.code;
    run(async () => {
      // Each round needs a proven winnable deal; when none is ready yet the server says when
      // to ask again.
      for (let attempt = 1; ; attempt++) {
        try {
          const { data } = await request('POST', `/v1/races/${encodeURIComponent(code)}/start`);
          clearMessage();
          this.update(data);
          if (!this.abort) this.follow();
          return;
        } catch (err) {
          if (!(err instanceof ApiError) || err.code !== 'winnable_deal_unavailable' || attempt >= 8) throw err;
          const wait = Math.min(10, err.retryAfter || 3);
          showMessage(t('race-retrying', { error: err.message, seconds: wait }), 'info');
          await sleep(wait * 1000);
        }
      }
    });
  },

  quit() {
    const code = this.code || store.get('race');
    if (!code) return;
    run(async () => {
      const { data } = await request('POST', `/v1/races/${encodeURIComponent(code)}/quit`);
      this.update(data);
      if (data.you?.game_id) await loadGame(data.you.game_id, { quiet: true });
      showMessage(t('race-you-quit-round'), 'info');
    });
  },

  /** The host frees another seat. */
  removeSeat(seat) {
    const code = this.code;
    if (!code) return;
    run(async () => {
      const { data } = await request('DELETE', `/v1/races/${encodeURIComponent(code)}/seats/${seat.seat}`);
      this.update(data);
      showMessage(t('race-seat-freed', { name: seat.name }), 'info');
    });
  },

  /** Leave the room: a player's seat is freed for someone else (the host's stays with the room). */
  leave() {
    const code = this.code;
    const view = this.view;
    const round = view?.round;
    const inRound = round && round.state !== 'over' && round.standings.some((p) => p.seat === view.you?.seat);
    // A seat in the round in progress stays until it is over.
    const free = view?.you && !view.seats.find((x) => x.you)?.host && !inRound;
    this.close();
    this.code = null;
    this.view = null;
    store.set('race', null);
    go('race');
    if (code && free) request('POST', `/v1/races/${encodeURIComponent(code)}/leave`).catch(() => {});
  },

  copyLink() {
    const input = $('#race-link');
    const done = () => showMessage(t('race-link-copied'), 'success');
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(input.value).then(done, () => { input.select(); showMessage(t('race-copy-by-hand'), 'info'); });
    } else {
      input.select();
      showMessage(t('race-copy-by-hand'), 'info');
    }
  },
};

export function initRace() {
  on('game', (view, { finishedNow }) => { if (view.origin === 'race' && finishedNow) race.refreshSoon(); });
  on('quit-race', () => race.quit());
  $('#race-host').addEventListener('submit', (ev) => race.create(ev));
  $('#race-host').addEventListener('change', (ev) => {
    if (ev.target.name === 'undo' || ev.target.name === 'ranked') race.renderUndoNote();
  });
  race.renderUndoNote();
  $('#race-join').addEventListener('submit', (ev) => race.joinByCode(ev));
  $('#race-take-seat').addEventListener('click', () => race.takeSeat());
  $('#race-start').addEventListener('click', () => race.start());
  $('#race-quit').addEventListener('click', () => race.quit());
  $('#race-leave').addEventListener('click', () => race.leave());
  $('#race-copy').addEventListener('click', () => race.copyLink());
  $('#race-analyse').addEventListener('click', () => race.view?.you?.game_id && go('analysis', race.view.you.game_id));
}
