"""Saves (JSON, replayed through the rules) and illegal actions."""
import json
import random

import pytest

from knjazja.engine import (Action, GameOptions, IllegalAction, SaveError, apply, dumps, from_bytes,
                            legal_actions, loads, new_game)
from knjazja.engine.saves import _checksum
from scenario import fingerprint, random_playout, scenario


def played(n=4, seed=3, steps=None, options=None):
    s = new_game(n, seed=seed, options=options)
    rng = random.Random(seed)
    k = 0
    while not s.over and (steps is None or k < steps):
        apply(s, rng.choice(legal_actions(s)))
        k += 1
    return s


# --- round trips -------------------------------------------------------------------------------
@pytest.mark.parametrize("n,seed,steps", [(2, 1, None), (4, 3, 40), (8, 5, None), (3, 7, 0)])
def test_save_load_replays_to_the_identical_state(n, seed, steps):
    s = played(n, seed, steps, GameOptions(strict_defence=seed % 2 == 1))
    back, meta = loads(dumps(s, {"names": ["A", "B"]}))
    assert fingerprint(back) == fingerprint(s)
    assert meta == {"names": ["A", "B"]}
    assert legal_actions(back) == legal_actions(s)


def test_loaded_game_continues_identically():
    s = played(4, 11, 30)
    back, _ = loads(dumps(s))
    rng1, rng2 = random.Random(5), random.Random(5)
    while not s.over:
        apply(s, rng1.choice(legal_actions(s)))
        apply(back, rng2.choice(legal_actions(back)))
        assert fingerprint(s) == fingerprint(back)
    assert back.over


def test_bytes_round_trip():
    """What a file holds (UTF-8 bytes) loads back; the file itself is the app's (tests/app)."""
    s = played(3, 2, 25)
    back, meta = from_bytes(dumps(s, {"slot": "Поход"}).encode("utf-8"), "save a.json")
    assert fingerprint(back) == fingerprint(s) and meta == {"slot": "Поход"}


def test_options_are_saved():
    s = played(3, 4, 10, GameOptions(strict_defence=True, invasion_first_round=True))
    back, _ = loads(dumps(s))
    assert back.options == GameOptions(strict_defence=True, invasion_first_round=True)


# --- illegal actions --------------------------------------------------------------------------
def illegal_candidates(s):
    seat = s.decision.seat
    other = (seat + 1) % s.n
    yield Action("pass") if s.deck else Action("draw")
    if s.hands[other]:
        yield Action("play_city", card=s.hands[other][0], seat=seat)
    yield Action("war", city=99)
    yield Action("attack", cards=(0, 1))
    yield Action("no_such_kind")


@pytest.mark.parametrize("seed", range(6))
def test_illegal_action_raises_naming_it_and_changes_nothing(seed):
    s = played(4, seed, 15 + seed * 7)
    text_before, fp_before = dumps(s), fingerprint(s)
    for bad in illegal_candidates(s):
        if bad in legal_actions(s):
            continue
        with pytest.raises(IllegalAction) as exc:
            apply(s, bad)
        msg = str(exc.value)
        assert str(bad) in msg and "\n" not in msg
        assert dumps(s) == text_before and fingerprint(s) == fp_before


def test_illegal_action_from_a_scenario_names_the_card():
    s = scenario(n=3, hands={0: ["bld.church"], 1: ["city.kiev"]})
    before = fingerprint(s)
    bad = Action("play_city", card=s.hands[1][0], seat=0)
    with pytest.raises(IllegalAction, match="city.kiev"):
        apply(s, bad)
    assert fingerprint(s) == before
    with pytest.raises(IllegalAction):
        apply(s, ("draw",))                                  # not an Action at all
    assert fingerprint(s) == before


# --- broken saves ---------------------------------------------------------------------------------
def good_text():
    return dumps(played(4, 8, 30))


def resign(data):
    body = {k: v for k, v in data.items() if k != "checksum"}
    return json.dumps(dict(body, checksum=_checksum(body)))


def one_line_error(text, match):
    with pytest.raises(SaveError) as exc:
        loads(text)
    msg = str(exc.value)
    assert "\n" not in msg and msg.strip() == msg and msg
    assert match in msg, msg
    return msg


def test_corrupt_json():
    one_line_error("{not json", "not valid JSON")
    one_line_error("", "not valid JSON")


