"""Kinds are named through their enums (`knjazja.engine.kinds`), never as bare strings.

A bare "attack" could be an action, an event or a war stack's side; a typo in one compares
false forever without a word.  So no module outside `kinds.py` compares a `.kind`, `.how`,
`.outcome` or `.result` (or the loop variable `k` the narration and the table use) with a
string literal that is some kind's value, nor builds an Event, Action, Answer or Target
from one.  Saves keep the strings: the enums are `StrEnum`s with the same values."""
from __future__ import annotations

import ast
from pathlib import Path

from knjazja.engine import kinds

ROOT = Path(__file__).resolve().parents[2]
ENUMS = (kinds.CardKind, kinds.DecisionKind, kinds.ActionKind, kinds.EventKind, kinds.AnswerKind,
         kinds.AttackResult, kinds.WarEnd, kinds.TargetKind)
VALUES = {m.value for e in ENUMS for m in e}
BUILDERS = {"Event", "Action", "Answer", "Target"}


def _kindish(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr in ("kind", "how", "outcome", "result")) \
        or (isinstance(node, ast.Name) and node.id == "k")


def _literals(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [x.value for x in node.elts if isinstance(x, ast.Constant) and isinstance(x.value, str)]
    return []


def bare_kinds(source: str) -> list[tuple[int, str]]:
    """(line, value) of every kind written as a bare string in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_kindish(s) for s in sides):
                found += [(node.lineno, v) for s in sides for v in _literals(s) if v in VALUES]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BUILDERS \
                and node.args:
            found += [(node.lineno, v) for v in _literals(node.args[0]) if v in VALUES]
    return found


def test_the_check_sees_a_bare_kind():
    assert bare_kinds('if e.kind == "war_start":\n    pass') == [(1, "war_start")]
    assert bare_kinds('x = k in ("move", "bribed")') == [(1, "move"), (1, "bribed")]
    assert bare_kinds('Event("move", seat=0)') == [(1, "move")]
    assert bare_kinds('if e.kind == EventKind.WAR_START:\n    pass') == []
    assert bare_kinds('tr("log.war_end")') == []


def test_no_module_writes_a_kind_as_a_bare_string():
    offenders = []
    for path in sorted((ROOT / "knjazja").rglob("*.py")):
        if path.name == "kinds.py" or "classic" in path.parts:
            continue
        offenders += [f"{path.relative_to(ROOT)}:{line}: {value!r}"
                      for line, value in bare_kinds(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_enums_keep_the_strings_saves_hold():
    assert kinds.ActionKind.DECLARE_WAR == "war" and hash(kinds.EventKind.MOVE) == hash("move")
    for enum in ENUMS:
        assert all(isinstance(m, str) and m == m.value for m in enum)
    # one namespace, one meaning: a value may repeat across enums, never within one
    assert all(len({m.value for m in e}) == len(e) for e in ENUMS)
