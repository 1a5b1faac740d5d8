"""A sample of everything the table says, in one language, for the hand-checked test of
Russian (and English) grammar: log lines, buttons, prompts, stamps, refusal reasons, the
review and the hand-over, with a masculine and a feminine built-in name, a typed name that
does not decline, plural and feminine card names and a player acting on himself.

``sample(lang)`` returns ``{label: text}`` with no-break spaces shown as plain spaces.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from scenario import find, inst, scenario  # noqa: E402

from knjazja.app.wording import i18n  # noqa: E402
from knjazja.app.advice.explain import say  # noqa: E402
from knjazja.app.advice.facts import Signed, fact  # noqa: E402
from knjazja.app.wording.i18n import card_text, tr  # noqa: E402
from knjazja.app.wording.narrate import Narrator, expand_tokens  # noqa: E402
from knjazja.app.wording.words import card_word, join_names, seat_word  # noqa: E402
from knjazja.engine import apply  # noqa: E402
from knjazja.engine.kinds import AnswerKind, EventKind# noqa: E402
from knjazja.engine import zones as Z  # noqa: E402
from knjazja.engine.actions import Event  # noqa: E402
from knjazja.app.wording.card_names import refusal_text  # noqa: E402
from knjazja.app.table.prompts import prompt_text  # noqa: E402
from knjazja.engine.refusals import Target, why_not_play  # noqa: E402
from knjazja.engine.kinds import TargetKind

NAMES = {"ru": ["Ярослав", "Ольга", "Вася"], "en": ["Yaroslav", "Olga", "Bob"]}
HUMANS = [True, True, True]


def _turn_state():
    """Yaroslav's turn: Olga owns Tmutarakan (a Church), Vasya owns Murom and Vladimir (Stone
    Walls), Yaroslav Novgorod (the Kremlin)."""
    return scenario(n=3, hands={
        0: ["city.kiev", "wall.palisade", "chr.voivode", "chr.sviatopolk", "chr.byzantium", "troop.druzhina.6",
            "ev.polovtsian_raid", "ev.fire", "ev.poisoner", "troop.druzhina.3", "bld.church", "bld.sloboda",
            "bld.cathedral", "ev.city_watch"],
        1: ["ev.city_watch"], 2: ["troop.poles"]},
        cities={"city.tmutarakan": (1, ["bld.church"]), "city.murom": (2, []),
                "city.novgorod": (0, ["wall.kremlin"]), "city.vladimir": (2, ["wall.stone"])},
        chronicles={0: ["chr.igor", "chr.vasilko"], 2: ["chr.anna"]})


def _war_state():
    """Vasya's turn, about to attack Olga's Tmutarakan; Yaroslav's Kiev has Stone Walls."""
    return scenario(n=3, current=2, hands={
        2: ["troop.varangians", "ev.raid_city", "troop.druzhina.3"],
        1: ["troop.militia", "ev.ambush", "ev.plunder", "ev.bribe", "troop.poles"]},
        cities={"city.tmutarakan": (1, ["bld.church"]), "city.kiev": (0, ["wall.stone"])})


