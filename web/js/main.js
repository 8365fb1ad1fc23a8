// Spider Solitaire web client: plain ES modules, no build step, public API only. This module
// starts the page; the others hold one screen or concern each:
//
//   util.js     DOM helpers, names and formats, the message line
//   i18n.js     the page's language: Fluent messages (fluent.js), Intl numbers and dates
//   state.js    shared state: API base, localStorage, the game on the table, the session
//   api.js      the API client (tokens, problem details, retries, event streams)
//   nav.js      going to a screen (the URL's hash)
//   bus.js      what a module tells the modules above it (imports point down only)
//   router.js   drawing the screen the hash names
//   table.js    game operations (the request queue, new game, moves, hints, replay, resign)
//   board.js    rendering the table, and where it sits
//   input.js    tap, drag and keys on the table
//   speech.js   what a screen reader hears: each action's outcome, the table read aloud
//   daily.js    the daily challenge panel and starting an attempt
//   account.js  sign up, sign in, sign out, the dialog after a refused session
//   race.js, games.js, records.js, puzzles.js, arenas.js, boards.js, analysis.js: those screens
//
// The API base is the page's own origin (relative URLs), always: the page never takes another
// server from its URL (a link could otherwise send the sign-in form's password elsewhere), and
// its Content-Security-Policy (`connect-src 'self'`) lets it talk to no other.
//
// Screens (the URL's hash): #play (the table, new games, the daily panel), #race (host or
// join) and #race/CODE (a room: seats, countdown, the table with live standings, results),
// #games (my games), #records (my records and race ratings), #boards (all-time boards),
// #analysis/GAME_ID (a finished game's result and "where did I go wrong"), #account.
// The table (stats, actions, board) is one element that moves between #play and a race room.
//
// The server serves /, /style.css and /js/NAME.js for these modules only (src/http/page.rs):
// a new module needs its name added there.
//
// Test hooks: buttons carry data-testid (new-game, daily-start, deal, undo, hint, restart,
// resign, stock, …); the board is data-testid="board" with data-game-id, data-version,
// data-status and data-busy; columns are data-testid="column-N" (N from 1, as in the API);
// face-up cards carry data-card ("10♥"), data-column (from 1) and data-index (0-based position
// among the column's face-up cards, as in the view's `face_up` array). Every screen is a
// <section data-screen="…">; the race room carries data-round-state and data-round on
// data-testid="race-room".

import { showMessage, watchWideTables } from './util.js';
import { state, store } from './state.js';
import { negotiate, t, translate, useLanguage } from './i18n.js';
import { initLanguagePicker } from './language.js';
import { ApiError } from './api.js';
import { route } from './router.js';
import { chosenSettings, createGame, initPlay, loadGame, run } from './table.js';
import { renderBusy, renderGame, tick } from './board.js';
import { initInput } from './input.js';
import { initDaily, refreshDaily, renderDaily } from './daily.js';
import { initAccount, renderAccountBar } from './account.js';
import { initRace, race } from './race.js';
import { initGames } from './games.js';
import { initBoards } from './boards.js';
import { initPuzzles } from './puzzles.js';
import { initArenas } from './arenas.js';
import { initAnalysis } from './analysis.js';

// The language first: every screen is drawn in it. The player's pick (this browser's, or their
// account's, stored at sign-in), else the browser's languages.
async function start() {
  await useLanguage(negotiate(store.get('language') || navigator.languages || navigator.language));
  translate();
  initLanguagePicker();
  init();
}

function init() {
  initPlay();
  initDaily();
  initAccount();
  initRace();
  initGames();
  initBoards();
  initPuzzles();
  initArenas();
  initAnalysis();
  initInput();
  watchWideTables();

  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(renderGame, 80);
  });
  window.addEventListener('hashchange', () => route());
  setInterval(() => { tick(); race.tickClock(); }, 250);
  setInterval(() => { if (state.today) renderDaily(); }, 60000);

  renderAccountBar();
  renderBusy();
  route(true);
  run(async () => {
    const saved = store.get('game');
    if (saved) {
      try {
        await loadGame(saved);
        return;
      } catch (err) {
        if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 400)) throw err;
        store.set('game', null);
      }
    }
    if (state.game) return; // a race game arrived first
    if (state.screen !== 'play') {
      state.needGame = true; // opened on another screen (a race link): deal when Play is opened
      return;
    }
    // First visit (or the saved game is gone): deal a game right away.
    await createGame(chosenSettings());
    showMessage(t('table-welcome'), 'info');
  }).then(() => {
    renderAccountBar();
    refreshDaily();
  });
}

start();
