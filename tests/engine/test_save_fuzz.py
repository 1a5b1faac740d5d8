"""Crafted saves: whatever a file holds, loading gives a state or one SaveError line.

Hypothesis mutates real saves — types, values, lengths, missing and extra keys, huge
numbers, deep nesting, long action lists — and RE-SIGNS each with a valid checksum, so
the header validation and the replay are reached, not just the checksum.
KNJAZJA_FUZZ_SAVES=50000 runs more crafted saves than the suite's 2,000.
"""
import copy
import json
import os
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knjazja.engine import (GameOptions, SaveError, apply, dumps, from_bytes, legal_actions,
                            loads, new_game)
from knjazja.engine import saves
from knjazja.engine.saves import _checksum, from_json

from scenario import check_cards

FUZZ_SAVES = int(os.environ.get("KNJAZJA_FUZZ_SAVES", "2000"))
OUTCOMES: Counter = Counter()


def _real_save(n, seed, steps, options):
    s = new_game(n, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.over:
            break
        apply(s, rng.choice(legal_actions(s)))
    meta = {"seats": [{"name": f"Князь {i}", "kind": "human" if i == 0 else "normal"}
                      for i in range(n)], "series": False}
    return json.loads(dumps(s, meta))


# Short games keep the replays, and so the suite, fast.
SAVES = [_real_save(n, seed, steps, GameOptions(strict, invasion))
         for n, seed, steps, strict, invasion in
         [(2, 1, 0, False, False), (2, 5, 12, True, False), (3, 7, 20, False, True),
          (4, 11, 16, True, True), (5, 2, 25, False, False), (8, 3, 18, False, True)]]


def resign(data):
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if k != "checksum"}
        data["checksum"] = _checksum(data)
    return json.dumps(data, ensure_ascii=False)


# --- mutations ---------------------------------------------------------------------------
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 110), st.sampled_from([-1, 2**31, 2**63, -2**63]),
    st.sampled_from([10**20, 10**300]), st.floats(allow_nan=False),
    st.text(max_size=12), st.sampled_from(["draw", "attack", "war", "knjazja-save", "1.0"]))
# Shallow on purpose (st.recursive is slow to draw); the "nest" edit makes deep values.
JSON = st.one_of(SCALARS, st.lists(SCALARS, max_size=6),
                 st.dictionaries(st.text(max_size=8), SCALARS, max_size=4))
KEYS = sorted(saves.KEYS) + ["extra", "Players", ""]


def pick_container(draw, data):
    """A container somewhere in `data`: a random walk down from the root."""
    box = data
    for _ in range(draw(st.integers(0, 4))):
        kids = [k for k in (box.values() if isinstance(box, dict) else box)
                if isinstance(k, (dict, list))]
        if not kids:
            break
        box = draw(st.sampled_from(kids))
    return box


def mutate(draw, data):
    """One random edit somewhere in `data` (in place; the root stays a dict)."""
    box = pick_container(draw, data)
    keys = list(box) if isinstance(box, dict) else list(range(len(box)))
    op = draw(st.sampled_from(["replace", "replace", "number", "delete", "insert", "nest",
                               "truncate", "repeat", "action", "actions"]))
    key = draw(st.sampled_from(keys)) if keys else None
    if op == "replace" and key is not None:
        box[key] = draw(JSON)
    elif op == "number" and key is not None and type(box[key]) is int:
        box[key] = draw(st.sampled_from([box[key] + 1, box[key] - 1, -box[key], box[key] * 7,
                                         10**300, -(10**300), 2**64, 150, 100]))
    elif op == "delete" and key is not None:
        del box[key]
    elif op == "insert":
        if isinstance(box, dict):
            box[draw(st.sampled_from(KEYS))] = draw(JSON)
        else:
            box.insert(draw(st.integers(0, len(box))), draw(JSON))
    elif op == "nest" and key is not None:
        for _ in range(draw(st.sampled_from([1, 5, 40, 200]))):
            box[key] = [box[key]]
    elif op == "truncate" and isinstance(box, list):
        del box[draw(st.integers(0, len(box))):]
    elif op == "repeat" and isinstance(box, list) and box:
        box.extend(box[-1:] * draw(st.sampled_from([1, 3, 50])))
    elif op == "action":                      # a plausible action with one wrong field
        act = data.get("actions")
        if isinstance(act, list):
            act.insert(draw(st.integers(0, len(act))),
                       [draw(st.sampled_from(["draw", "build", "attack", "war", "event", "x"])),
                        *draw(st.lists(st.sampled_from([-1, 0, 3, 99, 100, 150, -2, 10**20]),
                                       min_size=4, max_size=4)),
                        draw(st.lists(st.integers(-2, 120), max_size=3))])
    elif op == "actions":                     # a very long action list
        data["actions"] = [["draw", -1, -1, -1, -1, []]] * draw(
            st.sampled_from([60, 600]))


STEPS = 4        # mutations per example; the save after each one is loaded: 4 saves


@st.composite
def crafted_saves(draw):
    """STEPS crafted saves: one real save mutated a little more each time, each re-signed."""
    data = copy.deepcopy(SAVES[draw(st.integers(0, len(SAVES) - 1))])
    out = []
    for _ in range(STEPS):
        mutate(draw, data)
        out.append(resign(data))
    return out


def outcome_class(msg):
    """'save is invalid at action N: malformed action', 'not a Knjaz'ja save', ..."""
    head, _, rest = msg.partition(": ")
    head = re.sub(r"\d+", "N", head.split(" (")[0])
    if head.startswith("save uses ruleset"):
        return "save uses another ruleset"
    words = re.sub(r"\d+", "N", rest).split()
    return head + (": " + " ".join(words[:2]) if words else "")


