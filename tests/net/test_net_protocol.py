"""The messages: strict checks that refuse with a reason code and never raise anything else,
and the codec's round trip of what the host sends."""
import json
import random

import pytest

from knjazja import __version__
from knjazja.bots import KINDS
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.net import codec, protocol, seats
from knjazja.net.protocol import MAX_CLIENT_MESSAGE, Refused, decode_client, encode, join_message


def reason(raw):
    with pytest.raises(Refused) as e:
        decode_client(raw)
    return e.value.reason


def test_a_good_join_and_action_pass():
    msg = decode_client(join_message("fri", name="Oleg"))
    protocol.check_versions(msg)
    assert msg["t"] == "join" and msg["table"] == "fri"
    assert decode_client(encode("action", n=1, at=0, action=["draw", -1, -1, -1, -1, []]))["t"] == "action"


@pytest.mark.parametrize("raw, why", [
    ("x" * (MAX_CLIENT_MESSAGE + 1), "too_large"),
    (b"\xff\xfe", "not_json"),
    ("{", "not_json"),
    ('{"t": "ping", "n": NaN}', "not_json"),
    ("[1, 2]", "not_object"),
    ('"ping"', "not_object"),
    ('{"t": "steal"}', "unknown_type"),
    ('{"n": 1}', "unknown_type"),
    ('{"t": 5}', "unknown_type"),
    ('{"t": "ping"}', "missing_field"),
    ('{"t": "ping", "n": 1, "x": 2}', "extra_field"),
    ('{"t": "ping", "n": "1"}', "bad_field"),
    ('{"t": "ping", "n": true}', "bad_field"),
    ('{"t": "ping", "n": -5}', "bad_field"),
    ('{"t": "action", "n": 1, "at": 0, "action": ["draw", -1, -1, -1, -1]}', "bad_field"),
    ('{"t": "action", "n": 1, "at": 0, "action": ["draw", 1.5, -1, -1, -1, []]}', "bad_field"),
    ('{"t": "action", "n": 1, "at": 0, "action": ["draw", -1, -1, -1, -1, [' + ",".join(["1"] * 40) + "]]}",
     "bad_field"),
    ('{"t": "bye", "deep": ' + "[" * 50 + "]" * 50 + "}", "bad_field"),
    ('{"t": "ping", "n": ' + "[" * 5000 + "]" * 5000 + "}", "not_json"),
])
def test_malformed_messages_are_refused_with_a_reason(raw, why):
    assert reason(raw) == why


def test_a_join_from_another_game_or_ruleset_is_refused():
    for field, value, why in [("protocol", 99, "version"), ("game", "0.0.1", "game_version"),
                              ("ruleset", "1.0:0000", "ruleset")]:
        msg = json.loads(join_message("fri"))
        msg[field] = value
        with pytest.raises(Refused) as e:
            protocol.check_versions(decode_client(json.dumps(msg)))
        assert e.value.reason == why
    assert json.loads(join_message("x"))["game"] == __version__


def test_the_ruleset_fingerprint_names_the_version_and_the_cards():
    fp = protocol.ruleset_fingerprint()
    assert fp.startswith("1.0:") and len(fp) == len("1.0:") + 16


def test_seat_kinds_follow_the_bots():
    assert seats.BOTS == KINDS
    assert seats.parse_seats("Remote, remote ,normal") == ["remote", "remote", "normal"]
    for bad in ("remote", "normal,normal", "remote,human", "remote,wizard", ",".join(["remote"] * 9)):
        with pytest.raises(ValueError):
            seats.parse_seats(bad)
    assert seats.parse_seats("remote,human", local=True) == ["remote", "human"]


def test_events_and_observations_survive_the_trip():
    for seed in range(6):
        s = new_game(2 + seed % 4, seed)
        rng = random.Random(seed)
        while not s.over:
            for e in apply(s, rng.choice(legal_actions(s))):
                for seat in range(s.n):
                    mine = e.for_seat(seat)
                    assert codec.event_from_json(json.loads(json.dumps(codec.event_to_json(mine)))) == mine
            seat = len(s.history) % s.n
            data = codec.observation_to_json(observation(s, seat))
            back = codec.observation_from_json(json.loads(json.dumps(data)))
            assert codec.observation_to_json(back) == data


def test_the_codec_refuses_a_malformed_observation():
    data = codec.observation_to_json(observation(new_game(3, 1), 0))
    for broken in (dict(data, hand=[500]), dict(data, extra=1), {k: v for k, v in data.items() if k != "war"},
                   dict(data, decision=[0, "dance"]), dict(data, n=1)):
        with pytest.raises((ValueError, KeyError)):
            codec.observation_from_json(broken)
