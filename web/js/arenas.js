// Arenas (docs/ARENAS.md): what runs and what comes; one arena (#arenas/ID) with its standings,
// live while the screen is open, and your part: join, the next deal (played on the table,
// #play, like any game; come back here for the next), berserk, leave; and your results.

import { $, el, kindLabel, showMessage } from './util.js';
import { number, t, when } from './i18n.js';
import { readEvents, request } from './api.js';
import { go } from './nav.js';
import { loadGame, run } from './table.js';
import { announce } from './speech.js';

let shown = null; // the arena on screen, as GET /v1/arenas/{id} answered
let abort = null; // its standings stream

export const arenas = {
  load(id) {
    listAll();
    mine();
    if (id) open(id);
    else close();
  },
  close() {
    close();
  },
};

export function initArenas() {
  $('#arena-join').addEventListener('click', () => run(() => act('POST', 'players')));
  $('#arena-leave').addEventListener('click', () => run(() => act('DELETE', 'players/me')));
  $('#arena-next').addEventListener('click', () => run(nextDeal));
  $('#arena-continue').addEventListener('click', () => run(async () => {
    await loadGame(shown.you.playing.game_id);
    go('play');
  }));
}

function close() {
  if (abort) abort.abort();
  abort = null;
  shown = null;
  $('#arena-detail').hidden = true;
}

function stateLine(a) {
  return t('screens-arena-line', {
    title: a.title,
    kind: kindLabel(a.variant, a.suits),
    state: a.state,
    start: when(a.starts_at),
    end: when(a.ends_at),
    players: a.players,
  });
}

async function listAll() {
  const list = $('#arenas-list');
  let data;
  try {
    ({ data } = await request('GET', '/v1/arenas', { auth: 'optional' }));
  } catch (err) {
    list.replaceChildren(el('li', { text: err.message }));
    return;
  }
  const all = [...data.running, ...data.upcoming];
  list.replaceChildren();
  if (!all.length) list.append(el('li', { class: 'muted', text: t('screens-arenas-empty') }));
  for (const a of all) {
    list.append(el('li', { 'data-arena-id': a.id, 'data-state': a.state },
      el('span', { text: stateLine(a) }), ' ',
      el('button', {
        type: 'button',
        'data-testid': 'arena-open',
        'aria-label': t('screens-arena-open-label', { title: a.title }),
        onclick: () => go('arenas', a.id),
        text: t('screens-arena-open'),
      })));
  }
}

async function mine() {
  const list = $('#arenas-mine');
  let data;
  try {
    ({ data } = await request('GET', '/v1/users/me/arenas?limit=10'));
  } catch (err) {
    list.replaceChildren(el('li', { text: err.message }));
    return;
  }
  list.replaceChildren();
  if (!data.length) list.append(el('li', { class: 'muted', text: t('screens-arenas-mine-empty') }));
  for (const a of data) {
    list.append(el('li', { 'data-arena-id': a.id },
      el('a', { href: `#arenas/${encodeURIComponent(a.id)}`, text: a.title }), ' ',
      el('span', { text: you(a) })));
  }
}

/** Your part in arena `a`, in words. */
function you(a) {
  const y = a.you;
  if (!y) return '';
  return t(y.final_place != null ? 'screens-arena-final' : 'screens-arena-you', {
    place: y.final_place ?? y.place,
    points: y.points,
    won: y.won,
    played: y.played,
    fire: y.on_fire ? 'yes' : 'no',
  });
}

async function open(id) {
  if (shown?.id !== id && abort) {
    abort.abort();
    abort = null;
  }
  let data;
  try {
    ({ data } = await request('GET', `/v1/arenas/${encodeURIComponent(id)}`));
  } catch (err) {
    showMessage(err.message, 'error');
    close();
    return;
  }
  shown = data;
  render();
  if (!abort) follow(id);
}

function render() {
  const a = shown;
  $('#arena-detail').hidden = false;
  $('#arena-detail').dataset.arenaId = a.id;
  $('#arena-detail').dataset.state = a.state;
  $('#arena-title').textContent = a.title;
  $('#arena-info').textContent = `${stateLine(a)} · ${t('screens-arena-rules', {
    deals: a.deals,
    undo: a.undo_mode,
    hints: a.hints ? 'yes' : 'no',
    rated: a.rated ? 'yes' : 'no',
  })}`;
  $('#arena-you').textContent = you(a);
  const y = a.you;
  const playing = a.state !== 'over' && y?.playing;
  $('#arena-join').hidden = a.state === 'over' || (y && y.active);
  $('#arena-leave').hidden = !(y && y.active) || a.state === 'over';
  $('#arena-next').hidden = !(y && y.active) || a.state !== 'running' || !!playing;
  $('#arena-berserk-field').hidden = $('#arena-next').hidden;
  $('#arena-continue').hidden = !playing;
}

function follow(id) {
  const controller = new AbortController();
  abort = controller;
  readEvents(`/v1/arenas/${encodeURIComponent(id)}/stream`, controller.signal, (name, data) => {
    if (name === 'standings') standings(data);
  }).catch(() => {}).finally(() => {
    if (abort === controller) abort = null;
  });
}

function standings(page) {
  const body = $('#arena-standings-body');
  body.replaceChildren();
  if (!page.standings.length) {
    body.append(el('tr', { class: 'empty' }, el('td', { colspan: 4, text: t('screens-arena-nobody') })));
  }
  for (const s of page.standings) {
    body.append(el('tr', { 'data-testid': 'arena-standing' },
      el('td', { text: number(s.place) }),
      el('td', { text: s.name }),
      el('td', { text: number(s.points) }),
      el('td', { text: t('screens-arena-won-of', { won: s.won, played: s.played }) })));
  }
  if (shown && page.you && shown.you) {
    Object.assign(shown.you, { place: page.you.place, points: page.you.points, won: page.you.won, played: page.you.played, on_fire: page.you.on_fire });
    $('#arena-you').textContent = you(shown);
  }
}

async function act(method, path) {
  const { data } = await request(method, `/v1/arenas/${encodeURIComponent(shown.id)}/${path}`, method === 'POST' ? { body: {} } : {});
  shown = data;
  render();
  mine();
}

async function nextDeal() {
  const berserk = $('#arena-berserk').checked;
  const { data } = await request('POST', `/v1/arenas/${encodeURIComponent(shown.id)}/deals`, { body: { berserk } });
  await loadGame(data.game.id);
  go('play');
  announce(t('screens-arena-deal-started', { deal: data.deal, title: shown.title }));
}
