"""The centre of the table: the war stack while a war runs, else the card being played.

The war stack reads left to right: the target city (with its wall Strength and Glory), then
one column per attack in the order made — the attacking troop(s) with their effective
Strength on a red disc, the answers laid on it below (troops with their Strength on a blue
disc, Ambush, Bribe, Condemnation), and a ribbon saying how it ended.  Events played in the
war lie in a row at the bottom.  Without a war, the centre shows the event card being
played (Dowry with its bids), or faintly, the last card played.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import pygame
from pygame import Rect

from knjazja.app.wording.i18n import tr
from knjazja.app.table.table_view import TableView
from knjazja.engine import records as R
from knjazja.engine.kinds import AnswerKind, AttackResult, WarEnd
from knjazja.engine.records import AttackRecord, WarRecord
from knjazja.ui import style
from knjazja.ui.art.palette import DANGER
from knjazja.ui.table.areas import CitySlot, draw_city, make_tabs
from knjazja.ui.table.context import DrawContext
from knjazja.app.wording.words import card_word, prince_word, seat_word
from knjazja.ui.table.sprites import seat_colour


Label = tuple[str, tuple[int, int], tuple[int, int, int], int, str]   # text, where, colour, size, anchor
Ribbon = tuple[str, Rect, tuple[int, int, int], int]                 # text, band, colour, size


@dataclass
class PlacedCard:
    card: int
    rect: Rect
    dim: bool = False
    face_up: bool = True
    tag: str = ""            # "bribed"
    troop: bool = False      # a troop on the table (a Bribe target)


@dataclass
class CentreGeom:
    rect: Rect
    cards: list[PlacedCard] = field(default_factory=list)
    city: CitySlot | None = None
    badges: list[tuple[str, str, tuple[int, int], int]] = field(default_factory=list)  # shape, text, centre, size
    ribbons: list[Ribbon] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    glow: Rect | None = None
    next_attack: Rect | None = None
    next_answer: Rect | None = None
    table_slot: Rect | None = None
    bid_slots: list[Rect] = field(default_factory=list)
    card_size: tuple[int, int] = (60, 84)
    header: str = ""
    header_colours: tuple = ()

    def rect_of(self, card: int) -> Rect | None:
        for pc in reversed(self.cards):
            if pc.card == card:
                return pc.rect
        return None

    def troop_at(self, pos) -> int | None:
        for pc in reversed(self.cards):
            if pc.troop and pc.rect.collidepoint(pos):
                return pc.card
        return None

    def card_at(self, pos) -> int | None:
        for pc in reversed(self.cards):
            if pc.face_up and pc.rect.collidepoint(pos):
                return pc.card
        if self.city is not None and self.city.card.collidepoint(pos):
            return self.city.city
        return None


def _city_slot(view: TableView, city: int, card: Rect, ctx: DrawContext) -> CitySlot:
    c = view.cities.get(city)
    th = max(11, round(card.height * 0.22))
    tabs = make_tabs(c, card, th, ctx.texts, round(card.width * 1.5)) if c is not None else []   # not under the attacks
    return CitySlot(city, card, Rect(card.left, card.top, card.width, card.height + th), tabs)


def centre_geometry(view: TableView, rect: Rect, card_size: tuple[int, int], ctx: DrawContext,
                    names: list[str]) -> CentreGeom:
    if view.war is not None:
        return _war_geometry(view, view.war, rect, card_size, ctx, names)
    return _table_geometry(view, rect, card_size, ctx, names)


def _war_geometry(view: TableView, w: WarRecord, rect: Rect, card_size: tuple[int, int],
                  ctx: DrawContext, names: list[str]) -> CentreGeom:
    g = CentreGeom(rect)
    u = ctx.unit
    header_h = max(20, round(u * 2.3))
    events_h = 0
    if w.events:
        events_h = max(30, min(round(rect.height * 0.22), round(card_size[1] * 0.7)))
    body = Rect(rect.left, rect.top + header_h, rect.width, rect.height - header_h - events_h)
    max_answers = max([len(_shown(e)) for e in w.attacks] + [1])
    step_frac = 0.5
    ch = min(card_size[1] * 1.6, (body.height - 2 * u) / (1 + step_frac * max_answers + 0.3))
    ch = max(40, int(ch) // 7 * 7)     # whole steps of 7 px: few sizes to render and cache
    cw = ch * 5 // 7
    g.card_size = (cw, ch)
    att, dfd = seat_word(names[w.attacker], ctx.lang), seat_word(names[w.defender], ctx.lang)
    city_name = card_word(w.city, ctx.lang)
    g.header = tr("table.war.header", attacker=att, defender=dfd, city=city_name)
    g.header_colours = (seat_colour(w.attacker), seat_colour(w.defender))
    # the target city
    top = body.top + max(2, u // 3)
    city_r = Rect(body.left + u // 2, top, cw, ch)
    if w.city in view.cities:
        g.city = _city_slot(view, w.city, city_r, ctx)
        c = view.cities[w.city]
        walls = tr("table.war.walls", n=c.wall_strength) if c.wall_strength else tr("table.war.no_walls")
        g.labels.append((walls, (city_r.centerx, g.city.rect.bottom + u), style.PARCHMENT, ctx.fs(0.95), "center"))
    # attack columns
    entries = list(w.attacks)
    squad_step = round(cw * 0.34)
    widths = [cw + squad_step * (max(1, len(e.troops)) - 1) + round(cw * 0.2) for e in entries]
    pending_w = cw + round(cw * 0.2)
    need = sum(widths) + (pending_w if (w.raid_troop >= 0 or w.current is None) else 0)
    # centre the whole stack when it is narrower than the table
    gap = _city_gap(cw, g.labels[0][0] if g.labels else "", ctx)     # room for the city's label beside the first
    total = cw + gap + max(need, pending_w)
    shift = max(0, (body.width - u - total) // 2)
    if shift:
        city_r.x += shift
        if g.city is not None:
            g.city = _city_slot(view, w.city, city_r, ctx)
            g.labels[-1] = (g.labels[-1][0], (city_r.centerx, g.city.rect.bottom + u), *g.labels[-1][2:])
    x0 = city_r.right + gap
    avail = body.right - x0 - u // 2
    shrink = 1.0
    if need > avail and len(entries) > 1:
        fixed = widths[-1] + pending_w
        shrink = max(0.18, (avail - fixed) / max(1, sum(widths[:-1])))
    x = x0
    for i, e in enumerate(entries):
        last = i == len(entries) - 1
        col_w = widths[i] if last else round(widths[i] * shrink)
        _place_entry(g, e, x, top, cw, ch, squad_step, step_frac, current=(e.result == ""), ctx=ctx,
                     last=last)
        x += col_w
    _place_next(g, w, x, top, cw, ch, step_frac, ctx)
    if w.events:
        _place_events(g, w, rect, events_h, ctx)
    _separate_labels(g, ctx)
    if w.outcome:        # the outcome takes the header's line: nothing of the stack under it
        texts: dict[str, str] = {WarEnd.CAPTURED: tr("table.war.captured", city=city_name),
                                 WarEnd.CONDEMNED: tr("table.war.condemned"), WarEnd.ENDED: tr("table.war.ended")}
        text = texts.get(w.outcome, tr("table.war.ended"))
        colour = DANGER if w.outcome == WarEnd.CAPTURED else style.GOLD_LIGHT
        g.header = ""
        g.ribbons.append(_ribbon(text, Rect(rect.left + u // 2, rect.top + 2, rect.width - u, header_h - 2),
                                 colour, ctx))
    g.table_slot = g.next_attack
    return g


def _city_gap(cw: int, city_label: str, ctx: DrawContext) -> int:
    """From the city's card to the first attack: enough for the city's label («Без стен») and
    the first attack's («Без ответа», «Город взят») side by side."""
    font = ctx.texts.font("bold", ctx.fs(0.95))
    first = max(font.size(tr(k))[0] for k in ("table.war.no_answer", "table.war.fell", "table.war.repelled"))
    need = (font.size(city_label)[0] + first) // 2 + ctx.unit // 2 + 4
    return max(round(cw * 0.55), need - cw)


