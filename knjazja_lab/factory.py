"""The laboratory's bot factory: the shipped levels plus every variant the arena names.

`make_bot` understands the small language of seat kinds: "easy", "normal", "hard" (the
shipped levels, `knjazja.bots.make_bot`); "normal:light" / ":full" / ":none" (`bots.sense`
presets), "normal:read" and "hard:uniform" (`bots.reading`), "hard:exact", "hard:ply",
"hard:wide"; Hard's search modes "hard:tree", "hard:paired", "hard:shrink", "hard:look"
with an optional horizon ("hard:tree:0", `learned.py`); "normal@FILE", "hard@FILE" and
"hard-learned@FILE" (other network weights); "normal-classic", "hard-classic" (`classic/`),
"hard-learned"; and the human-like seats "builder", "hoarder", "brawler" (`proxies.py`).
"""
from __future__ import annotations

from knjazja.bots.base import KINDS, Bot, RandomBot

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
EXACT_MODEL = "exact"        # "hard:exact": Hard's round model values draws exactly
LEAF_PLY = "ply"             # "hard:ply": Hard scores a round by its best move one ply on
WIDE = "wide"                # "hard:wide": more of Normal's moves reach Hard's round


def make_bot(kind: str, **kw) -> Bot:
    """A bot of one level: "random", "easy", "normal", "hard", "normal-classic", "hard-classic",
    "hard-learned".  "normal" is the learned look-ahead with `bots.sense`'s rules
    ("normal:light", "normal:full", "normal:none" choose other presets; "normal:read" reads
    the others' kept cards, `bots.reading`); "hard" the round look-ahead over Normal's best
    moves (`bots/rounds.py`), reading the kept cards ("hard:uniform" does not; "hard:exact"
    models the seats with their draws valued exactly, as Normal values them; "hard:ply"
    scores each round by its best move one ply on; "hard:wide" plays out Normal's best six
    moves within 0.3 instead of four within 0.15);
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
    from knjazja.bots.sense import PRESETS
    if variant in READINGS and k in READING_KINDS:   # bots.reading's odds for kept cards, or not
        kw = dict(kw, read=variant == "read")
    elif variant == EXACT_MODEL and k == "hard":
        kw = dict(kw, exact_model=True)
    elif variant == LEAF_PLY and k == "hard":
        kw = dict(kw, leaf_ply=True)
    elif variant == WIDE and k == "hard":
        from knjazja.bots.rounds import WIDE_CHOICE
        kw = dict(kw, **WIDE_CHOICE)
    elif variant in PRESETS and k in SENSE_KINDS:   # "normal:full": which bots.sense rules
        kw = dict(kw, sense=variant)
    elif variant:                     # "hard:paired", "hard:tree:0" (search variants)
        mode, _, horizon = variant.partition(":")
        if mode not in SEARCH_MODES.get(k, ()):
            choices = sorted(SEARCH_MODES.get(k, ())) + (sorted(PRESETS) if k in SENSE_KINDS
                                                         else []) \
                + (list(READINGS) if k in READING_KINDS else []) \
                + ([EXACT_MODEL, LEAF_PLY, WIDE] if k == "hard" else [])
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
