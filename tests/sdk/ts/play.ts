// Plays a short game through the TypeScript fetch client that @hey-api/openapi-ts generates
// from openapi/openapi.json (into ts/generated, see openapi-ts.config.ts). Only the generated
// client talks to the server. Run by .ci/sdk-check.sh; by hand:
//   SPIDER_BASE_URL=http://127.0.0.1:8080 npx tsx ts/play.ts
// Exits non-zero on the first failed expectation.
import { createClient, createConfig } from './generated/client';
import { createHash, randomBytes } from 'node:crypto';
import {
  approveOAuthRequest,
  createGame,
  exchangeOAuthCode,
  register,
  getGame,
  getHint,
  listGameEvents,
  listLegalActions,
  playAction,
} from './generated/sdk.gen';
import type { ActionView, GameView, PlayActionData, Problem } from './generated/types.gen';

/** The request body of playAction, whatever its schema is named. */
type ActionBody = PlayActionData['body'];

const baseUrl = process.env.SPIDER_BASE_URL ?? 'http://127.0.0.1:8080';

class CheckFailed extends Error {}

function check(cond: unknown, what: string): asserts cond {
  if (!cond) throw new CheckFailed(what);
  console.log(`  ok  ${what}`);
}

function eq<T>(actual: T, expected: T, what: string): void {
  check(actual === expected, `${what}: ${JSON.stringify(actual)} === ${JSON.stringify(expected)}`);
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`;
  return JSON.stringify(error ?? null);
}

/** The success body of a generated call, or a failure naming the call and its answer. */
function ok<T>(
  what: string,
  result: { data?: T; error?: unknown; response?: Response },
  status: number,
): T {
  const got = result.response?.status;
  if (got !== status || result.data === undefined) {
    throw new CheckFailed(
      `${what}: expected ${status}, got ${got ?? 'no response'} ${describe(result.error)}`,
    );
  }
  console.log(`  ok  ${what} -> ${got}`);
  return result.data;
}

/** The problem+json body of a refused call, typed by the document's error responses. */
function problem(
  what: string,
  result: { data?: unknown; error?: Problem; response?: Response },
  status: number,
): Problem {
  const got = result.response?.status;
  const type = result.response?.headers.get('content-type') ?? '';
  if (got !== status || result.error === undefined) {
    throw new CheckFailed(`${what}: expected problem ${status}, got ${got ?? 'no response'}`);
  }
  check(type.startsWith('application/problem+json'), `${what}: content-type ${type}`);
  const p = result.error;
  check(typeof p.code === 'string' && p.code.length > 0, `${what}: problem has a code (${p.code})`);
  eq(p.status, status, `${what}: problem.status`);
  eq(p.type, `urn:spider:problem:${p.code}`, `${what}: problem.type`);
  return p;
}

function counts(g: GameView) {
  return { version: g.version, actions: g.actions, moves: g.moves, deals: g.deals, undos: g.undos };
}

function sameCounts(g: GameView, want: ReturnType<typeof counts>, what: string): void {
  const got = counts(g);
  check(
    JSON.stringify(got) === JSON.stringify(want),
    `${what}: ${JSON.stringify(got)} == ${JSON.stringify(want)}`,
  );
}

async function main(): Promise<void> {
  console.log(`TypeScript client (@hey-api/openapi-ts, fetch) against ${baseUrl}`);
  const anon = createClient(createConfig({ baseUrl }));

  // An app signs a player in as OAuth 2 says (authorization code with PKCE): the player has an
  // account and approves (as the consent page does, with their session and password); the app trades the
  // code with its verifier, then plays with the token, sent on every operation the document
  // secures.
  const username = `sdk-${randomBytes(5).toString('hex')}`;
  const session = ok(
    'POST /v1/auth/register',
    await register({ client: anon, body: { username, password: 'a long sdk passphrase' } }),
    201,
  );
  check(session.token.length > 0 && !session.user.is_guest, 'an account session');
  const player = createClient(createConfig({ baseUrl, auth: session.token }));
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const app = { client_id: 'SDK check', redirect_uri: 'http://127.0.0.1:9/done' };
  const approved = ok(
    'POST /v1/oauth/approve',
    await approveOAuthRequest({
      client: player,
      body: {
        response_type: 'code',
        ...app,
        scope: 'games:read games:write',
        state: 'sdk',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        password: 'a long sdk passphrase',
      },
    }),
    200,
  );
  const back = new URL(approved.redirect_to);
  eq(back.searchParams.get('state'), 'sdk', 'the state comes back');
  const code = back.searchParams.get('code') ?? '';
  check(code.length > 0, 'a code in the redirect');
  const granted = ok(
    'POST /v1/oauth/token',
    await exchangeOAuthCode({
      client: anon,
      body: { grant_type: 'authorization_code', code, code_verifier: verifier, ...app },
    }),
    200,
  );
  eq(granted.token_type, 'Bearer', 'token_type');
  eq(granted.scope, 'games:read games:write', 'scope');
  const client = createClient(createConfig({ baseUrl, auth: granted.access_token }));

  // A 1-suit game.
  const created = ok(
    'POST /v1/games {suits: 1}',
    await createGame({ client, body: { suits: 1 } }),
    201,
  );
  const id = created.id;
  eq(created.suits, 1, 'game suits');
  eq(created.status, 'in_progress', 'game status');
  sameCounts(created, { version: 0, actions: 0, moves: 0, deals: 0, undos: 0 }, 'new game counts');
  eq(created.columns.length, 10, 'ten columns');
  const stock0 = created.stock_deals_left;
  check(stock0 > 0, `stock has deals left (${stock0})`);

  // The legal actions: at least one move, and the deal (no column is empty at the start).
  const legal = ok('GET /v1/games/{id}/moves', await listLegalActions({ client, path: { id } }), 200);
  eq(legal.version, 0, 'moves.version');
  const moves = legal.actions.filter(
    (a): a is Extract<ActionView, { type: 'move' }> => a.type === 'move',
  );
  check(moves.length > 0, `at least one legal move (${moves.length})`);
  check(
    legal.actions.some((a) => a.type === 'deal'),
    'the deal is among the legal actions',
  );
  const move = moves[0];

  // One move, exactly as listed.
  const moveBody: ActionBody = { type: 'move', from: move.from, to: move.to, count: move.count };
  const afterMove = ok(
    `POST actions ${JSON.stringify(moveBody)}`,
    await playAction({ client, path: { id }, body: moveBody }),
    200,
  );
  sameCounts(afterMove, { version: 1, actions: 1, moves: 1, deals: 0, undos: 0 }, 'after the move');
  check(afterMove.can_undo, 'can undo after a move');

  // A deal, guarded by the version we saw (If-Match, the game's ETag).
  const afterDeal = ok(
    'POST actions {type: deal} If-Match "1"',
    await playAction({ client, path: { id }, body: { type: 'deal' }, headers: { 'If-Match': '"1"' } }),
    200,
  );
  sameCounts(afterDeal, { version: 2, actions: 2, moves: 1, deals: 1, undos: 0 }, 'after the deal');
  eq(afterDeal.stock_deals_left, stock0 - 1, 'one deal fewer in the stock');

  // Undo takes the deal back (and costs an action).
  const afterUndo = ok(
    'POST actions {type: undo}',
    await playAction({ client, path: { id }, body: { type: 'undo' } }),
    200,
  );
  sameCounts(afterUndo, { version: 3, actions: 3, moves: 1, deals: 1, undos: 1 }, 'after the undo');
  eq(afterUndo.stock_deals_left, stock0, 'the deal went back to the stock');

  // The hint, for the current version.
  const hint = ok('GET /v1/games/{id}/hint', await getHint({ client, path: { id } }), 200);
  eq(hint.version, 3, 'hint.version');
  check(typeof hint.kind === 'string' && hint.kind.length > 0, `hint.kind (${hint.kind})`);
  check(hint.reason.length > 0, `hint.reason (${hint.reason})`);
  check(hint.action == null || typeof hint.action.type === 'string', 'hint.action is an action or null');
  // The hint's action is a request body as it stands (tsc checks this assignment).
  const hintBody: PlayActionData['body'] | null | undefined = hint.action;
  check(hintBody === hint.action, 'the hint is a body playAction takes');

  // Refused actions come back as typed problems with a stable code, and change nothing.
  const same = problem(
    'move from column 1 to 1',
    await playAction({ client, path: { id }, body: { type: 'move', from: 1, to: 1, count: 1 } }),
    422,
  );
  eq(same.code, 'same_column', 'problem.code');
  const stale = problem(
    'deal with a stale If-Match "0"',
    await playAction({ client, path: { id }, body: { type: 'deal' }, headers: { 'If-Match': '"0"' } }),
    412,
  );
  eq(stale.code, 'version_conflict', 'problem.code');
  eq(stale.current_version, 3, 'problem.current_version');

  // The game as stored: the refusals cost nothing.
  const game = ok('GET /v1/games/{id}', await getGame({ client, path: { id } }), 200);
  sameCounts(game, { version: 3, actions: 3, moves: 1, deals: 1, undos: 1 }, 'stored game counts');
  eq(game.score, 500 - 3, 'score: 500 minus 3 actions');
  eq(game.stock_deals_left, stock0, 'stock_deals_left');

  // The event log replays the same three actions.
  const log = ok('GET /v1/games/{id}/events', await listGameEvents({ client, path: { id } }), 200);
  eq(log.version, 3, 'events.version');
  eq(log.events.map((e) => e.action.type).join(','), 'move,deal,undo', 'event action types');
  const first = log.events[0].action;
  check(
    first.type === 'move' && first.from === move.from && first.to === move.to,
    'first event is the move played',
  );

  console.log('TypeScript client: all checks passed');
}

main().catch((err: unknown) => {
  console.error(`TypeScript client: FAILED: ${err instanceof Error ? err.message : String(err)}`);
  if (!(err instanceof CheckFailed) && err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
