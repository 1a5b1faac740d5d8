"""Every kind the engine names, one enumeration per namespace.

The same word can mean different things in different places — "city" is a kind of card
and a thing a card is pointed at, "defend" is an action and the answer it records,
"attack" is an action and the event it makes — so each namespace has its own enum and a
reader always knows which one is meant (`ActionKind.DEFEND`, `AnswerKind.DEFEND`).

They are `StrEnum`s with the very strings the engine always used: a member equals and
hashes as its string, JSON writes it as its string, so saves, replays and the rule
tables keyed by those strings stay exactly as they were.
"""
from __future__ import annotations

from enum import StrEnum


class CardKind(StrEnum):
    """What a card is (`CardSpec.kind`)."""
    CITY = "city"
    BUILDING = "building"
    TROOP = "troop"
    EVENT = "event"
    CHRONICLE = "chronicle"


class DecisionKind(StrEnum):
    """What the engine waits for (`Decision.kind`)."""
    TURN = "turn"                # the active player's turn action
    REACTION = "reaction"        # a targeted player may cancel with City Watch / Bogatyr Outpost
    WAR_ATTACK = "war_attack"    # attacker: attack, play a war event, or end the war
    WAR_DEFEND = "war_defend"    # defender: answer the current attack
    WAR_COUNTER = "war_counter"  # attacker: bribe a defending foreign troop, or accept the repulse
    RAID_LAY = "raid_lay"        # defender lays one troop face up (Raid on the City)
    DOWRY_BID = "dowry_bid"      # a player bids one troop face down, or passes
    CONGRESS = "congress"        # Congress of Princes: give a city or keep the chronicle
    OVER = "over"                # the game has ended; nobody decides


class ActionKind(StrEnum):
    """What a player does (`Action.kind`); the fields each carries: `actions.ACTION_FIELDS`."""
    DRAW = "draw"
    PASS = "pass"                 # only with an empty deck
    PLAY_CITY = "play_city"       # card -> before `seat`
    BUILD = "build"               # card -> on `city`
    CHRONICLE = "chronicle"       # card -> before `seat` (+`city` for Sviatopolk, +`cards` for Byzantium)
    EVENT = "event"               # card with `seat`/`city`/`target` as its text needs
    DECLARE_WAR = "war"           # on `city`
    PASS_IGOR = "pass_igor"       # Igor's Campaign -> `seat`, sending troop `cards[0]`
    ATTACK = "attack"             # troops `cards` (several only with the Wise Voivode)
    END_WAR = "end_war"
    DEFEND = "defend"             # troops `cards`
    AMBUSH = "ambush"
    BRIBE = "bribe"               # `card` (Bribe) on troop `target`
    CONDEMN = "condemn"
    YIELD = "yield"               # no answer: the city falls
    YIELD_PLUNDER = "yield_plunder"  # no answer, and play Plunder as the city falls
    ACCEPT = "accept"             # attacker accepts that the attack was repelled
    REACT = "react"               # play the reaction `card`
    DECLINE = "decline"           # let the card take effect
    LAY = "lay"                   # Raid on the City: lay troop `card`
    BID = "bid"                   # Dowry: bid troop `card`
    NO_BID = "no_bid"
    GIVE_CITY = "give_city"       # Congress: give `city`
    KEEP = "keep"                 # Congress: keep the chronicle (−4)


class EventKind(StrEnum):
    """What happened (`Event.kind`): the feed a table animates, narrates and sends."""
    TURN = "turn"                    # a turn begins (`seat`, `value`: the turn number)
    PASS = "pass"                    # a player passes (empty deck)
    MOVE = "move"                    # a card moves from `src` to `dst`
    PLAY_EVENT = "play_event"        # an event card is played onto the table
    DECLINE = "decline"              # a targeted player lets the card take effect
    CANCELLED = "cancelled"          # a reaction cancels the card
    BID = "bid"                      # a troop bid face down (Dowry)
    NO_BID = "no_bid"
    BIDS_REVEALED = "bids_revealed"  # the Dowry's bids turned up
    KEEP = "keep"                    # Congress: the chronicle kept
    REVEAL = "reveal"                # a hand shown to a seat (Reconnaissance)
    CITY_OWNER = "city_owner"        # a city changes hands (`how`: why)
    END_SET = "end_set"              # the game's end is set (`how`: why)
    END_CANCELLED = "end_cancelled"  # ... and cancelled (And There Was Silence)
    GAME_OVER = "game_over"          # `cards`: the final Glory of every seat
    WAR_START = "war_start"          # `seat` declares war on `other` for `city`
    ATTACK = "attack"                # troops `cards` attack with Strength `value`
    ANSWER = "answer"                # an answer of kind `how` (`AnswerKind`)
    RAID_LAY = "raid_lay"            # the troop laid face up by Raid on the City
    BRIBED = "bribed"                # a troop bribed away
    PLUNDER = "plunder"              # Plunder burns the falling city
    REPELLED = "repelled"            # the attack is repelled
    CITY_FALLS = "city_falls"        # the attack takes the city
    WAR_END = "war_end"              # the war ends (`how`: `WarEnd`)


class AnswerKind(StrEnum):
    """How an attack was answered (`Answer.kind`, the `how` of an ANSWER event)."""
    DEFEND = "defend"                # troops laid against the attack (`strength`: the defence)
    RAID_TROOP = "raid_troop"        # the troop laid by Raid on the City answers first
    AMBUSH = "ambush"
    BRIBE = "bribe"                  # the defender bribes an attacking troop (`strength`: the
                                     # attack that goes on, or the one it repelled)
    CONDEMN = "condemn"
    YIELD = "yield"                  # no answer: the city falls
    YIELD_PLUNDER = "yield_plunder"  # no answer, and Plunder burns the city
    COUNTER_BRIBE = "counter_bribe"  # the attacker bribes a defending troop (`strength`: the defence left)
    ACCEPT = "accept"                # the attacker accepts the repulse


class AttackResult(StrEnum):
    """How an attack ended (`AttackRecord.result`; "" while it stands)."""
    REPELLED = "repelled"
    FELL = "fell"


class WarEnd(StrEnum):
    """How a war ended (the `how` of WAR_END, `WarRecord.outcome`; "" while it runs)."""
    CAPTURED = "captured"
    ENDED = "ended"
    CONDEMNED = "condemned"


class TargetKind(StrEnum):
    """What a card may be pointed at on the table (`refusals.Target.kind`)."""
    CITY = "city"
    SEAT = "seat"
    CHRONICLE = "chronicle"
    TROOP = "troop"
    CENTRE = "centre"
