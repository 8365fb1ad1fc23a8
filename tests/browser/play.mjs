// Headless-browser test of the web client: walks through every screen like a person and checks
// each step against the public API: a game by clicks, drag, keys; the analysis of a resigned
// game and its winning line on the table; sign-up, a refused session, sign-out and sign-in; a
// random deal won by the account (through the API, by following the server's easy hints) so
// that my games, records and the all-time boards show a win and my place; a race hosted (with
// its undo mode) in one browser and joined in another by its link, with a CPU player, live
// standings, the results with rating changes and play again; a phone-sized screen played by
// touch; today's puzzle solved on the puzzles screen, and a streak's first puzzle.
//
//   BASE=http://127.0.0.1:8181 node play.mjs
//
// BASE   the server (API) base URL (required).
// PAGE   the page URL (default BASE + '/'); the page always talks to its own origin.
// CHROMIUM  the browser binary (default /usr/bin/chromium, Debian's package).
//
// Writes a screenshot of each screen to artifacts/ (and artifacts/failure.png when a step
// fails). Exits non-zero on any failed check, uncaught page error, console error or failed
// request (in any of the browsers).

import { chromium } from 'playwright-core';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import http from 'node:http';
import { execFileSync } from 'node:child_process';

const BASE = (process.env.BASE || '').replace(/\/+$/, '');
if (!BASE) {
  console.error('FAIL: set BASE to the server URL, e.g. BASE=http://127.0.0.1:8181 node play.mjs');
  process.exit(2);
}
const PAGE = process.env.PAGE || `${BASE}/`;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

// axe-core, injected into each page audited (through the DevTools protocol: the page's own
// Content-Security-Policy allows no script but its own).
const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.0, 2.1 and 2.2, levels A and AA, and the 24x24 px target size (2.5.8).
const AUDIT = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
  rules: { 'target-size': { enabled: true } },
  resultTypes: ['violations'],
};

class CheckFailed extends Error {}
/** One value read from the server's SQLite database (SPIDER_DB), for what no answer shows. */
function sqlite(query) {
  return execFileSync('python3', ['-c', 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])', process.env.SPIDER_DB, query], { encoding: 'utf8' }).trim();
}

function check(cond, message) {
  if (!cond) throw new CheckFailed(message);
}
function eq(actual, expected, what) {
  check(JSON.stringify(actual) === JSON.stringify(expected),
    `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

let browser;
let page;
let token;
const pageErrors = [];
let allowHttpErrors = false; // during the step that provokes a refusal on purpose

async function api(method, urlPath, body) {
  return apiAs(token, method, urlPath, body);
}

async function apiAs(bearer, method, urlPath, body) {
  const res = await fetch(BASE + urlPath, {
    method,
    headers: {
      Authorization: `Bearer ${bearer}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  return { status: res.status, data, retryAfter: Number(res.headers.get('Retry-After')) || null };
}

/**
 * An API call that waits out 429 (a rate limit) and 503 `search_busy` for the server's
 * Retry-After, a few times, instead of failing on them.
 */
async function apiPatient(bearer, method, urlPath, body) {
  for (let attempt = 1; ; attempt++) {
    const r = await apiAs(bearer, method, urlPath, body);
    const busy = r.status === 429 || (r.status === 503 && r.data?.code === 'search_busy');
    if (!busy || attempt >= 10) return r;
    await new Promise((ok) => setTimeout(ok, 1000 * Math.min(10, r.retryAfter || 1)));
  }
}

/**
 * Wins a random deal (one that counts for the all-time boards) honestly: plays each game by
 * asking for the server's hint at `level` and playing what it says, as a person who always
 * takes the hint would. A game the hint gives up on (no action left), or that goes round in
 * circles (`stuckAfter` actions in a row without turning a card, completing a run or dealing),
 * is resigned and another one started, up to `games` games. Returns the won game and the tries.
 *
 * Measured on a debug build (easy hints, random 1-suit deals): 1-3 s per game. Giving up after
 * 60 quiet actions won 11 of 30 games; after 150, 22 of 40 (some wins need over 100 quiet
 * actions once the stock is empty); after 400, 24 of 30, but a lost game then takes 4-6 s. At
 * about one win in two, ten games all lost is a chance of about 1 in 3,000.
 */
async function winByHints(bearer, { suits = 1, level = 'easy', games = 10, stuckAfter = 150 } = {}) {
  const tries = [];
  for (let n = 1; n <= games; n++) {
    const created = await apiPatient(bearer, 'POST', '/v1/games', { suits, variant: 'spider' });
    eq(created.status, 201, 'POST /v1/games (a random deal)');
    let g = created.data;
    eq(g.origin, 'random', 'the origin of a game on a deal the server picked');
    let progress = '';
    let quiet = 0;
    let why = null;
    while (g.status === 'in_progress') {
      const h = await apiPatient(bearer, 'GET', `/v1/games/${g.id}/hint?level=${level}`);
      eq(h.status, 200, `GET the hint of ${g.id}: ${JSON.stringify(h.data)}`);
      const action = h.data.action;
      if (!action || action.type === 'undo' || action.type === 'resign') {
        why = `the hint: ${h.data.reason}`;
        break;
      }
      const r = await apiPatient(bearer, 'POST', `/v1/games/${g.id}/actions`, { ...action, expected_version: h.data.version });
      eq(r.status, 200, `the hinted ${JSON.stringify(action)} in ${g.id}: ${JSON.stringify(r.data)}`);
      g = r.data;
      const now = `${g.runs_completed}/${g.columns.reduce((n2, c) => n2 + c.face_down, 0)}/${g.stock_deals_left}`;
      quiet = now === progress ? quiet + 1 : 0;
      progress = now;
      if (quiet >= stuckAfter) {
        why = `${quiet} actions without progress`;
        break;
      }
    }
    tries.push({ game: g.id, status: g.status, runs: g.runs_completed, actions: g.actions, why });
    if (g.status === 'won') return { game: g, tries };
    const resigned = await apiPatient(bearer, 'POST', `/v1/games/${g.id}/actions`, { type: 'resign' });
    eq(resigned.status, 200, `resigning a stuck game: ${JSON.stringify(resigned.data)}`);
  }
  throw new CheckFailed(`none of ${games} random games was won by following the ${level} hint: ${JSON.stringify(tries)}`);
}

/** Wait until the page shows a settled game (no request in flight) that satisfies `want`. */
async function waitForBoard(want, what, p = page) {
  try {
    await p.waitForFunction((w) => {
      const b = document.querySelector('[data-testid="board"]');
      if (!b || b.dataset.busy !== 'false' || !b.dataset.gameId) return false;
      if (w.version !== undefined && b.dataset.version !== String(w.version)) return false;
      if (w.notGame !== undefined && b.dataset.gameId === w.notGame) return false;
      return true;
    }, want, { timeout: 15000 });
  } catch {
    const now = await boardState(p).catch(() => null);
    const msg = await p.textContent('[data-testid="message"]').catch(() => '');
    throw new CheckFailed(`${what}: the page never got there (board ${JSON.stringify(now)}, message ${JSON.stringify(msg)})`);
  }
  return boardState(p);
}

function boardState(p = page) {
  return p.$eval('[data-testid="board"]', (b) => ({
    gameId: b.dataset.gameId,
    version: Number(b.dataset.version),
    status: b.dataset.status,
    busy: b.dataset.busy,
  }));
}

/** The face-up cards per column as the page shows them. */
function pageColumns(p = page) {
  return p.$$eval('[data-testid^="column-"]', (cols) => cols.map((c) => ({
    column: Number(c.dataset.column),
    face_down: c.querySelectorAll('.card.back').length,
    face_up: [...c.querySelectorAll('[data-card]')].map((n) => n.dataset.card),
  })));
}
const apiColumns = (game) => game.columns.map((c) => ({
  column: c.column,
  face_down: c.face_down,
  face_up: c.face_up.map((x) => x.text),
}));

async function text(testid, p = page) {
  return (await p.textContent(`[data-testid="${testid}"]`)).trim();
}

const cardSel = (column, index) => `[data-testid="column-${column}"] [data-column="${column}"][data-index="${index}"]`;
// A card under others shows only its top strip: click there, as a person would.
const clickCard = (column, index, p = page) => p.click(cardSel(column, index), { position: { x: 8, y: 6 } });

// Refusals the page handles by design: no proven deal ready yet (the race start retries after
// Retry-After) and a busy search pool (the analysis retries).
const expected503 = (url) => /\/v1\/races\/[^/]+\/start$|\/analysis$/.test(url);

/** Collects a page's errors: uncaught exceptions, console errors, failed requests, 5xx. */
function watch(p, label) {
  p.setDefaultTimeout(15000);
  p.on('pageerror', (err) => pageErrors.push(`[${label}] uncaught: ${err.message}`));
  p.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const url = msg.location()?.url || '';
    if (allowHttpErrors && /status of 4\d\d/.test(msg.text())) return;
    if (/status of 503/.test(msg.text()) && expected503(url)) return;
    pageErrors.push(`[${label}] console.error: ${msg.text()} (${url})`);
  });
  p.on('requestfailed', (req) => {
    const why = req.failure()?.errorText || '';
    // Leaving a race room (or closing the page) ends its event stream on purpose; a read the
    // page still had in flight when it went to another page (an app's sign-in) is dropped by
    // the browser and changes nothing.
    if (/\/stream$/.test(req.url()) && /ERR_ABORTED/.test(why)) return;
    if (req.method() === 'GET' && /ERR_ABORTED/.test(why)) return;
    pageErrors.push(`[${label}] request failed: ${req.method()} ${req.url()} ${why}`);
  });
  p.on('response', (res) => {
    if (res.status() === 503 && expected503(res.url())) return;
    if (res.status() >= 500) pageErrors.push(`[${label}] server error: ${res.status()} ${res.request().method()} ${res.url()}`);
  });
}

function pageToken(p) {
  return p.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith('spider:') && k.endsWith(':token')) return localStorage.getItem(k);
    }
    return null;
  });
}

async function shot(p, name) {
  const file = path.join(ARTIFACTS, name);
  await p.screenshot({ path: file, fullPage: true });
  shots.push(name);
  console.log(`   ${file}`);
}
const shots = [];

/** A call without a token: anonymous play (puzzles). */
async function anon(method, urlPath, body) {
  const res = await fetch(BASE + urlPath, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: await res.json().catch(() => null) };
}

/** Every move the rules allow on a puzzle's table (a same-suit run from the end, onto a card
 * one rank higher or an empty column): what a player could try. */
