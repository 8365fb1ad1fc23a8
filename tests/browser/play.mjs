// Headless-browser test of the web client: plays a short game through the page, like a person,
// and checks every step against the public API.
//
//   BASE=http://127.0.0.1:8181 node play.mjs
//
// BASE   the server (API) base URL (required).
// PAGE   the page URL (default BASE + '/'); for development, e.g.
//        PAGE='http://127.0.0.1:8190/?api=http://127.0.0.1:8181'.
// CHROMIUM  the browser binary (default /usr/bin/chromium, Debian's package).
//
// Writes artifacts/play.png (and artifacts/failure.png when a step fails). Exits non-zero on
// any failed check, uncaught page error, console error or failed request.

import { chromium } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const BASE = (process.env.BASE || '').replace(/\/+$/, '');
if (!BASE) {
  console.error('FAIL: set BASE to the server URL, e.g. BASE=http://127.0.0.1:8181 node play.mjs');
  process.exit(2);
}
const PAGE = process.env.PAGE || `${BASE}/`;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

class CheckFailed extends Error {}
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
  const res = await fetch(BASE + urlPath, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  return { status: res.status, data };
}

/** Wait until the page shows a settled game (no request in flight) that satisfies `want`. */
async function waitForBoard(want, what) {
  try {
    await page.waitForFunction((w) => {
      const b = document.querySelector('[data-testid="board"]');
      if (!b || b.dataset.busy !== 'false' || !b.dataset.gameId) return false;
      if (w.version !== undefined && b.dataset.version !== String(w.version)) return false;
      if (w.notGame !== undefined && b.dataset.gameId === w.notGame) return false;
      return true;
    }, want, { timeout: 15000 });
  } catch {
    const now = await boardState();
    const msg = await page.textContent('[data-testid="message"]').catch(() => '');
    throw new CheckFailed(`${what}: the page never got there (board ${JSON.stringify(now)}, message ${JSON.stringify(msg)})`);
  }
  return boardState();
}

function boardState() {
  return page.$eval('[data-testid="board"]', (b) => ({
    gameId: b.dataset.gameId,
    version: Number(b.dataset.version),
    status: b.dataset.status,
    busy: b.dataset.busy,
  }));
}

/** The face-up cards per column as the page shows them. */
function pageColumns() {
  return page.$$eval('[data-testid^="column-"]', (cols) => cols.map((c) => ({
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

async function text(testid) {
  return (await page.textContent(`[data-testid="${testid}"]`)).trim();
}

const cardSel = (column, index) => `[data-testid="column-${column}"] [data-column="${column}"][data-index="${index}"]`;
// A card under others shows only its top strip: click there, as a person would.
const clickCard = (column, index) => page.click(cardSel(column, index), { position: { x: 20, y: 8 } });

let stepNo = 0;
let currentStep = '';
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
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (err) => pageErrors.push(`uncaught: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (allowHttpErrors && /status of 4\d\d/.test(msg.text())) return;
    pageErrors.push(`console.error: ${msg.text()} (${msg.location()?.url || ''})`);
  });
  page.on('requestfailed', (req) => pageErrors.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText || ''}`));
  page.on('response', (res) => {
    if (res.status() >= 500) pageErrors.push(`server error: ${res.status()} ${res.request().method()} ${res.url()}`);
  });

  let first;
  await step(`open ${PAGE}`, async () => {
    const res = await page.goto(PAGE);
    check(res && res.ok(), `the page answered ${res && res.status()}`);
    first = await waitForBoard({}, 'the first game on load');
    token = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k.startsWith('spider:') && k.endsWith(':token')) return localStorage.getItem(k);
      }
      return null;
    });
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
    for (const c of game.columns) {
      const label = await page.getAttribute(cardSel(c.column, c.face_up.length - 1), 'aria-label');
      check(label && label.length > 3, `the top card of column ${c.column} has no aria-label`);
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
    await page.waitForFunction((d) => document.querySelector('[data-testid="daily-info"]')?.textContent.includes(d), today.date);
    await page.waitForSelector('[data-testid="leaderboard"] tbody tr');
  });

  await step('screenshot', async () => {
    await page.screenshot({ path: path.join(ARTIFACTS, 'play.png'), fullPage: true });
    console.log(`   ${path.join(ARTIFACTS, 'play.png')}`);
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
