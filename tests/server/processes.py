"""Real ``upriver serve`` processes for the tests that need them: workers, several servers on one
database, killing a server."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (Linux /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def niceness(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


class Server:
    """One ``upriver serve`` process on a free loopback port."""

    def __init__(self, db: str, home: Path, *, workers: int = 1, bot_delay: float = 0.0,
                 extra: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [str(Path(sys.executable).with_name("upriver")), "serve", "--port",
                   str(self.port), "--db", db, "--bot-workers", str(workers),
                   "--bot-delay", str(bot_delay), *extra]
        env = dict(os.environ, XDG_DATA_HOME=str(home))
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env=env)
        self.wait_ready()

    @property
    def pid(self) -> int:
        return self.process.pid

    def wait_ready(self, seconds: float = 30) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.errors()}")
            try:
                with urllib.request.urlopen(self.url + "/api/catalog", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer")

    def errors(self) -> str:
        if self.process.stderr is None or self.process.poll() is None:
            return ""
        return self.process.stderr.read().decode(errors="replace")

    def api(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as err:
            return {"status": err.code, **json.loads(err.read())}

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=20)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)
        if self.process.stderr is not None:
            self.process.stderr.close()