def sample(lang: str) -> dict[str, str]:
    i18n.set_language(lang)          # the table's prompts speak the UI language
    names = NAMES[lang]
    nar = Narrator(names, lang)
    out: dict[str, str] = {}

    def log(label: str, events) -> None:
        lines = [expand_tokens(line, lang) for e in events if (line := nar.event(e, None))]
        for i, line in enumerate(lines):
            out[f"{label}.{i}"] = line

    def button(label: str, s, kind: str, **fields) -> None:
        out[f"button.{label}"] = nar.action(find(s, kind, **fields), s)

    def prompt(label: str, s, viewer: int) -> None:
        out[f"prompt.{label}"] = prompt_text(s, names, HUMANS, viewer, lang)[0]

    # --- a turn: buttons, then the reaction to Fire ---------------------------------------
    s = _turn_state()
    button("draw", s, "draw")
    button("found_self", s, "play_city", card="city.kiev", seat=0)
    button("found_other", s, "play_city", card="city.kiev", seat=1)
    button("build", s, "build", card="wall.palisade", city="city.tmutarakan")
    button("chronicle_self", s, "chronicle", card="chr.voivode", seat=0)
    button("sviatopolk", s, "chronicle", card="chr.sviatopolk", city="city.tmutarakan")
    button("byzantium", s, "chronicle", card="chr.byzantium", seat=2, cards=["troop.druzhina.6"])
    button("raid_seat", s, "event", card="ev.polovtsian_raid", seat=1)
    button("fire", s, "event", card="ev.fire", city="city.tmutarakan")
    button("poison_own", s, "event", card="ev.poisoner", target="chr.vasilko")
    button("poison_other", s, "event", card="ev.poisoner", target="chr.anna")
    button("war", s, "war", city="city.tmutarakan")
    button("igor", s, "pass_igor", seat=2, cards=["troop.druzhina.3"])
    prompt("your_turn", s, 0)
    prompt("turn_of", s, 1)
    log("log.fire", apply(s, find(s, "event", card="ev.fire", city="city.tmutarakan")))
    prompt("reaction", s, 1)
    prompt("other_reaction", s, 0)
    button("react", s, "react")
    button("decline", s, "decline")
    log("log.react", apply(s, find(s, "react")))

    # --- a war: Vasya (typed name) attacks Olga's Tmutarakan -------------------------------
    s = _war_state()
    log("log.war", apply(s, find(s, "war", city="city.tmutarakan")))
    button("attack", s, "attack", cards=["troop.varangians"])
    button("raid", s, "event", card="ev.raid_city")
    log("log.attack", apply(s, find(s, "attack", cards=["troop.varangians"])))
    prompt("defend", s, 1)
    prompt("other_defend", s, 0)
    button("ambush", s, "ambush")
    button("bribe", s, "bribe")
    button("yield", s, "yield")
    button("yield_plunder", s, "yield_plunder")
    w = _war_state()
    apply(w, find(w, "war", city="city.tmutarakan"))
    apply(w, find(w, "attack", cards=["troop.varangians"]))
    log("log.bribe", apply(w, find(w, "bribe")))
    log("log.fall", apply(s, find(s, "yield_plunder")))

    # --- events not reached above ----------------------------------------------------------
    c = lambda cid: inst(cid)  # noqa: E731
    log("log.misc", [
        Event(EventKind.TURN, seat=1),
        Event(EventKind.MOVE, seat=1, card=c("ev.ambush"), src=Z.DECK, dst=Z.hand(1)),
        Event(EventKind.MOVE, seat=0, card=c("city.kiev"), src=Z.hand(0), dst=Z.cities(0), city=c("city.kiev"),
              other=0),
        Event(EventKind.MOVE, seat=0, card=c("city.tmutarakan"), src=Z.hand(0), dst=Z.cities(2),
              city=c("city.tmutarakan"), other=2),
        Event(EventKind.MOVE, seat=1, card=c("bld.sloboda"), src=Z.hand(1), dst=Z.city(c("city.vladimir")),
              city=c("city.vladimir")),
        Event(EventKind.MOVE, seat=2, card=c("chr.bogatyrs"), src=Z.hand(2), dst=Z.chronicles(2), other=2),
        Event(EventKind.MOVE, seat=0, card=c("chr.vasilko"), src=Z.hand(0), dst=Z.chronicles(1), other=1),
        Event(EventKind.MOVE, seat=0, card=c("wall.wooden"), src=Z.city(c("city.kiev")), dst=Z.DISCARD),
        Event(EventKind.MOVE, seat=0, card=c("troop.druzhina.6"), src=Z.hand(0), dst=Z.under(c("chr.byzantium")),
              other=0),
        Event(EventKind.MOVE, seat=0, card=c("chr.igor"), src=Z.chronicles(0), dst=Z.chronicles(2), other=2),
        Event(EventKind.MOVE, seat=2, card=-1, src=Z.hand(1), dst=Z.hand(2), other=1),
        Event(EventKind.REVEAL, seat=0, other=1, cards=(c("ev.ambush"), c("bld.church"))),
        Event(EventKind.ANSWER, seat=0, cards=(c("troop.militia"), c("troop.poles")), value=12, how=AnswerKind.DEFEND),
        Event(EventKind.ANSWER, seat=1, card=c("ev.condemnation"), how=AnswerKind.CONDEMN),
        Event(EventKind.MOVE, seat=1, card=c("ev.condemnation"), src=Z.hand(1), dst=Z.DISCARD),
        Event(EventKind.ANSWER, seat=2, how=AnswerKind.YIELD),
        Event(EventKind.KEEP, seat=2, card=c("chr.congress")),
        Event(EventKind.BIDS_REVEALED, cards=(), seat=-1, other=1, city=c("city.kiev")),
        Event(EventKind.END_SET, value=41, other=2),
        Event(EventKind.CITY_FALLS, seat=2, city=c("city.kiev")),
        Event(EventKind.BIDS_REVEALED, cards=(c("troop.poles"), c("troop.druzhina.6")), seat=1, other=1,
              city=c("city.kiev")),
        Event(EventKind.BIDS_REVEALED, cards=(c("troop.poles"),), seat=2, other=1, city=c("city.tmutarakan")),
        Event(EventKind.MOVE, seat=1, card=c("city.smolensk"), src=Z.DECK, dst=Z.hand(1)),
        Event(EventKind.ANSWER, seat=1,
              cards=(inst("troop.militia", 0), inst("troop.militia", 1), inst("troop.militia", 2)),
              value=9, how=AnswerKind.DEFEND),
        Event(EventKind.REVEAL, seat=0, other=1, cards=(inst("bld.church", 0), c("ev.ambush"), inst("bld.church", 1))),
    ])

    # --- stamps, refusals, hand-over, review, results ---------------------------------------
    olga, vasya = seat_word(names[1], lang), seat_word(names[2], lang)
    card = lambda cid: card_word(inst(cid), lang)  # noqa: E731
    out["stamp.war"] = tr("table.stamp.war", lang=lang, city=card("city.tmutarakan"))
    out["stamp.falls_f"] = tr("table.stamp.falls", lang=lang, city=card("city.tmutarakan"))
    out["stamp.falls_m"] = tr("table.stamp.falls", lang=lang, city=card("city.kiev"))
    out["stamp.reveal"] = tr("table.stamp.reveal", lang=lang, name=vasya)
    out.update(_refusals(lang))
    out["handover.title_f"] = tr("handover.title", lang=lang, name=olga)
    out["handover.title_typed"] = tr("handover.title", lang=lang, name=vasya)
    out["handover.decide"] = tr("handover.reason.decide", lang=lang, name=olga,
                                what=tr("decision.war_defend", lang=lang))
    out["handover.ready"] = tr("handover.ready", lang=lang, name=vasya)
    s = _turn_state()
    chosen = nar.action(find(s, "draw"), s)
    best = nar.action(find(s, "build", card="wall.palisade", city="city.tmutarakan"), s)
    out["review.worse"] = tr("review.you_worse", lang=lang, chosen=chosen, best=best, p=40, q=55)
    out["review.move"] = tr("review.move_line", lang=lang, name=nar.seat(0), what=best)
    out["review.war"] = tr("review.war", lang=lang, city=card("city.tmutarakan"), attacker=vasya,
                           defender=olga)
    out["results.winner_f"] = tr("results.winner", lang=lang, name=olga)
    out["results.winner_typed"] = tr("results.winner", lang=lang, name=vasya)
    out.update(_counts_and_wording(lang, nar, olga, vasya))
    return {k: v.replace("\u00a0", " ") for k, v in out.items()}