def load_or_refuse(text):
    """The only two outcomes allowed: a sound state, or SaveError with one short line."""
    try:
        s, meta = loads(text)
    except SaveError as e:
        msg = str(e)
        assert msg and "\n" not in msg and len(msg) <= 300, msg
        OUTCOMES["refused: " + outcome_class(msg)] += 1
        return
    check_cards(s)
    assert isinstance(meta, dict)
    OUTCOMES["loaded"] += 1


@settings(max_examples=-(-FUZZ_SAVES // STEPS), deadline=None, database=None,
          derandomize="KNJAZJA_FUZZ_SAVES" not in os.environ,
          suppress_health_check=list(HealthCheck))
@given(crafted_saves())
def _fuzz(texts):
    for text in texts:
        load_or_refuse(text)


def test_crafted_resigned_saves_only_ever_raise_save_error():
    OUTCOMES.clear()
    _fuzz()
    total = sum(OUTCOMES.values())
    print(f"\n{total} crafted saves: " + ", ".join(f"{k} {v}" for k, v in OUTCOMES.most_common()))
    assert total >= FUZZ_SAVES
    refused = total - OUTCOMES["loaded"]
    # both outcomes happen, and refusals come from validation and replay alike
    assert OUTCOMES["loaded"] > 0 and refused > total // 2
    classes = {k.split(":")[1].strip() for k in OUTCOMES if k.startswith("refused")}
    for reason in ("save is invalid at action N", "save is invalid", "not a Knjaz'ja save"):
        assert reason in classes, classes
    assert OUTCOMES["refused: save is invalid at action N: malformed action"] > 0


# --- the hostile files the mutations cannot write -------------------------------------------
def good():
    return copy.deepcopy(SAVES[3])


def test_the_reported_crash_an_out_of_range_card_is_a_save_error():
    data = good()
    data["actions"][2] = ["build", 150, -1, 0, -1, []]
    with pytest.raises(SaveError, match=r"at action 3: malformed action 'build <no card 150>"):
        loads(resign(data))


def test_deep_nesting_in_the_text_is_a_save_error():
    text = resign(good())
    deep = text[:-1] + ', "meta": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(SaveError, match="nested deeper"):
        loads(deep)
    data = good()
    nested = 1
    for _ in range(40):                            # under Python's limit, over the save's
        nested = [nested]
    data["meta"] = {"a": nested}
    with pytest.raises(SaveError, match="nested deeper than 32"):
        loads(resign(data))


def test_huge_numbers_and_non_json_constants_are_save_errors():
    text = resign(good())
    with pytest.raises(SaveError, match="not valid JSON"):
        loads(text.replace('"seed":', '"seed":' + "9" * 5000 + ",\"x\":", 1))
    with pytest.raises(SaveError, match="not valid JSON"):
        loads(text.replace('"seed":', '"seed":NaN,"x":', 1))
    lone = text.replace('"meta": {', '"meta": {"name": "\\ud800", ', 1)     # a lone surrogate
    assert lone != text
    with pytest.raises(SaveError, match="not JSON data"):
        loads(lone)
    data = copy.deepcopy(SAVES[0])                 # no actions: any seed deals a game
    data["seed"] = 10**4000                        # JSON allows it: a seed like any other
    assert loads(resign(data))[0].seed == 10**4000
    data["players"] = 10**4000
    with pytest.raises(SaveError, match="players must be 2..8"):
        loads(resign(data))


@pytest.mark.parametrize("change", [
    lambda d: d.update(seed=10**5000),              # past the 4300-digit int-to-str limit
    lambda d: d.update(meta={1, 2}),                # not JSON data at all
    lambda d: d.update(meta={(1, 2): 3}),
    lambda d: d.update(options={"strict_defence": 1}),
    lambda d: d.update(actions=tuple(d["actions"])),
    lambda d: d["actions"].append(("draw", -1, -1, -1, -1, ())),
])
def test_python_objects_given_to_from_json_are_save_errors(change):
    data = good()
    change(data)
    with pytest.raises(SaveError):
        from_json(data)


def test_size_and_action_count_limits():
    data = good()
    data["actions"] = [["draw", -1, -1, -1, -1, []]] * (saves.MAX_ACTIONS + 1)
    with pytest.raises(SaveError, match=f"the limit is {saves.MAX_ACTIONS}"):
        loads(resign(data))
    big = resign(good())[:-1] + ', "pad": "' + "x" * saves.MAX_SAVE_BYTES + '"}'
    with pytest.raises(SaveError, match="too large"):
        loads(big)
    with pytest.raises(SaveError, match="huge.json is too large") as info:
        from_bytes(big.encode("utf-8"), "save huge.json")
    assert info.value.kind == "too_large"


def test_replay_work_is_limited(monkeypatch):
    monkeypatch.setattr(saves, "MAX_REPLAY_CHOICES", 30)
    with pytest.raises(SaveError, match="lists over 30 choices"):
        loads(resign(good()))


def test_unknown_and_missing_fields(tmp_path):
    data = good()
    data["cheat"] = True
    with pytest.raises(SaveError, match="unknown field 'cheat'"):
        loads(resign(data))
    for key in ("players", "seed", "first_player", "options", "actions"):
        data = good()
        del data[key]
        with pytest.raises(SaveError, match=f"'{key}' is missing"):
            loads(resign(data))
    data = good()
    del data["meta"]                                  # meta is optional
    assert loads(resign(data))[1] == {}


def test_bytes_that_are_not_utf8_are_a_save_error():
    with pytest.raises(SaveError, match="not UTF-8") as info:
        from_bytes(resign(good()).encode("utf-8") + b"\xff\xfe")
    assert info.value.kind == "not_save"
