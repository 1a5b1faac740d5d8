"""The executable has no ssl module (installer.spec excludes it: ~2.5 MB of the download):
the network table still plays over ws://, a wss:// address is refused in words, and
nothing but websockets' client ever sees the stand-in."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
sys.modules["ssl"] = None                 # as in the executable: `import ssl` fails
from knjazja.net.selfcheck import loopback_check
print(loopback_check(moves=3))
try:
    import ssl
except ImportError:
    print("ssl still absent")
import asyncio
from knjazja.net.ws_client import NoTLS, connect
async def tls():
    try:
        async with connect("wss://127.0.0.1:9"):
            pass
    except NoTLS as e:
        print("wss refused:", e)
asyncio.run(tls())
from knjazja.net.client import ClientSession
c = ClientSession("wss://127.0.0.1:9", "T1", name="A").start()
while c.status != "closed":
    c.poll(block_for=0.5)
print("session:", c.error)
c.close()
"""


def test_a_loopback_table_plays_without_ssl_and_wss_is_refused_in_words():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("network table: 3 moves over loopback")
    assert "ssl still absent" in lines
    assert any(line.startswith("wss refused: this build of the game has no TLS") for line in lines)
    assert any(line.startswith("session: bad address: this build of the game has no TLS") for line in lines)
