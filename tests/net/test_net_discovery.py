"""Tables found on the local network: an announcer on loopback answers a good probe with its
tables and nothing else with anything; the browser keeps only good answers; an answer stays
one small datagram however many tables; fuzzed probes never stop the announcer."""
import ipaddress
import itertools
import json
import socket
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knjazja import __version__
from knjazja.net import discovery
from knjazja.net.discovery import (ANSWER, MAX_ANSWER, MAX_PROBE, MAX_TABLES, PROBE, Announcer, Browser, Found,
                                   answer_bytes, browse, is_probe, local_addresses, probe_bytes, read_answer,
                                   table_entry)
from knjazja.net.protocol import PROTOCOL_VERSION

WAIT = 10.0          # seconds a test waits for a datagram that should come (it comes at once)
BROWSE = 1.5         # seconds a browse gathers answers (loopback answers at once; a loaded machine is slow)
TABLES = [table_entry("friday", 7654, "Ольга", 3, 2, False), table_entry("late", 7654, "Olga", 4, 1, True)]


def ticking():
    """A clock one minute later at every reading: the rate limit never bites (its own test has its own)."""
    return itertools.count(0, 60).__next__


@pytest.fixture
def announcer():
    a = Announcer(lambda: TABLES, port=0, address="127.0.0.1", clock=ticking())
    assert a.start()
    yield a
    a.stop()


@pytest.fixture
def prober():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    s.settimeout(WAIT)
    yield s
    s.close()


def probe(data, **fields):
    return json.dumps({"t": PROBE, "v": PROTOCOL_VERSION, **fields}).encode() if data is None else data


def nothing_waiting(sock):
    sock.setblocking(False)
    try:
        sock.recv(4096)
    except BlockingIOError:
        return True
    finally:
        sock.settimeout(WAIT)
    return False


def test_an_announcer_on_loopback_is_found_with_its_tables(announcer):
    found = browse(timeout=BROWSE, targets=["127.0.0.1"], port=announcer.port)
    assert found == [Found("127.0.0.1", 7654, "late", "Olga", 4, 1, True, __version__),
                     Found("127.0.0.1", 7654, "friday", "Ольга", 3, 2, False, __version__)]
    assert announcer.answered >= 1 and announcer.failures == 0


def test_the_browser_runs_off_the_frame(announcer):
    b = Browser(timeout=BROWSE, targets=["127.0.0.1"], port=announcer.port).start()
    assert b.wait(WAIT) and b.done
    assert {f.code for f in b.results} == {"friday", "late"}


BAD_PROBES = [
    b"", b"knjazja?", b"\xff\xfe", b"[]", b'"knjazja?"', b"null", b"{}",
    json.dumps({"t": PROBE}).encode(), json.dumps({"v": PROTOCOL_VERSION}).encode(),
    probe(None, x=1), probe(None, pad="x" * MAX_PROBE),
    json.dumps({"t": PROBE, "v": PROTOCOL_VERSION + 1}).encode(),
    json.dumps({"t": PROBE, "v": 0}).encode(),
    json.dumps({"t": PROBE, "v": True}).encode(), json.dumps({"t": PROBE, "v": 1.0}).encode(),
    json.dumps({"t": PROBE, "v": str(PROTOCOL_VERSION)}).encode(),
    json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION}).encode(),
    json.dumps({"t": "KNJAZJA?", "v": PROTOCOL_VERSION}).encode(),
    b'{"t":"knjazja?","v":1,"v":1}', b'{"t":"knjazja?","v":NaN}',
    json.dumps({"t": PROBE, "v": PROTOCOL_VERSION}).encode("utf-16"),
    b"[" * 5000, b" " * (MAX_PROBE + 1) + probe_bytes(),
]


def test_malformed_oversized_and_wrong_version_probes_get_no_answer(announcer, prober):
    for bad in BAD_PROBES:
        assert not is_probe(bad), bad
        prober.sendto(bad, ("127.0.0.1", announcer.port))
    prober.sendto(probe_bytes(), ("127.0.0.1", announcer.port))
    answer, source = prober.recvfrom(4096)          # one thread, in order: every bad one came first
    assert read_answer(answer) == TABLES and source == ("127.0.0.1", announcer.port)
    assert nothing_waiting(prober)
    assert (announcer.answered, announcer.ignored, announcer.failures) == (1, len(BAD_PROBES), 0)


