// API client: requests with the session's token, problem details as ApiError, retries, and the
// Server-Sent Events reader.

import { sleep } from './util.js';
import { API_BASE, isAccount, session, state, store } from './state.js';
import { lang, t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, problem, retryAfter = null) {
    super(problem.detail || problem.title || t('table-http-status', { status: String(status) }));
    this.status = status;
    this.code = problem.code || 'http_error';
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

// The sign-in dialog (account.js) registers itself here: the client knows no screen.
let askToSignIn = () => {};
/** Calls `fn(detail)` when a signed-in account's session is refused. */
export function onSessionLost(fn) {
  askToSignIn = fn;
}

let guestPromise = null;

export async function newGuest() {
  if (!guestPromise) {
    guestPromise = (async () => {
      const { data } = await request('POST', '/v1/auth/guest', { auth: false });
      session.set(data.token, data.user || null);
    })().finally(() => { guestPromise = null; });
  }
  return guestPromise;
}

/**
 * `token` was refused (401): a signed-in account's session has ended, so the sign-in dialog
 * opens over the table; a guest's token is replaced by a new guest's. True when the caller
 * may try again with the new token.
 */
async function tokenRefused(token, detail) {
  if (session.token !== token) return true; // replaced meanwhile
  if (isAccount()) {
    state.sessionLost = true;
    store.set('token', null);
    askToSignIn(detail);
    return false;
  }
  session.set(null, null);
  await newGuest();
  return true;
}

/**
 * One API call. `auth`: 'required' (get a guest token first), 'optional' (send one if we have
 * it) or false. A guest's rejected token (401) is replaced by a new guest token and the call
 * retried once; a signed-in account's opens the sign-in dialog over the table, which stays as
 * it is. 429 waits for Retry-After (up to 5 s) and retries once; a network failure is retried
 * once with the same Idempotency-Key, so a write is never applied twice.
 */
export async function request(method, path, { body, auth = 'required', headers = {}, retried = false } = {}) {
  if (auth && state.sessionLost) {
    askToSignIn();
    throw new ApiError(401, { code: 'unauthorized', detail: t('table-session-ended') });
  }
  if (auth === 'required' && !session.token) await newGuest();
  // Refusals, hints and every sentence the API writes come back in the page's language.
  const h = { Accept: 'application/json, application/problem+json', 'Accept-Language': lang(), ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  const token = auth ? session.token : null;
  if (token) h.Authorization = `Bearer ${token}`;

  let res;
  try {
    res = await fetch(API_BASE + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (!retried) {
      await sleep(600);
      return request(method, path, { body, auth, headers, retried: true });
    }
    throw new ApiError(0, { code: 'network', detail: t('table-server-unreachable') });
  }

  const type = res.headers.get('Content-Type') || '';
  let data = null;
  if (type.includes('json')) data = await res.json().catch(() => null);
  else await res.text().catch(() => '');

  if (res.status === 401 && token && (await tokenRefused(token, data?.detail)) && !retried) {
    return request(method, path, { body, auth, headers, retried: true });
  }
  if (res.status === 429 && !retried) {
    const wait = Math.min(5, Number(res.headers.get('Retry-After')) || 1);
    await sleep(wait * 1000);
    return request(method, path, { body, auth, headers, retried: true });
  }
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('Retry-After')) || null;
    throw new ApiError(res.status, data && typeof data === 'object'
      ? data
      : { detail: t('table-server-answered', { status: String(res.status), text: res.statusText }) }, retryAfter);
  }
  return { data, headers: res.headers };
}

/**
 * Reads a Server-Sent Events stream with fetch (EventSource cannot send the Authorization
 * header the API wants). Calls onEvent(name, data) per event; resolves when the stream ends.
 */
export async function readEvents(path, signal, onEvent, retried = false) {
  if (state.sessionLost) {
    askToSignIn();
    throw new ApiError(401, { code: 'unauthorized', detail: t('table-session-ended') });
  }
  if (!session.token) await newGuest();
  const token = session.token;
  const res = await fetch(API_BASE + path, {
    headers: { Accept: 'text/event-stream', 'Accept-Language': lang(), Authorization: `Bearer ${token}` },
    signal,
  });
  if (!res.ok) {
    const data = await res.json().catch(() => ({}));
    // A refused token: the same as for any request (sign in again, or a new guest).
    if (res.status === 401 && (await tokenRefused(token, data?.detail)) && !retried) {
      return readEvents(path, signal, onEvent, true);
    }
    throw new ApiError(res.status, data || {});
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n/g, '\n');
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = 'message';
      const lines = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) lines.push(line.slice(5).replace(/^ /, ''));
      }
      if (!lines.length) continue;
      let data;
      try { data = JSON.parse(lines.join('\n')); } catch { data = lines.join('\n'); }
      onEvent(name, data);
    }
  }
}
