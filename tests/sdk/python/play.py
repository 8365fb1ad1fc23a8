"""Plays a short game through the Python client that openapi-python-client generates from
openapi/openapi.json (package `spider_client`, installed into python/.venv by
.ci/sdk-check.sh). Only the generated client talks to the server. By hand:

    SPIDER_BASE_URL=http://127.0.0.1:8080 python/.venv/bin/python python/play.py

Exits non-zero on the first failed expectation. With SDK_STRICT=1 a workaround for a part of
the document the generator could not handle counts as a failure too.
"""

from __future__ import annotations

import inspect
import os
import sys
import typing
from typing import Any

import spider_client.models as models
from spider_client import AuthenticatedClient, Client
from spider_client.api.auth import create_guest
from spider_client.api.games import (
    create_game,
    get_game,
    get_hint,
    list_game_events,
    list_legal_actions,
)
from spider_client.models import CreateGame, GameView, Problem, SuitCount
from spider_client.types import Response

try:  # Missing while the generator cannot read the request body schema (see the report).
    from spider_client.api.games import play_action
except ImportError:
    play_action = None

BASE_URL = os.environ.get("SPIDER_BASE_URL", "http://127.0.0.1:8080")
STRICT = os.environ.get("SDK_STRICT") == "1"


class CheckFailed(Exception):
    pass


def check(cond: Any, what: str) -> None:
    if not cond:
        raise CheckFailed(what)
    print(f"  ok  {what}")


def eq(actual: Any, expected: Any, what: str) -> None:
    check(actual == expected, f"{what}: {actual!r} == {expected!r}")


def ok(what: str, resp: Response[Any], status: int, model: type) -> Any:
    """The parsed success body of a generated call, of the generated model expected."""
    if resp.status_code != status or not isinstance(resp.parsed, model):
        raise CheckFailed(
            f"{what}: expected {status} {model.__name__}, got {int(resp.status_code)} "
            f"{type(resp.parsed).__name__}: {resp.content[:300]!r}"
        )
    print(f"  ok  {what} -> {int(resp.status_code)}")
    return resp.parsed


def problem(what: str, resp: Response[Any], status: int) -> Problem:
    """The problem+json body of a refused call, parsed into the generated Problem model."""
    ctype = resp.headers.get("content-type", "")
    if resp.status_code != status or not isinstance(resp.parsed, Problem):
        raise CheckFailed(
            f"{what}: expected problem {status}, got {int(resp.status_code)} "
            f"{type(resp.parsed).__name__}: {resp.content[:300]!r}"
        )
    check(ctype.startswith("application/problem+json"), f"{what}: content-type {ctype}")
    p = resp.parsed
    check(isinstance(p.code, str) and p.code, f"{what}: problem has a code ({p.code})")
    eq(p.status, status, f"{what}: problem.status")
    eq(p.type_, f"urn:spider:problem:{p.code}", f"{what}: problem.type")
    return p


def counts(g: GameView) -> dict[str, int]:
    return {"version": g.version, "actions": g.actions, "moves": g.moves, "deals": g.deals, "undos": g.undos}


def same_counts(g: GameView, want: dict[str, int], what: str) -> None:
    eq(counts(g), want, what)


# --- actions --------------------------------------------------------------------------------
# The generated models of the action body are one class per `type` (their names depend on the
# document: `ActionRequestType0`… today, the variants' titles once they have some). The body
# model is picked by which generated class accepts the JSON form of the action.


def _body_models() -> list[type]:
    if play_action is not None:
        hint = typing.get_type_hints(play_action.sync_detailed)["body"]
        return [t for t in typing.get_args(hint) or (hint,) if inspect.isclass(t)]
    # Fallback: the ActionRequest variants the generator did produce.
    return [
        cls
        for name, cls in vars(models).items()
        if inspect.isclass(cls) and name.startswith("ActionRequest") and hasattr(cls, "from_dict")
    ]


def action(**fields: Any) -> Any:
    """The generated model for one action, e.g. action(type="move", **{"from": 3, "to": 7})."""
    for cls in _body_models():
        try:
            body = cls.from_dict(fields)
        except (KeyError, ValueError, TypeError, AttributeError):
            continue
        if body.to_dict() == fields:
            return body
    raise CheckFailed(f"no generated body model takes {fields!r}")


def play(client: AuthenticatedClient, game_id: str, body: Any, if_match: str | None = None) -> Response[Any]:
    """POST /v1/games/{id}/actions through the generated operation when there is one."""
    if play_action is not None:
        kwargs = {} if if_match is None else {"if_match": if_match}
        return play_action.sync_detailed(game_id, client=client, body=body, **kwargs)
    # Workaround: openapi-python-client dropped the operation (ActionBody is an allOf over a
    # oneOf). Send it through the generated client's own httpx session and parse the answer
    # with the generated models, as the generated operation would.
    headers = {"Content-Type": "application/json"}
    if if_match is not None:
        headers["If-Match"] = if_match
    raw = client.get_httpx_client().request(
        "post", f"/v1/games/{game_id}/actions", json=body.to_dict(), headers=headers
    )
    parsed: Any = None
    if raw.status_code == 200:
        parsed = GameView.from_dict(raw.json())
    elif raw.headers.get("content-type", "").startswith("application/problem+json"):
        parsed = Problem.from_dict(raw.json())
    return Response(status_code=raw.status_code, content=raw.content, headers=raw.headers, parsed=parsed)