def test_answers_to_one_address_are_rate_limited():
    now = [0.0]
    a = Announcer(lambda: TABLES, port=0, clock=lambda: now[0])
    sent = []
    for _ in range(8):
        a.handle(probe_bytes(), ("192.168.1.20", 5000), lambda data, to: sent.append(to) or len(data))
    a.handle(probe_bytes(), ("192.168.1.21", 5000), lambda data, to: sent.append(to) or len(data))
    assert (a.answered, a.limited) == (6, 3)
    now[0] = 1.0
    a.handle(probe_bytes(), ("192.168.1.20", 5000), lambda data, to: sent.append(to) or len(data))
    assert a.answered == 7


def test_only_nearby_addresses_are_answered():
    a = Announcer(lambda: TABLES, port=0, clock=ticking())
    sent = []
    for source in ["8.8.8.8", "192.168.1.2", "10.0.0.3", "172.16.4.4", "169.254.1.1", "127.0.0.1", "100.64.0.9"]:
        a.handle(probe_bytes(), (source, 7), lambda data, to: sent.append(to[0]) or len(data))
    assert sent == ["192.168.1.2", "10.0.0.3", "172.16.4.4", "169.254.1.1", "127.0.0.1", "100.64.0.9"]


def test_a_failing_describe_is_no_answer_and_no_failure():
    def broken():
        raise RuntimeError("tables changed meanwhile")
    a = Announcer(broken, port=0, clock=ticking())
    sent = []
    a.handle(probe_bytes(), ("127.0.0.1", 7), lambda data, to: sent.append(data) or len(data))
    assert sent == [] and a.failures == 0


def good_answer(**changes):
    table = {**TABLES[0], **changes}
    return json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION, "tables": [table]}, ensure_ascii=False).encode()


BAD_ANSWERS = [
    b"", b"[]", b"\xff", b"{}", good_answer()[:-1], good_answer() + b" " * MAX_ANSWER,
    json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION}).encode(),
    json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION + 1, "tables": []}).encode(),
    json.dumps({"t": PROBE, "v": PROTOCOL_VERSION, "tables": []}).encode(),
    json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION, "tables": {}}).encode(),
    json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION, "tables": [], "more": 1}).encode(),
    json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION, "tables": [TABLES[1]] * (MAX_TABLES + 1)}).encode(),
    good_answer(code="../x"), good_answer(code=""), good_answer(code=7), good_answer(port=0),
    good_answer(port=70000), good_answer(port="7654"), good_answer(port=True), good_answer(name="x" * 25),
    good_answer(name="a\nb"), good_answer(name=None), good_answer(seats=1), good_answer(seats=9),
    good_answer(free=4), good_answer(free=-1), good_answer(password=1), good_answer(game_version=""),
    good_answer(game_version="\x1b[2J"), good_answer(extra=1),
    json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION, "tables": [{k: v for k, v in TABLES[0].items()
                                                                   if k != "free"}]}).encode(),
]


@pytest.mark.parametrize("data", BAD_ANSWERS)
def test_a_bad_answer_is_dropped_whole(data):
    assert read_answer(data) is None


def answer_badly(sock, replies, finished):
    """A fake host: to the first probe, a bad answer for each of ``replies`` but the last, good one."""
    try:
        _, source = sock.recvfrom(4096)
        for data in replies:
            sock.sendto(data, source)
    finally:
        finished.set()


def test_the_browser_drops_malformed_answers_and_keeps_the_good_one():
    fake = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    fake.bind(("127.0.0.1", 0))
    fake.settimeout(WAIT)
    finished = threading.Event()
    good = good_answer(code="good")
    thread = threading.Thread(target=answer_badly, args=(fake, [*BAD_ANSWERS, good], finished), daemon=True)
    thread.start()
    try:
        found = browse(timeout=BROWSE, targets=["127.0.0.1"], port=fake.getsockname()[1])
    finally:
        thread.join(WAIT)
        fake.close()
    assert finished.is_set()
    assert [(f.address, f.code, f.name) for f in found] == [("127.0.0.1", "good", "Ольга")]


def test_an_answer_stays_one_small_datagram_with_a_hundred_tables(announcer, prober):
    many = [table_entry(f"t{i:03d}-{'x' * 11}", 65535, "Щ" * 24, 8, 7, True) for i in range(100)]
    data = answer_bytes(many)
    tables = read_answer(data)
    assert len(data) <= MAX_ANSWER and tables is not None and 0 < len(tables) <= MAX_TABLES
    assert tables == many[:len(tables)]
    assert len(answer_bytes([table_entry(f"t{i}", 7654, "Ann", 3, 1, False) for i in range(100)])) <= MAX_ANSWER
    announcer.describe = lambda: many
    prober.sendto(probe_bytes(), ("127.0.0.1", announcer.port))
    assert prober.recv(65536) == data


