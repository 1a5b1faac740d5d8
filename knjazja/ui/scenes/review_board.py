"""The review's board: one move's position, a row per seat (name, Glory, hand, cities,
chronicles) and one for the war or the card in play, every card face up."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from knjazja.app.advice.analysis import PointResult, grade
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.wording.narrate import Narrator
from knjazja.app.wording.typography import number
from knjazja.app.wording.words import join_names, seat_word
from knjazja.app.session import Seat
from knjazja.app.advice.facts import Position
from knjazja.engine import GameState, PublicView, score, top_seats
from knjazja.engine.public import cities_of
from knjazja.engine.scoring import seat_score
from knjazja.engine.targets import attack_sum, defence_sum
from knjazja.ui import style
from knjazja.ui.art.palette import Colour
from knjazja.ui.table.sprites import Sprites, TextCache, seat_colour
from knjazja.ui.widgets import wrap_text

CARD_W, CARD_H = 5, 7
GRADE_COLOURS = {"good": (120, 200, 100), "inaccuracy": (238, 176, 56), "mistake": (236, 78, 60)}
COSTLY_COLOUR = (214, 170, 255)      # a lost game's costly move: not a grade, a mark of its own


def final_verdict(seats: list[Seat], s: PublicView) -> str:
    """Who won, and everybody's Glory."""
    totals = [sc.total for sc in score(s)]
    names = [seats[k].name for k in top_seats(totals)]
    head = tr("results.winner", name=seat_word(names[0], get_language())) if len(names) == 1 else \
        tr("results.shared", names=join_names(names))
    line = " · ".join(f"{seat.name} {number(t)}" for seat, t in zip(seats, totals))
    return f"{head}\n{tr('review.glory_line', line=line)}"


@dataclass(frozen=True)
class VerdictFit:
    box: pygame.Rect                   # the verdict's box (grown upwards if it had to)
    lines: tuple[tuple[str, str, int, Colour, pygame.Rect], ...]   # (text, role, size, colour, where)


@dataclass
class _Fit:
    cw: int
    ch: int
    gap: int
    cap_h: int
    out: list                        # per group: (content width, [(x, card, badge, j)])
    alloc: list[int]                 # the width each group gets
    scale: list[float]               # how far each group's cards are pushed together
    captions: list                   # the rendered captions (None without room for them)
    caption_size: int


