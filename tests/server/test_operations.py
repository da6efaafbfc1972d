"""What a host running upriver needs (issue 28, "operational basics"): a health check, and
the idle time after which a game leaves memory, set from the command line."""

from __future__ import annotations

from click.testing import CliRunner
from sqlalchemy import create_engine
from starlette.testclient import TestClient

from upriver.cli import cli


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
