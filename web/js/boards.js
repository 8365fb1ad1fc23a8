// All-time boards, with my own place.

import { $, el, formatDuration } from './util.js';
import { number, t, when } from './i18n.js';
import { request } from './api.js';
import { myNames } from './daily.js';
import { playerLink } from './profile.js';

export const boards = {
  cursor: null,
  async load(more = false) {
    const body = $('#ab-body');
    const by = $('#ab-by').value;
    const q = new URLSearchParams({ suits: $('#ab-suits').value, variant: $('#ab-variant').value, by, limit: '25' });
    if (more && this.cursor) q.set('cursor', this.cursor);
    $('#ab-measure').textContent = { score: t('screens-measure-score'), time: t('screens-measure-time'), moves: t('screens-measure-moves') }[by];
    if (!more) body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 4, text: t('screens-loading') })));
    let data;
    try {
      ({ data } = await request('GET', `/v1/leaderboards?${q}`, { auth: 'optional' }));
    } catch (err) {
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 4, text: err.message })));
      return;
    }
    const value = (e) => (by === 'time' ? formatDuration(e.value) : number(e.value));
    if (!more) body.replaceChildren();
    if (!more && !data.entries.length) body.append(el('tr', { class: 'empty' }, el('td', { colspan: 4, text: t('screens-boards-empty') })));
    const names = myNames();
    for (const e of data.entries) {
      const mine = data.you ? data.you.rank === e.rank && data.you.player === e.player : names.includes(e.player);
      body.append(el('tr', { class: mine ? 'me' : undefined },
        el('td', { text: number(e.rank) }),
        el('td', {}, playerLink(e.player), mine ? el('span', { class: 'visually-hidden', text: t('screens-player-you') }) : null),
        el('td', { text: value(e) }),
        el('td', { text: when(e.achieved_at) })));
    }
    $('#ab-you').textContent = data.you
      ? t('screens-boards-you', { rank: data.you.rank, value: value(data.you) })
      : t('screens-boards-not-you');
    this.cursor = data.next_cursor || null;
    $('#ab-more').hidden = !this.cursor;
  },
};

export function initBoards() {
  for (const id of ['#ab-variant', '#ab-suits', '#ab-by']) $(id).addEventListener('change', () => boards.load());
  $('#ab-more').addEventListener('click', () => boards.load(true));
}