def _separate_labels(g: CentreGeom, ctx: DrawContext) -> None:
    """Labels of attacks pushed together (many attacks on a stack made low by a question)
    are set smaller, down to 8 px, until no two of them touch; past that the older attack's
    label gives way (its cards lie dimmed under the newer ones, the log tells it)."""
    for _ in range(12):
        rects = [label_rect(lb, ctx).inflate(4, 0) for lb in g.labels]
        hit = {i for i, a in enumerate(rects) for j, b in enumerate(rects) if i != j and a.colliderect(b)}
        if not hit:
            return
        if all(g.labels[i][3] <= 8 for i in hit):      # still touching: the older attack's words give way
            del g.labels[min(hit - {0}) if hit - {0} else 0]
            continue
        g.labels = [(t, p, c, max(8, s - 1) if i in hit else s, a) for i, (t, p, c, s, a) in enumerate(g.labels)]


def _ribbon(text: str, area: Rect, colour: tuple[int, int, int], ctx: DrawContext) -> Ribbon:
    """The war's outcome on a band inside ``area``, its words as large as the band allows."""
    u = ctx.unit
    size = ctx.fs(2.4)
    while size > 10:
        font = ctx.texts.font("title", size)
        tw, th = font.size(text)
        if th + 4 <= area.height and tw + 4 * u <= area.width:
            break
        size -= 1
    tw, th = ctx.texts.font("title", size).size(text)
    band = Rect(0, 0, min(area.width, tw + 4 * u), min(area.height, th + u))
    band.center = area.center
    return text, band, colour, size


