"""Plain-language text for actions (prompts, buttons, hints) and events (the game log).

No pygame. Card names come from the engine's catalogue; the phrasing lives here as data
in both languages. Log lines mark card names as ``{card:N}`` tokens so the log panel can
show the card when the mouse is over its name.
"""
from __future__ import annotations

from knjazja.engine import CARDS, Action, Event, GameState, card_name
from knjazja.engine.cards import CARD_ID, STRENGTH
from knjazja.engine.targets import attack_sum, defence_sum

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "draw": "Draw a card", "draw2": "Draw two cards (Hermit Elder)", "pass": "Pass (the deck is empty)",
        "play_city": "Found {card} before {seat}", "play_city_self": "Found {card}",
        "build": "Build {card} in {city}", "chronicle": "Lay {card} before {seat}",
        "chronicle_self": "Lay {card} before yourself",
        "chronicle_city": "Lay {card} and take {city}", "chronicle_troop": "Lay {card} before {seat} with {troop} under it",
        "event": "Play {card}", "event_seat": "Play {card} on {seat}", "event_city": "Play {card} on {city}",
        "event_chronicle": "Play {card} on {target} of {seat}",
        "war": "Start a war for {city} ({owner})", "pass_igor": "Pass {card} to {seat}, sending {troop}",
        "attack": "Attack with {troops} (Strength {n})", "end_war": "End the war",
        "defend": "Defend with {troops} (Strength {n})", "ambush": "Play Ambush: repel this attack",
        "bribe": "Bribe {target}: it comes over to you", "condemn": "Play Metropolitan's Condemnation: the war ends",
        "yield": "Give up the city", "yield_plunder": "Give up the city and Plunder it (all its buildings burn)",
        "accept": "Accept: the attack is repelled", "react": "Cancel it with {card}", "decline": "Let it happen",
        "lay": "Lay {card} face up", "bid": "Bid {card} (Strength {n})", "no_bid": "Do not bid",
        "give_city": "Give {city} away (Congress is discarded)", "keep": "Keep the Congress (−4 Glory at the end)",
        "you": "you",
        # log
        "ev.turn": "— {seat}'s turn —", "ev.draw": "{seat} draws {card}", "ev.draw_hidden": "{seat} draws a card",
        "ev.city": "{seat} founds {card} before {other}", "ev.build": "{seat} builds {card} in {city}",
        "ev.chronicle": "{seat} lays {card} before {other}", "ev.event": "{seat} plays {card}",
        "ev.discard": "{card} goes to the discard pile", "ev.city_owner": "{city} passes from {seat} to {other}",
        "ev.war_start": "{seat} starts a war for {city} of {other}", "ev.attack": "{seat} attacks with {cards}: Strength {value}",
        "ev.defend": "{seat} answers with {cards}: Strength {value}", "ev.repelled": "The attack is repelled",
        "ev.bribed": "{card} is bribed over to {seat}", "ev.city_falls": "{city} falls to {seat}",
        "ev.plunder": "{seat} plunders {city}", "ev.war_end": "The war is over",
        "ev.cancelled": "{seat} cancels it with {card}", "ev.decline": "{seat} lets it happen",
        "ev.bid": "{seat} bids a troop face down", "ev.no_bid": "{seat} does not bid",
        "ev.bids_revealed": "Bids revealed: {cards}", "ev.keep": "{seat} keeps {card}",
        "ev.reveal": "{seat} sees the hand of {other}: {cards}", "ev.reveal_hidden": "{seat} looks at the hand of {other}",
        "ev.steal": "{seat} takes {card} from {other}", "ev.steal_hidden": "{seat} takes a card from {other}",
        "ev.end_set": "The end is near: the game ends after turn {value}", "ev.end_cancelled": "The end is cancelled: play on until the deck runs out",
        "ev.pass": "{seat} passes", "ev.game_over": "The game is over",
        "ev.raid_lay": "{seat} lays {card} face up", "ev.under": "{card} lies under Byzantine Aid",
        "ev.moved": "{card} moves",
    },
    "ru": {
        "draw": "Взять карту", "draw2": "Взять две карты (Скитский старец)", "pass": "Пропустить ход (колода пуста)",
        "play_city": "Основать {card} у игрока {seat}", "play_city_self": "Основать {card}",
        "build": "Построить {card} в городе {city}", "chronicle": "Выложить {card} перед {seat}",
        "chronicle_self": "Выложить {card} перед собой",
        "chronicle_city": "Выложить {card} и забрать {city}", "chronicle_troop": "Выложить {card} перед {seat}, положив под неё {troop}",
        "event": "Сыграть {card}", "event_seat": "Сыграть {card} на игрока {seat}", "event_city": "Сыграть {card} на город {city}",
        "event_chronicle": "Сыграть {card} на летопись {target} ({seat})",
        "war": "Начать войну за {city} ({owner})", "pass_igor": "Передать {card} игроку {seat}, сбросив {troop}",
        "attack": "Атаковать: {troops} (Сила {n})", "end_war": "Закончить войну",
        "defend": "Защищаться: {troops} (Сила {n})", "ambush": "Сыграть Засаду: атака отбита",
        "bribe": "Подкупить {target}: войско переходит к вам", "condemn": "Митрополичье осуждение: война окончена",
        "yield": "Отдать город", "yield_plunder": "Отдать город и разграбить его (все постройки сгорят)",
        "accept": "Согласиться: атака отбита", "react": "Отменить картой {card}", "decline": "Не отменять",
        "lay": "Выложить {card} открыто", "bid": "Поставить {card} (Сила {n})", "no_bid": "Не делать ставку",
        "give_city": "Отдать {city} (Съезд сбрасывается)", "keep": "Оставить Съезд (−4 Славы в конце)",
        "you": "вы",
        "ev.turn": "— ход: {seat} —", "ev.draw": "{seat} берёт {card}", "ev.draw_hidden": "{seat} берёт карту",
        "ev.city": "{seat} основывает {card} у игрока {other}", "ev.build": "{seat} строит {card} в городе {city}",
        "ev.chronicle": "{seat} выкладывает {card} перед {other}", "ev.event": "{seat} играет {card}",
        "ev.discard": "{card} уходит в сброс", "ev.city_owner": "{city} переходит от {seat} к {other}",
        "ev.war_start": "{seat} идёт войной на {city} ({other})", "ev.attack": "{seat} атакует: {cards}, Сила {value}",
        "ev.defend": "{seat} отвечает: {cards}, Сила {value}", "ev.repelled": "Атака отбита",
        "ev.bribed": "{card} подкуплено и переходит к {seat}", "ev.city_falls": "{city} взят: теперь у {seat}",
        "ev.plunder": "{seat} разграбляет {city}", "ev.war_end": "Война окончена",
        "ev.cancelled": "{seat} отменяет картой {card}", "ev.decline": "{seat} не отменяет",
        "ev.bid": "{seat} делает ставку втёмную", "ev.no_bid": "{seat} не ставит",
        "ev.bids_revealed": "Ставки открыты: {cards}", "ev.keep": "{seat} оставляет {card}",
        "ev.reveal": "{seat} видит руку {other}: {cards}", "ev.reveal_hidden": "{seat} смотрит руку {other}",
        "ev.steal": "{seat} вытягивает {card} у {other}", "ev.steal_hidden": "{seat} вытягивает карту у {other}",
        "ev.end_set": "Конец близок: партия закончится после хода {value}", "ev.end_cancelled": "Конец отменён: игра идёт до конца колоды",
        "ev.pass": "{seat} пропускает ход", "ev.game_over": "Партия окончена",
        "ev.raid_lay": "{seat} выкладывает {card} открыто", "ev.under": "{card} ложится под Помощь Византии",
        "ev.moved": "{card} перемещается",
    },
}


