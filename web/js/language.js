// The language picker in the top bar: the languages by their own names; a pick is kept in
// this browser and, for a signed-in player or a guest, with the account
// (PUT /v1/users/me/profile), then the page starts again in it.

import { $, el } from './util.js';
import { session, store } from './state.js';
import { request } from './api.js';
import { LANGUAGES, lang } from './i18n.js';

export function initLanguagePicker() {
  const select = $('#language');
  if (!select) return;
  select.replaceChildren(...LANGUAGES.map(([tag, name]) =>
    el('option', { value: tag, lang: tag, selected: tag === lang() }, name)));
  select.addEventListener('change', async () => {
    const tag = select.value;
    store.set('language', tag);
    if (session.token) {
      try {
        await request('PUT', '/v1/users/me/profile', { body: { language: tag } });
      } catch (err) {
        // The choice still holds in this browser; the account keeps its earlier one.
        console.warn('language not kept with the account', err);
      }
    }
    location.reload();
  });
}
