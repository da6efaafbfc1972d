"""Server fixtures: every server test runs on SQLite and on a real PostgreSQL server.

PostgreSQL comes from ``UPRIVER_TEST_POSTGRES`` (a URL; ``.ci/run`` installs and starts the
server and sets it). Without it the PostgreSQL half is skipped, except under CI, where it fails.
Each xdist worker has a database of its own beside that one (its name with the worker's added,
made on first use: the role needs CREATEDB), since the tests empty their database and servers
on one database hear each other's changes.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from upriver.server import create_app
from upriver.server.store import engine_for

POSTGRES = os.environ.get("UPRIVER_TEST_POSTGRES")


@functools.cache
def _workers_database(url: str) -> str:
    """This xdist worker's own database beside ``url`` (``url`` itself outside xdist)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    base = sa.engine.make_url(url)
    name = f"{base.database}_{worker}"
    engine = engine_for(url).execution_options(isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as db:
            found = db.execute(sa.text("SELECT 1 FROM pg_database WHERE datname = :n"),
                               {"n": name}).first()
            if found is None:
                try:
                    db.execute(sa.text(f'CREATE DATABASE "{name}"'))
                except sa.exc.ProgrammingError as err:
                    pytest.fail(f"cannot make the worker's database {name} (the test role "
                                f"needs CREATEDB, or run pytest -n 0): {err.orig}", pytrace=False)
    finally:
        engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def _empty_postgres(url: str) -> None:
    engine = engine_for(url)
    with engine.begin() as db:
        db.execute(sa.text("DROP SCHEMA public CASCADE"))
        db.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


def empty_postgres_url() -> str:
    """The test PostgreSQL server's URL, emptied; skips without one (fails under CI)."""
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("UPRIVER_TEST_POSTGRES is not set: CI must test PostgreSQL")
        pytest.skip("no PostgreSQL server (set UPRIVER_TEST_POSTGRES)")
    url = _workers_database(POSTGRES)
    _empty_postgres(url)
    return url


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return empty_postgres_url()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app over a fresh database; bots decide at once, in a thread."""
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as c:
        yield c


def new_game(client: TestClient, **spec: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=spec)
    assert response.status_code == 200, response.text
    made: dict[str, Any] = response.json()
    return made


def state(client: TestClient, game_id: str, seat: int | None = None,
          token: str | None = None) -> dict[str, Any]:
    query = "" if seat is None else f"?seat={seat}&token={token}"
    response = client.get(f"/api/games/{game_id}{query}")
    assert response.status_code == 200, response.text
    out: dict[str, Any] = response.json()
    return out


def act(client: TestClient, game_id: str, seat: int, token: str, action: str,
        ply: int) -> Any:
    return client.post(f"/api/games/{game_id}/actions",
                       json={"seat": seat, "token": token, "action": action, "ply": ply})