def card_token(card: int) -> str:
    """A log token the log panel turns into a hoverable card name."""
    return f"{{card:{card}}}"


def expand_tokens(text: str, lang: str) -> str:
    """Replace ``{card:N}`` tokens with plain card names."""
    import re
    return re.sub(r"\{card:(\d+)\}", lambda m: card_name(int(m.group(1)), lang), text)


def troop_label(card: int, lang: str) -> str:
    name = card_name(card, lang)
    if CARD_ID[card] == "troop.militia":
        return name
    return f"{name} {STRENGTH[card]}" if CARD_ID[card].startswith("troop.druzhina") else name


class Narrator:
    """Texts for one game: knows the players' names and the language."""

    def __init__(self, names: list[str], lang: str = "en") -> None:
        self.names = names
        self.lang = lang

    def _p(self, key: str, **kw) -> str:
        return PHRASES[self.lang][key].format(**kw)

    def seat(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def card(self, card: int, tokens: bool = False) -> str:
        if card < 0:
            return "?"
        if tokens:
            return card_token(card)
        if CARDS[card].kind == "troop":
            return troop_label(card, self.lang)
        return card_name(card, self.lang)

    def cards(self, cards, tokens: bool = False) -> str:
        return ", ".join(self.card(c, tokens) for c in cards) if cards else "—"

    # --- actions ------------------------------------------------------------------
    def action(self, a: Action, s: GameState) -> str:
        """One line saying what choosing `a` does, for the player who may choose it."""
        me = s.decision.seat
        k, p = a.kind, self._p
        card = self.card(a.card) if a.card >= 0 else ""
        city = self.card(a.city) if a.city >= 0 else ""
        seat = self.seat(a.seat) if a.seat >= 0 else ""
        if k == "draw":
            return p("draw2") if s.holds_chronicle(me, "chr.hermit") else p("draw")
        if k == "play_city":
            return p("play_city_self", card=card) if a.seat == me else p("play_city", card=card, seat=seat)
        if k == "build":
            return p("build", card=card, city=city)
        if k == "chronicle":
            if CARD_ID[a.card] == "chr.sviatopolk":
                return p("chronicle_city", card=card, city=city)
            if a.cards:
                return p("chronicle_troop", card=card, seat=seat, troop=self.cards(a.cards))
            return p("chronicle_self", card=card) if a.seat == me else p("chronicle", card=card, seat=seat)
        if k == "event":
            if a.target >= 0:
                return p("event_chronicle", card=card, target=self.card(a.target), seat=seat)
            if a.city >= 0:
                return p("event_city", card=card, city=city)
            if a.seat >= 0 and a.seat != me:
                return p("event_seat", card=card, seat=seat)
            return p("event", card=card)
        if k == "war":
            return p("war", city=city, owner=self.seat(s.cities[a.city].owner))
        if k == "pass_igor":
            return p("pass_igor", card=self.card(next(c for c in s.chronicles[me] if CARD_ID[c] == "chr.igor")),
                     seat=seat, troop=self.cards(a.cards))
        if k == "attack":
            return p("attack", troops=self.cards(a.cards), n=attack_sum(s, a.cards, s.war.defender))
        if k == "defend":
            return p("defend", troops=self.cards(a.cards),
                     n=defence_sum(s, a.cards, s.war.defender, s.war.city))
        if k == "bribe":
            return p("bribe", target=self.card(a.target))
        if k == "react":
            return p("react", card=card)
        if k in ("lay",):
            return p("lay", card=card)
        if k == "bid":
            return p("bid", card=card, n=STRENGTH[a.card])
        if k == "give_city":
            return p("give_city", city=city)
        return p(k)

    # --- events -------------------------------------------------------------------
    def event(self, e: Event, viewer: int | None) -> str | None:
        """A log line for `e` as `viewer` may see it (None: everything visible), or None
        for bookkeeping events not worth a line. Card names are ``{card:N}`` tokens."""
        if viewer is not None:
            e = e.for_seat(viewer)
        t = lambda c: self.card(c, tokens=True)  # noqa: E731
        p = self._p
        k = e.kind
        if k == "move":
            if e.src == "deck":
                return p("ev.draw", seat=self.seat(e.seat), card=t(e.card)) if e.card >= 0 else \
                    p("ev.draw_hidden", seat=self.seat(e.seat))
            if e.dst.startswith("cities:"):
                return p("ev.city", seat=self.seat(e.seat), card=t(e.card), other=self.seat(e.other))
            if e.dst.startswith("city:"):
                return p("ev.build", seat=self.seat(e.seat), card=t(e.card), city=t(e.city))
            if e.dst.startswith("chronicles:"):
                return p("ev.chronicle", seat=self.seat(e.seat), card=t(e.card), other=self.seat(e.other))
            if e.dst.startswith("hand:") and e.src.startswith("hand:"):
                return p("ev.steal", seat=self.seat(e.seat), card=t(e.card), other=self.seat(e.other)) \
                    if e.card >= 0 else p("ev.steal_hidden", seat=self.seat(e.seat), other=self.seat(e.other))
            if e.dst.startswith("under:"):
                return p("ev.under", card=t(e.card))
            if e.dst == "discard" and e.src != "war" and e.src != "table":
                return p("ev.discard", card=t(e.card))
            return None
        if k == "play_event":
            return p("ev.event", seat=self.seat(e.seat), card=t(e.card))
        if k == "city_owner":
            return p("ev.city_owner", city=t(e.city), seat=self.seat(e.seat), other=self.seat(e.other))
        if k == "war_start":
            return p("ev.war_start", seat=self.seat(e.seat), city=t(e.city), other=self.seat(e.other))
        if k in ("attack", "defend"):
            return p(f"ev.{k}", seat=self.seat(e.seat), cards=", ".join(t(c) for c in e.cards), value=e.value)
        if k in ("repelled", "war_end", "game_over", "end_cancelled"):
            return p(f"ev.{k}")
        if k == "bribed":
            return p("ev.bribed", card=t(e.card), seat=self.seat(e.seat))
        if k in ("city_falls", "plunder"):
            return p(f"ev.{k}", city=t(e.city), seat=self.seat(e.seat))
        if k == "cancelled":
            return p("ev.cancelled", seat=self.seat(e.seat), card=t(e.card))
        if k in ("decline", "no_bid", "bid", "pass"):
            return p(f"ev.{k}", seat=self.seat(e.seat))
        if k == "bids_revealed":
            return p("ev.bids_revealed", cards=", ".join(t(c) for c in e.cards) or "—")
        if k == "keep":
            return p("ev.keep", seat=self.seat(e.seat), card=t(e.card))
        if k == "reveal":
            if e.cards and e.cards[0] >= 0:
                return p("ev.reveal", seat=self.seat(e.seat), other=self.seat(e.other),
                         cards=", ".join(t(c) for c in e.cards) or "—")
            return p("ev.reveal_hidden", seat=self.seat(e.seat), other=self.seat(e.other))
        if k == "end_set":
            return p("ev.end_set", value=e.value + 1)
        if k == "turn":
            return p("ev.turn", seat=self.seat(e.seat))
        if k == "raid_lay":
            return p("ev.raid_lay", seat=self.seat(e.seat), card=t(e.card))
        return None
