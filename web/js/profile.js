// A player's public profile (#profile/NAME): when they joined, records, race ratings, daily
// streak and latest finished games, as GET /v1/users/{username} shows anyone.

import { $, el, formatDuration, formatWhen, kindLabel, plural, statusLabel } from './util.js';
import { ApiError, request } from './api.js';

/** A name on a board that may have a profile (a guest's `guest-…` has none): a link to it. */
export function playerLink(name) {
  if (/^guest-[0-9a-f]{8}$/.test(name)) return name;
  return el('a', { href: `#profile/${encodeURIComponent(name)}`, 'data-testid': 'profile-link', text: name });
}

export const profile = {
  async open(name) {
    const box = $('#profile');
    $('#profile-title').textContent = name || 'Player';
    box.replaceChildren(el('p', { class: 'muted', text: 'Loading…' }));
    let p;
    try {
      ({ data: p } = await request('GET', `/v1/users/${encodeURIComponent(name || '')}`, { auth: false }));
    } catch (err) {
      box.replaceChildren(el('p', { class: 'muted', 'data-testid': 'profile-missing', text: err instanceof ApiError ? err.message : String(err) }));
      return;
    }
    const best = (b, f = String) => (b ? f(b.value) : '–');
    box.replaceChildren(
      el('p', { 'data-testid': 'profile-joined', text: `Playing since ${formatWhen(p.joined)} · daily streak: ${plural(p.daily_streak, 'day')}` }),
      el('table', { class: 'list', 'data-testid': 'profile-records' },
        el('thead', {}, el('tr', {}, ...['Game', 'Played', 'Won', 'Best score', 'Fastest win', 'Streak'].map((h) => el('th', { text: h })))),
        el('tbody', {}, ...(p.records.length ? p.records.map((r) => el('tr', {},
          el('td', { text: kindLabel(r.variant, r.suits) }),
          el('td', { text: r.played }), el('td', { text: r.won }),
          el('td', { text: best(r.best_score) }),
          el('td', { text: best(r.fastest_win_ms, formatDuration) }),
          el('td', { text: `${r.current_streak} (best ${r.longest_streak})` })))
          : [el('tr', { class: 'empty' }, el('td', { colspan: 6, text: 'No games counted yet.' }))]))),
      el('h3', { text: 'Race ratings' }),
      el('ul', {}, ...(p.ratings.length ? p.ratings.map((r) => el('li', { text: `${kindLabel(r.variant, r.suits)}: ${Math.round(r.rating)} after ${plural(r.rounds, 'ranked round')}` }))
        : [el('li', { class: 'muted', text: 'No ranked race yet.' })])),
      el('h3', { text: 'Latest games' }),
      el('ul', { 'data-testid': 'profile-games' }, ...(p.recent_games.length ? p.recent_games.map((g) => el('li', {
        text: `${kindLabel(g.variant, g.suits)} (${g.origin}) · ${statusLabel(g.status)} · ${g.score} points`
          + `${g.duration_ms != null ? ` · ${formatDuration(g.duration_ms)}` : ''} · ${formatWhen(g.finished_at)}`,
      })) : [el('li', { class: 'muted', text: 'No finished game yet.' })])),
    );
  },
};
