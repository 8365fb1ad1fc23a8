// Screens: the hash is the route (#play, #race/CODE, #games, #records, #puzzles, #arenas/ID, #boards,
// #analysis/ID, #account). Modules go to a screen with nav.js; this one draws it.

import { state, store } from './state.js';
import { isConsentPage } from './nav.js';
import { chosenSettings, createGame, run } from './table.js';
import { placeTable, renderGame } from './board.js';
import { renderAccountScreen } from './account.js';
import { race } from './race.js';
import { games } from './games.js';
import { records } from './records.js';
import { puzzles } from './puzzles.js';
import { arenas } from './arenas.js';
import { boards } from './boards.js';
import { analysis } from './analysis.js';
import { consent } from './consent.js';
import { profile } from './profile.js';

const SCREENS = ['play', 'race', 'games', 'records', 'puzzles', 'arenas', 'boards', 'analysis', 'account', 'consent', 'profile'];

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
  if (screen !== 'arenas') arenas.close();
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
    case 'puzzles': puzzles.load(); break;
    case 'arenas': arenas.load(arg); break;
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
