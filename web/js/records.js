// Records and race ratings.

import { $, el, formatDuration, kindLabel } from './util.js';
import { number, sentence, t } from './i18n.js';
import { isAccount, session } from './state.js';
import { request } from './api.js';

export const records = {
  async load() {
    const body = $('#records-body');
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 7, text: t('screens-loading') })));
    $('#records-who').textContent = isAccount()
      ? t('screens-records-signed-in', { name: session.user.username })
      : t('screens-records-guest');
    let data;
    try {
      ({ data } = await request('GET', '/v1/users/me/records'));
    } catch (err) {
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 7, text: err.message })));
      return;
    }
    const best = (b, fmt = number) => (b ? `${fmt(b.value)}${b.known_deal ? '*' : ''}` : '–');
    body.replaceChildren(...(data.records.length ? data.records.map((r) => el('tr', { 'data-kind': `${r.variant}-${r.suits}` },
      el('th', { scope: 'row', text: kindLabel(r.variant, r.suits) }),
      el('td', { text: number(r.played) }),
      el('td', { text: number(r.won) }),
      el('td', { text: best(r.best_score) }),
      el('td', { text: best(r.fastest_win_ms, formatDuration) }),
      el('td', { text: best(r.fewest_actions) }),
      el('td', { text: t('screens-records-streak', { current: r.current_streak, longest: r.longest_streak }) })))
      : [el('tr', { class: 'empty' }, el('td', { colspan: 7, text: t('screens-records-empty') }))]));
    $('#ratings').replaceChildren(...(data.ratings.length
      ? data.ratings.map((r) => el('li', {}, ...sentence('screens-records-rating',
        { kind: kindLabel(r.variant, r.suits), rounds: r.rounds }, { rating: el('strong', { text: number(Math.round(r.rating)) }) })))
      : [el('li', { class: 'muted', text: t('screens-records-no-rating') })]));
  },
};