class ReviewBoard:
    def __init__(self, seats: list[Seat], sprites: Sprites, texts: TextCache, px: Callable[[float], int]) -> None:
        self.seats = seats
        self.sprites = sprites
        self.texts = texts
        self.px = px
        self.hits: list[tuple[pygame.Rect, int, int]] = []   # (screen rect, card, layer) as drawn
        # the seats whose hidden cards (hand, bids) are shown; None: all (a game played here).
        # A network game's review knows only its own seats' cards: the others' are counted.
        self.only: set[int] | None = None

    def draw_legend(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The marks' legend: the grades, "!!", the costly moves' diamond, the unit."""
        px = self.px
        pygame.draw.line(surface, style.GOLD_DARK, (r.left, r.top), (r.right, r.top))
        f = style.font("body", px(15))
        x, y = r.left + px(4), r.top + px(8) + f.get_height() // 2
        for key in ("good", "inaccuracy", "mistake"):
            pygame.draw.circle(surface, GRADE_COLOURS[key], (x + px(5), y), px(5))
            rect = style.blit_text(surface, tr(f"review.legend.{key}"), f, style.PARCHMENT_DARK,
                                   midleft=(x + px(14), y), shadow=None)
            x = rect.right + px(16)
        flag = self.flag(px(16))
        surface.blit(flag, flag.get_rect(midleft=(x, y)))
        style.blit_text(surface, tr("review.legend.flag"), f, style.PARCHMENT_DARK,
                        midleft=(x + flag.get_width() + px(6), y), shadow=None)
        y += f.get_linesize() + px(2)                    # the costly moves: a mark of their own
        style.draw_diamond(surface, (r.left + px(9), y), px(6), COSTLY_COLOUR)
        style.blit_text(surface, tr("review.legend.costly"), f, style.PARCHMENT_DARK,
                        midleft=(r.left + px(20), y), shadow=None)
        style.blit_text(surface, tr("review.legend.unit"), f, style.MUTED,
                        topleft=(r.left + px(4), y + f.get_height() // 2 + px(4)), shadow=None)

    def flag(self, size: int) -> pygame.Surface:
        """A red disc with "!!": one of the biggest mistakes."""
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surf, (90, 10, 10), (size // 2, size // 2), size // 2)
        pygame.draw.circle(surf, GRADE_COLOURS["mistake"], (size // 2, size // 2), size // 2 - 1)
        t = self.texts.render("!!", "bold", int(size * 0.72), style.CREAM, shadow=False)
        surf.blit(t, t.get_rect(center=(size // 2, size // 2)))
        return surf

    def draw_title(self, surf: pygame.Surface, r: pygame.Rect, text: str, s: PublicView) -> None:
        """Which move, and the sizes of the piles."""
        px = self.px
        img = self.texts.fit(text, "title", px(34), style.GOLD_LIGHT, r.width // 2, outline=style.GOLD_DARK)
        surf.blit(img, img.get_rect(midleft=(r.left + px(4), r.centery)))
        info = f"{tr('review.deck', n=s.deck_size)}   ·   {tr('review.discard', n=len(s.discard))}"
        img = self.texts.fit(info, "body", px(17), style.PARCHMENT_DARK, r.width // 2)
        surf.blit(img, img.get_rect(midright=(r.right - px(4), r.centery)))

    def draw_timeline(self, surf: pygame.Surface, r: pygame.Rect, step: int, last: int, points: list[int],
                      results: dict[int, PointResult]) -> None:
        """The whole game as a bar: a tick per decision (its grade once analysed), ``step`` marked."""
        px = self.px
        groove = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(groove, (0, 0, 0, 120), groove.get_rect(), border_radius=r.height // 2)
        surf.blit(groove, r.topleft)
        pygame.draw.rect(surf, style.GOLD_DARK, r, width=1, border_radius=r.height // 2)
        n = max(1, last)
        xof = lambda i: r.left + px(4) + (r.width - px(8)) * i / n  # noqa: E731
        done = pygame.Rect(r.left, r.top, max(0, int(xof(step)) - r.left), r.height)
        if done.width > 0:
            fill = pygame.Surface(done.size, pygame.SRCALPHA)
            pygame.draw.rect(fill, (*style.GOLD_DARK, 150), fill.get_rect(), border_radius=r.height // 2)
            surf.blit(fill, done.topleft)
        for i in points:
            res = results.get(i)
            if res is None:
                colour, h = style.MUTED, r.height // 3
            else:
                g = grade(res.loss_points)
                colour = GRADE_COLOURS[g]
                h = {"good": r.height // 3, "inaccuracy": r.height // 2 + 1, "mistake": r.height - 2}[g]
            x = int(xof(i))
            pygame.draw.line(surf, colour, (x, r.centery - h // 2), (x, r.centery + h // 2), max(1, px(2)))
        x = int(xof(step))
        style.draw_diamond(surf, (x, r.centery), px(10), style.GOLD_DARK)
        style.draw_diamond(surf, (x, r.centery), px(8), style.GOLD_LIGHT)
        style.draw_diamond(surf, (x, r.centery), px(3), style.CRIMSON)

    def fit_verdict(self, r: pygame.Rect, move: str, verdict: str, colour: Colour) -> VerdictFit:
        """Where the move and every word of the verdict go in the box ``r``: wrapped, set
        smaller as far as a readable size where the box is short, and never cut — at that
        size a verdict still too long takes the room it needs above the box."""
        px = self.px
        inner = r.inflate(-px(40), -px(20))
        verdict, _, why = verdict.partition("\n")      # the reason, if any, on lines of its own
        body_top = px(17)
        for body in range(body_top, min(body_top, max(10, round(body_top * 0.72))) - 1, -1):
            head = body + px(2)
            parts = [(move, "bold", head, style.CREAM), (verdict, "body", body, colour)]
            if why:
                parts.append((why, "body", body, style.PARCHMENT))
            lines = [(line, role, size, c) for text, role, size, c in parts
                     for line in wrap_text(text, style.font(role, size), inner.width)]
            height = sum(style.font(role, size).get_linesize() for _, role, size, _ in lines) + px(4)
            if height <= inner.height:
                break
        box = pygame.Rect(r.left, r.top - max(0, height - inner.height), r.width,
                          r.height + max(0, height - inner.height))
        y = box.top + (inner.top - r.top)
        placed = []
        for i, (line, role, size, c) in enumerate(lines):
            f = style.font(role, size)
            placed.append((line, role, size, c, pygame.Rect(inner.left, y, f.size(line)[0], f.get_linesize())))
            y += f.get_linesize() + (px(4) if i == 0 else 0)
        return VerdictFit(box, tuple(placed))

    def draw_verdict(self, surf: pygame.Surface, r: pygame.Rect, move: str, verdict: str, colour: Colour) -> None:
        """The move, and what the analysis says about it (its frame drawn anew if it grew)."""
        fit = self.fit_verdict(r, move, verdict, colour)
        if fit.box != r:
            px = self.px
            pygame.draw.rect(surf, (26, 16, 10, 250), fit.box, border_radius=px(10))
            pygame.draw.rect(surf, style.GOLD_DARK, fit.box, width=1, border_radius=px(10))
        for line, role, size, c, rect in fit.lines:
            surf.blit(style.render_text(line, style.font(role, size), c), rect.topleft)

    def draw(self, surf: pygame.Surface, area: pygame.Rect, s: Position, glow: dict[int, Colour],
             origin: pygame.Vector2, narrator: Narrator) -> None:
        """A row per seat and, with a war or a card in play, one for the centre; ``glow``
        lights cards; ``origin`` is where ``surf`` lies on the screen (for ``hits``)."""
        px = self.px
        lang = get_language()
        p = s.pending
        centre = s.war is not None or (p is not None and ((p.in_limbo and p.card >= 0) or bool(p.bids)))
        n_rows = s.n + (1 if centre else 0)
        gap = px(8)
        row_h = min(px(196), (area.height - gap * (n_rows - 1)) // n_rows)
        y = area.top
        scores = score(s)
        deciding = s.decision.seat
        for seat in range(s.n):
            row = pygame.Rect(area.left, y, area.width, row_h)
            self._draw_seat(surf, row, s, seat, scores[seat].total, seat == deciding, glow, lang, origin)
            y += row_h + gap
        if centre:
            self._draw_centre(surf, pygame.Rect(area.left, y, area.width, row_h), s, glow, lang, origin, narrator)

    def _row_frame(self, surf: pygame.Surface, row: pygame.Rect, colour, active: bool) -> None:
        px = self.px
        bg = pygame.Surface(row.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (70, 44, 14, 90) if active else (0, 0, 0, 70), bg.get_rect(), border_radius=px(8))
        surf.blit(bg, row.topleft)
        pygame.draw.rect(surf, style.GOLD if active else (96, 70, 36), row, width=max(1, px(2)) if active else 1,
                         border_radius=px(8))
        surf.fill(colour, pygame.Rect(row.left + px(3), row.top + px(6), px(5), row.height - px(12)))

    def _draw_seat(self, surf, row: pygame.Rect, s: Position, seat: int, total: int, active: bool,
                   glow: dict, lang: str, origin) -> None:
        px = self.px
        colour = seat_colour(seat)
        self._row_frame(surf, row, colour, active)
        info_w = px(196)
        info = pygame.Rect(row.left + px(16), row.top + px(6), info_w - px(20), row.height - px(12))
        tall = row.height > px(90)
        name_size = max(10, min(px(21), row.height * 30 // 100))
        small_size = max(9, min(px(15), row.height * 22 // 100))
        badge_size = max(14, min(px(40), row.height * 36 // 100)) if tall else \
            max(14, min(px(36), row.height * 62 // 100))
        badge = self.sprites.badge("glory" if total >= 0 else "neg", number(total), badge_size, self.texts)
        icon = self.sprites.seat_icon(self.seats[seat].is_human, name_size, colour)
        room = info.width - icon.get_width() - px(6) - (0 if tall else badge_size + px(6))
        name = self.texts.fit(self.seats[seat].name, "bold", name_size,
                              style.GOLD_LIGHT if active else style.CREAM, room)
        if tall:
            block_h = name.get_height() + small_size + px(4) + badge_size
            top = info.top + max(0, (info.height - block_h) // 2)
        else:
            top = row.centery - name.get_height() // 2
        surf.blit(icon, (info.left, top + (name.get_height() - icon.get_height()) // 2))
        surf.blit(name, (info.left + icon.get_width() + px(6), top))
        if tall:
            ty = top + name.get_height()
            kind = self.texts.fit(tr(f"series.kind.{self.seats[seat].kind}"), "body", small_size, style.MUTED,
                                  info.width, shadow=False)
            surf.blit(kind, (info.left, ty))
            ty += kind.get_height() + px(4)
            surf.blit(badge, (info.left, ty))
            g = self.texts.fit(tr("results.glory", n=total), "body", small_size, style.GOLD_LIGHT,
                               info.width - badge_size - px(6))
            surf.blit(g, g.get_rect(midleft=(info.left + badge_size + px(6), ty + badge_size // 2)))
        else:  # a short row: the badge beside the name
            surf.blit(badge, badge.get_rect(midright=(info.right, row.centery)))
        # the cards
        sc = seat_score(s, seat)
        hand = _hand(s, seat)
        chron_glory = [c.glory for c in sc.chronicles]
        shown = hand is not None and (self.only is None or seat in self.only)
        groups = [
            ("hand", [[(c, None)] for c in sorted(hand or [])]) if shown
            else ("hand", [], f"({s.hand_sizes[seat]})"),
            ("cities", [[(c.card, c.glory())] + [(b, None) for b in c.all_buildings()] for c in cities_of(s, seat)]),
            ("chronicles", [[(c, chron_glory[k] if k < len(chron_glory) else None)] +
                            ([(s.under[c], None)] if c in s.under else [])
                            for k, c in enumerate(s.chronicles[seat])] + [[(c, None)] for c in s.before[seat]]),
        ]
        cards_area = pygame.Rect(row.left + info_w, row.top + px(4), row.width - info_w - px(10), row.height - px(8))
        self._draw_groups(surf, cards_area, groups, glow, lang, origin)

    def _draw_centre(self, surf, row: pygame.Rect, s: PublicView, glow: dict, lang: str, origin,
                     narrator: Narrator) -> None:
        px = self.px
        self._row_frame(surf, row, style.CRIMSON, False)
        info_w = px(196)
        groups: list[tuple] = []       # (caption key, card stacks[, total])
        if s.war is not None:
            w = s.war
            title = tr("review.war", city=narrator.card(w.city), attacker=narrator.seat(w.attacker),
                       defender=narrator.seat(w.defender))
            city = s.cities.get(w.city)
            groups.append(("war_city", [[(w.city, city.glory() if city else None)]]))
            att = attack_sum(s, w.attack, w.defender) if w.attack else None
            dfn = defence_sum(s, w.defence, w.defender, w.city) if w.defence else None
            groups.append(("attack", [[(c, None)] for c in w.attack], att))
            groups.append(("defence", [[(c, None)] for c in w.defence], dfn))
            if w.raid_troop >= 0:
                groups.append(("raid", [[(w.raid_troop, None)]]))
        else:
            title = ""
        p = s.pending
        if p is not None and p.card >= 0:
            if not title:
                title = tr("review.pending", card=narrator.card(p.card), name=narrator.seat(p.player))
            if p.in_limbo:
                groups.append(("in_play", [[(p.card, None)]]))
            if p.bids:
                groups.append(("bids", [[(troop, None)] for bidder, troop in p.bids
                                        if troop >= 0 and (self.only is None or bidder in self.only)]))
        info = pygame.Rect(row.left + px(16), row.top + px(6), info_w - px(24), row.height - px(12))
        f = style.font("bold", max(11, min(px(17), row.height * 20 // 100)))
        y = info.top
        for line in wrap_text(title, f, info.width)[: max(1, info.height // f.get_linesize())]:
            img = style.render_text(line, f, style.GOLD_LIGHT)
            surf.blit(img, (info.left, y))
            y += f.get_linesize()
        cards_area = pygame.Rect(row.left + info_w, row.top + px(4), row.width - info_w - px(10), row.height - px(8))
        self._draw_groups(surf, cards_area, groups, glow, lang, origin)

    def _draw_groups(self, surf, area: pygame.Rect, groups: list, glow: dict, lang: str, origin) -> None:
        """Card groups side by side, each under a caption; cards shrink, then overlap, to fit."""
        px = self.px
        fit = self._fit(area, groups)
        cw, ch, gap, cap_h, out, alloc, scale = fit.cw, fit.ch, fit.gap, fit.cap_h, fit.out, fit.alloc, fit.scale
        captions, caption_size, max_h = fit.captions, fit.caption_size, area.height - fit.cap_h
        top = area.top + cap_h + (max_h - ch) // 2
        clip = surf.get_clip()
        surf.set_clip(area.inflate(px(8), px(8)).clip(clip) if clip else area.inflate(px(8), px(8)))
        badge_size = max(12, min(px(34), cw * 44 // 100))
        gx = area.left
        for g in range(len(groups)):
            if g:
                dx = gx - gap // 2
                pygame.draw.line(surf, (110, 80, 40), (dx, area.top + px(4)), (dx, area.bottom - px(4)))
            if captions[g] is not None:
                surf.blit(captions[g], (gx, area.top))
            placed = out[g][1]
            if not placed:
                dash = self.texts.render("—", "body", caption_size + px(4), style.MUTED, shadow=False)
                surf.blit(dash, dash.get_rect(midleft=(gx + px(4), top + ch // 2)))
            # within an item the base card lies on top of what peeks out from under it
            items: list[list[tuple]] = []
            for entry in placed:
                if entry[3] == 0:
                    items.append([])
                items[-1].append(entry)
            for item in items:
                for x, card, badge, j in reversed(item):
                    rect = pygame.Rect(gx + int(x * scale[g]), top, cw, ch)
                    if card in glow:
                        w = max(3, px(6))
                        surf.blit(self.sprites.glow(rect.size, glow[card], w), (rect.left - w, rect.top - w))
                    pad = max(2, cw // 14)
                    surf.blit(self.sprites.card_shadow(rect.size), (rect.left - pad + 2, rect.top - pad + 3))
                    surf.blit(self.sprites.face(card, rect.size, lang), rect.topleft)
                    self.hits.append((rect.move(int(origin.x), int(origin.y)), card, j))
                    if badge is not None and j == 0:
                        b = self.sprites.badge("glory" if badge >= 0 else "neg", str(badge), badge_size,
                                               self.texts)
                        surf.blit(b, b.get_rect(center=(rect.left + badge_size * 45 // 100,
                                                        rect.bottom - badge_size * 45 // 100)))
            gx += alloc[g] + gap
        surf.set_clip(clip)

    def _fit(self, area: pygame.Rect, groups: list) -> _Fit:
        """The card size, the groups' widths and how much each group's cards overlap."""
        px = self.px
        caption_size = max(9, min(px(14), area.height * 15 // 100))
        cap_h = caption_size + px(4) if area.height > px(70) else 0
        max_h = area.height - cap_h
        captions = []
        for group in groups:
            label = tr(f"review.{group[0]}")
            if len(group) > 2 and group[2] is not None:
                label = f"{label} {group[2]}"
            elif group[0] == "hand":
                label = f"{label} ({len(group[1])})"
            captions.append(self.texts.render(label, "bold", caption_size, style.GOLD, shadow=False)
                            if cap_h else None)
        cap_w = [c.get_width() + px(8) if c is not None else 0 for c in captions]

        def layout(ch: int):
            """Per group: (content width, [(x, card, badge, j)]) at card height ``ch``."""
            cw = ch * CARD_W // CARD_H
            peek, item_gap = max(4, cw * 30 // 100), max(2, cw // 10)
            out = []
            for group in groups:
                x, placed = 0, []
                for k, item in enumerate(group[1]):
                    if k:
                        x += item_gap
                    # buildings (or the troop under a chronicle) peek out from under the card
                    for j, (card, badge) in enumerate(item):
                        placed.append((x + j * peek, card, badge, j))
                    x += cw + (len(item) - 1) * peek
                out.append((x if placed else cw * 6 // 10, placed))
            return cw, out

        def widths(cw, out, content):
            return [max(w, cap_w[g]) for g, w in enumerate(content)], max(8, cw * 40 // 100)

        ch = max_h
        while True:
            cw, out = layout(ch)
            content = [w for w, _ in out]
            alloc, gap = widths(cw, out, content)
            total = sum(alloc) + gap * (len(groups) - 1)
            if total <= area.width or ch <= max_h * 72 // 100:
                break
            ch = max(8, ch * 93 // 100)
        # still too wide: squeeze the groups' cards together (never below one card / the caption)
        scale = [1.0] * len(groups)
        if total > area.width:
            room = [max(0, content[g] - max(cw, cap_w[g])) if out[g][1] else 0 for g in range(len(groups))]
            spare = sum(room)
            excess = total - area.width
            for g in range(len(groups)):
                if room[g] and content[g] > cw:
                    cut = min(room[g], excess * room[g] / spare) if spare else 0
                    scale[g] = max(0.05, (content[g] - cut - cw) / (content[g] - cw))
                    content[g] = int(content[g] - cut)
            alloc, gap = widths(cw, out, content)
        return _Fit(cw, ch, gap, cap_h, out, alloc, scale, captions, caption_size)


def _hand(s: Position, seat: int) -> list[int] | None:
    """``seat``'s hand as the position knows it: a state's, or an observation's own seat's; else None."""
    if isinstance(s, GameState):
        return s.hands[seat]
    return s.hand if seat == s.seat else None