def _counts_and_wording(lang: str, nar: Narrator, olga, vasya) -> dict[str, str]:
    """Counts that agree, the hint and review in the right person, prompts and card texts."""
    out = {}
    for n in (0, 1, 3, 5, 21, -2):
        out[f"count.glory_{n}"] = tr("results.glory", lang=lang, n=n)
        out[f"count.over_{n}"] = tr("table.prompt.over_won", lang=lang, name=olga, n=n)
        out[f"count.rival_{n}"] = tr("advice.rival_loses_more", lang=lang, seat=olga,
                                     n=tr("advice.n.glory_acc", lang=lang, n=n))
    out["count.saves"] = tr("saveload.count", lang=lang, n=1, ok=1)
    out["count.series"] = tr("series.title", lang=lang, target=100)
    out["count.over_shared"] = tr("table.prompt.over_shared", lang=lang, n=21,
                                  names=join_names([str(olga), nar.names[0]], lang))
    out["hint.draw"] = tr("table.hint", lang=lang, move=nar.action(find(_turn_state(), "draw"), _turn_state()),
                          why=tr("advice.draw", lang=lang, hand=tr("advice.n.cards", lang=lang, n=5),
                                 deck=tr("advice.n.cards", lang=lang, n=21)), chance=47)
    out["why.end_war"] = tr("advice.end_war", lang=lang, n=tr("advice.n.troops", lang=lang, n=2))
    out["why.more_glory"] = say(fact("more_glory", n=Signed(5), m=Signed(0)), [], lang)
    s = _turn_state()
    chosen = nar.action(find(s, "chronicle", card="chr.voivode", seat=0), s)
    best = nar.action(find(s, "draw"), s)
    out["review.named_worse_self"] = tr("review.named_worse", lang=lang, name=olga, chosen=chosen, best=best,
                                        p=30, q=60)
    out["review.move_self"] = tr("review.move_line", lang=lang, name=olga, what=chosen)
    out["prompt.counter"] = tr("table.prompt.counter", lang=lang, defender=olga, n=8)
    out["prompt.squad"] = tr("table.prompt.squad", lang=lang)
    out["why.reaction_now"] = tr("table.why.reaction_now", lang=lang)
    out["button.accept"] = tr("act.accept", lang=lang)
    for cid in ("ev.dowry", "bld.church", "bld.monastery", "bld.cathedral"):
        out[f"text.{cid}"] = card_text(cid, lang)
    return out


