// Records and race ratings.

import { $, el, formatDuration, kindLabel, plural } from './util.js';
import { isAccount, session } from './state.js';
import { request } from './api.js';

export const records = {
  async load() {
    const body = $('#records-body');
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 7, text: 'Loading…' })));
    $('#records-who').textContent = isAccount() ? `Signed in as ${session.user.username}.` : 'A guest account on this browser: sign up to keep your records anywhere.';
    let data;
    try {
      ({ data } = await request('GET', '/v1/users/me/records'));
    } catch (err) {
      body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 7, text: err.message })));
      return;
    }
    const best = (b, fmt = String) => (b ? `${fmt(b.value)}${b.known_deal ? '*' : ''}` : '–');
    body.replaceChildren(...(data.records.length ? data.records.map((r) => el('tr', { 'data-kind': `${r.variant}-${r.suits}` },
      el('th', { scope: 'row', text: kindLabel(r.variant, r.suits) }),
      el('td', { text: r.played }),
      el('td', { text: r.won }),
      el('td', { text: best(r.best_score) }),
      el('td', { text: best(r.fastest_win_ms, formatDuration) }),
      el('td', { text: best(r.fewest_actions) }),
      el('td', { text: `${r.current_streak} (${r.longest_streak})` })))
      : [el('tr', { class: 'empty' }, el('td', { colspan: 7, text: 'No games yet: play one!' }))]));
    $('#ratings').replaceChildren(...(data.ratings.length
      ? data.ratings.map((r) => el('li', {}, `${kindLabel(r.variant, r.suits)}: `, el('strong', { text: Math.round(r.rating) }),
        ` after ${plural(r.rounds, 'ranked round')}`))
      : [el('li', { class: 'muted', text: 'No ranked race yet: everyone starts at 1500.' })]));
  },
};
