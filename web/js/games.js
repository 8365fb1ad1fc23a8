// My games: continue one in progress, see a finished one's result and analysis.

import { $, el, kindLabel, statusLabel } from './util.js';
import { number, t, when } from './i18n.js';
import { request } from './api.js';
import { go } from './nav.js';
import { loadGame, run } from './table.js';

export const games = {
  cursor: null,
  async load(more = false) {
    const body = $('#games-body');
    if (!more) {
      this.cursor = null;
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 6, text: t('screens-loading') })));
    }
    const q = new URLSearchParams({ limit: '20' });
    if (more && this.cursor) q.set('cursor', this.cursor);
    let data;
    try {
      ({ data } = await request('GET', `/v1/users/me/games?${q}`));
    } catch (err) {
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 6, text: err.message })));
      return;
    }
    if (!more) body.replaceChildren();
    if (!more && !data.games.length) body.append(el('tr', { class: 'empty' }, el('td', { colspan: 6, text: t('screens-games-empty') })));
    for (const g of data.games) {
      // A screen reader hears which game a row's button opens, not just "Continue".
      const which = { kind: kindLabel(g.variant, g.suits), when: when(g.created_at) };
      const open = g.status === 'in_progress'
        ? el('button', {
          type: 'button',
          'data-testid': 'game-continue',
          'aria-label': t('screens-games-continue-label', which),
          onclick: () => run(async () => { await loadGame(g.id); go('play'); }),
          text: t('screens-games-continue'),
        })
        : el('button', {
          type: 'button',
          'data-testid': 'game-result',
          'aria-label': t('screens-games-result-label', which),
          onclick: () => go('analysis', g.id),
          text: t('screens-games-result'),
        });
      body.append(el('tr', { 'data-game-id': g.id, 'data-status': g.status },
        el('td', { text: when(g.created_at) }),
        el('td', {
          text: g.deal_number != null
            // A deal's number is its name: written without grouping.
            ? t('screens-games-kind-deal', { kind: kindLabel(g.variant, g.suits), deal: String(g.deal_number) })
            : kindLabel(g.variant, g.suits),
        }),
        el('td', { text: statusLabel(g.status) }),
        el('td', { text: number(g.score) }),
        el('td', { text: number(g.runs_completed) }),
        el('td', {}, open)));
    }
    this.cursor = data.next_cursor || null;
    $('#games-more').hidden = !this.cursor;
  },
};

export function initGames() {
  $('#games-more').addEventListener('click', () => games.load(true));
}
