"""A client that sends thousands of malformed, oversized, wrong-type, out-of-turn,
wrong-seat and replayed messages: the table goes on, every refusal leaves the game as it
was and is counted in the host's log (at most one line at once: the rest in a summary),
and a stranger never gets a seat."""
import json
import logging

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knjazja.engine import dumps
from knjazja.tools.netbench import ScriptedSeat
from knjazja.net.host import Host, Limits
from knjazja.net.protocol import CLIENT_MESSAGES, MAX_CLIENT_MESSAGE, encode, join_message

FIELDS = sorted({f for fields in CLIENT_MESSAGES.values() for f in fields} | {"t", "x"})
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40), st.floats(allow_nan=False),
                    st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5),
                                                                                          inner, max_size=3),
                      max_leaves=12)
small = st.integers(-3, 120)
actions = st.tuples(st.sampled_from(["draw", "pass", "build", "attack", "declare_war", "bid", "lay", "zap"]),
                    small, small, small, small, st.lists(small, max_size=5)).map(list)


def shaped():
    """Messages of a known type with some fields wrong, missing or extra."""
    return st.builds(lambda t, fields, extra: json.dumps({"t": t, **fields, **extra}),
                     st.sampled_from(sorted(CLIENT_MESSAGES)),
                     st.dictionaries(st.sampled_from(FIELDS), values, max_size=5),
                     st.dictionaries(st.sampled_from(FIELDS), values, max_size=2))


def raw_messages(replays):
    return st.one_of(
        st.text(max_size=60), st.binary(max_size=60), shaped(),
        st.builds(lambda a, at, n: encode("action", n=n, at=at, action=a), actions, st.integers(0, 400),
                  st.integers(0, 50)),
        st.builds(lambda seat, token, pw: join_message("fri", seat=seat, token=token, password=pw),
                  st.integers(-1, 7), st.text(max_size=40), st.text(max_size=8)),
        st.just("[" * 10_000), st.just(json.dumps({"t": "ping", "n": 1, "pad": "x" * MAX_CLIENT_MESSAGE})),
        st.sampled_from(replays))


def start():
    host = Host(limits=Limits(rate=1e9, burst=10**9, cost_rate=1e12, total_cost_rate=1e12), new_table_kinds=None)
    host.create_table("fri", ["remote", "remote", "easy"], seed=11)
    a, b = ScriptedSeat(host, "A"), ScriptedSeat(host, "B")
    a.send(join_message("fri", name="A"))
    b.send(join_message("fri", name="B"))
    return host, a, b


HOST, A, B = start()
STRANGERS = [ScriptedSeat(HOST, "stranger")]      # one cut off (it may only join) comes again
SENT = [0]
MOVER = A if HOST.tables["fri"].state.decision.seat == 0 else B
REPLAYS = [join_message("fri", token=""), join_message("fri", seat=0), encode("resync"), encode("bye", n=1),
           encode("action", n=1, at=0, action=MOVER.last_state()["legal"][0])]


@settings(max_examples=100, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.sampled_from(["seated", "other", "stranger"]), raw_messages(REPLAYS)),
                min_size=60, max_size=140))
def test_fuzzed_messages_never_hurt_the_table(batch):
    table = HOST.tables["fri"]
    log = logging.getLogger("knjazja.net")
    lines: list[str] = []
    handler = logging.Handler(logging.INFO)
    handler.emit = lambda record: lines.append(record.getMessage())      # type: ignore[method-assign]
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        for who, raw in batch:
            if STRANGERS[-1].closed:        # its socket closes: the server lets the host know, as here
                HOST.disconnect(STRANGERS[-1].link, STRANGERS[-1].closed)
                STRANGERS.append(ScriptedSeat(HOST, "stranger"))
                assert STRANGERS[-1].link is not None, HOST.last_refusal
            sender = {"seated": MOVER, "other": B if MOVER is A else A, "stranger": STRANGERS[-1]}[who]
            before, refused_before, noted = dumps(table.state), HOST.refusals, HOST.refused_log.total
            lines.clear()
            sender.send(raw)
            SENT[0] += 1
            refused = HOST.refusals - refused_before
            if refused:
                assert dumps(table.state) == before                # a refusal changes nothing
                assert len([x for x in lines if x.startswith("refused")]) <= refused == 1
                assert HOST.refused_log.total - noted in (1, 2)      # (2: and a stranger cut off)
            assert all(p.link.table is None or p.link.seat not in (0, 1) for p in STRANGERS)   # never a seat
    finally:
        log.removeHandler(handler)
    assert HOST.seated[("fri", 0)] in (A.link, B.link) or table.state.over


def test_the_table_goes_on_after_the_fuzz():
    """After all that (about 10,000 messages), the seated players finish the game normally."""
    assert SENT[0] >= 8000 and HOST.refusals >= SENT[0] * 0.9
    table = HOST.tables["fri"]
    for p in (A, B):
        p.send(encode("resync"))         # a 'bye' in the fuzz may have closed a line: the host keeps the seat
    number = 10_000
    while not table.state.over:
        for p in (A, B):
            st_ = p.last_state()
            if st_["legal"] and st_["at"] == len(table.state.history):
                number += 1
                p.send(encode("action", n=number, at=st_["at"], action=st_["legal"][0]))
    assert table.state.over
