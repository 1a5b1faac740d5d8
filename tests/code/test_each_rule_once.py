"""Each rule once (issue 47): a city's Glory, Byzantine Aid's Glory and who won are reckoned
in one place each, in the engine (`City.glory_parts` / `City.glory`, `scoring.chronicle_glory`,
`scoring.top_seats` / `win_shares`), and every other module asks it.

The checks read the code (AST): a second place that multiplies by a Throne's or a Quarter's
factor, that turns the troop under a chronicle into Glory, or that finds the winners as
"the best total, and who has it" fails here.  The shipped package and the laboratory
(`knjazja_lab/`, whose classic bots ask the engine too) are both read.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (ROOT / "knjazja", ROOT / "knjazja_lab")     # the game and the laboratory
CITY_GLORY_HOME = "knjazja/engine/state.py"        # City.glory_parts / City.glory
SCORING_HOME = "knjazja/engine/scoring.py"         # chronicle_glory, top_seats, win_shares

FACTORS = ("throne", "quarter", "sloboda")


def every_module() -> list[tuple[str, ast.Module]]:
    return [(path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
            for package in PACKAGES for path in sorted(package.rglob("*.py"))]


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id.lower()
    if isinstance(node, ast.Attribute):
        return node.attr.lower()
    return ""


def glory_formulas(tree: ast.AST) -> list[int]:
    """Lines that reckon a city's Glory: a product with a Throne's or Quarter's factor, or
    such a factor set to a number (``throne = 3``)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            if any(f in _name(side) for side in (node.left, node.right) for f in FACTORS):
                lines.append(node.lineno)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, int) and node.value.value > 1:
            if any(f in _name(t) for t in node.targets for f in FACTORS):
                lines.append(node.lineno)
        elif isinstance(node, ast.IfExp) and _is_factor(node.body) \
                and any(f in w for w in _words(node.test) for f in FACTORS):
            lines.append(node.lineno)          # "3 if throne else 1", "g * 3 if self.throne else g"
    return sorted(set(lines))


def _is_factor(node: ast.AST) -> bool:
    return (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)) or \
        (isinstance(node, ast.Constant) and isinstance(node.value, int) and node.value > 1)


def _words(node: ast.AST) -> list[str]:
    """The names, attributes and strings an expression mentions, in lower case."""
    out = []
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            out.append(n.value.lower())
        elif _name(n):
            out.append(_name(n))
    return out


def _functions(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def byzantine_scorers(tree: ast.AST) -> list[int]:
    """Functions that turn the troop under a chronicle into Glory: they look a card up in
    ``under`` and read a ``STRENGTH``."""
    lines = []
    for fn in _functions(tree):
        reads_under = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                          and n.func.attr == "get" and "under" in _name(n.func.value)
                          for n in ast.walk(fn))
        strength = any(isinstance(n, ast.Subscript) and _name(n.value) == "strength" for n in ast.walk(fn))
        if reads_under and strength:
            lines.append(fn.lineno)
    return lines


def winner_finders(tree: ast.AST) -> list[int]:
    """Functions that find winners by hand: a name bound to the ``max`` of a collection
    (``max(totals)``, not ``max(0, i)``) that is then compared with ``==`` or counted
    (``sc.count(best)``)."""
    lines = []
    for fn in _functions(tree):
        best = {t.id for n in ast.walk(fn) if isinstance(n, ast.Assign)
                and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
                and n.value.func.id == "max" and len(n.value.args) == 1
                and not n.value.keywords          # max(seats, key=...) picks one, e.g. the leader
                for t in n.targets if isinstance(t, ast.Name)}
        if not best:
            continue
        for n in ast.walk(fn):
            if isinstance(n, ast.Compare) and any(isinstance(op, ast.Eq) for op in n.ops) \
                    and any(isinstance(s, ast.Name) and s.id in best for s in [n.left, *n.comparators]):
                lines.append(n.lineno)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "count" \
                    and any(isinstance(a, ast.Name) and a.id in best for a in n.args):
                lines.append(n.lineno)
    return sorted(set(lines))


def places(check) -> dict[str, list[int]]:
    found = {}
    for rel, tree in every_module():
        lines = check(tree)
        if lines:
            found[rel] = lines
    return found


# --- the checks see what they look for ------------------------------------------------------
def test_the_checks_see_a_second_place():
    assert glory_formulas(ast.parse("g = (base * quarter + extra) * throne")) == [1]
    assert glory_formulas(ast.parse("throne = 3")) == [1]
    assert glory_formulas(ast.parse("g = base * 2 + extra")) == []
    assert glory_formulas(ast.parse('q = 2 if "bld.sloboda" in ids else 1')) == [1]
    assert glory_formulas(ast.parse("g = g * 3 if self.throne else g")) == [1]
    src = "def f(obs, ch):\n    t = obs.under.get(ch, -1)\n    return STRENGTH[t]\n"
    assert byzantine_scorers(ast.parse(src)) == [1]
    src = "def f(sc, me):\n    best = max(sc)\n    return 1.0 / sc.count(best) if sc[me] == best else 0.0\n"
    assert winner_finders(ast.parse(src)) == [3]
    assert winner_finders(ast.parse("def f(i, n):\n    j = max(0, i)\n    return j == n\n")) == []
    src = "def f(g):\n    top = max(g.values())\n    return {t for t, x in g.items() if x == top}\n"
    assert winner_finders(ast.parse(src)) == [3]


# --- one place each -------------------------------------------------------------------------
def test_a_city_s_glory_is_reckoned_once():
    assert places(glory_formulas) == {CITY_GLORY_HOME: places(glory_formulas)[CITY_GLORY_HOME]}
    assert len(places(glory_formulas)[CITY_GLORY_HOME]) == 1          # (base × Q + B + G) × T


def test_byzantine_aid_is_scored_once():
    found = places(byzantine_scorers)
    assert list(found) == [SCORING_HOME] and len(found[SCORING_HOME]) == 1, found


def test_the_winners_are_found_once():
    found = places(winner_finders)
    assert list(found) == [SCORING_HOME] and len(found[SCORING_HOME]) == 1, found


def test_the_one_glory_rule_is_the_one_everybody_asks():
    """The bots' and the screens' Glory is the engine's: same numbers on every city and seat
    of a game played out."""
    import random

    from knjazja.bots.features import city_glory
    from knjazja.bots.sense import glory_now
    from knjazja.engine import apply, legal_actions, new_game, observation
    from knjazja.engine.scoring import city_score, final_scores, score

    s = new_game(4, 47)
    rng = random.Random(47)
    while not s.over:
        apply(s, rng.choice(legal_actions(s)))
        for c in s.cities.values():
            base, q, b, g, t = c.glory_parts()
            assert city_glory(c) == c.glory() == city_score(c).total == (base * q + b + g) * t
        obs = observation(s, s.decision.seat if s.decision.seat >= 0 else 0)
        assert [glory_now(obs, i) for i in range(s.n)] == final_scores(s) == [x.total for x in score(s)]
