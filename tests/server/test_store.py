"""The database: migrations, where games are kept, and refusing what cannot be used."""

from __future__ import annotations

import hashlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner

from upriver.cli import cli
from upriver.server.store import GameRecord, MoveRecord, SeatRecord, Stale, Store, default_url
from upriver.server.tables import metadata


def test_migrations_build_exactly_the_schema_the_code_uses(db_url: str) -> None:
    """Alembic's upgrade leaves nothing for autogenerate to add or change."""
    store = Store(db_url)
    with store.engine.connect() as db:
        diff = compare_metadata(MigrationContext.configure(db), metadata)
    store.close()
    assert diff == []


def test_migrating_twice_changes_nothing(db_url: str) -> None:
    Store(db_url).close()
    store = Store(db_url)
    assert store.playing() == []
    store.close()


def record(game_id: str) -> GameRecord:
    return GameRecord(id=game_id, game="the-river", options={}, players=2, seed=1,
                      host_token_hash="h", seats=[SeatRecord(0, "human", None, "a", "A"),
                                                  SeatRecord(1, "human", None, "b", "B")])


def test_one_decision_number_is_stored_once(db_url: str) -> None:
    """The (game, decision) key: a second server storing the same decision is told it is
    stale, and the game is unchanged."""
    one, two = Store(db_url), Store(db_url)
    one.create(record("g1"))
    one.add_move("g1", 0, MoveRecord(0, "take wood", False), to_move=1, result=None)
    with pytest.raises(Stale, match="already taken"):
        two.add_move("g1", 0, MoveRecord(0, "take clay", False), to_move=1, result=None)
    loaded = two.load("g1")
    assert loaded is not None
    assert [m.action for m in loaded.moves] == ["take wood"] and loaded.ply == 1
    with pytest.raises(Stale):
        two.remove_last_move("g1", 5, to_move=0)
    two.remove_last_move("g1", 1, to_move=0)
    loaded = one.load("g1")
    assert loaded is not None and loaded.moves == [] and loaded.ply == 0
    one.close()
    two.close()


def test_the_database_keeps_only_hashes_of_the_seat_links_secrets(db_url: str) -> None:
    """Seat and host tokens are stored as SHA-256 hashes: the links' secrets are given out once,
    when the game is created, and a copy of the database cannot play anybody's seat."""
    from starlette.testclient import TestClient

    from upriver.server import create_app

    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as client:
        made = client.post("/api/games", json={
            "game": "the-river", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        stored = client.app.state.store.load(made["id"])  # type: ignore[attr-defined]
    assert stored is not None
    secrets = [made["host_token"], *(s["token"] for s in made["seats"])]
    kept = [stored.host_token_hash, *(s.token_hash for s in stored.seats)]
    assert kept == [hashlib.sha256(t.encode()).hexdigest() for t in secrets]
    assert not set(secrets) & set(kept)


def test_migrating_an_older_database_hashes_its_tokens(tmp_path: Path) -> None:
    """Games kept by an older upriver (tokens in plain text) keep working: the migration
    hashes the stored tokens, and the old links still open their seats."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from upriver.server.store import MIGRATIONS, engine_for

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = engine_for(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(sa.text(
            "INSERT INTO games VALUES ('g', 'the-river', '{}', 2, 1, 'hosttok', 'playing', 0, 0,"
            " NULL, '2026-01-01', '2026-01-01')"))
        connection.execute(sa.text(
            "INSERT INTO seats VALUES ('g', 0, 'human', NULL, 'seattok', 'A'),"
            " ('g', 1, 'bot', 'random', 'bottok', 'B')"))
    engine.dispose()
    store = Store(url)
    loaded = store.load("g")
    store.close()
    assert loaded is not None
    assert loaded.host_token_hash == hashlib.sha256(b"hosttok").hexdigest()
    assert loaded.seats[0].token_hash == hashlib.sha256(b"seattok").hexdigest()


def test_without_a_url_games_are_kept_in_the_user_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'upriver' / 'upriver.db'}"
    Store(url).close()
    assert (tmp_path / "upriver" / "upriver.db").exists()


@pytest.mark.parametrize(("url", "message"), [
    ("nosuchdb://x", "cannot use database URL"),
    ("postgresql://nobody:wrong@127.0.0.1:1/none", "cannot open the database"),
])
def test_serve_with_an_unusable_database_says_so_in_one_line(url: str, message: str) -> None:
    # A free port, so the database is what fails even where something holds the default one.
    result = CliRunner().invoke(cli, ["serve", "--db", url, "--port", str(free_port())])
    assert result.exit_code != 0
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_an_sqlite_file_in_a_missing_folder_gets_its_folder(tmp_path: Path) -> None:
    """``serve --db sqlite:///new/folder/games.db`` makes the folder, as every output does."""
    from upriver.server.store import engine_for

    path = tmp_path / "new" / "folder" / "games.db"
    engine_for(f"sqlite:///{path}")
    assert path.parent.is_dir()
    blocked = tmp_path / "a file"
    blocked.write_text("")
    with pytest.raises(ValueError, match="cannot use database file") as err:
        engine_for(f"sqlite:///{blocked / 'games.db'}")
    assert "\n" not in str(err.value)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_prints_its_address_and_answers_there(tmp_path: Path) -> None:
    """``upriver serve`` (the README's first command ends with it) starts the web app."""
    port = free_port()
    command = [str(Path(sys.executable).with_name("upriver")), "serve", "--port", str(port),
               "--bot-workers", "0"]
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as server:
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            assert f"http://localhost:{port}/" in line
            assert str(tmp_path / "upriver" / "upriver.db") in line
            for _ in range(100):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
                        assert b"upriver" in page.read()
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                pytest.fail("the server did not answer")
        finally:
            server.terminate()
            server.wait(timeout=10)


def test_serve_on_a_port_in_use_says_so_in_one_line() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code != 0
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert len(result.output.strip().splitlines()) == 1
