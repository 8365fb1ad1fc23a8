// The consent page: an app sends the player to /oauth/authorize?response_type=code&client_id…
// (OAuth 2 with PKCE). The page asks the server what the request asks (GET /v1/oauth/request),
// signs the player in first if needed, shows the app's own name for itself, where the player
// goes back, each scope in words and a warning for a plain-http redirect to another machine,
// and sends the decision (POST /v1/oauth/approve, a session token and, to approve, the
// account's password), then goes where the
// server says. The page cannot be framed (its Content-Security-Policy), so no app can lay it
// under its own and have the player click Approve unknowingly.

import { $, el } from './util.js';
import { isAccount } from './state.js';
import { ApiError, request } from './api.js';
import { go } from './nav.js';
import { run } from './table.js';
import { sentence, t } from './i18n.js';

/** The app's request: the consent page's own query, as the app sent it. */
function appRequest() {
  const params = new URLSearchParams(location.search);
  const out = {};
  for (const name of ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method']) {
    if (params.has(name)) out[name] = params.get(name);
  }
  return out;
}

export const consent = {
  asked: null,

  async open() {
    const box = $('#consent');
    box.replaceChildren(el('p', { class: 'muted', text: t('account-consent-reading') }));
    const query = new URLSearchParams(appRequest()).toString();
    let asked;
    try {
      ({ data: asked } = await request('GET', `/v1/oauth/request?${query}`, { auth: false }));
    } catch (err) {
      const why = err instanceof ApiError ? err.message : String(err);
      box.replaceChildren(
        el('p', { class: 'error', 'data-testid': 'consent-error', text: t('account-consent-refused', { why }) }),
        el('p', { class: 'muted', text: t('account-consent-nothing-shared') }));
      return;
    }
    this.asked = asked;
    const parts = [
      el('p', {}, ...sentence('account-consent-asks', {},
        { app: el('strong', { 'data-testid': 'consent-client', text: asked.client_id }) })),
      el('p', { class: 'muted', text: t('account-consent-name-note') }),
      el('p', {}, ...sentence('account-consent-return', {},
        { origin: el('code', { 'data-testid': 'consent-origin', text: asked.redirect_origin }) })),
      el('p', { text: t('account-consent-could') }),
      el('ul', { 'data-testid': 'consent-scopes' }, ...asked.scopes.map((s) => el('li', {}, el('code', { text: s.scope }), ` ${s.description}`))),
      el('p', { class: 'muted', text: t('account-consent-lasts', { days: asked.token_days }) }),
    ];
    if (asked.insecure_redirect) {
      parts.push(el('p', { class: 'error', 'data-testid': 'consent-insecure', text: t('account-consent-insecure') }));
    }
    if (!isAccount()) {
      parts.push(
        el('p', { 'data-testid': 'consent-sign-in', text: t('account-consent-sign-in-first') }),
        el('button', { type: 'button', onclick: () => go('account'), text: t('account-consent-sign-in') }));
    } else {
      // Approving needs the password: a session alone (which may have been stolen) cannot let
      // an app in. Denying needs nothing.
      parts.push(el('form', { class: 'actions', 'data-testid': 'consent-form', onsubmit: (ev) => { ev.preventDefault(); this.decide(false); } },
        el('label', {}, t('account-consent-password'), ' ',
          el('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true, 'data-testid': 'consent-password' })),
        ' ', el('button', { type: 'submit', 'data-testid': 'consent-approve', text: t('account-consent-approve') }),
        ' ', el('button', { type: 'button', 'data-testid': 'consent-deny', onclick: () => this.decide(true), text: t('account-consent-deny') })));
    }
    box.replaceChildren(...parts);
  },

  decide(deny) {
    const field = $('[data-testid="consent-password"]');
    const body = { ...appRequest(), deny };
    if (!deny) body.password = field ? field.value : '';
    run(async () => {
      const { data } = await request('POST', '/v1/oauth/approve', { body });
      if (field) field.value = '';
      location.assign(data.redirect_to);
    });
  },
};
