// What one module tells the modules above it. Imports point down only (util, state, api, nav,
// bus → board → play → the screens → router → main; tests/house.rs fails on a circle), so a
// lower module that has news announces it here and the modules that care listen:
//
//   'game'       (view, {before, finishedNow})  table.js set a game on the table
//   'render'     ()                             board.js drew the table
//   'new-game'   ()                             a "New game" button outside the play panel
//   'restart'    ()                             a "Play this deal again" button
//   'quit-race'  ()                             the resign button, on a race game

const listeners = new Map();

export function on(name, fn) {
  if (!listeners.has(name)) listeners.set(name, []);
  listeners.get(name).push(fn);
}

export function emit(name, ...args) {
  for (const fn of listeners.get(name) || []) fn(...args);
}
