// Screens: the hash is the route (#play, #race/CODE, #games, #records, #boards,
// #analysis/ID, #account).

import { $ } from './util.js';
import { isRaceGame, state, store } from './state.js';
import { chosenSettings, createGame, run } from './play.js';
import { renderGame } from './board.js';
import { renderAccountScreen } from './account.js';
import { race } from './race.js';
import { games } from './games.js';
import { records } from './records.js';
import { boards } from './boards.js';
import { analysis } from './analysis.js';
import { consent, isConsentPage } from './consent.js';
import { profile } from './profile.js';

const SCREENS = ['play', 'race', 'games', 'records', 'boards', 'analysis', 'account', 'consent', 'profile'];

export function go(screen, arg) {
  const hash = `#${screen}${arg ? `/${encodeURIComponent(arg)}` : ''}`;
  if (location.hash !== hash) location.hash = hash;
  else route();
}

export function route(initial = false) {
  const [name, ...rest] = location.hash.replace(/^#/, '').split('/');
  // The consent page (/oauth/authorize) opens on its own screen; it alone shows it.
  const home = isConsentPage() ? 'consent' : 'play';
  const known = SCREENS.includes(name) && (name !== 'consent' || isConsentPage());
  const screen = known ? name : home;
  const arg = rest.length ? decodeURIComponent(rest.join('/')) : null;
  const changed = state.screen !== screen;
  state.screen = screen;
  for (const s of document.querySelectorAll('[data-screen]')) s.hidden = s.dataset.screen !== screen;
  for (const a of document.querySelectorAll('[data-nav]')) {
    if (a.dataset.nav === screen) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (screen !== 'race') race.close();
  placeTable();
  switch (screen) {
    case 'play':
      renderGame();
      if (state.needGame && !state.game) {
        state.needGame = false;
        run(async () => { if (!state.game) await createGame(chosenSettings()); });
      }
      break;
    case 'race': race.enter(arg || store.get('race')); break;
    case 'games': games.load(); break;
    case 'records': records.load(); break;
    case 'boards': boards.load(); break;
    case 'analysis': analysis.open(arg); break;
    case 'account': renderAccountScreen(); break;
    case 'consent': consent.open(); break;
    case 'profile': profile.open(arg); break;
    default:
  }
  if (changed && !initial && screen !== 'play') {
    // Tell screen readers where they are; keys keep working (the handler is global).
    const h = document.querySelector(`[data-screen="${screen}"] h2`);
    if (h) { h.tabIndex = -1; h.focus({ preventScroll: true }); }
  }
}

/** Where a player goes after signing in: back to an app's request on the consent page, else play. */
export function goHome() {
  go(isConsentPage() ? 'consent' : 'play');
}

/** The table sits on the race screen while it shows the room's game, else on the play screen. */
export function placeTable() {
  const table = $('#table');
  const inRace = state.screen === 'race' && isRaceGame() && race.ownsGame(state.game);
  const slot = inRace ? $('#race-table-slot') : $('#play-table-slot');
  if (table.parentElement !== slot) {
    slot.append(table);
    renderGame();
  }
}