def test_the_announcer_checks_its_own_tables():
    assert read_answer(answer_bytes([{"code": "x"}, TABLES[0], table_entry("bad code", 1, "", 2, 0, False)])) \
        == [TABLES[0]]


def test_a_taken_port_is_false_not_an_exception(caplog):
    taken = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    taken.bind(("127.0.0.1", 0))
    try:
        a = Announcer(lambda: TABLES, port=taken.getsockname()[1], address="127.0.0.1")
        assert a.start() is False and not a.running
        assert "cannot listen" in caplog.text
        a.stop()
    finally:
        taken.close()


def test_the_announcer_stops_and_frees_its_port():
    a = Announcer(lambda: TABLES, port=0, address="127.0.0.1")
    assert a.start()
    thread, port = a._thread, a.port
    a.stop()
    assert thread is not None and not thread.is_alive() and not a.running
    again = Announcer(lambda: TABLES, port=port, address="127.0.0.1")
    assert again.start()
    again.stop()


def test_no_network_is_no_results_not_an_error(monkeypatch):
    def unreachable(self, data, address):
        raise OSError(101, "Network is unreachable")
    monkeypatch.setattr(socket.socket, "sendto", unreachable)
    assert browse(timeout=0.05, targets=["127.0.0.1", "not a host"], port=9) == []


def test_a_failed_broadcast_still_asks_the_targets(announcer, monkeypatch):
    sendto = socket.socket.sendto

    def no_broadcast(self, data, address):
        if address[0] == discovery.BROADCAST:
            raise PermissionError(1, "Operation not permitted")
        return sendto(self, data, address)
    monkeypatch.setattr(socket.socket, "sendto", no_broadcast)
    assert {f.code for f in browse(timeout=BROWSE, targets=["127.0.0.1"], port=announcer.port)} == {"friday", "late"}


def test_local_addresses_are_ipv4_and_never_raise(monkeypatch):
    addresses = local_addresses()
    assert addresses and all(isinstance(ipaddress.IPv4Address(a), ipaddress.IPv4Address) for a in addresses)
    assert len(set(addresses)) == len(addresses)
    assert all(not a.startswith("127.") for a in addresses) or len(addresses) == 1
    monkeypatch.setattr(discovery, "_routed_address", lambda: [])
    monkeypatch.setattr(discovery, "_named_addresses", lambda: ["127.0.1.1", "::1", "0.0.0.0"])
    assert local_addresses() == ["127.0.1.1"]
    monkeypatch.setattr(discovery, "_named_addresses", lambda: ["127.0.1.1", "192.168.1.7", "192.168.1.7"])
    assert local_addresses() == ["192.168.1.7"]



def test_local_addresses_without_a_network_or_a_name(monkeypatch):
    def nothing(*args):
        raise OSError("no network")
    monkeypatch.setattr(socket.socket, "connect", nothing)
    monkeypatch.setattr(socket, "gethostname", nothing)
    assert local_addresses() == ["127.0.0.1"]


# --- fuzz: whatever arrives, the thread goes on --------------------------------------------
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40), st.floats(), st.text(max_size=20))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4),
                                                                                          inner, max_size=3),
                      max_leaves=8)
shaped = st.builds(lambda fields: json.dumps(fields).encode(),
                   st.dictionaries(st.sampled_from(["t", "v", "x", "tables"]), values | st.sampled_from(
                       [PROBE, ANSWER, PROTOCOL_VERSION]), max_size=4))
datagrams = st.one_of(st.binary(max_size=700), st.text(max_size=100).map(str.encode), shaped,
                      st.builds(lambda pad: probe_bytes()[:-1] + b" " * pad + b"}", st.integers(0, 600)),
                      st.builds(lambda cut: probe_bytes()[:cut], st.integers(0, len(probe_bytes()))))
FUZZED = Announcer(lambda: TABLES, port=0, address="127.0.0.1", clock=ticking())


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.lists(datagrams, min_size=1, max_size=20))
def test_fuzzed_probes_never_stop_the_announcer(batch):
    if not FUZZED.running:
        assert FUZZED.start()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        s.settimeout(WAIT)
        answered = FUZZED.answered
        for data in batch:
            s.sendto(data, ("127.0.0.1", FUZZED.port))
        s.sendto(probe_bytes(), ("127.0.0.1", FUZZED.port))
        expected = sum(is_probe(d) for d in batch) + 1
        answers = [s.recv(4096) for _ in range(expected)]       # the good ones only, the last probe's last
        assert all(read_answer(a) == TABLES for a in answers)
        assert nothing_waiting(s)
    assert FUZZED.running and FUZZED.failures == 0 and FUZZED.answered == answered + expected


def teardown_module():
    FUZZED.stop()