def _refusals(lang: str) -> dict[str, str]:
    """The engine's reasons why a card cannot go where it was dropped, in words."""
    names, out = NAMES[lang], {}

    def why(label: str, s, seat: int, cid: str, target: Target | None) -> None:
        out[f"why.{label}"] = refusal_text(why_not_play(s, seat, inst(cid), target), names, lang)

    s = _turn_state()
    why("blocked_m", s, 0, "bld.church", Target(TargetKind.CITY, inst("city.novgorod")))
    why("blocked_pl", s, 0, "bld.sloboda", Target(TargetKind.CITY, inst("city.vladimir")))
    why("build_on_city", s, 0, "bld.cathedral", Target(TargetKind.SEAT, 1))
    why("reaction_only", s, 0, "ev.city_watch", None)
    why("not_yours", s, 2, "troop.poles", None)
    w = _war_state()
    apply(w, find(w, "war", city="city.tmutarakan"))
    apply(w, find(w, "attack", cards=["troop.varangians"]))
    why("too_weak", w, 1, "troop.poles", Target(TargetKind.CENTRE))
    k = _war_state()
    apply(k, find(k, "war", city="city.kiev"))
    why("walls_hold", k, 2, "troop.druzhina.3", Target(TargetKind.CENTRE))
    why("war_elsewhere", k, 2, "troop.varangians", Target(TargetKind.CITY, inst("city.tmutarakan")))
    why("on_city", _turn_state(), 0, "ev.fire", Target(TargetKind.SEAT, 1))
    return out


if __name__ == "__main__":
    for key, text in sample(sys.argv[1] if len(sys.argv) > 1 else "ru").items():
        print(f"{key!r}: {text!r},")
