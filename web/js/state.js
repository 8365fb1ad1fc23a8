// The page's shared state: where the API is, what is stored in localStorage, the game on the
// table and the session. Modules share these objects instead of globals.

/**
 * The API base: the page's own origin (relative URLs), whatever the page's URL says. A link
 * such as `/?api=https://elsewhere` must not send guests' games or the sign-in form's
 * password to another server; the page's Content-Security-Policy forbids it as well.
 */
export const API_BASE = '';

// localStorage, keyed by origin; survives a browser that refuses storage (then values live as
// long as the page).
const storeKey = (name) => `spider:${location.origin}:${name}`;
const memory = new Map();
export const store = {
  get(name) {
    try { return localStorage.getItem(storeKey(name)); } catch { return memory.get(name) ?? null; }
  },
  set(name, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(storeKey(name));
      else localStorage.setItem(storeKey(name), value);
    } catch {
      if (value === null || value === undefined) memory.delete(name);
      else memory.set(name, value);
    }
  },
};

export const state = {
  game: null,          // the GameView on the table
  receivedAt: 0,       // performance.now() when `game` arrived (the timer ticks from there)
  selection: null,     // {column, index, keyboard} of a picked-up group (column from 1)
  hint: null,          // the last HintView (or a winning-line step), shown while its version is current
  busy: 0,
  today: null,         // the last Today answer
  board: null,         // the last DailyBoard
  resignArmed: false,
  resignTimer: 0,      // the timer that disarms the resign button
  drawn: null,         // {id, version, cols} of the last drawn board (to animate what changed)
  screen: 'play',
  sessionLost: false,  // a signed-in session was refused: wait for the sign-in dialog
  guide: null,         // stepping through an analysis' winning line on a replay game
  needGame: false,     // the page opened on another screen: deal a game when Play opens
  raceCode: null,      // the race room open on the race screen (race.js keeps it)
  raceGameId: null,    // that room's game of mine, shown on its table (race.js keeps it)
};

const sessionListeners = [];
/** Calls `fn` whenever the session changes (the account bar follows it). */
export function onSessionChange(fn) {
  sessionListeners.push(fn);
}

// The session lives in localStorage (read on every request, so a sign-in in another tab counts).
export const session = {
  get token() { return store.get('token'); },
  get user() {
    try { return JSON.parse(store.get('user') || 'null'); } catch { return null; }
  },
  set(token, user) {
    store.set('token', token);
    store.set('user', user ? JSON.stringify(user) : null);
    for (const fn of sessionListeners) fn();
  },
};
export const isAccount = () => !!session.user && !session.user.is_guest;

export const isRaceGame = () => state.game?.origin === 'race';