def label_rect(label: Label, ctx: DrawContext) -> Rect:
    """Where a label of the centre is drawn (bold, outlined as ``render_text`` makes it)."""
    text, pos, _, size, anchor = label
    font = ctx.texts.font("bold", size)
    off = max(1, font.get_height() // 24)
    w, h = font.size(text)
    r = Rect(0, 0, w + off + 2, h + off + 2)
    setattr(r, anchor, pos)
    return r


def _place_next(g: CentreGeom, w: WarRecord, x: int, top: int, cw: int, ch: int, step_frac: float,
                ctx: DrawContext) -> None:
    """Where the next attack or answer goes, and the troop laid by Raid on the City."""
    g.next_attack = Rect(x, top, cw, ch)
    if w.current is not None:
        n_ans = len(_shown(w.current))
        first = g.rect_of(w.current.troops[0]) if w.current.troops else None
        g.next_answer = Rect(first.left if first is not None else x, top + round(ch * step_frac * (n_ans + 1)), cw, ch)
    else:
        g.next_answer = Rect(x, top + round(ch * step_frac), cw, ch)
    if w.raid_troop >= 0:
        r = Rect(x, top + round(ch * step_frac), cw, ch)
        g.cards.append(PlacedCard(w.raid_troop, r, troop=True))
        g.labels.append((tr("table.war.raid_troop"), (r.centerx, r.bottom + ctx.unit // 2 + 2), style.GOLD_LIGHT,
                         ctx.fs(0.85), "center"))


def _place_events(g: CentreGeom, w: WarRecord, rect: Rect, events_h: int, ctx: DrawContext) -> None:
    """The event cards played in this war, in a row at the bottom."""
    u = ctx.unit
    eh = events_h - 4
    ew = round(eh * 5 / 7)
    ey = rect.bottom - eh
    lab = tr("table.war.events")
    g.labels.append((lab, (rect.left + u // 2, ey + eh // 2), style.MUTED, ctx.fs(0.85), "midleft"))
    lw = ctx.texts.font("body", ctx.fs(0.85)).size(lab)[0] + u
    for j, played in enumerate(w.events[-8:]):
        g.cards.append(PlacedCard(played.card, Rect(rect.left + u // 2 + lw + j * (ew + 4), ey, ew, eh)))


def _place_entry(g: CentreGeom, e: AttackRecord, x: int, top: int, cw: int, ch: int, squad_step: int,
                 step_frac: float, *, current: bool, ctx: DrawContext, last: bool) -> None:
    dim = bool(e.result) and not last
    bribed = e.bribed
    attack_rects = []
    for j, t in enumerate(e.troops):
        r = Rect(x + j * squad_step, top, cw, ch)
        attack_rects.append(r)
        g.cards.append(PlacedCard(t, r, dim=dim or t in bribed, tag="bribed" if t in bribed else "",
                                  troop=current and t not in bribed))
    if attack_rects:
        union = attack_rects[0].unionall(attack_rects[1:])
        bsize = max(18, round(cw * 0.46))
        g.badges.append(("attack", str(e.strength), (union.right, union.top + round(ch * 0.42)), bsize))
        if current:
            g.glow = union
    y = top
    bottom = top + ch
    for a in _shown(e):
        shown = [c for c in (a.troops if a.kind in (AnswerKind.DEFEND, AnswerKind.RAID_TROOP) else (a.card,)) if c >= 0]
        if a.kind in (AnswerKind.YIELD, AnswerKind.YIELD_PLUNDER):
            lh = ctx.texts.font("bold", ctx.fs(0.95)).get_linesize()
            g.labels.append((tr("table.war.no_answer"), (x + cw // 2, bottom + 2 + lh // 2), DANGER,
                             ctx.fs(0.95), "center"))
            bottom += lh + 2
            continue
        y += round(ch * step_frac)
        bottom = y + ch
        rects = []
        for j, c in enumerate(shown):
            r = Rect(x + j * squad_step + round(cw * 0.12), y, cw, ch)
            rects.append(r)
            troop = current and a.kind == AnswerKind.DEFEND and c not in bribed
            g.cards.append(PlacedCard(c, r, dim=dim or c in bribed, tag="bribed" if c in bribed else "",
                                      troop=troop))
        if rects and a.kind in (AnswerKind.DEFEND, AnswerKind.RAID_TROOP):
            union = rects[0].unionall(rects[1:])
            bsize = max(18, round(cw * 0.46))
            g.badges.append(("defence", str(a.strength), (union.right, union.top + round(ch * 0.42)), bsize))
    if e.result:
        key = "table.war.fell" if e.result == AttackResult.FELL else "table.war.repelled"
        colour = DANGER if e.result == AttackResult.FELL else (150, 220, 140)
        lh = ctx.texts.font("bold", ctx.fs(0.95)).get_linesize()
        g.labels.append((tr(key), (x + cw // 2, min(bottom + 2 + lh // 2, g.rect.bottom - lh // 2)),
                         colour, ctx.fs(0.95), "center"))


def _shown(e: AttackRecord) -> list[R.Answer]:
    """The answers drawn on the stack (accepting a repulse shows nothing)."""
    return [a for a in e.answers if a.kind != AnswerKind.ACCEPT]


def _table_geometry(view: TableView, rect: Rect, card_size: tuple[int, int], ctx: DrawContext,
                    names: list[str]) -> CentreGeom:
    g = CentreGeom(rect)
    u = ctx.unit
    # the card lies under the header line ("Last played: ..."), never on it
    header_bottom = rect.top + header_height(ctx)
    room = rect.bottom - header_bottom - u // 2
    ch = max(24, min(round(card_size[1] * 1.25), rect.height - u * 5, room))
    cw = round(ch * 5 / 7)
    g.card_size = (cw, ch)
    t = view.table
    slot = Rect(0, 0, cw, ch)
    slot.center = (rect.centerx - (cw if view.bids else 0), rect.centery - u)
    slot.top = max(slot.top, header_bottom)
    g.table_slot = slot
    if t is not None:
        g.cards.append(PlacedCard(t.card, slot))
        who = prince_word(names, t.seat, ctx.lang)
        card = card_word(t.card, ctx.lang)
        if t.target_card >= 0:
            cap = tr("table.centre.plays_on_card", name=who, card=card, target=card_word(t.target_card, ctx.lang))
        elif t.target_city >= 0:
            cap = tr("table.centre.plays_on_city", name=who, card=card, city=card_word(t.target_city, ctx.lang))
        elif 0 <= t.target_seat < len(names) and t.target_seat != t.seat:
            cap = tr("table.centre.plays_on_seat", name=who, card=card,
                     seat=seat_word(names[t.target_seat], ctx.lang))
        else:
            cap = tr("table.centre.plays", name=who, card=card)
        g.header = cap
        g.header_colours = (seat_colour(t.seat),)
        # Dowry: the bids lie face down beside the card
        bw, bh = round(cw * 0.7), round(ch * 0.7)
        for i, (seat, troop) in enumerate(view.bids):
            r = Rect(slot.right + u + i * (bw + u // 2), slot.bottom - bh, bw, bh)
            g.bid_slots.append(r)
            g.cards.append(PlacedCard(troop, r, face_up=view.bids_open and troop >= 0))
            g.labels.append((names[seat], (r.centerx, r.bottom + u // 2 + 2), seat_colour(seat),
                             ctx.fs(0.8), "center"))
    elif view.recent is not None:
        seat, played = view.recent
        g.cards.append(PlacedCard(played, slot, dim=True))
        g.header = tr("table.centre.last", name=prince_word(names, seat, ctx.lang), card=card_word(played, ctx.lang))
        g.header_colours = ()
    return g


def content_bottom(g: CentreGeom, ctx: DrawContext) -> int:
    """The lowest pixel of what the centre shows: its header, cards, city, badges and labels."""
    rects = [pc.rect for pc in g.cards] + [label_rect(lb, ctx) for lb in g.labels]
    rects += [Rect(c[0] - s // 2, c[1] - s // 2, s, s) for _, _, c, s in g.badges]
    rects += [r for _, r, _, _ in g.ribbons] + ([g.city.rect] if g.city is not None else [])
    return max([r.bottom for r in rects] + [g.rect.top + header_height(ctx)])


def least_height(view: TableView, rect: Rect, card_size: tuple[int, int], ctx: DrawContext,
                 names: list[str], step: int = 4) -> int:
    """The lowest centre (from ``rect``'s top, at most its height) that holds all it shows —
    the room a dialog standing under the war stack leaves it."""
    for h in range(40, rect.height + 1, step):
        g = centre_geometry(view, Rect(rect.left, rect.top, rect.width, h), card_size, ctx, names)
        if content_bottom(g, ctx) <= rect.top + h:
            return h
    return rect.height


def header_height(ctx: DrawContext) -> int:
    """From the centre's top to below its header line (drawn by ``draw_centre``)."""
    return ctx.unit // 3 + 2 + round(ctx.fs(1.45) * 1.3)


def draw_centre_glow(surface: pygame.Surface, g: CentreGeom, ctx: DrawContext) -> None:
    """The pulsing red glow around the attack that stands (drawn every frame)."""
    if g.glow is None:
        return
    gw = max(4, g.glow.width // 12)
    pulse = 0.5 + 0.5 * abs(((ctx.time * 1.4) % 2) - 1)
    surface.blit(ctx.sprites.pulsing_glow(g.glow.size, DANGER, gw, 0.65 + 0.35 * pulse),
                 (g.glow.x - gw, g.glow.y - gw))


def draw_centre(surface: pygame.Surface, g: CentreGeom, view: TableView, ctx: DrawContext, *,
                lit_troops: AbstractSet[int] = frozenset(), hidden: AbstractSet[int] = frozenset()) -> None:
    sp, tx = ctx.sprites, ctx.texts
    u = ctx.unit
    if g.header:
        colour = style.GOLD_LIGHT if view.war is not None or view.table is not None else style.MUTED
        t = tx.fit(g.header, "title", ctx.fs(1.45), colour, g.rect.width - u, min_size=10,
                   outline=style.GOLD_DARK if view.war is not None else None)
        surface.blit(t, t.get_rect(midtop=(g.rect.centerx, g.rect.top + u // 3 + 2)))
        if view.war is not None and len(g.header_colours) == 2:
            # coloured dots: attacker, defender
            y = g.rect.top + u // 3 + 2 + t.get_height() // 2
            dot = max(4, u // 3)
            left = g.rect.centerx - t.get_width() // 2 - dot * 2
            right = g.rect.centerx + t.get_width() // 2 + dot * 2
            pygame.draw.circle(surface, g.header_colours[0], (left, y), dot)
            pygame.draw.circle(surface, g.header_colours[1], (right, y), dot)
    if g.city is not None and g.city.city not in view.flying_cities:
        draw_city(surface, g.city, view, ctx)
    for pc in g.cards:
        if pc.card in hidden:
            continue
        r = pc.rect
        shadow = sp.card_shadow(r.size)
        pad = (shadow.get_width() - r.width) // 2
        surface.blit(shadow, (r.x - pad + 2, r.y - pad + 3))
        if pc.face_up and pc.card >= 0:
            surface.blit(sp.face(pc.card, r.size, ctx.lang, dim=pc.dim), r)
        else:
            surface.blit(sp.back(r.size), r)
        if pc.tag == "bribed":
            t = tx.render(tr("table.war.bribed"), "bold", ctx.fs(0.8), style.GOLD_LIGHT, outline=(0, 0, 0))
            surface.blit(t, t.get_rect(center=(r.centerx, r.top + r.height * 0.3)))
        if pc.card in lit_troops:
            gw = max(4, r.width // 9)
            surface.blit(sp.glow(r.size, (120, 230, 120), gw), (r.x - gw, r.y - gw))
    for shape, text, centre, size in g.badges:
        b = sp.badge(shape, text, size, tx)
        surface.blit(b, b.get_rect(center=centre))
    for label in g.labels:
        text, _, colour, size, _ = label
        surface.blit(tx.render(text, "bold", size, colour, outline=(20, 10, 4)), label_rect(label, ctx))
    for text, band, colour, size in g.ribbons:
        t = tx.render(text, "title", size, colour, outline=(0, 0, 0))
        veil = pygame.Surface(band.size, pygame.SRCALPHA)
        veil.fill((10, 4, 2, 190))
        surface.blit(veil, band)
        pygame.draw.rect(surface, colour, band, width=2, border_radius=6)
        surface.blit(t, t.get_rect(center=band.center))