def test_truncated_save():
    text = good_text()
    one_line_error(text[: len(text) // 2], "not valid JSON")


def test_not_an_object_or_foreign_format():
    one_line_error("[1, 2, 3]", "not a Knjaz'ja save")
    data = json.loads(good_text())
    data["format"] = "other-game"
    one_line_error(json.dumps(data), "not a Knjaz'ja save")
    one_line_error(json.dumps({"hello": "world"}), "not a Knjaz'ja save")


def test_future_version():
    data = json.loads(good_text())
    data["version"] = 99
    msg = one_line_error(resign(data), "newer version")
    assert "99" in msg


def test_edited_action_breaks_the_checksum():
    data = json.loads(good_text())
    data["actions"][3][0] = "draw" if data["actions"][3][0] != "draw" else "pass"
    one_line_error(json.dumps(data), "checksum")


def test_edited_checksum():
    data = json.loads(good_text())
    data["checksum"] = "0" * 64
    one_line_error(json.dumps(data), "checksum")
    del data["checksum"]
    one_line_error(json.dumps(data), "checksum")


def test_edited_action_with_a_recomputed_checksum_is_illegal_at_its_number():
    data = json.loads(good_text())
    data["actions"][5] = ["war", -1, -1, 99, -1, []]
    one_line_error(resign(data), "at action 6")
    data["actions"][5] = ["draw", "x", -1, -1, -1, []]
    one_line_error(resign(data), "at action 6")


def test_edited_header_fields():
    base = json.loads(good_text())
    for key, value, match in (("players", 12, "invalid"), ("players", "4", "invalid"),
                              ("options", {"cheat": True}, "invalid"),
                              ("ruleset", "0.1", "ruleset"), ("actions", "none", "invalid"),
                              ("meta", [], "invalid"), ("version", "1", "version")):
        data = dict(base)
        data[key] = value
        one_line_error(resign(data), match)


def test_changed_seed_replays_differently_or_fails():
    data = json.loads(good_text())
    data["seed"] += 1
    try:
        s, _ = loads(resign(data))
    except SaveError as e:
        assert "at action" in str(e)
    else:
        assert fingerprint(s) != fingerprint(loads(good_text())[0])


def test_save_of_a_finished_game():
    s = new_game(3, seed=1)
    random_playout(s, random.Random(1))
    back, _ = loads(dumps(s))
    assert back.over and fingerprint(back) == fingerprint(s)


def test_saves_name_the_game_version_that_wrote_them():
    import json

    import knjazja
    from knjazja.engine import saves
    from knjazja.engine.game import new_game
    s = new_game(3, 5)
    data = saves.to_json(s)
    assert data["game_version"] == knjazja.__version__
    saves.from_json(json.loads(json.dumps(data)))                      # loads
    older = {k: v for k, v in data.items() if k not in ("game_version", "checksum")}
    saves.from_json(dict(older, checksum=saves._checksum(older)))     # a save from before: loads
    bad = dict(older, game_version=["1"])
    with pytest.raises(saves.SaveError, match="game_version"):
        saves.from_json(dict(bad, checksum=saves._checksum(bad)))


# -- what the player is told ------------------------------------------------------------------
def _refusal(text: str) -> SaveError:
    with pytest.raises(SaveError) as caught:
        loads(text)
    return caught.value


def test_every_refusal_names_its_kind_for_the_player():
    from knjazja.engine.saves import SAVE_ERROR_KINDS
    s = new_game(3, 5)
    for _ in range(6):
        apply(s, legal_actions(s)[0])
    good = json.loads(dumps(s))

    def signed(**change) -> str:
        data = dict(good, **change)
        data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
        return json.dumps(data)

    bad_move = [list(a) if isinstance(a, list) else a for a in good["actions"]]
    bad_move[3] = ["war", 150]
    cases = {"not_save": "[1, 2", "edited": json.dumps(dict(good, seed=good["seed"] + 1)),
             "newer": signed(version=good["version"] + 1), "ruleset": signed(ruleset="other"),
             "too_large": signed(actions=[good["actions"][0]] * 30_000)}
    for kind, text in cases.items():
        error = _refusal(text)
        assert error.kind == kind and error.kind in SAVE_ERROR_KINDS and error.at is None, (kind, error)
    error = _refusal(signed(actions=bad_move))
    assert (error.kind, error.at) == ("invalid", 4)