def main() -> None:
    print(f"Python client (openapi-python-client) against {BASE_URL}")
    if play_action is None:
        msg = (
            "the generated client has no play_action operation (POST /v1/games/{id}/actions); "
            "sending it through the generated client's httpx session instead"
        )
        if STRICT:
            raise CheckFailed(msg)
        print(f"  WARNING {msg}")

    anon = Client(base_url=BASE_URL, raise_on_unexpected_status=True)
    session = ok("POST /v1/auth/guest", create_guest.sync_detailed(client=anon), 201, models.Session)
    check(session.token and session.user.is_guest, "guest session with a token")
    client = AuthenticatedClient(base_url=BASE_URL, token=session.token, raise_on_unexpected_status=True)

    created = ok(
        "POST /v1/games {suits: 1}",
        create_game.sync_detailed(client=client, body=CreateGame(suits=SuitCount.ONE)),
        201,
        GameView,
    )
    game_id = created.id
    eq(created.suits, 1, "game suits")
    eq(created.status.value, "in_progress", "game status")
    same_counts(created, {"version": 0, "actions": 0, "moves": 0, "deals": 0, "undos": 0}, "new game counts")
    eq(len(created.columns), 10, "ten columns")
    stock0 = created.stock_deals_left
    check(stock0 > 0, f"stock has deals left ({stock0})")

    legal = ok(
        "GET /v1/games/{id}/moves",
        list_legal_actions.sync_detailed(game_id, client=client),
        200,
        models.LegalActions,
    )
    eq(legal.version, 0, "moves.version")
    listed = [a.to_dict() for a in legal.actions]
    moves = [a for a in listed if a["type"] == "move"]
    check(moves, f"at least one legal move ({len(moves)})")
    check({"type": "deal"} in listed, "the deal is among the legal actions")
    move = moves[0]

    after_move = ok(
        f"POST actions {move}",
        play(client, game_id, action(type="move", **{"from": move["from"], "to": move["to"], "count": move["count"]})),
        200,
        GameView,
    )
    same_counts(after_move, {"version": 1, "actions": 1, "moves": 1, "deals": 0, "undos": 0}, "after the move")
    check(after_move.can_undo, "can undo after a move")

    after_deal = ok(
        'POST actions {type: deal} If-Match "1"',
        play(client, game_id, action(type="deal"), if_match='"1"'),
        200,
        GameView,
    )
    same_counts(after_deal, {"version": 2, "actions": 2, "moves": 1, "deals": 1, "undos": 0}, "after the deal")
    eq(after_deal.stock_deals_left, stock0 - 1, "one deal fewer in the stock")

    after_undo = ok("POST actions {type: undo}", play(client, game_id, action(type="undo")), 200, GameView)
    same_counts(after_undo, {"version": 3, "actions": 3, "moves": 1, "deals": 1, "undos": 1}, "after the undo")
    eq(after_undo.stock_deals_left, stock0, "the deal went back to the stock")

    hint = ok("GET /v1/games/{id}/hint", get_hint.sync_detailed(game_id, client=client), 200, models.HintView)
    eq(hint.version, 3, "hint.version")
    check(isinstance(hint.kind, str) and hint.kind, f"hint.kind ({hint.kind})")
    check(hint.reason, f"hint.reason ({hint.reason})")
    check(hint.action is None or hasattr(hint.action, "to_dict"), "hint.action is a generated model or null")
    check(
        hint.action is None or isinstance(hint.action, tuple(_body_models())),
        f"hint.action ({type(hint.action).__name__}) is a body play_action takes as it is",
    )

    same = problem(
        "move from column 1 to 1",
        play(client, game_id, action(type="move", **{"from": 1, "to": 1, "count": 1})),
        422,
    )
    eq(same.code, "same_column", "problem.code")
    stale = problem(
        'deal with a stale If-Match "0"',
        play(client, game_id, action(type="deal"), if_match='"0"'),
        412,
    )
    eq(stale.code, "version_conflict", "problem.code")
    eq(stale.current_version, 3, "problem.current_version")

    game = ok("GET /v1/games/{id}", get_game.sync_detailed(game_id, client=client), 200, GameView)
    same_counts(game, {"version": 3, "actions": 3, "moves": 1, "deals": 1, "undos": 1}, "stored game counts")
    eq(game.score, 500 - 3, "score: 500 minus 3 actions")
    eq(game.stock_deals_left, stock0, "stock_deals_left")

    log = ok(
        "GET /v1/games/{id}/events",
        list_game_events.sync_detailed(game_id, client=client),
        200,
        models.EventLog,
    )
    eq(log.version, 3, "events.version")
    eq([e.action.to_dict()["type"] for e in log.events], ["move", "deal", "undo"], "event action types")
    first = log.events[0].action.to_dict()
    check(first["from"] == move["from"] and first["to"] == move["to"], "first event is the move played")

    print("Python client: all checks passed" + (" (with the play_action workaround)" if play_action is None else ""))


if __name__ == "__main__":
    try:
        main()
    except CheckFailed as e:
        print(f"Python client: FAILED: {e}", file=sys.stderr)
        sys.exit(1)
