"""Game reviews on the web (issue 17): asked for by a player (or anyone, for a public game),
judged in the background on the bot workers, kept with the game so they are computed once, and
carried on after a restart."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

import upriver
from tests.server.conftest import new_game, state
from tests.server.test_play import wait_for
from upriver.review import review_game, turns
from upriver.server import create_app
from upriver.server.host import REVIEW_SEED
from upriver.server.store import Store

ITERS = 12  # per turn: enough to judge, quick enough for a test


def _finished(client: TestClient, **extra: Any) -> dict[str, Any]:
    made = new_game(client, game="the-river", players=2,
                    seats=[{"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}],
                    seed=4, **extra)
    wait_for(client, made["id"], lambda p: p["over"])
    return made


def _review(client: TestClient, gid: str, token: str | None = None) -> Any:
    query = f"?token={token}" if token else ""
    return client.get(f"/api/games/{gid}/review{query}")


def _until_done(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    for _ in range(3000):
        r = _review(client, gid, token).json()
        if r["status"] in ("done", "failed"):
            return dict(r)
        time.sleep(0.02)
    pytest.fail("the review did not finish")


@pytest.fixture
def reviewing(db_url: str) -> Any:
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0,
                               review_iters=ITERS)) as c:
        yield c


def test_a_review_is_asked_for_judged_in_the_background_and_kept(reviewing: TestClient,
                                                                  db_url: str) -> None:
    """The replay page's review: none until asked; then queued, judged decision by decision
    (progress shown), and kept. It is exactly ``upriver review --seed 0`` at the same budget,
    asking again computes nothing new, the boards of a decision show the one taken and the
    bot's choice, and each seat comes with its colour on the board."""
    made = _finished(reviewing)
    gid = made["id"]
    assert _review(reviewing, gid).json()["status"] == "none"
    asked = reviewing.post(f"/api/games/{gid}/review", json={})
    assert asked.status_code == 200
    assert asked.json()["status"] in ("queued", "running", "done")
    done = _until_done(reviewing, gid)
    assert done["status"] == "done" and done["done"] == done["total"] > 0
    # The same as the command line's review with the server's seed and budget.
    log = state(reviewing, gid)["log"]
    start = upriver.new_game("the-river", players=2, seed=4)
    expected = review_game(start, [(s, a) for s, a in log], iters=ITERS, seed=REVIEW_SEED)
    assert done["decisions"] == [j.to_dict() for j in expected.judgements]
    assert done["summary"] == [expected.summary(s) for s in (0, 1)]
    # the chart draws each seat in its colour on the board
    assert done["colours"] == upriver.seat_colours("the-river", start.view(None))
    for seat, plies in enumerate(done["largest"]):
        assert plies == [j.ply for j in expected.largest_losses(seat)]
    # Asked again: the same review, not a second one.
    again = reviewing.post(f"/api/games/{gid}/review", json={}).json()
    assert again["decisions"] == done["decisions"] and again["status"] == "done"
    costly = max(done["decisions"], key=lambda d: d["loss"])
    boards = reviewing.get(f"/api/games/{gid}/review/{costly['ply']}").json()
    assert boards["judged"] == costly
    assert boards["taken"].lstrip().startswith("<") and boards["best"].lstrip().startswith("<")
    if costly["taken"] != costly["best"]:
        assert boards["taken"] != boards["best"]
    assert reviewing.get(f"/api/games/{gid}/review/100000").status_code == 404


def test_a_private_games_review_is_for_its_players_only(reviewing: TestClient) -> None:
    """A private game is left out of the lobby, and only its links (a seat's or the host's)
    may see or ask for its review; a public game's review is anyone's."""
    made = _finished(reviewing, public=False)
    gid = made["id"]
    assert gid not in {g["id"] for g in reviewing.get("/api/games").json()["games"]}
    refused = reviewing.post(f"/api/games/{gid}/review", json={})
    assert refused.status_code == 403 and "private" in refused.json()["error"]
    assert _review(reviewing, gid).status_code == 403
    assert _review(reviewing, gid, "not-a-token").status_code == 403
    host = made["host_token"]
    assert reviewing.post(f"/api/games/{gid}/review", json={"token": host}).status_code == 200
    assert _until_done(reviewing, gid, host)["status"] == "done"
    assert reviewing.get(f"/api/games/{gid}/review/0").status_code == 403
    response = reviewing.post("/api/games", json={"game": "the-river", "players": 2,
                                                  "public": "yes"})
    assert response.status_code == 400 and "public" in response.json()["error"]


