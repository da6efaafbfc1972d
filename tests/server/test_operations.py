"""What a host running upriver needs (issue 28, "operational basics"): a health check, the
idle time after which a game leaves memory, several worker processes on one address, and a
log a collector can read."""

from __future__ import annotations

import datetime as dt
import json
import signal
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine
from starlette.testclient import TestClient

from tests.server.conftest import empty_postgres_url
from tests.server.processes import Server, children
from upriver.cli import cli
from upriver.server.store import engine_for
from upriver.server.tables import games


def test_healthz_answers_while_the_database_does(client: TestClient) -> None:
    """``/healthz`` is 200 with this process's name while its database answers a query."""
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True and body["process"] == client.get("/api/status").json()["process"]


def test_healthz_says_in_one_line_when_the_database_does_not(client: TestClient) -> None:
    """With its database out of reach (a PostgreSQL URL nobody listens on), ``/healthz`` is
    503 and names the database in one line; the server itself stays up."""
    host = client.app.state.host  # type: ignore[attr-defined]
    working = host.store.engine
    host.store.engine = create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none",
                                      connect_args={"connect_timeout": 2})
    try:
        response = client.get("/healthz")
    finally:
        host.store.engine.dispose()
        host.store.engine = working
    assert response.status_code == 503
    error = response.json()["error"]
    assert error.startswith("database: ") and "\n" not in error
    assert client.get("/healthz").status_code == 200


def test_serve_refuses_an_idle_time_out_of_range() -> None:
    """``upriver serve --idle-minutes`` takes 0.1 to 1440 minutes; anything else is refused
    before the server starts, in one line."""
    for bad in ("0", "-3", "2000", "soon"):
        result = CliRunner().invoke(cli, ["serve", "--idle-minutes", bad])
        assert result.exit_code == 2
        assert "--idle-minutes" in result.output


def test_several_workers_need_postgresql(tmp_path: Path) -> None:
    """``--workers 2`` on an SQLite file is refused in one line before anything starts: an
    SQLite file belongs to one server process."""
    result = CliRunner().invoke(cli, ["serve", "--workers", "2", "--port", "0",
                                      "--db", f"sqlite:///{tmp_path / 'games.db'}"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: several workers need a PostgreSQL database")
    assert result.output.count("\n") == 1
    assert not (tmp_path / "games.db").exists()


@pytest.mark.postgres
def test_workers_share_the_address_and_log_json_lines(tmp_path: Path) -> None:
    """``upriver serve --workers 2 --log-format json`` on PostgreSQL: two server processes
    under one, both serving the address; a game's events are logged as JSON lines that name
    the game."""
    url = empty_postgres_url()
    server = Server(url, tmp_path, extra=("--workers", "2", "--log-format", "json"))
    try:
        workers = [pid for pid in children(server.pid)
                   if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text()]
        assert len(workers) == 2, workers
        made = server.api("POST", "/api/games", {
            "game": "the-river", "players": 2, "seats": [{"kind": "human"}] * 2,
            "timer": {"seconds": 60}})
        engine = engine_for(url)
        with engine.begin() as db:
            db.execute(games.update().where(games.c.id == made["id"]).values(
                deadline=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)))
        engine.dispose()
        end = time.monotonic() + 10
        while not server.api("GET", f"/api/games/{made['id']}")["clock"]["warned"]:
            assert time.monotonic() < end, "no worker warned the seat"
            time.sleep(0.2)
        assert server.api("GET", "/healthz")["ok"] is True
    finally:
        server.kill(signal.SIGTERM)
        log = server.errors()
        server.stop()
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    warned = [line for line in lines if "ran out of time" in line["message"]]
    assert len(warned) == 1  # one process warned, whichever swept first
    assert warned[0]["game"] == made["id"] and warned[0]["level"] == "info"
    assert warned[0]["process"] in workers
