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
    box.replaceChildren(el('p', { class: 'muted', text: 'Reading the app\'s request…' }));
    const query = new URLSearchParams(appRequest()).toString();
    let asked;
    try {
      ({ data: asked } = await request('GET', `/v1/oauth/request?${query}`, { auth: false }));
    } catch (err) {
      const why = err instanceof ApiError ? err.message : String(err);
      box.replaceChildren(
        el('p', { class: 'error', 'data-testid': 'consent-error', text: `This sign-in request cannot be approved: ${why}` }),
        el('p', { class: 'muted', text: 'Nothing was shared. Go back to the app and try again, or tell its makers.' }));
      return;
    }
    this.asked = asked;
    const parts = [
      el('p', {}, 'The app ', el('strong', { 'data-testid': 'consent-client', text: asked.client_id }),
        ' asks to use your account.'),
      el('p', { class: 'muted', text: 'This name is the app\'s own: it is not made or checked by this service.' }),
      el('p', {}, 'You go back to ', el('code', { 'data-testid': 'consent-origin', text: asked.redirect_origin }), ' afterwards.'),
      el('p', { text: 'It could:' }),
      el('ul', { 'data-testid': 'consent-scopes' }, ...asked.scopes.map((s) => el('li', {}, el('code', { text: s.scope }), ` ${s.description}`))),
      el('p', { class: 'muted', text: `Its access lasts ${asked.token_days} days, until you revoke it (Account → apps with access).` }),
    ];
    if (asked.insecure_redirect) {
      parts.push(el('p', { class: 'error', 'data-testid': 'consent-insecure', text:
        'Warning: the app gets its code over plain http to another machine, where others on the network could read it. Approve only if you trust this network.' }));
    }
    if (!isAccount()) {
      parts.push(
        el('p', { 'data-testid': 'consent-sign-in', text: 'Sign in, or create an account, to let an app in: a guest account cannot be reached again from elsewhere.' }),
        el('button', { type: 'button', onclick: () => go('account'), text: 'Sign in or sign up' }));
    } else {
      // Approving needs the password: a session alone (which may have been stolen) cannot let
      // an app in. Denying needs nothing.
      parts.push(el('form', { class: 'actions', 'data-testid': 'consent-form', onsubmit: (ev) => { ev.preventDefault(); this.decide(false); } },
        el('label', {}, 'Your password, to approve: ',
          el('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true, 'data-testid': 'consent-password' })),
        ' ', el('button', { type: 'submit', 'data-testid': 'consent-approve', text: 'Approve' }),
        ' ', el('button', { type: 'button', 'data-testid': 'consent-deny', onclick: () => this.decide(true), text: 'Deny' })));
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