function puzzleMoves(position) {
  const out = [];
  const cols = position.columns;
  cols.forEach((c, f) => {
    const up = c.face_up;
    for (let k = 1; k <= up.length; k++) {
      const first = up[up.length - k];
      if (k > 1) {
        const below = up[up.length - k + 1];
        if (below.suit !== first.suit || below.rank !== first.rank - 1) break;
      }
      cols.forEach((d, t) => {
        if (t === f) return;
        const last = d.face_up[d.face_up.length - 1];
        if (!last ? d.face_down === 0 : last.rank === first.rank + 1) out.push({ from: f + 1, to: t + 1, count: k });
      });
    }
  });
  return out;
}

/** A line that solves the puzzle, found as a player could, by asking the server's judge
 * (anonymous attempts: nothing is rated): each step, the first move that keeps the goal in
 * reach. Returns the moves and the table before each. */
async function solvePuzzle(puzzle) {
  const moves = [];
  const tables = [puzzle.position];
  for (let step = 0; step < puzzle.within; step++) {
    let next = null;
    for (const m of puzzleMoves(tables[tables.length - 1])) {
      const r = await anon('POST', `/v1/puzzles/${puzzle.id}/attempts`, { moves: [...moves, m] });
      if (r.status === 200 && r.data.result !== 'failed') { next = { m, r: r.data }; break; }
    }
    check(next, `no move keeps puzzle ${puzzle.id} in reach after ${JSON.stringify(moves)}`);
    moves.push(next.m);
    tables.push(next.r.position);
    if (next.r.result === 'solved') return { moves, tables };
  }
  throw new CheckFailed(`puzzle ${puzzle.id} not solved within ${puzzle.within}`);
}

/** Goes to a screen through the navigation, as a person would. */
async function nav(p, screen) {
  await p.click(`[data-testid="nav-${screen}"]`);
  await p.waitForSelector(`[data-screen="${screen}"]:not([hidden])`);
}

/** A legal move of the game (through the API) and plays it on the page by clicking. */
async function clickALegalMove(p, bearer, gameId) {
  const g = (await apiAs(bearer, 'GET', `/v1/games/${gameId}`)).data;
  const legal = (await apiAs(bearer, 'GET', `/v1/games/${gameId}/moves`)).data.actions;
  const move = legal.find((a) => a.type === 'move');
  if (!move) {
    await p.click('[data-testid="deal"]');
  } else {
    const from = g.columns[move.from - 1];
    await clickCard(move.from, from.face_up.length - move.count, p);
    const to = g.columns[move.to - 1];
    if (to.face_up.length) await clickCard(move.to, to.face_up.length - 1, p);
    else await p.click(`[data-testid="column-${move.to}"]`);
  }
  await waitForBoard({ version: g.version + 1 }, `a move in ${gameId}`, p);
  return move || { type: 'deal' };
}

/** A third-party app on another origin: it signs the player in with OAuth 2 + PKCE (S256), trades
 * the code for a token across origins, and plays a move with it. */
function pocketApp(server) {
  return `<!doctype html><meta charset="utf-8"><title>Pocket test app</title>
<button id="signin">Sign in with Spider</button><p id="out"></p>
<script type="module">
const SERVER = ${JSON.stringify(server)};
const CLIENT = 'Pocket test app';
const BACK = location.origin + '/done';
const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
const out = document.getElementById('out');
if (location.pathname === '/done') {
  const q = new URLSearchParams(location.search);
  try {
    if (q.get('state') !== sessionStorage.getItem('state')) throw new Error('state mismatch');
    if (q.get('error')) throw new Error(q.get('error'));
    const form = new URLSearchParams({ grant_type: 'authorization_code', code: q.get('code'),
      code_verifier: sessionStorage.getItem('verifier'), redirect_uri: BACK, client_id: CLIENT });
    const t = await (await fetch(SERVER + '/v1/oauth/token', { method: 'POST', body: form })).json();
    if (!t.access_token) throw new Error(JSON.stringify(t));
    const auth = { Authorization: 'Bearer ' + t.access_token, 'Content-Type': 'application/json' };
    const game = await (await fetch(SERVER + '/v1/games', { method: 'POST', headers: auth, body: JSON.stringify({ suits: 1 }) })).json();
    const dealt = await (await fetch(SERVER + '/v1/games/' + game.id + '/actions', { method: 'POST', headers: auth, body: JSON.stringify({ type: 'deal' }) })).json();
    out.textContent = 'Dealt in game ' + game.id;
    out.dataset.done = JSON.stringify({ game: game.id, version: dealt.version, scope: t.scope });
  } catch (err) {
    out.textContent = 'Failed: ' + err.message;
    out.dataset.failed = err.message;
  }
} else {
  document.getElementById('signin').addEventListener('click', async () => {
    const verifier = b64(crypto.getRandomValues(new Uint8Array(48)));
    const challenge = b64(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const state = b64(crypto.getRandomValues(new Uint8Array(12)));
    sessionStorage.setItem('verifier', verifier);
    sessionStorage.setItem('state', state);
    location.assign(SERVER + '/oauth/authorize?' + new URLSearchParams({ response_type: 'code', client_id: CLIENT,
      redirect_uri: BACK, scope: 'games:read games:write', state, code_challenge: challenge, code_challenge_method: 'S256' }));
  });
}
</script>`;
}

/** What the audits found: one entry per place audited. */
const audits = [];

/** Runs axe-core's WCAG 2.2 A+AA audit on the page as it is now; keeps what it found. */
async function audit(p, where, rules = {}) {
  if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.evaluate(AXE);
  const options = { ...AUDIT, rules: { ...AUDIT.rules, ...rules } };
  const result = await p.evaluate((o) => window.axe.run(document, o), options);
  const violations = result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.length,
    targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
  audits.push({ where, violations });
  return violations;
}

/** The audits' figures: places audited, violations by rule, and each place's. */
function auditReport() {
  const byRule = new Map();
  let nodes = 0;
  for (const a of audits) {
    for (const v of a.violations) {
      byRule.set(v.rule, (byRule.get(v.rule) || 0) + v.nodes);
      nodes += v.nodes;
    }
  }
  const lines = [`${audits.length} places audited, ${nodes} violations of ${byRule.size} rules`
    + (byRule.size ? `: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(', ')}` : '')];
  for (const a of audits.filter((x) => x.violations.length)) {
    lines.push(`  ${a.where}: ${a.violations.map((v) => `${v.rule} (${v.impact}) x${v.nodes} at ${v.targets.join(' | ')}`).join('; ')}`);
  }
  return { nodes, text: lines.join('\n') };
}

let stepNo = 0;
let currentStep = '';
/** The solver's line as printed by `spider solve` (columns from 0), as API actions. */
function solverLine(text) {
  return text.split('\n').filter(Boolean).map((l) => {
    if (l.trim() === 'Deal') return { type: 'deal' };
    const m = /from: (\d+), to: (\d+), count: (\d+)/.exec(l);
    check(m, `a line of the solver's answer: ${l}`);
    return { type: 'move', from: Number(m[1]) + 1, to: Number(m[2]) + 1, count: Number(m[3]) };
  });
}

/** Plays action `a` on page `p` by keys alone, the game standing as `before` (its view). */
async function pressAction(p, before, a) {
  const key = (c) => (c === 10 ? '0' : String(c));
  if (a.type === 'deal') {
    await p.keyboard.press('d');
  } else {
    const from = before.columns[a.from - 1];
    const to = before.columns[a.to - 1];
    let movable = 1;
    while (movable < from.face_up.length) {
      const upper = from.face_up[from.face_up.length - movable - 1];
      const lower = from.face_up[from.face_up.length - movable];
      if (upper.suit !== lower.suit || upper.rank !== lower.rank + 1) break;
      movable++;
    }
    if (to.face_up.length || to.face_down || a.count === movable) {
      // Two keys: the column that gives, the column that takes (the group that fits).
      await p.keyboard.press(key(a.from));
      await p.keyboard.press(key(a.to));
    } else {
      // Part of a group into an empty column: Tab to its first card, Enter, then the column.
      const target = cardSel(a.from, from.face_up.length - a.count);
      await p.focus('[data-testid="deal"]');
      let found = false;
      for (let i = 0; i < 200 && !found; i++) {
        await p.keyboard.press('Tab');
        found = await p.evaluate((sel) => document.activeElement === document.querySelector(sel), target);
      }
      check(found, `Tab reaches ${target}`);
      await p.keyboard.press('Enter');
      await p.keyboard.press(key(a.to));
    }
  }
}

async function step(name, fn) {
  stepNo++;
  currentStep = name;
  const t0 = Date.now();
  await fn();
  check(pageErrors.length === 0, `errors in the page:\n  ${pageErrors.join('\n  ')}`);
  console.log(`ok ${stepNo} - ${name} (${Date.now() - t0} ms)`);
}

