"""Deals no one can compute: a game's seed has 128 bits of system entropy, saves keep it (and
old saves with small seeds still load), no message a client receives carries it — nor does
the host's log — and a bot's move goes out no sooner than its floor, so how fast it answered
says nothing of its hand."""
import base64
import logging
import random

from knjazja.app.session import GameSession, Seat, replay_log
from knjazja.engine import dumps, loads, new_game
from knjazja.engine.rules import apply, legal_actions
from knjazja.tools.netbench import ScriptedSeat, play_in_process
from knjazja.net.discovery import answer_bytes, table_entry
from knjazja.net.host import Host, Limits
from knjazja.net.protocol import encode, join_message

FREE = Limits(rate=1e9, burst=10**9)
SEED = 0x9F3A7C215BD4E8061A2B3C4D5E6F7081          # 128 bits, every 32-bit word of it large


def test_a_new_game_is_dealt_from_128_bits_of_system_entropy():
    seeds = {GameSession([Seat("A", "human"), Seat("B", "easy")]).state.seed for _ in range(8)}
    assert len(seeds) == 8 and min(s.bit_length() for s in seeds) > 100      # 2**31 before
    host = Host(limits=FREE)
    assert host.create_table("t", ["remote", "easy"]).state.seed.bit_length() > 100


def test_saves_and_replays_keep_a_big_seed_and_old_small_seeds_still_load():
    for seed in (SEED, 12345, 7):                     # a new seed; seeds as old saves hold them
        s, rng = new_game(3, seed), random.Random(seed % 1000)
        for _ in range(40):
            apply(s, rng.choice(legal_actions(s)))
        text = dumps(s, {"seats": []})
        back, _ = loads(text)
        assert back.seed == seed and dumps(back, {"seats": []}) == text
        assert back.hands == s.hands and back.deck == s.deck
        session = GameSession([Seat("A", "human"), Seat("B", "easy"), Seat("C", "easy")], state=back)
        assert [e for _, e in session.feed.entries()] == [e for _, e in replay_log(s)] != []
    assert str(SEED) in dumps(new_game(2, SEED))      # (the save is the host's own file: it keeps the seed)


def seed_patterns(seed: int) -> list[str]:
    """The seed as a message might spell it: decimal, hex, its 32-bit words, its bytes."""
    raw = seed.to_bytes(16, "big")
    words = [str((seed >> k) & 0xFFFFFFFF) for k in range(0, 128, 32)]
    return [str(seed), f"{seed:x}", f"{seed:X}", str(seed & 0x7FFFFFFF), *words, raw.hex(),
            base64.b64encode(raw).decode().rstrip("="), base64.urlsafe_b64encode(raw).decode().rstrip("=")]


def test_no_message_a_client_receives_carries_the_seed(caplog):
    sent: list[str] = []
    host = Host(limits=FREE, tap=lambda link, text: sent.append(text), new_table_kinds=["remote", "remote"])
    with caplog.at_level(logging.DEBUG, logger="knjazja.net"):
        players = play_in_process(host, "sec", ["remote", "easy", "remote"], SEED, random.Random(1))
        stranger = ScriptedSeat(host, "stranger")
        for raw in (join_message("sec", name="x"), encode("resync"), "{", join_message("sec", token="t" * 30)):
            stranger.send(raw)
        players[0].send(encode("resync"))
        players[0].send(encode("action", n=99, at=0, action=["build", 5, -1, 7, -1, []]))
        host.tick()
    table = host.tables["sec"]
    assert table.state.over and table.state.seed == SEED
    datagram = answer_bytes([table_entry("sec", 7654, "host", table.n, 0, False)]).decode()
    texts = sent + [datagram]
    kinds = {text.split('"t":"')[1].split('"')[0] for text in sent}
    assert {"welcome", "seats", "events", "state", "refused"} <= kinds
    for pattern in seed_patterns(SEED):
        assert not any(pattern in text for text in texts), pattern
        assert pattern not in caplog.text, pattern           # not logged either (it was, at "table opened")


def test_a_bots_move_goes_out_no_sooner_than_its_floor():
    """A lone choice is ready at once and a real one after thinking: held to the same floor,
    the time a bot takes says nothing of what it holds."""
    now = [0.0]
    host = Host(limits=Limits(rate=1e9, burst=10**9, bot_floor=0.5), clock=lambda: now[0], background_bots=True)
    table = host.create_table("floor", ["remote", "random"], seed=SEED)
    p = ScriptedSeat(host, "p")
    p.send(join_message("floor", name="P"))
    held = 0
    while not table.state.over and held < 6:
        if table.session.human_to_decide():
            st = p.last_state()
            p.send(encode("action", n=1, at=st["at"], action=st["legal"][0]))
            continue
        at, started = len(table.state.history), now[0]
        host.poll_bots()
        thinker = table.session._thinker
        assert thinker is not None and thinker._job is not None
        thinker._job.wait(30)                 # (its thread has decided: the move is ready, not yet out)
        now[0] = started + 0.49
        host.poll_bots()
        assert len(table.state.history) == at
        now[0] = started + 0.5
        host.poll_bots()
        assert len(table.state.history) > at
        held += 1
    assert held == 6
    assert Host(limits=Limits(bot_floor=0.5)).bot_floor("hard") >= 0.7      # Hard: its time cap
