"""The laboratory's bot factory: the shipped levels plus every variant the arena names.

`make_bot` understands the small language of seat kinds: "easy", "normal", "hard" (the
shipped levels, `knjazja.bots.make_bot`); "normal:light" / ":full" / ":none" (the
`bots.sense` presets of the arena, `SENSES`, here; the levels play "pressing"), "normal:read"
and "hard:uniform" (`bots.reading`), and the round look-ahead's experiments, here too:
"hard:exact" (`ExactModel`), "hard:ply" (`ply_leaf`), "hard:wide" (`WIDE_CHOICE`),
"hard:notes" (worlds dealt by the table's notes, `knjazja_lab/belief/belief.py`); Hard's
search modes "hard:tree", "hard:paired", "hard:shrink", "hard:look" with an optional horizon
("hard:tree:0", `learned.py`); "normal@FILE", "hard@FILE" and
"hard-learned@FILE" (other network weights); "normal-classic", "hard-classic" (`classic/`),
"hard-learned"; and the human-like seats "builder", "hoarder", "brawler" (`proxies.py`).
"""
from __future__ import annotations

import random

from knjazja.bots.base import KINDS, Bot, RandomBot
from knjazja.bots.rounds import QuickPolicy
from knjazja.bots.sense import PRESSING, Sense, focus
from knjazja.engine import GameState, legal_actions, observation
from knjazja.engine.actions import TURN

# The hand-written levels before the learned evaluation, kept for side-by-side arenas, and
# the learned tree search, which measured weaker than the learned Normal.
CLASSIC_KINDS = ("normal-classic", "hard-classic", "hard-learned")
ALL_KINDS = KINDS + CLASSIC_KINDS

# The search variants an arena may name after a colon ("hard:paired"); Normal's are the
# `bots.sense` presets.
_LEARNED_MODES = ("round", "tree", "paired", "shrink", "look")    # learned.LearnedHardBot's modes
SEARCH_MODES = {"hard": _LEARNED_MODES, "hard-learned": _LEARNED_MODES,
                "hard-classic": ("ucb", "crn")}
SENSE_KINDS = ("normal", "hard", "hard-learned", "hard-classic")   # take a `bots.sense` preset
READING_KINDS = ("normal", "hard")           # take ":read" or ":uniform" (`bots.reading`)
READINGS = ("read", "uniform")
NOTES = "notes"              # "hard:notes": Hard dealing its worlds by the table's notes
EXACT_MODEL = "exact"        # "hard:exact": Hard's round model values draws exactly
LEAF_PLY = "ply"             # "hard:ply": Hard scores a round by its best move one ply on
WIDE = "wide"                # "hard:wide": more of Normal's moves reach Hard's round
# "hard:wide": Normal's best six moves within 0.3 reach the round, against the shipped four
# within 0.15 (`rounds.judge_by_rounds`); measured no stronger (docs/BOTS_LOG.md), not shipped.
WIDE_CHOICE = {"top_k": 6, "margin": 0.3}

# --- the `bots.sense` presets an arena may name ("normal:light"); the levels play `pressing` ---
FULL_HAND = 7                # `full`: from this many cards on, a seat plays rather than draws
LIGHT = Sense()              # only the cities before the end and the Invasion
FULL = Sense(commit=True, scoring=True, full_hand=FULL_HAND)    # every rule but the last turns'
# before `steady`: in the last three turns (at the soonest end) a card rather than a draw
PRINCE = Sense(last_turns=3, last_wars=False, leader_draws=True)
# Normal's and Hard's before `pressing`: the same once the end is set, and a lean towards
# playing from a full hand
STEADY = Sense(last_turns=3, last_wars=False, leader_draws=True, end_set=True, lean=0.01)
SENSES: dict[str, Sense | None] = {"pressing": PRESSING, "steady": STEADY, "prince": PRINCE, "light": LIGHT,
                                   "full": FULL, "none": None}


def sense_preset(sense: "str | bool | Sense | None") -> Sense | None:
    """A `Sense` from a preset's name (True: `full`, False/None: none)."""
    if sense is None or isinstance(sense, Sense):
        return sense
    if isinstance(sense, bool):
        return FULL if sense else None
    if sense not in SENSES:
        raise ValueError(f"no such sense preset: {sense!r} (one of {', '.join(SENSES)})")
    return SENSES[sense]


class ExactModel(QuickPolicy):
    """"hard:exact": the round's quick Normal values its draws over every card they may
    bring, as Normal does (`lookahead.draw_value`).  It makes Normal's move at nine turns in
    ten instead of two in three (`experiments/model_agreement.py`), but a round costs about
    twice as much, Hard affords fewer worlds, and it measured no stronger (docs/BOTS_LOG.md)."""

    def __init__(self, net, read: bool = False) -> None:
        from knjazja.bots.normal import NormalBot
        self.bot = NormalBot(worlds=1, net=net, read=read, exact_draw=True)


def ply_leaf(s: GameState, me: int, net, policy: QuickPolicy, seed: int) -> float:
    """"hard:ply": the position a round reached, scored from `me`'s view — at `me`'s own
    turn by the best of its moves one ply on (Normal's values in one world, the draw valued
    exactly), so the follow-up a candidate opens (the church after the city, the war on a
    city left bare) counts; elsewhere (a game over, a round cut short) by the network.
    Measured no stronger (docs/BOTS_LOG.md)."""
    from knjazja.bots.lookahead import action_values, evaluate
    if s.over or s.decision.kind != TURN or s.decision.seat != me:
        return evaluate(s, me, net)
    obs = observation(s, me)
    legal = legal_actions(s)
    sense = policy.bot.sense
    if sense is not None:
        legal = [legal[i] for i in focus(obs, legal, sense=sense)]
    return max(action_values(obs, legal, net, random.Random(seed + 1), worlds=1, refine=0))


