"""The soak test's short version (``scripts/soak.py``, issue 28): two real servers on one
PostgreSQL database, 200 games, 40 WebSockets, scripted people and bots for 20 seconds.
Nothing may go wrong: no error, no move lost, none applied twice. (Its speed figures are
reported by the full run in docs/web.md, not checked here.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.conftest import empty_postgres_url

pytestmark = [pytest.mark.postgres, pytest.mark.deep]
SCRIPT = Path(__file__).parents[2] / "scripts" / "soak.py"


def test_a_short_soak_loses_nothing_and_fails_nothing(tmp_path: Path) -> None:
    """Every decision a server accepted from a scripted person is stored exactly once, every
    page came, and no request but a lost race was refused."""
    url = empty_postgres_url()
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--db", url, "--games", "200", "--sockets", "40",
         "--seconds", "20", "--think-min", "0.5", "--think-max", "2", "--sample", "1",
         "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    result = json.loads((tmp_path / "soak.json").read_text())
    assert result["errors"] == 0, result["error_samples"]
    assert result["moves_lost"] == 0 and result["moves_applied_twice"] == 0
    assert result["decisions_by_people"] > 40 and result["sockets"] == 40
    assert result["click_to_board_p50"] is not None
    assert set(result["servers"]) == {"A", "B"}
    assert all(s["bot_decisions"] > 0 for s in result["servers"].values())
    assert (tmp_path / "soak-memory.png").stat().st_size > 1000
