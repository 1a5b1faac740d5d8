"""The journeys' other computer: ``Friend`` starts ``friend.py`` (a second game window in its own
process) and talks to it a line at a time; while it waits for an answer, the journey's own
window goes on running frames (its table, its server) — nothing sleeps."""
from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from driver import JourneyFailed, Window

HERE = Path(__file__).parent
ROOT = HERE.parents[2]


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


class Friend:
    def __init__(self, size: tuple[int, int], lang: str, discovery_port: int, name: str) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="knjazja-friend-"))
        self.errors = self.home / "stderr.txt"
        env = dict(os.environ, KNJAZJA_HOME=str(self.home / "data"), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", KNJAZJA_PREFETCH="0", LANGUAGE=lang)
        with self.errors.open("wb") as err:
            self.proc = subprocess.Popen([sys.executable, str(HERE / "friend.py"), f"{size[0]}x{size[1]}", lang,
                                          str(discovery_port), name], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=err, cwd=ROOT, env=env, bufsize=0)
        self._buffer = b""

    def ask(self, command: dict, host: Window, frames: int = 3000) -> dict:
        """Send ``command``; the host's window runs its frames until the answer comes."""
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(command) + "\n").encode("utf-8"))
        for _ in range(frames):
            line = self._line(0.02)
            if line is not None:
                answer = json.loads(line)
                if "error" in answer:
                    raise JourneyFailed(f"the friend's window failed at {command}: {answer['error']}\n"
                                        f"{answer.get('trace', '')}")
                return answer
            if self.proc.poll() is not None:
                raise JourneyFailed(f"the friend's window stopped ({self.proc.returncode}):\n{self.stderr()}")
            host.frame()
        raise JourneyFailed(f"the friend's window never answered {command} (in {frames} of the host's frames)")

    def _line(self, wait: float) -> str | None:
        """A whole line from the friend, waiting at most ``wait`` seconds for its pipe."""
        assert self.proc.stdout is not None
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([self.proc.stdout], [], [], wait)
            if not ready:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8")

    def stderr(self) -> str:
        return self.errors.read_text(encoding="utf-8", errors="replace")[-4000:]

    def end(self, host: Window) -> dict:
        answer = self.ask({"do": "end"}, host)
        self.proc.wait(timeout=60)
        return answer

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)