async function main() {
  await mkdir(ARTIFACTS, { recursive: true });
  await rm(path.join(ARTIFACTS, 'failure.png'), { force: true }); // from an earlier run
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  watch(page, 'A');

  let first;
  await step(`open ${PAGE}`, async () => {
    const res = await page.goto(PAGE);
    check(res && res.ok(), `the page answered ${res && res.status()}`);
    first = await waitForBoard({}, 'the first game on load');
    token = await pageToken(page);
    check(token, 'no guest token in localStorage');
    const me = await api('GET', '/v1/me');
    eq(me.status, 200, 'GET /v1/me with the page\'s token');
    check(me.data.is_guest === true, 'the page\'s account is not a guest account');
  });

  let game;
  let firstMove;
  await step('start a new 1-suit game', async () => {
    await page.selectOption('[data-testid="suits"]', '1');
    let previous = first.gameId;
    // A deal can (rarely) open with no legal move but the deal: then take another one.
    for (let attempt = 1; ; attempt++) {
      await page.click('[data-testid="new-game"]');
      const b = await waitForBoard({ notGame: previous, version: 0 }, 'a new game');
      const r = await api('GET', `/v1/games/${b.gameId}`);
      eq(r.status, 200, 'GET the new game');
      game = r.data;
      const legal = await api('GET', `/v1/games/${game.id}/moves`);
      firstMove = legal.data.actions.find((a) => a.type === 'move');
      if (firstMove) break;
      check(attempt < 5, `${attempt} new games in a row opened without a legal move`);
      previous = game.id;
    }
    eq(game.suits, 1, 'suits of the new game');
    eq(game.status, 'in_progress', 'status of the new game');
    eq(await pageColumns(), apiColumns(game), 'the tableau on the page');
    eq(await text('score'), String(game.score), 'score shown');
    eq(await text('deals-left'), String(game.stock_deals_left), 'deals left shown');
    // Each card is named by rank, suit and place; a face-down card by its place alone.
    for (const c of game.columns) {
      const count = c.face_down + c.face_up.length;
      const top = c.face_up[c.face_up.length - 1];
      const names = await page.locator(cardSel(c.column, c.face_up.length - 1)).ariaSnapshot();
      check(names.includes(`column ${c.column}, card ${count} of ${count}`) && /of (spades|hearts|diamonds|clubs)/.test(names),
        `the top card of column ${c.column} (${top.text}) is named ${names}`);
      if (c.face_down) {
        const back = await page.locator(`[data-testid="column-${c.column}"] .card.back`).first().ariaSnapshot();
        check(back.includes(`Face-down card, column ${c.column}, card 1 of ${count}`), `a face-down card is named ${back}`);
      }
    }
  });

  await step('move a group by clicking it and then the target column', async () => {
    const move = firstMove;
    const from = game.columns[move.from - 1];
    const index = from.face_up.length - move.count;
    await clickCard(move.from, index);
    eq(await page.getAttribute(cardSel(move.from, index), 'aria-pressed'), 'true', 'the clicked card is selected');
    const to = game.columns[move.to - 1];
    if (to.face_up.length) await clickCard(move.to, to.face_up.length - 1);
    else await page.click(`[data-testid="column-${move.to}"]`);
    await waitForBoard({ version: 1 }, `the move ${JSON.stringify(move)}`);
    game = (await api('GET', `/v1/games/${game.id}`)).data;
    eq(game.version, 1, 'version after the move');
    eq(game.moves, 1, 'moves after the move');
    eq(await pageColumns(), apiColumns(game), 'the tableau after the move');
    eq(await text('score'), String(game.score), 'score shown after the move');
    console.log(`   moved ${move.count} card(s) from column ${move.from} to ${move.to}; score ${game.score}`);
  });

  await step('an illegal move is refused with the server\'s explanation', async () => {
    const legal = (await api('GET', `/v1/games/${game.id}/moves`)).data.actions;
    const isLegal = (f, t) => legal.some((a) => a.type === 'move' && a.from === f && a.to === t);
    let pair = null;
    for (const f of game.columns) {
      for (const t of game.columns) {
        if (f.column !== t.column && f.face_up.length && t.face_up.length && !isLegal(f.column, t.column)) {
          pair = [f, t];
          break;
        }
      }
      if (pair) break;
    }
    check(pair, 'found no illegal move to try');
    const [f, t] = pair;
    // The same request straight to the API (a refusal changes nothing) gives the expected text.
    const direct = await api('POST', `/v1/games/${game.id}/actions`, { type: 'move', from: f.column, to: t.column, count: 1 });
    check(direct.status >= 400 && direct.data.detail, `the API accepted ${f.column}→${t.column}: ${JSON.stringify(direct.data)}`);
    allowHttpErrors = true;
    await clickCard(f.column, f.face_up.length - 1);
    await clickCard(t.column, t.face_up.length - 1);
    await page.waitForSelector('[data-testid="message"][data-kind="error"]');
    await waitForBoard({ version: 1 }, 'after the refusal');
    allowHttpErrors = false;
    eq(await text('message'), direct.data.detail, 'the message shown');
    const after = (await api('GET', `/v1/games/${game.id}`)).data;
    eq(after.version, 1, 'version after a refused move');
    eq(await pageColumns(), apiColumns(after), 'the tableau after a refused move');
    console.log(`   ${f.column}→${t.column}: "${direct.data.detail}" (${direct.data.code})`);
  });

  let beforeDeal;
  await step('deal by clicking Deal', async () => {
    beforeDeal = await pageColumns();
    await page.click('[data-testid="deal"]');
    await waitForBoard({ version: 2 }, 'the deal');
    game = (await api('GET', `/v1/games/${game.id}`)).data;
    eq(game.stock_deals_left, 4, 'stock deals left after a deal');
    eq(await text('deals-left'), '4', 'deals left shown');
    const cols = await pageColumns();
    eq(cols, apiColumns(game), 'the tableau after the deal');
    cols.forEach((c, i) => eq(c.face_up.length, beforeDeal[i].face_up.length + 1, `face-up cards in column ${c.column} after the deal`));
  });

  await step('undo the deal by clicking Undo', async () => {
    await page.click('[data-testid="undo"]');
    await waitForBoard({ version: 3 }, 'the undo');
    game = (await api('GET', `/v1/games/${game.id}`)).data;
    eq(game.stock_deals_left, 5, 'stock deals left after undo');
    eq(game.undos, 1, 'undos after undo');
    eq(await pageColumns(), beforeDeal, 'the tableau after undo (as before the deal)');
    eq(await pageColumns(), apiColumns(game), 'the tableau after undo (as the API has it)');
    eq(await text('deals-left'), '5', 'deals left shown after undo');
    eq(await text('score'), String(game.score), 'score shown after undo');
  });

  await step('move a group by dragging it', async () => {
    const legal = await api('GET', `/v1/games/${game.id}/moves`);
    const move = legal.data.actions.find((a) => a.type === 'move');
    if (!move) {
      console.log('   (no legal move left to drag; skipped)');
      return;
    }
    const from = game.columns[move.from - 1];
    const to = game.columns[move.to - 1];
    const src = await page.locator(cardSel(move.from, from.face_up.length - move.count)).boundingBox();
    const dst = await page.locator(`[data-testid="column-${move.to}"]`).boundingBox();
    const version = game.version;
    await page.mouse.move(src.x + src.width / 2, src.y + 10);
    await page.mouse.down();
    const endY = to.face_up.length ? dst.y + dst.height - 20 : dst.y + 20;
    await page.mouse.move(dst.x + dst.width / 2, endY, { steps: 12 });
    await page.mouse.up();
    await waitForBoard({ version: version + 1 }, `dragging ${JSON.stringify(move)}`);
    game = (await api('GET', `/v1/games/${game.id}`)).data;
    eq(game.moves, 2, 'moves after the drag');
    eq(await pageColumns(), apiColumns(game), 'the tableau after the drag');
    console.log(`   dragged ${move.count} card(s) from column ${move.from} to ${move.to}`);
  });

  await step('ask for a hint', async () => {
    const expected = (await api('GET', `/v1/games/${game.id}/hint`)).data;
    await page.click('[data-testid="hint"]');
    await page.waitForSelector('[data-testid="message"][data-kind="hint"]');
    await waitForBoard({ version: game.version }, 'the hint');
    eq(await text('message'), expected.reason, 'the hint shown');
    const a = expected.action;
    if (a?.type === 'move') {
      eq(await page.locator(`[data-testid="column-${a.from}"] .card.hint-src`).count(), a.count, 'cards highlighted by the hint');
      check(await page.locator(`[data-testid="column-${a.to}"].hint-dst`).count() === 1, `column ${a.to} is not highlighted as the hint's target`);
    } else if (a?.type === 'deal') {
      check(await page.locator('[data-testid="deal"].hinted').count() === 1, 'the Deal button is not highlighted');
    }
    console.log(`   hint: ${expected.reason}`);
  });

  await step('daily challenge panel and leaderboard', async () => {
    const res = await fetch(`${BASE}/v1/daily?suits=1`);
    const today = await res.json();
    check(res.ok, `GET /v1/daily: ${res.status}`);
    // Today's day as the page's language writes it (Intl, in the page's own browser).
    await page.waitForFunction((d) => document.querySelector('[data-testid="daily-info"]')?.textContent.includes(
      new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`))), today.date);
    await page.waitForSelector('[data-testid="leaderboard"] tbody tr');
  });

  await step('screenshot of the table', async () => {
    await shot(page, 'play.png');
  });

  await step('keyboard: column numbers move, d deals, u undoes, h hints', async () => {
    game = (await api('GET', `/v1/games/${game.id}`)).data;
    const legal = (await api('GET', `/v1/games/${game.id}/moves`)).data.actions;
    const move = legal.find((a) => a.type === 'move');
    let v = game.version;
    await page.locator('[data-testid="board"]').click({ position: { x: 2, y: 2 } }).catch(() => {});
    if (move) {
      await page.keyboard.press(String(move.from % 10));
      await page.waitForSelector(`${cardSel(move.from, game.columns[move.from - 1].face_up.length - 1)}.selected`);
      await page.keyboard.press(String(move.to % 10));
      await waitForBoard({ version: ++v }, `keys ${move.from} ${move.to}`);
      const after = (await api('GET', `/v1/games/${game.id}/events`)).data.events.at(-1).action;
      eq([after.type, after.from, after.to], ['move', move.from, move.to], 'the move the keys made');
    }
    await page.keyboard.press('d');
    await waitForBoard({ version: ++v }, 'the deal key');
    await page.keyboard.press('u');
    await waitForBoard({ version: ++v }, 'the undo key');
    game = (await api('GET', `/v1/games/${game.id}`)).data;
    eq(await pageColumns(), apiColumns(game), 'the tableau after keyboard play');
    await page.keyboard.press('h');
    await page.waitForSelector('[data-testid="message"][data-kind="hint"]');
    const focusable = await page.locator('[data-testid="board"] .card.face[tabindex="0"]').count();
    check(focusable > 0, 'no face-up card can take the keyboard focus');
  });

  await step('resign and see where the game went wrong', async () => {
    await page.click('[data-testid="resign"]');
    await page.click('[data-testid="resign"]');
    await waitForBoard({ version: game.version + 1 }, 'resigning');
    await page.waitForSelector('[data-testid="banner"]:not([hidden])');
    await page.click('[data-testid="banner-analyse"]');
    await page.waitForSelector('[data-testid="analysis"][data-state="done"], [data-testid="analysis"][data-state="error"]', { timeout: 45000 });
    const a = await api('GET', `/v1/games/${game.id}/analysis`);
    eq(a.status, 200, 'GET the analysis');
    eq(await page.getAttribute('[data-testid="analysis"]', 'data-verdict'), a.data.verdict, 'the verdict shown');
    const steps = a.data.winning_line?.actions.length || 0;
    eq(await page.locator('[data-testid="winning-line"] li').count(), steps, 'steps of the winning line shown');
    console.log(`   deal ${a.data.deal}, verdict ${a.data.verdict}, line of ${steps} after ${a.data.winning_line?.after}`);
    if (steps > 1) {
      await page.click('[data-testid="line-next"]');
      await page.waitForSelector('[data-testid="winning-line"] li[data-step="1"][aria-current="step"]');
    }
    await shot(page, 'analysis.png');
    if (steps > 0) {
      // Play it out on the table: a replay of the deal up to the line's start, then its steps.
      await page.click('[data-testid="line-play"]');
      await page.waitForSelector('[data-testid="guide-next"]', { timeout: 30000 });
      const b = await waitForBoard({}, 'the replay for the winning line');
      check(b.gameId !== game.id, 'the line is played on a new game of the same deal');
      await page.click('[data-testid="guide-next"]');
      await waitForBoard({ version: b.version + 1 }, 'the first step of the winning line');
      const replay = (await api('GET', `/v1/games/${b.gameId}/events`)).data.events;
      eq(replay.at(-1).action.type, a.data.winning_line.actions[0].type, 'the step played');
      await shot(page, 'winning-line.png');
    }
  });

  await step('the banner\'s buttons deal again, and the daily button starts today\'s attempt', async () => {
    await page.click('[data-testid="nav-play"]');
    if (await page.$('[data-testid="guide"]')) {
      // The banner waits while a winning line is being followed: stop following it.
      const bar = await page.textContent('[data-testid="guide"]');
      check(!bar.includes('null'), `the guide bar reads ${JSON.stringify(bar)}`);
      await page.click('[data-testid="guide-stop"]');
    }
    const resignShown = async () => {
      const b = await waitForBoard({}, 'the table');
      if (b.status === 'in_progress') {
        await page.click('[data-testid="resign"]');
        await page.click('[data-testid="resign"]');
        await waitForBoard({ version: b.version + 1 }, 'resigning');
      }
      await page.waitForSelector('[data-testid="banner"]:not([hidden])');
      return b.gameId;
    };
    let before = await resignShown();
    await page.click('[data-testid="banner-restart"]');
    let b = await waitForBoard({ notGame: before, version: 0 }, 'the banner\'s "Play this deal again"');
    eq((await api('GET', `/v1/games/${b.gameId}`)).data.origin, 'restart', 'origin of the game dealt again');
    before = await resignShown();
    await page.click('[data-testid="banner-new-game"]');
    b = await waitForBoard({ notGame: before, version: 0 }, 'the banner\'s "New game"');
    eq((await api('GET', `/v1/games/${b.gameId}`)).data.origin, 'random', 'origin of the banner\'s new game');
    await page.click('[data-testid="daily-start"]');
    b = await waitForBoard({ notGame: b.gameId, version: 0 }, 'the daily attempt');
    const daily = (await api('GET', `/v1/games/${b.gameId}`)).data;
    eq(daily.origin, 'daily', 'origin of the daily attempt');
    // The panel follows the game on the table: the attempt is listed, and the button resumes it.
    await page.waitForFunction(() => document.querySelector('#daily-attempts')?.textContent.includes('on the table'));
    eq((await page.textContent('[data-testid="daily-start"]')).trim(), 'Resume daily', 'the daily button');
  });

  const username = `ada${Date.now().toString(36)}`;
  const password = 'correct horse battery';
  await step('sign up', async () => {
    await page.click('[data-testid="sign-in-link"]');
    await page.waitForSelector('[data-screen="account"]:not([hidden])');
    await shot(page, 'account.png');
    // Signing up as a guest turns the guest into the account: its game stays on the table.
    const guestToken = await pageToken(page);
    const guest = (await apiAs(guestToken, 'GET', '/v1/me')).data;
    const guestGames = (await apiAs(guestToken, 'GET', '/v1/users/me/games?limit=50')).data.games.map((g) => g.id);
    const guestGame = (await boardState()).gameId;
    // The form asks for the password the API takes (its document's pattern), and says so.
    const doc = await (await fetch(`${BASE}/openapi.json`)).json();
    const [, min, max] = doc.components.schemas.Credentials.properties.password.pattern.match(/\{(\d+),(\d+)\}/);
    eq([await page.getAttribute('[data-testid="sign-up-password"]', 'minlength'), await page.getAttribute('[data-testid="sign-up-password"]', 'maxlength')],
      [min, max], 'the sign-up password\'s length limits (as in the API document)');
    check((await text('password-help')).startsWith(`${min} characters or more`), `the password help: ${await text('password-help')}`);
    await page.fill('[data-testid="sign-up-username"]', username);
    await page.fill('[data-testid="sign-up-password"]', password);
    await page.click('[data-testid="sign-up-submit"]');
    await page.waitForFunction((u) => document.querySelector('[data-testid="who"]').textContent.includes(u), username);
    eq((await waitForBoard({}, 'the guest game, kept')).gameId, guestGame, 'the game on the table');
    token = await pageToken(page);
    const me = await api('GET', '/v1/me');
    eq([me.data.id, me.data.username, me.data.is_guest], [guest.id, username, false], 'the guest became the account');
    const kept = (await api('GET', '/v1/users/me/games?limit=50')).data.games.map((g) => g.id);
    eq(kept, guestGames, 'the guest\'s games are the account\'s');
    eq((await apiAs(guestToken, 'GET', '/v1/me')).status, 401, 'the guest token has ended');
    // Signed in, the account bar leads to the profile (password, sign out everywhere).
    eq(await text('sign-in-link'), 'Account', 'the account link when signed in');
    await page.click('[data-testid="sign-in-link"]');
    await page.waitForSelector('[data-screen="account"]:not([hidden]) [data-testid="profile-name"]');
    check((await text('profile-name')).includes(username), `the profile: ${await text('profile-name')}`);
    check(await page.isVisible('[data-testid="password-form"]'), 'no password form on the profile');
    check(!(await page.isVisible('[data-testid="sign-up-form"]')) && !(await page.isVisible('[data-testid="sign-in-form"]')),
      'the sign-in and sign-up forms show to a signed-in account');
    await shot(page, 'profile.png');
    await nav(page, 'play');
    eq((await waitForBoard({}, 'back on the table')).gameId, guestGame, 'the game on the table after the profile');
  });

  await step('a refused session asks to sign in again and keeps the table', async () => {
    const before = await waitForBoard({}, 'the table');
    await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k.startsWith('spider:') && k.endsWith(':token')) localStorage.setItem(k, 'not-a-valid-token');
      }
    });
    allowHttpErrors = true;
    await page.click('[data-testid="deal"]');
    await page.waitForSelector('[data-testid="session-dialog"][open]');
    await waitForBoard({ version: before.version }, 'the table under the dialog');
    eq((await boardState()).gameId, before.gameId, 'the game on the table');
    await shot(page, 'session-dialog.png');
    await page.fill('[data-testid="session-password"]', password);
    await page.click('[data-testid="session-submit"]');
    await page.waitForSelector('[data-testid="session-dialog"][open]', { state: 'hidden' });
    allowHttpErrors = false;
    await waitForBoard({ version: before.version }, 'the table after signing in again');
    eq((await boardState()).gameId, before.gameId, 'the game on the table after signing in again');
    token = await pageToken(page);
    await clickALegalMove(page, token, before.gameId);
  });

  await step('sign out, sign in: back to the account\'s game', async () => {
    const accountGame = (await boardState()).gameId;
    const signedOut = await pageToken(page);
    await page.click('[data-testid="sign-out"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="who"]').textContent.includes('guest'));
    const guest = await pageToken(page);
    const guestGame = (await waitForBoard({}, 'a guest game after signing out')).gameId;
    eq((await apiAs(guest, 'GET', '/v1/me')).data.is_guest, true, 'signed out: a guest');
    eq((await apiAs(signedOut, 'GET', '/v1/me')).status, 401, 'the signed-out token no longer works');
    await page.click('[data-testid="sign-in-link"]');
    await page.fill('[data-testid="sign-in-username"]', username);
    await page.fill('[data-testid="sign-in-password"]', password);
    allowHttpErrors = true; // the guest's game is not the account's
    await page.click('[data-testid="sign-in-submit"]');
    await page.waitForFunction((u) => document.querySelector('[data-testid="who"]').textContent.includes(u), username);
    const back = await waitForBoard({ notGame: guestGame }, 'signed in again');
    allowHttpErrors = false;
    eq(back.gameId, accountGame, 'the game on the table after signing in');
    token = await pageToken(page);
    eq((await api('GET', '/v1/me')).data.username, username, 'signed in');
  });

  await step('an app on another origin signs the player in (PKCE), plays a move, and is revoked', async () => {
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(pocketApp(BASE));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const appBase = `http://127.0.0.1:${server.address().port}`;
    try {
      await page.goto(`${appBase}/`);
      await page.click('#signin');
      await page.waitForSelector('[data-testid="consent-approve"]');
      eq(await text('consent-client'), 'Pocket test app', 'the app named on the consent page');
      eq(await text('consent-origin'), appBase, 'where the player goes back');
      check((await text('consent-scopes')).includes('games:write'), 'the scopes in words');
      check(!(await page.isVisible('[data-testid="consent-insecure"]')), 'a loopback redirect is not flagged');
      // Approving asks for the account's password (a session alone cannot let an app in).
      check(await page.isVisible('[data-testid="consent-password"]'), 'the consent page asks for the password');
      await shot(page, 'consent.png');
      allowHttpErrors = true;
      await page.fill('[data-testid="consent-password"]', 'not the password at all');
      await page.click('[data-testid="consent-approve"]');
      await page.waitForFunction(() => /not this account's password/.test(document.body.textContent));
      allowHttpErrors = false;
      await page.fill('[data-testid="consent-password"]', password);
      await page.click('[data-testid="consent-approve"]');
      await page.waitForSelector('#out[data-done], #out[data-failed]');
      const failed = await page.getAttribute('#out', 'data-failed');
      check(!failed, `the app failed: ${failed}`);
      const done = JSON.parse(await page.getAttribute('#out', 'data-done'));
      eq(done.scope, 'games:read games:write', 'the scopes granted');
      eq(done.version, 1, 'the app dealt once');
      const g = await api('GET', `/v1/games/${done.game}`);
      eq([g.status, g.data.deals], [200, 1], 'the app\'s game is the player\'s');
    } finally {
      server.close();
    }
    // The account lists the app and revokes it.
    await page.goto(`${PAGE.split('#')[0]}#account`);
    await page.waitForSelector('[data-testid="app-with-access"]');
    // The account view may render again as it settles (its list refilled from a new fetch):
    // give the list a moment to hold the app before reading it.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="apps-with-access"]')?.textContent.includes('Pocket test app'),
      null, { timeout: 5000 }).catch(() => {});
    check((await text('apps-with-access')).includes('Pocket test app'), 'the app among apps with access');
    await shot(page, 'apps-with-access.png');
    await page.click('[data-testid="app-revoke"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="apps-with-access"]').textContent.includes('No app'));
    const tokens = (await api('GET', '/v1/users/me/tokens')).data.tokens;
    check(tokens.every((t) => !t.client_id || !t.active), 'the app\'s token is revoked');
    await nav(page, 'play');
    await waitForBoard({}, 'back on the table');
  });

  await step('link a Telegram identity with a code from the account screen, then remove it', async () => {
    await page.goto(`${PAGE.split('#')[0]}#account`);
    await page.waitForSelector('[data-testid="chat-links"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="chat-links"]').textContent.includes('No chat identity'));
    // The page says, before it happens, that signing out everywhere and a password change end
    // the chat links and apps.
    check((await text('sign-out-all-note')).includes('chat link'), 'the sign-out-everywhere note');
    check((await text('new-password-help')).includes('chat link'), 'the password change note');
    await page.fill('[data-testid="chat-link-password"]', password);
    await page.click('[data-testid="chat-link-code"]');
    await page.waitForSelector('[data-testid="chat-link-code-value"]');
    const code = await text('chat-link-code-value');
    check(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(code), `a link code: ${code}`);
    check((await text('chat-link-instructions')).includes(`link ${code}`), 'what to type');
    // The bot's side: a Telegram update carrying the code, as Telegram would post it.
    const update = (id, words) => fetch(`${BASE}/v1/integrations/telegram`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': 'browser-test-telegram-secret' },
      body: JSON.stringify({ update_id: id, message: { message_id: 1, date: 0, text: words,
        from: { id: 4242, is_bot: false, first_name: 'Tess', username: 'tess_t' }, chat: { id: 4242, type: 'private' } } }),
    }).then((r) => r.json());
    // Nothing moves until the member confirms.
    const asked = await update(1, `link ${code}`);
    check(asked.text.includes(`link ${code} yes`), `the link asks first: ${asked.text}`);
    const linked = await update(5, `link ${code} yes`);
    check(linked.text.startsWith('Linked: your Telegram account now plays as'), `linked: ${linked.text}`);
    await page.goto(`${PAGE.split('#')[0]}#play`);
    await page.goto(`${PAGE.split('#')[0]}#account`);
    await page.waitForSelector('[data-testid="chat-link"]');
    check((await text('chat-links')).includes('tess_t on Telegram'), 'the linked identity listed');
    await shot(page, 'chat-links.png');
    await page.click('[data-testid="chat-link-remove"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="chat-links"]').textContent.includes('No chat identity'));
    const records = await update(2, 'records');
    check(records.text.includes('tess_t@telegram'), `a fresh chat account after removal: ${records.text}`);
    await nav(page, 'play');
    await waitForBoard({}, 'back on the table');
  });

  let won;
  await step('win a random 1-suit game by following the easy hint (through the API)', async () => {
    // Only random deals and ranked dailies count for the all-time boards: the account wins one
    // honestly, so the boards have a place of its own to show.
    const { game: g, tries } = await winByHints(token, { suits: 1, level: 'easy' });
    won = g;
    eq([won.status, won.origin, won.runs_completed], ['won', 'random', won.runs_total], 'the won game');
    console.log(`   won ${won.id} in ${won.actions} actions, score ${won.score}, after ${tries.length} game(s): `
      + tries.map((t) => `${t.status} ${t.runs} runs/${t.actions} actions${t.why ? ` (${t.why})` : ''}`).join('; '));
  });

  await step('my games', async () => {
    await nav(page, 'games');
    const mine = (await api('GET', '/v1/users/me/games?limit=20')).data.games;
    await page.waitForFunction((n) => document.querySelectorAll('#games-body tr[data-game-id]').length === n, mine.length);
    check(mine.length >= 1, 'the account has no game');
    eq(await page.getAttribute(`#games-body tr[data-game-id="${won.id}"]`, 'data-status'), 'won', 'the game won by hints in my games');
    const label = await page.getAttribute(`#games-body tr[data-game-id="${won.id}"] [data-testid="game-result"]`, 'aria-label');
    check(/^Result of the .*game of /.test(label || ''), `the result button names its game: ${label}`);
    await shot(page, 'games.png');
    const open = mine.find((g) => g.status === 'in_progress');
    if (open) {
      await page.click(`#games-body tr[data-game-id="${open.id}"] [data-testid="game-continue"]`);
      await page.waitForSelector('[data-screen="play"]:not([hidden])');
      eq((await waitForBoard({}, 'continue a game')).gameId, open.id, 'the game continued');
    }
  });

  await step('records', async () => {
    await nav(page, 'records');
    const rec = (await api('GET', '/v1/users/me/records')).data;
    await page.waitForFunction((n) => document.querySelectorAll('#records-body tr[data-kind]').length === n, rec.records.length);
    for (const r of rec.records) {
      const played = await page.textContent(`#records-body tr[data-kind="${r.variant}-${r.suits}"] td:nth-of-type(1)`);
      eq(played, String(r.played), `games played at ${r.variant} ${r.suits}`);
    }
    // The win by hints: won, and (the only win at one suit) the best score, not a known deal.
    const one = rec.records.find((r) => r.variant === 'spider' && r.suits === 1);
    check(one && one.won >= 1, `no win in the records: ${JSON.stringify(one)}`);
    eq([one.best_score?.value, one.best_score?.known_deal], [won.score, false], 'the best 1-suit score in the API');
    const row = '#records-body tr[data-kind="spider-1"]';
    eq(await page.textContent(`${row} td:nth-of-type(2)`), String(one.won), 'wins shown at Spider 1 suit');
    // Numbers as the page's language writes them (1,234 in English).
    eq(await page.textContent(`${row} td:nth-of-type(3)`), won.score.toLocaleString('en'), 'the best score shown at Spider 1 suit');
    await shot(page, 'records.png');
  });

  await step('all-time boards', async () => {
    await nav(page, 'boards');
    for (const by of ['score', 'time', 'moves']) {
      await page.selectOption('[data-testid="boards-suits"]', '1');
      await page.selectOption('[data-testid="boards-by"]', by);
      const lb = (await api('GET', `/v1/leaderboards?suits=1&variant=spider&by=${by}&limit=25`)).data;
      await page.waitForFunction(() => !document.querySelector('#ab-body').textContent.includes('Loading'));
      const rows = await page.locator('#ab-body tr:not(.empty)').count();
      eq(rows, lb.entries.length, `rows on the ${by} board`);
      // The account won a random deal: it has a place on every board.
      check(lb.you && lb.you.player === username, `my place on the ${by} board in the API: ${JSON.stringify(lb.you)}`);
      await page.waitForFunction((r) => document.querySelector('[data-testid="boards-you"]').textContent.includes(`Your place: #${r}`), lb.you.rank)
        .catch(async () => { throw new CheckFailed(`my place on the ${by} board: expected #${lb.you.rank}, the page says ${JSON.stringify(await text('boards-you'))}`); });
      if (lb.entries.some((e) => e.rank === lb.you.rank && e.player === lb.you.player)) {
        const me = page.locator('#ab-body tr.me');
        eq(await me.count(), 1, `highlighted rows on the ${by} board`);
        eq(await me.locator('td').first().textContent(), String(lb.you.rank), `the rank of the highlighted row (${by})`);
        check((await me.locator('td').nth(1).textContent()).startsWith(username), `the highlighted row on the ${by} board is not ${username}`);
      }
      console.log(`   by ${by}: ${await text('boards-you')}`);
    }
    await shot(page, 'boards.png');
  });

  await step('a name on the boards opens that player\'s public profile', async () => {
    await page.click(`#ab-body tr.me [data-testid="profile-link"]`);
    await page.waitForSelector('[data-screen="profile"]:not([hidden]) [data-testid="profile-joined"]');
    check((await page.textContent('#profile-title')).includes(username), 'the profile\'s name');
    check((await text('profile-games')).includes('won'), 'my won game among the latest games');
    const p = (await fetch(`${BASE}/v1/users/${encodeURIComponent(username)}`)).status;
    eq(p, 200, 'GET /v1/users/{username} without a token');
    await shot(page, 'public-profile.png');
    await nav(page, 'boards');
  });

  // Races: A (signed in) hosts with one CPU, B (a guest in another browser) joins by the link.
  const contextB = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const pageB = await contextB.newPage();
  watch(pageB, 'B');
  let code;
  let tokenB;
  await step('a wrong room code says so', async () => {
    await nav(page, 'race');
    allowHttpErrors = true;
    await page.fill('[data-testid="race-code-input"]', 'NOPE42');
    await page.click('[data-testid="race-join-go"]');
    await page.waitForSelector('[data-testid="message"][data-kind="error"]');
    await page.waitForSelector('[data-testid="race-hub"]:not([hidden])');
    allowHttpErrors = false;
    const r = await api('GET', '/v1/races/NOPE42');
    eq(await text('message'), r.data.detail, 'the message shown');
  });

  await step('host a race with one CPU player', async () => {
    await nav(page, 'race');
    await page.selectOption('[data-testid="race-suits"]', '1');
    await page.selectOption('[data-testid="race-difficulty"]', 'easy');
    await page.fill('[data-testid="race-cpu-players"]', '1');
    await page.selectOption('[data-testid="race-cpu-level"]', 'hard');
    await page.check('[data-testid="race-hints"]');
    // Undo: full (the default) in a ranked room is played as no reveal, and the form says so;
    // the room is hosted with undo off.
    eq(await page.inputValue('[data-testid="race-undo"]'), 'full', 'the undo mode offered first');
    eq(await page.locator('[data-testid="race-undo"] option').evaluateAll((os) => os.map((o) => o.value)), ['full', 'no_reveal', 'off'], 'the undo modes offered');
    eq(await page.getAttribute('[data-testid="race-undo"]', 'aria-describedby'), 'race-undo-note', 'the undo control\'s description');
    check(!(await text('race-undo-note')).includes('ranked'), 'the undo note talks of ranked rooms before Ranked is ticked');
    await page.check('[data-testid="race-ranked"]');
    check((await text('race-undo-note')).includes('A ranked room plays undo "no reveal"'), `the undo note for a ranked room: ${await text('race-undo-note')}`);
    await page.selectOption('[data-testid="race-undo"]', 'off');
    check((await text('race-undo-note')).startsWith('No undo'), `the undo note for off: ${await text('race-undo-note')}`);
    await page.click('[data-testid="race-create"]');
    await page.waitForSelector('[data-testid="race-room"]:not([hidden]) [data-testid="race-code"]:not(:empty)');
    code = (await text('race-code')).trim();
    const link = await page.inputValue('[data-testid="race-link"]');
    check(link.endsWith(`#race/${code}`), `the invite link ${link}`);
    const room = (await api('GET', `/v1/races/${code}`)).data;
    eq([room.settings.suits, room.settings.difficulty, room.settings.hints, room.settings.ranked, room.seats.length],
      [1, 'easy', true, true, 2], 'the room as hosted');
    eq([room.settings.undo_mode, room.settings.undo], ['off', false], 'the room\'s undo as hosted');
    await page.waitForSelector('[data-testid="race-settings"][data-undo-mode]');
    check((await text('race-settings')).includes('undo: off'), `the room's settings on screen: ${await text('race-settings')}`);
    check((await text('race-cpu-note')).includes('CPU players know the whole deal'), `the room says what its CPUs are: ${await text('race-cpu-note')}`);
  });

  await step('a friend joins by the link (a ranked room: after signing up)', async () => {
    await pageB.goto(`${PAGE.split('#')[0]}#race/${code}`);
    await pageB.waitForSelector('[data-testid="race-join-here"]:not([hidden])');
    // As a guest: the room says why not.
    allowHttpErrors = true;
    await pageB.fill('[data-testid="race-name"]', 'Bea');
    await pageB.click('[data-testid="race-take-seat"]');
    await pageB.waitForSelector('[data-testid="message"][data-kind="error"]');
    check((await pageB.textContent('[data-testid="message"]')).includes('registered players'), 'why a guest cannot join');
    allowHttpErrors = false;
    // Signing up keeps the guest's games; then the link again.
    await pageB.click('[data-testid="sign-in-link"]');
    await pageB.waitForSelector('[data-screen="account"]:not([hidden])');
    await pageB.fill('[data-testid="sign-up-username"]', `bea${Date.now().toString(36)}`);
    await pageB.fill('[data-testid="sign-up-password"]', 'a long friendly passphrase');
    await pageB.click('[data-testid="sign-up-submit"]');
    await pageB.waitForFunction(() => document.querySelector('[data-testid="who"]').textContent.includes('Signed in as bea'));
    await pageB.goto(`${PAGE.split('#')[0]}#race/${code}`);
    await pageB.waitForSelector('[data-testid="race-join-here"]:not([hidden])');
    await pageB.fill('[data-testid="race-name"]', 'Bea');
    await pageB.click('[data-testid="race-take-seat"]');
    await pageB.waitForSelector('[data-testid="race-join-here"][hidden]', { state: 'attached' });
    tokenB = await pageToken(pageB);
    // The host sees the new seat live (the room's event stream).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="race-seats"] li').length === 3);
    check((await text('race-seats')).includes('Bea'), 'the host does not see Bea');
    // The host may free other seats; Bea may free none.
    const beaSeat = (await apiAs(tokenB, 'GET', `/v1/races/${code}`)).data.you.seat;
    check(await page.isVisible(`[data-testid="race-remove-${beaSeat}"]`), 'the host has no Remove button for Bea');
    check(!(await page.isVisible('[data-testid="race-remove-1"]')), 'the host can remove their own seat');
    eq(await pageB.locator('[data-testid^="race-remove-"]').count(), 0, 'Remove buttons a guest sees');
    await shot(page, 'race-lobby.png');
  });

  let gameA;
  let gameB;
  await step('start: countdown, then both play', async () => {
    await page.click('[data-testid="race-start"]');
    await page.waitForSelector('[data-testid="race-room"][data-round-state="countdown"], [data-testid="race-room"][data-round-state="running"]', { timeout: 60000 });
    await pageB.waitForSelector('[data-testid="race-room"][data-round-state="countdown"], [data-testid="race-room"][data-round-state="running"]');
    await page.waitForSelector('[data-testid="race-room"][data-round-state="running"]');
    gameA = (await api('GET', `/v1/races/${code}`)).data.you.game_id;
    gameB = (await apiAs(tokenB, 'GET', `/v1/races/${code}`)).data.you.game_id;
    check(gameA && gameB && gameA !== gameB, 'each player has a game');
    eq((await waitForBoard({}, 'A\'s race game')).gameId, gameA, 'A\'s table');
    eq((await waitForBoard({}, 'B\'s race game', pageB)).gameId, gameB, 'B\'s table');
    check(await page.isVisible('#race-table-slot [data-testid="board"]'), 'the board is not in the race room');
    check(await page.isVisible('[data-testid="hint"]'), 'hints are on in this room but the Hint button is hidden');
    check(!(await page.isVisible('[data-testid="undo"]')), 'undo is off in this room but the Undo button shows');
    check(!(await pageB.isVisible('[data-testid="undo"]')), 'undo is off in this room but the friend\'s Undo button shows');
    await clickALegalMove(page, token, gameA);
    await clickALegalMove(pageB, tokenB, gameB);
    await page.waitForFunction(() => document.querySelectorAll('#race-standings-body tr').length === 3);
    await pageB.waitForFunction(() => document.querySelectorAll('#race-standings-body tr').length === 3);
    await shot(page, 'race-running.png');
    await shot(pageB, 'race-running-friend.png');
  });

  await step('standings update live; the round ends when both humans quit', async () => {
    const seatB = (await apiAs(tokenB, 'GET', `/v1/races/${code}`)).data.you.seat;
    await pageB.click('[data-testid="resign"]');
    await pageB.click('[data-testid="resign"]');
    // A sees B quit through the stream, without doing anything.
    await page.waitForSelector(`#race-standings-body tr[data-seat="${seatB}"][data-standing="quit"]`);
    await page.waitForFunction(() => document.querySelector('[data-testid="message"]').textContent.includes('Bea quit'));
    await page.click('[data-testid="resign"]');
    await page.click('[data-testid="resign"]');
    await page.waitForSelector('[data-testid="race-room"][data-round-state="over"]');
    await pageB.waitForSelector('[data-testid="race-room"][data-round-state="over"]');
    // The room reads "over" as soon as the last quit is stored; the ratings are written a
    // moment later (by that request, or by the scheduled work): give them a few seconds.
    let room;
    for (let i = 0; ; i++) {
      room = (await api('GET', `/v1/races/${code}`)).data;
      if (room.round.standings.every((p) => p.rating != null || p.cpu) || i >= 20) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    eq(room.round.state, 'over', 'the round in the API');
    check(room.round.standings.every((p) => p.rating != null || p.cpu), 'ratings in a ranked round');
    await page.waitForSelector('#race-standings-body [data-testid="rating-change"]');
    await pageB.waitForSelector('#race-standings-body [data-testid="rating-change"]');
    // The CPU had not finished when the round ended: it does not read as still playing.
    const cpu = room.round.standings.find((p) => p.cpu && p.standing === 'playing');
    if (cpu) {
      const row = await page.textContent(`#race-standings-body tr[data-seat="${cpu.seat}"]`);
      check(row.includes('did not finish') && !row.includes('playing'), `an unfinished CPU after the round: ${row}`);
    }
    check(await page.isVisible('[data-testid="race-start"]'), 'no Play again for the host');
    check(!(await pageB.isVisible('[data-testid="race-start"]')), 'Play again for a player who is not the host');
    await shot(page, 'race-over.png');
  });

  await step('play again with the same party', async () => {
    await page.click('[data-testid="race-start"]');
    await page.waitForSelector('[data-testid="race-room"][data-round="2"][data-round-state="running"]', { timeout: 60000 });
    const again = (await api('GET', `/v1/races/${code}`)).data;
    check(again.you.game_id && again.you.game_id !== gameA, 'a new game for round 2');
    eq((await waitForBoard({ notGame: gameA }, 'the round 2 game')).gameId, again.you.game_id, 'the table in round 2');
    // The friend's page notices the new round by itself and deals their game.
    await pageB.waitForSelector('[data-testid="race-room"][data-round="2"][data-round-state="running"]');
    await waitForBoard({ notGame: gameB }, 'the friend\'s round 2 game', pageB);
    await pageB.click('[data-testid="resign"]');
    await pageB.click('[data-testid="resign"]');
    await page.click('[data-testid="resign"]');
    await page.click('[data-testid="resign"]');
    await page.waitForSelector('[data-testid="race-room"][data-round="2"][data-round-state="over"]');
    await pageB.waitForSelector('[data-testid="race-room"][data-round="2"][data-round-state="over"]');
    await pageB.close();
    await contextB.close();
  });

  await step('the race game\'s analysis after the round', async () => {
    await page.click('[data-testid="banner-analyse"]');
    await page.waitForSelector('[data-testid="analysis"][data-state="done"], [data-testid="analysis"][data-state="error"]', { timeout: 45000 });
    eq(await page.getAttribute('[data-testid="analysis"]', 'data-state'), 'done', 'the race game\'s analysis');
    check(await page.locator('[data-testid="line-play"]').count() === 0, 'a race game cannot be replayed');
  });

  await step('my race rating on the records screen', async () => {
    await nav(page, 'records');
    const rec = (await api('GET', '/v1/users/me/records')).data;
    check(rec.ratings.length === 1, `ratings: ${JSON.stringify(rec.ratings)}`);
    await page.waitForFunction((r) => document.querySelector('[data-testid="ratings"]').textContent.includes(Math.round(r).toLocaleString('en')), rec.ratings[0].rating);
    await shot(page, 'records-rating.png');
  });

  await step('solve today\'s puzzle on the puzzles screen (signed in: rated)', async () => {
    let daily = null;
    for (let i = 0; i < 180 && !daily; i++) {
      const r = await anon('GET', '/v1/puzzles/daily?suits=1');
      if (r.status === 200) daily = r.data;
      else await new Promise((ok) => setTimeout(ok, 500));
    }
    check(daily, 'the miner gave the new server a daily puzzle within 90 s');
    const { moves, tables } = await solvePuzzle(daily);
    await nav(page, 'puzzles');
    await page.click('[data-testid="puzzle-daily"]');
    await page.waitForFunction((id) => document.querySelector('[data-testid="puzzle-board"]').dataset.puzzleId === id, daily.id);
    const goal = await page.textContent('[data-testid="puzzle-goal"]');
    check(goal.includes(String(daily.within)), `the goal says N: ${goal}`);
    for (const [i, m] of moves.entries()) {
      const column = tables[i].columns[m.from - 1];
      const index = column.face_up.length - m.count;
      await page.click(`[data-testid="puzzle-board"] [data-column="${m.from}"][data-index="${index}"]`);
      await page.click(`[data-testid="puzzle-target-${m.to}"]`);
      const want = i + 1 === moves.length ? 'solved' : 'going';
      await page.waitForFunction(([w, n]) => {
        const r = document.querySelector('[data-testid="puzzle-result"]');
        return r.dataset.result === w && (w === 'solved' || r.textContent.includes(String(n)));
      }, [want, daily.within - i - 1]);
    }
    const said = await page.textContent('[data-testid="puzzle-result"]');
    check(said.startsWith('Solved!') && said.includes('Your puzzle rating: 1,500 →'), `the result: ${said}`);
    const mine = (await apiAs(await pageToken(page), 'GET', '/v1/users/me/puzzles')).data;
    eq([mine.attempts, mine.solved], [1, 1], 'the rated attempt');
    await shot(page, 'puzzle-solved.png');
  });

  await step('a puzzle streak: one solved brings the next puzzle', async () => {
    await page.click('[data-testid="puzzle-streak"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="puzzle-goal"]').textContent.startsWith('Streak: 0'));
    const id = await page.evaluate(() => document.querySelector('[data-testid="puzzle-board"]').dataset.puzzleId);
    const first = (await anon('GET', `/v1/puzzles/${id}`)).data;
    const { moves, tables } = await solvePuzzle(first);
    for (const [i, m] of moves.entries()) {
      const index = tables[i].columns[m.from - 1].face_up.length - m.count;
      await page.click(`[data-testid="puzzle-board"] [data-column="${m.from}"][data-index="${index}"]`);
      await page.click(`[data-testid="puzzle-target-${m.to}"]`);
      if (i + 1 < moves.length) {
        await page.waitForFunction((n) => document.querySelector('[data-testid="puzzle-result"]').textContent.includes(String(n)), first.within - i - 1);
      }
    }
    await page.waitForFunction(() => document.querySelector('[data-testid="puzzle-goal"]').textContent.startsWith('Streak: 1'));
    const next = await page.evaluate(() => document.querySelector('[data-testid="puzzle-board"]').dataset.puzzleId);
    check(next && next !== id, 'the streak moved on to another puzzle');
    await shot(page, 'puzzle-streak.png');
  });

  await step('an arena: open it from the arenas screen, join, play a deal to a win, see the points', async () => {
    const bearer = await pageToken(page);
    const made = await apiAs(bearer, 'POST', '/v1/arenas', { suits: 1, minutes: 30, title: 'Browser arena' });
    eq(made.status, 201, `the arena made: ${JSON.stringify(made.data)}`);
    const arena = made.data;
    // Its deals are drawn (proven winnable) by the scheduled work within seconds.
    const drawn = () => Number(sqlite(`SELECT count(*) FROM arena_deals WHERE arena_id = '${arena.id}'`));
    for (let i = 0; i < 120 && drawn() < 3; i++) await new Promise((ok) => setTimeout(ok, 500));
    check(drawn() >= 3, 'the first block of deals drawn within a minute');
    await nav(page, 'arenas');
    const row = `[data-testid="arenas-list"] li[data-arena-id="${arena.id}"]`;
    await page.waitForSelector(row);
    await page.click(`${row} [data-testid="arena-open"]`);
    await page.waitForFunction((id) => document.querySelector('[data-testid="arena-detail"]').dataset.arenaId === id, arena.id);
    await page.click('[data-testid="arena-join"]');
    await page.waitForSelector('[data-testid="arena-next"]:not([hidden])');
    await audit(page, 'the arena, joined');
    const before = await boardState(page);
    await page.click('[data-testid="arena-next"]');
    let b = await waitForBoard({ notGame: before.gameId }, 'the arena deal on the table');
    let g = (await apiAs(bearer, 'GET', `/v1/games/${b.gameId}`)).data;
    eq([g.origin, g.deal_number], ['arena', null], 'the arena deal, its number unshown');
    // The deal's number, from the server's database (no answer shows it), and the solver's line.
    const stored = BigInt(sqlite(`SELECT deal_number FROM games WHERE id = '${g.id}'`));
    const number = BigInt.asUintN(64, stored);
    const line = solverLine(execFileSync(process.env.SPIDER_BIN, ['solve', '--suits', '1', '--from', String(number)], { encoding: 'utf8' })
      .split('\n').filter((l) => /^(Move|Deal)/.test(l)).join('\n'));
    check(line.length > 20, `the solver's line for the arena deal: ${line.length} actions`);
    for (const [n, a] of line.entries()) {
      const was = g;
      await pressAction(page, was, a);
      b = await waitForBoard({ version: was.version + 1 }, `arena action ${n + 1} (${JSON.stringify(a)})`);
      g = (await apiAs(bearer, 'GET', `/v1/games/${b.gameId}`)).data;
    }
    eq(g.status, 'won', 'the arena deal won');
    await nav(page, 'arenas');
    await page.click(`${row} [data-testid="arena-open"]`);
    await page.waitForFunction(() => {
      const first = document.querySelector('[data-testid="arena-standing"]');
      return first && first.children[2].textContent === '2';
    });
    const you = await text('arena-you');
    check(you.startsWith('You: place 1, 2 points, 1 of 1 won'), `your part: ${you}`);
    await page.waitForSelector('[data-testid="arena-next"]:not([hidden])');
    await shot(page, 'arena.png');
  });

  await step('a phone in portrait (390x844) plays by touch', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const p = await phone.newPage();
    watch(p, 'phone');
    await p.goto(PAGE);
    const b = await waitForBoard({}, 'a game on the phone', p);
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 390, `the page is ${wide} px wide on a 390 px screen`);
    const box = await p.locator('[data-testid="column-10"]').boundingBox();
    check(box && box.x + box.width <= 390, 'column 10 is off the screen');
    const t = await pageToken(p);
    const g = (await apiAs(t, 'GET', `/v1/games/${b.gameId}`)).data;
    const move = (await apiAs(t, 'GET', `/v1/games/${b.gameId}/moves`)).data.actions.find((a) => a.type === 'move');
    if (move) {
      await p.tap(cardSel(move.from, g.columns[move.from - 1].face_up.length - move.count), { position: { x: 6, y: 6 } });
      const to = g.columns[move.to - 1];
      if (to.face_up.length) await p.tap(cardSel(move.to, to.face_up.length - 1), { position: { x: 6, y: 6 } });
      else await p.tap(`[data-testid="column-${move.to}"]`);
      await waitForBoard({ version: 1 }, 'a move by touch', p);
    }
    await shot(p, 'phone.png');
    await p.click('[data-testid="nav-race"]');
    await p.waitForSelector('[data-screen="race"]:not([hidden])');
    await shot(p, 'phone-race.png');
    await phone.close();
  });

  await step('a phone in German, then Japanese: play, records and the consent page in each, nothing off the screen', async () => {
    // A German browser, signed in as a registered player (set in storage as the page keeps it).
    const who = `lang${Date.now() % 1000000}`;
    const made = await api('POST', '/v1/auth/register', { username: who, password: 'correct horse battery staple' });
    eq(made.status, 201, 'registered');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
      deviceScaleFactor: 2, locale: 'de-DE' });
    // Signed in before the page's first script runs (as the page itself keeps a session).
    await phone.addInitScript(({ token, user }) => {
      const key = (name) => `spider:${location.origin}:${name}`;
      localStorage.setItem(key('token'), token);
      localStorage.setItem(key('user'), JSON.stringify(user));
    }, made.data);
    const p = await phone.newPage();
    watch(p, 'phone-languages');
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const consentUrl = `${BASE}/oauth/authorize?` + new URLSearchParams({ response_type: 'code', client_id: 'Taschen-App',
      redirect_uri: 'http://127.0.0.1:9/back', scope: 'games:read', state: 'x', code_challenge: challenge, code_challenge_method: 'S256' });
    for (const tag of ['de', 'ja']) {
      const messages = await (await fetch(`${BASE}/l10n/${tag}.ftl`)).text();
      const english = await (await fetch(`${BASE}/l10n/en.ftl`)).text();
      const said = (ftl, id) => (new RegExp(`^${id} = (.*)$`, 'm').exec(ftl) || [])[1];
      if (tag === 'ja') {
        // The picker: the page starts again in the language picked, and the account keeps it.
        await p.goto(PAGE);
        await p.waitForSelector('[data-testid="language"]');
        await Promise.all([p.waitForNavigation(), p.selectOption('[data-testid="language"]', 'ja')]);
        const me = (await apiAs(made.data.token, 'GET', '/v1/me')).data;
        eq(me.language, 'ja', 'the account keeps the language picked');
      } else {
        await p.goto(PAGE);
      }
      await waitForBoard({}, `a game in ${tag}`, p);
      eq(await p.evaluate(() => document.documentElement.lang), tag, 'the page\'s language');
      for (const [testid, id] of [['nav-play', 'page-play'], ['new-game', 'page-new-game'], ['deal', 'page-deal'], ['undo', 'page-undo']]) {
        const shown = (await text(testid, p)).trim();
        eq(shown, said(messages, id), `${testid} in ${tag}`);
        check(shown !== said(english, id), `${testid} is still English in ${tag}: ${shown}`);
      }
      const fits = async (what) => {
        const wide = await p.evaluate(() => document.documentElement.scrollWidth);
        check(wide <= 390, `${what} in ${tag} is ${wide} px wide on a 390 px screen`);
      };
      await fits('the table');
      await shot(p, `lang-${tag}-play.png`);
      await nav(p, 'records');
      await fits('the records');
      await shot(p, `lang-${tag}-records.png`);
      // A table wider than the phone says that it scrolls sideways (and one that fits does not).
      for (const screen of ['records', 'games']) {
        await nav(p, screen);
        await p.waitForLoadState('networkidle');
        const box = await p.$eval(`[data-screen="${screen}"] .table-scroll`, (b) => ({
          wide: b.scrollWidth > b.clientWidth + 1,
          said: !b.previousElementSibling.hidden,
          text: b.previousElementSibling.textContent,
        }));
        eq(box.said, box.wide, `the ${screen} table says it scrolls exactly when it does (${tag}: ${JSON.stringify(box)})`);
      }
      await shot(p, `lang-${tag}-games.png`);
      await p.goto(consentUrl);
      await p.waitForSelector('[data-testid="consent-approve"]');
      check(!(await text('consent', p)).includes('asks to use your account'), `the consent page is in English in ${tag}`);
      await fits('the consent page');
      await shot(p, `lang-${tag}-consent.png`);
    }
    await phone.close();
  });

  await step('a whole numbered deal won by keys alone, hearing what a screen reader hears', async () => {
    // The solver's line for 1-suit deal 3 (`spider solve --suits 1 --from 3`, columns from 0).
    const line = solverLine(process.env.SOLVE_LINE || '');
    check(line.length > 50, `the solver's line for deal ${process.env.SOLVE_DEAL}: ${line.length} actions`);
    // A player who asked for less motion: nothing animates.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const p = await ctx.newPage();
    watch(p, 'keys');
    await p.goto(PAGE);
    await waitForBoard({}, 'the first game', p);
    // A new game of deal 3 by keys: Tab to the deal number, type it, Enter.
    const first = (await boardState(p)).gameId;
    for (let i = 0; i < 40 && !(await p.evaluate(() => document.activeElement?.id === 'suits')); i++) await p.keyboard.press('Tab');
    await p.keyboard.press('Home'); // 1 suit, the first choice
    for (let i = 0; i < 5 && !(await p.evaluate(() => document.activeElement?.id === 'deal-number')); i++) await p.keyboard.press('Tab');
    await p.keyboard.type(String(process.env.SOLVE_DEAL));
    await p.keyboard.press('Enter');
    let b = await waitForBoard({ notGame: first }, 'deal 3 by keys', p);
    const bearer = await pageToken(p);
    let g = (await apiAs(bearer, 'GET', `/v1/games/${b.gameId}`)).data;
    eq([g.deal_number, g.suits], ['3', 1], 'the deal typed');
    // What a screen reader finds on the table of deal 3: its roles and names, held to a snapshot
    // (UPDATE_SNAPSHOTS=1 writes it afresh).
    const tree = await p.locator('[data-testid="board"]').ariaSnapshot();
    const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'deal-3-table.aria.yml');
    if (process.env.UPDATE_SNAPSHOTS) {
      await mkdir(path.dirname(fixture), { recursive: true });
      await writeFile(fixture, `${tree}\n`);
    }
    eq(tree, (await readFile(fixture, 'utf8')).trimEnd(), 'the accessibility tree of deal 3\'s table');
    // Tab can always leave the table: from a card, Tab reaches something outside the board.
    await p.focus(cardSel(1, g.columns[0].face_up.length - 1));
    let left = false;
    for (let i = 0; i < 120 && !left; i++) {
      await p.keyboard.press('Tab');
      left = await p.evaluate(() => !document.activeElement?.closest('#board'));
    }
    check(left, 'Tab never left the table');
    const heard = () => p.textContent('[data-testid="announce"]');
    const cardWord = (card) => `${({ 1: 'Ace', 11: 'Jack', 12: 'Queen', 13: 'King' })[card.rank] || card.rank} of ${card.suit}`;
    for (const [n, a] of line.entries()) {
      const before = g;
      await pressAction(p, before, a);
      b = await waitForBoard({ version: before.version + 1 }, `action ${n + 1} of the line (${JSON.stringify(a)})`, p);
      if (n === 0) {
        const moving = await p.$$eval('#board .card', (cards) => cards.filter((c) => getComputedStyle(c).animationName !== 'none').length);
        eq(moving, 0, 'cards animating with reduced motion asked for');
      }
      g = (await apiAs(bearer, 'GET', `/v1/games/${b.gameId}`)).data;
      const said = (await heard()).trim();
      if (a.type === 'deal') {
        check(said.startsWith('Dealt a row'), `after a deal the screen reader hears: ${said}`);
      } else {
        const was = before.columns[a.from - 1];
        const moved = was.face_up[was.face_up.length - a.count];
        check(said.includes(`${cardWord(moved)}`) && said.includes(`from column ${a.from} to column ${a.to}`),
          `after ${JSON.stringify(a)} the screen reader hears: ${said}`);
        const now = g.columns[a.from - 1];
        if (now.face_down < was.face_down) check(said.includes(`${cardWord(now.face_up[0])} turned over in column ${a.from}`), `a reveal unsaid: ${said}`);
      }
      if (g.runs_completed > before.runs_completed) check(said.includes('is complete'), `a run unsaid: ${said}`);
    }
    eq(g.status, 'won', 'the deal won by keys alone');
    // R reads the whole table.
    await p.keyboard.press('r');
    check((await heard()).includes('Column 1: empty.'), `the table read aloud: ${await heard()}`);
    await shot(p, 'keys-won.png');
    await ctx.close();
  });

  await step('the WCAG 2.2 AA audit (axe-core): every screen and state, 1280x800 and 390x844, in English and German', async () => {
    const wonId = won.id;
    const analysed = game.id;
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const consentUrl = `${BASE}/oauth/authorize?` + new URLSearchParams({ response_type: 'code', client_id: 'Audit app',
      redirect_uri: 'http://127.0.0.1:9/back', scope: 'games:read', state: 'x', code_challenge: challenge, code_challenge_method: 'S256' });
    const me = (await api('GET', '/v1/me')).data;
    for (const [w, h] of [[1280, 800], [390, 844]]) {
      for (const tag of ['en', 'de']) {
        const at = (what) => `${what} (${w}x${h}, ${tag})`;
        const phone = w < 600;
        const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: tag === 'de' ? 'de-DE' : 'en-US',
          ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
        // A visitor first: a guest's new deal, a card picked up, the sign-in forms.
        const p = await ctx.newPage();
        watch(p, `audit-${w}-${tag}`);
        await p.goto(PAGE);
        const b = await waitForBoard({}, at('a new deal'), p);
        eq(await p.evaluate(() => document.documentElement.lang), tag, 'the page\'s language');
        await audit(p, at('play: a new deal'));
        const g = (await apiAs(await pageToken(p), 'GET', `/v1/games/${b.gameId}`)).data;
        const top = g.columns.findIndex((c) => c.face_up.length > 0);
        await p.click(cardSel(top + 1, g.columns[top].face_up.length - 1), { position: { x: 6, y: 6 } });
        await p.waitForSelector('.card.selected');
        await audit(p, at('play: a card picked up'));
        await p.click('[data-testid="sign-in-link"]');
        await p.waitForSelector('[data-screen="account"]:not([hidden])');
        await audit(p, at('account: sign in or sign up'));
        await p.close();

        // The registered player: the won game, every screen, the session dialog.
        await ctx.addInitScript(({ token: t, user, game: id }) => {
          const key = (name) => `spider:${location.origin}:${name}`;
          localStorage.setItem(key('token'), t);
          localStorage.setItem(key('user'), JSON.stringify(user));
          localStorage.setItem(key('game'), id);
        }, { token, user: me, game: wonId });
        const q = await ctx.newPage();
        watch(q, `audit-${w}-${tag}-signed-in`);
        await q.goto(PAGE);
        await waitForBoard({}, at('the won game'), q);
        await q.waitForSelector('[data-testid="banner"]:not([hidden])');
        await audit(q, at('play: a won game'));
        for (const screen of ['games', 'records', 'boards', 'race', 'arenas']) {
          await nav(q, screen);
          await q.waitForLoadState('networkidle');
          await audit(q, at(screen));
        }
        await q.click('[data-testid="sign-in-link"]');
        await q.waitForSelector('[data-screen="account"]:not([hidden]) [data-testid="profile-name"]');
        await q.waitForLoadState('networkidle');
        await audit(q, at('account: the profile'));
        await nav(q, 'puzzles');
        await q.click('[data-testid="puzzle-daily"]');
        await q.waitForFunction(() => document.querySelector('[data-testid="puzzle-board"]')?.dataset.puzzleId);
        await audit(q, at('puzzles: today\'s puzzle'));
        await q.goto(`${PAGE}#analysis/${analysed}`);
        await q.waitForSelector('[data-testid="analysis"][data-state="done"], [data-testid="analysis"][data-state="error"]', { timeout: 45000 });
        await audit(q, at('analysis'));
        await q.goto(`${PAGE}#profile/${encodeURIComponent(username)}`);
        await q.waitForLoadState('networkidle');
        await audit(q, at('a public profile'));
        await q.goto(consentUrl);
        await q.waitForSelector('[data-testid="consent-approve"]');
        await audit(q, at('the consent page'));
        await q.goto(PAGE);
        await waitForBoard({}, at('the table again'), q);
        await q.evaluate(() => document.querySelector('#session-dialog').showModal());
        await audit(q, at('the session dialog open'));
        await ctx.close();
      }
    }
    // Windows' high-contrast mode (forced colors): the table and a picked-up card, audited too.
    // Every rule but colour contrast, which there is the player's palette, not the page's (axe
    // reads the page's own colours beside the forced ones and reports pairs nobody sees).
    const hc = await browser.newContext({ viewport: { width: 1280, height: 800 }, forcedColors: 'active', colorScheme: 'dark' });
    const h = await hc.newPage();
    watch(h, 'audit-forced-colors');
    await h.goto(PAGE);
    const hb = await waitForBoard({}, 'a new deal in forced colors', h);
    const hg = (await apiAs(await pageToken(h), 'GET', `/v1/games/${hb.gameId}`)).data;
    const forced = { 'color-contrast': { enabled: false } };
    await audit(h, 'play: a new deal (forced colors)', forced);
    await h.click(cardSel(1, hg.columns[0].face_up.length - 1), { position: { x: 6, y: 6 } });
    await h.waitForSelector('.card.selected');
    await audit(h, 'play: a card picked up (forced colors)', forced);
    await shot(h, 'forced-colors.png');
    await hc.close();
    const { nodes, text: report } = auditReport();
    console.log(`   ${report.split('\n').join('\n   ')}`);
    check(nodes === 0, `the audit found violations:\n${report}`);
  });

  await step('a link with ?api= cannot send the page elsewhere, and no site can frame it', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const p = await ctx.newPage();
    watch(p, 'api-link');
    const origins = new Set();
    p.on('request', (req) => origins.add(new URL(req.url()).origin));
    const res = await p.goto(`${BASE}/?api=${encodeURIComponent('http://127.0.0.2:9')}`);
    const headers = res.headers();
    const csp = headers['content-security-policy'] || '';
    for (const d of ["default-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) {
      check(csp.includes(d), `the page's Content-Security-Policy lacks ${d}: ${csp}`);
    }
    eq(headers['x-frame-options'], 'DENY', 'X-Frame-Options of the page');
    const b = await waitForBoard({}, 'a game on a page opened with ?api=', p);
    check(b.gameId, 'no game drawn');
    eq([...origins], [new URL(BASE).origin], 'the origins the page sent requests to');
    // Another site frames the page: the browser refuses to show it there. (Not watched: the
    // refusal is logged as an error on purpose.)
    const framer = await ctx.newPage();
    await framer.setContent(`<p>another site</p><iframe src="${BASE}/" width="900" height="700"></iframe>`);
    await framer.waitForTimeout(2000);
    const framed = framer.frames().filter((f) => f !== framer.mainFrame());
    for (const f of framed) {
      const board = await f.$('[data-testid="board"]').catch(() => null);
      check(!board, 'the page drew its table inside another site\'s frame');
    }
    await shot(framer, 'framed-refused.png');
    await ctx.close();
    console.log(`   screenshots: ${shots.join(', ')}`);
  });
}

try {
  await main();
  console.log(`PASS: ${stepNo} steps`);
  await browser.close();
} catch (err) {
  const why = err instanceof CheckFailed ? err.message : (err.stack || String(err));
  console.error(`FAIL at step ${stepNo} (${currentStep}): ${why}`);
  if (pageErrors.length) console.error(`page errors:\n  ${pageErrors.join('\n  ')}`);
  if (page) {
    await page.screenshot({ path: path.join(ARTIFACTS, 'failure.png'), fullPage: true }).catch(() => {});
    console.error(`screenshot: ${path.join(ARTIFACTS, 'failure.png')}`);
  }
  if (browser) await browser.close().catch(() => {});
  process.exit(1);
}