def make_bot(kind: str, **kw) -> Bot:
    """A bot of one level: "random", "easy", "normal", "hard", "normal-classic", "hard-classic",
    "hard-learned".  "normal" is the learned look-ahead with `bots.sense`'s rules
    ("normal:light", "normal:full", "normal:none" choose other presets; "normal:read" reads
    the others' kept cards, `bots.reading`); "hard" the round look-ahead over Normal's best
    moves (`bots/rounds.py`), reading the kept cards ("hard:uniform" does not; "hard:exact"
    models the seats with their draws valued exactly, as Normal values them; "hard:ply"
    scores each round by its best move one ply on; "hard:wide" plays out Normal's best six
    moves within 0.3 instead of four within 0.15; "hard:notes" deals its worlds by the
    table's notes, `knjazja_lab/belief/belief.py`, not by the kept counts alone);
    "hard-learned" the tree search with the learned evaluation; the classic levels are the
    hand-written bots, kept to measure every gain side by side.

    "normal@FILE", "hard@FILE" and "hard-learned@FILE" use the network weights in FILE
    instead of the shipped ones (to compare trained networks in an arena); "hard@FILE"
    still models the other seats with the shipped network, as Normal plays.  Keyword
    arguments go to the bot: Normal takes `worlds`, `sense` and `read`; Hard and
    Hard-learned take `iterations` (deterministic alone), `time_cap` and `budget` (seconds),
    and Hard `read`; the classic bots take `params`, `budget`, `iterations`, `workers`."""
    k, _, weights = kind.strip().partition("@")
    k, _, variant = k.lower().partition(":")
    kw = _variant_kwargs(k, variant, kw)
    if weights:                       # "normal@path/to/eval.json": another network
        if k not in ("normal", "hard", "hard-learned"):
            raise ValueError(f"only normal, hard and hard-learned take weights, not {k!r}")
        from knjazja.bots.net import default_net, load
        kw = dict(kw, net=load(weights))
        if k == "hard":               # the other seats are still modelled as Normal plays
            kw["model_net"] = default_net()
    if k == "random":
        return RandomBot(**kw)
    if k == "hard" and kw.pop("notes", False):    # "hard:notes": the table's notes read
        from .belief.belief import NotesHardBot
        return NotesHardBot(**kw)
    if k in ("easy", "normal") or (k == "hard" and kw.get("mode", "round") == "round"):
        from knjazja.bots import make_bot as make_level
        return make_level(k, **kw)
    if k == "hard":                   # Hard's other search modes: Hard's settings, searched
        from knjazja.bots.hard import HARD_TIME_CAP, HARD_WORLDS
        from .learned import LearnedHardBot
        if not any(key in kw for key in ("iterations", "time_cap", "budget")):
            kw = dict(kw, iterations=HARD_WORLDS, time_cap=HARD_TIME_CAP)
        bot = LearnedHardBot(**dict({"sense": "pressing", "read": True}, **kw))
        bot.name = "hard"
        return bot
    if k == "hard-learned":
        from .learned import LearnedHardBot
        return LearnedHardBot(**kw)
    if k == "normal-classic":
        from .classic.normal import NormalClassicBot
        return NormalClassicBot(**kw)
    if k == "hard-classic":
        from .classic.hard import HardClassicBot
        return HardClassicBot(**kw)
    from .proxies import PROXY_KINDS, ProxyBot
    if k in PROXY_KINDS:              # the human-like seats of the arena (measuring only)
        if kw:
            raise ValueError(f"{k!r} takes no settings")
        return ProxyBot(k)
    raise ValueError(f"unknown bot kind {kind!r} (use {', '.join(ALL_KINDS + PROXY_KINDS)})")


def _variant_kwargs(k: str, variant: str, kw: dict) -> dict:
    """The keyword arguments a variant after the colon adds ("normal:light", "hard:wide",
    "hard:tree:0"); a variant the kind does not have raises ValueError naming those it has."""
    if variant in READINGS and k in READING_KINDS:   # bots.reading's odds for kept cards, or not
        kw = dict(kw, read=variant == "read")
    elif variant == NOTES and k == "hard":
        kw = dict(kw, notes=True)       # `NotesHardBot`, below
    elif variant == EXACT_MODEL and k == "hard":
        kw = dict(kw, model=ExactModel)
    elif variant == LEAF_PLY and k == "hard":
        kw = dict(kw, leaf=ply_leaf)
    elif variant == WIDE and k == "hard":
        kw = dict(kw, **WIDE_CHOICE)
    elif variant in SENSES and k in SENSE_KINDS:    # "normal:full": which bots.sense rules
        kw = dict(kw, sense=SENSES[variant])
    elif variant:                     # "hard:paired", "hard:tree:0" (search variants)
        mode, _, horizon = variant.partition(":")
        if mode not in SEARCH_MODES.get(k, ()):
            choices = sorted(SEARCH_MODES.get(k, ())) + (sorted(SENSES) if k in SENSE_KINDS
                                                         else []) \
                + (list(READINGS) if k in READING_KINDS else []) \
                + ([NOTES, EXACT_MODEL, LEAF_PLY, WIDE] if k == "hard" else [])
            raise ValueError(f"unknown variant {variant!r} of {k!r}"
                             + (f" (use {', '.join(choices)})" if choices else
                                f": {k!r} has no variants"))
        if horizon:
            try:
                kw = dict(kw, horizon_rounds=float(horizon))
            except ValueError:
                raise ValueError(f"variant {variant!r}: the horizon {horizon!r} must be a "
                                 "number of rounds") from None
        kw = dict(kw, mode=mode)
    return kw
