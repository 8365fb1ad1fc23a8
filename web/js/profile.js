// A player's public profile (#profile/NAME): when they joined, arenas won, records, race ratings, daily
// streak and latest finished games, as GET /v1/users/{username} shows anyone.

import { $, el, formatDuration, kindLabel, statusLabel } from './util.js';
import { ApiError, request } from './api.js';
import { number, t, when } from './i18n.js';

/** A name on a board that may have a profile (a guest's `guest-…` and a hidden player's
 * `(hidden)` have none): a link to it. */
export function playerLink(name) {
  if (name === '(hidden)') return t('account-profile-hidden');
  if (/^guest-[0-9a-f]{8}$/.test(name)) return name;
  return el('a', { href: `#profile/${encodeURIComponent(name)}`, 'data-testid': 'profile-link', text: name });
}

export const profile = {
  async open(name) {
    const box = $('#profile');
    $('#profile-title').textContent = name || t('account-profile-player');
    box.replaceChildren(el('p', { class: 'muted', text: t('account-loading') }));
    let p;
    try {
      ({ data: p } = await request('GET', `/v1/users/${encodeURIComponent(name || '')}`, { auth: false }));
    } catch (err) {
      box.replaceChildren(el('p', { class: 'muted', 'data-testid': 'profile-missing', text: err instanceof ApiError ? err.message : String(err) }));
      return;
    }
    const best = (b, f = number) => (b ? f(b.value) : '–');
    const headings = [t('account-profile-col-game'), t('account-profile-col-played'), t('account-profile-col-won'),
      t('account-profile-col-best-score'), t('account-profile-col-fastest-win'), t('account-profile-col-streak')];
    box.replaceChildren(
      el('p', { 'data-testid': 'profile-joined', text: t('account-profile-joined', { since: when(p.joined), streak: p.daily_streak }) }),
      el('p', { 'data-testid': 'profile-arenas', text: t('account-profile-arenas', { won: p.arenas_won, played: p.arenas_played }) }),
      el('table', { class: 'list', 'data-testid': 'profile-records' },
        el('thead', {}, el('tr', {}, ...headings.map((h) => el('th', { text: h })))),
        el('tbody', {}, ...(p.records.length ? p.records.map((r) => el('tr', {},
          el('td', { text: kindLabel(r.variant, r.suits) }),
          el('td', { text: number(r.played) }), el('td', { text: number(r.won) }),
          el('td', { text: best(r.best_score) }),
          el('td', { text: best(r.fastest_win_ms, formatDuration) }),
          el('td', { text: t('account-profile-streak', { current: r.current_streak, longest: r.longest_streak }) })))
          : [el('tr', { class: 'empty' }, el('td', { colspan: 6, text: t('account-profile-no-records') }))]))),
      el('h3', { text: t('account-profile-ratings') }),
      el('ul', {}, ...(p.ratings.length ? p.ratings.map((r) => el('li', {
        text: t('account-profile-rating', { kind: kindLabel(r.variant, r.suits), rating: Math.round(r.rating), rounds: r.rounds }),
      }))
        : [el('li', { class: 'muted', text: t('account-profile-no-ratings') })])),
      el('h3', { text: t('account-profile-latest') }),
      el('ul', { 'data-testid': 'profile-games' }, ...(p.recent_games.length ? p.recent_games.map((g) => {
        const args = { kind: kindLabel(g.variant, g.suits), origin: t('account-profile-origin', { origin: g.origin }), status: statusLabel(g.status), score: g.score, finished: when(g.finished_at) };
        return el('li', {
          text: g.duration_ms != null
            ? t('account-profile-game-timed', { ...args, duration: formatDuration(g.duration_ms) })
            : t('account-profile-game', args),
        });
      }) : [el('li', { class: 'muted', text: t('account-profile-no-games') })])),
    );
  },
};