def test_a_review_opens_only_once_the_game_is_over(reviewing: TestClient) -> None:
    made = new_game(reviewing, game="the-river", players=2,
                    seats=[{"kind": "human"}, {"kind": "human"}], seed=4)
    response = reviewing.post(f"/api/games/{made['id']}/review", json={})
    assert response.status_code == 409 and "once the game is over" in response.json()["error"]
    assert _review(reviewing, made["id"]).status_code == 409


def test_a_review_survives_a_restart_and_goes_on_where_it_stopped(db_url: str) -> None:
    """Stopped part-way (the server stops), a review keeps the decisions judged so far; the
    server started again finishes it from there, at the budget it was asked for, and the
    result is the one an uninterrupted review gives."""
    slow = 300  # iterations per turn, so the server stops with the review part-way
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0,
                               review_iters=slow)) as client:
        made = _finished(client)
        gid = made["id"]
        client.post(f"/api/games/{gid}/review", json={})
        for _ in range(3000):
            r = _review(client, gid).json()
            if r["done"] >= 3:
                break
            time.sleep(0.01)
    store = Store(db_url)
    stopped = store.review(gid)
    store.close()
    assert stopped is not None and stopped.status == "running"
    assert 3 <= len(stopped.decisions) < stopped.total
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as client:
        done = _until_done(client, gid)
        log = state(client, gid)["log"]
    assert done["status"] == "done"
    assert done["decisions"][:len(stopped.decisions)] == stopped.decisions
    start = upriver.new_game("the-river", players=2, seed=4)
    expected = review_game(start, [(s, a) for s, a in log], iters=slow, seed=REVIEW_SEED)
    assert done["decisions"] == [j.to_dict() for j in expected.judgements]


def test_a_review_stopped_inside_a_turn_judges_that_turn_again_and_keeps_the_rest(
        db_url: str) -> None:
    """A review is judged a turn at a time (issue 26); stopped with only part of a turn kept,
    the server judges that turn again from its start (so every decision of it is judged as an
    uninterrupted review judges it) and keeps only the decisions still missing."""
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0,
                               review_iters=ITERS)) as client:
        made = _finished(client)
        gid = made["id"]
        log = [(s, a) for s, a in state(client, gid)["log"]]
    start = upriver.new_game("the-river", players=2, seed=4)
    expected = review_game(start, log, iters=ITERS, seed=REVIEW_SEED)
    every = list(turns(start, log))
    cut = next(i for i, t in enumerate(every) if t.judged >= 2)
    kept = sum(t.judged for t in every[:cut]) + 1  # the first decision of a longer turn
    store = Store(db_url)
    store.request_review(gid, iters=ITERS, seed=REVIEW_SEED, total=len(expected.judgements))
    assert store.claim_review(gid, "stopped", 60)
    for j in expected.judgements[:kept]:
        assert store.add_judgement(gid, "stopped", j.to_dict(), 60)
    store.release_reviews("stopped")
    store.close()
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as client:
        done = _until_done(client, gid)
    assert done["status"] == "done"
    assert done["decisions"] == [j.to_dict() for j in expected.judgements]


def test_a_review_whose_worker_keeps_failing_stops_with_a_note_and_can_be_asked_again(
        reviewing: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision whose judgement fails three times stops the review, saying why; asked again,
    it goes on from where it stopped and finishes."""
    from upriver.server import bots

    made = _finished(reviewing)
    gid = made["id"]
    real = bots.judge

    def broken(saved: str, taken: list[str], seed: int, iters: int) -> str:
        raise RuntimeError("the judge broke")

    monkeypatch.setattr(bots, "judge", broken)
    reviewing.post(f"/api/games/{gid}/review", json={})
    failed = _until_done(reviewing, gid)
    assert failed["status"] == "failed"
    assert "decision" in failed["note"] and "the judge broke" in failed["note"]
    monkeypatch.setattr(bots, "judge", real)
    assert reviewing.post(f"/api/games/{gid}/review", json={}).json()["status"] in (
        "queued", "running", "done")
    done = _until_done(reviewing, gid)
    assert done["status"] == "done" and done["done"] == done["total"]
