"""The diagnostics in knjazja_lab/experiments: the peeking deal sees the true hands only for the
peeking seat's own decisions (and with `--endings` only where the Invasion and Silence lie),
the round-noise and paired reports count what they say they count, two averaged networks
make one valid network with the mean heads, the endings report says who set the end and
who won, and the end-of-game hand count matches the arena's and counts as playable only
the cards a legal action could play."""
import importlib.util
import json
import random
from pathlib import Path

from knjazja.engine import determinize, observation

from bot_states import playout_states

EXPERIMENTS = Path(__file__).resolve().parents[2] / "knjazja_lab" / "experiments"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"experiment_{name}", EXPERIMENTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)      # defines functions only: nothing is patched
    return module


def _midgame_state():
    """A state where the deck and the others' hands both hold unseen cards."""
    for s in playout_states(4, 12, 8):
        seat = s.decision.seat
        if len(s.deck) > 5 and sum(len(s.hands[t]) for t in range(4) if t != seat) > 5:
            return s
    raise AssertionError("no mid-game state found")


def test_peek_deals_the_true_hands_to_the_peeking_seat_only():
    peek = _load("peek")
    s = _midgame_state()
    seat = s.decision.seat
    obs = peek._observe(s, seat)                      # what the arena hands the bot
    peek._table["seat"] = seat
    world = peek._deal(obs, random.Random(1))
    assert world.hands == s.hands
    assert sorted(world.deck) == sorted(s.deck)
    assert world is not s and world.hands is not s.hands
    # the same seat's view of a copy (a world inside a look-ahead) gets a fair deal
    copy_obs = observation(s, seat)
    fair = peek._deal(copy_obs, random.Random(1))
    assert fair.hands == determinize(copy_obs, random.Random(1)).hands
    # and so does another seat
    peek._table["seat"] = (seat + 1) % 4
    other = peek._deal(obs, random.Random(1))
    assert other.hands == determinize(obs, random.Random(1)).hands


def test_round_noise_report_counts_picks_and_what_they_give_up(tmp_path, capsys):
    noise = _load("round_noise")
    rows = [  # Normal right, the look-ahead wrong; then the other way round
        {"prior": [0.5, 0.4], "ref": [0.30, 0.20], "runs": [[0.1, 0.9]] * 3, "worlds": 8},
        {"prior": [0.5, 0.4], "ref": [0.20, 0.30], "runs": [[0.1, 0.9]] * 3, "worlds": 8},
    ]
    out = tmp_path / "rn.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    noise.report(out)
    text = capsys.readouterr().out
    assert "2 decisions" in text
    assert "Normal's value                       picks the reference's best 50%, gives up 0.0500" in text
    assert "round look-ahead                     picks the reference's best 50%, gives up 0.0500" in text


def _pair(seed, g, wa, wb, same=False):
    glory_b = [3, 1] if same else [1, 3]
    return {"seed": seed, "g": g,
            "a": {"win": wa, "actions": 50, "glory": [3, 1]},
            "b": {"win": wb, "actions": 50 if same else 61, "glory": glory_b}}


def test_paired_report_gives_both_shares_and_the_difference_game_by_game():
    paired = _load("paired")
    rows = [_pair(1, 0, 1.0, 1.0, same=True), _pair(1, 1, 0.0, 1.0),
            _pair(1, 2, 0.0, 0.5), _pair(1, 3, 1.0, 0.0)]
    rep = paired.report(rows)
    assert rep["games"] == 4 and rep["identical"] == 1
    assert rep["a"] == 0.5 and rep["b"] == 0.625
    assert rep["b_minus_a"] == 0.125
    # differences 0, 1, 0.5, -1: sample variance 0.729..., over 4 games
    assert abs(rep["se"] - (((0.125 ** 2 + 0.875 ** 2 + 0.375 ** 2 + 1.125 ** 2) / 3) / 4) ** 0.5) < 1e-12


def test_paired_games_of_one_deterministic_kind_are_identical():
    paired = _load("paired")
    row = paired.play_pair("normal-classic", "normal-classic", ["easy"], seed=5, game=1)
    assert paired.same_game(row)
    assert row["a"] == row["b"]
    assert row["a"]["actions"] > 10        # a real game was played


def test_ensemble_merge_is_one_network_whose_heads_are_the_mean_of_all():
    ensemble = _load("ensemble")
    from knjazja.bots import net
    from knjazja.bots.features import extract
    from knjazja.bots.view import View
    a = json.loads((Path(net.__file__).parent / "data" / net.DEFAULT_FILE).read_text("utf-8"))
    rng = random.Random(3)

    def perturbed(shift: float) -> dict:             # another network: the first, perturbed
        b = json.loads(json.dumps(a))
        for key in ("Ws", "Wg", "Wh"):
            b[key] = [[w + rng.gauss(0, 0.05) for w in row] for row in b[key]]
        b["w2"] = [w + rng.gauss(0, 0.1) for w in b["w2"]]
        b["b2"], b["b3"] = b["b2"] + shift, b["b3"] - shift
        return b

    b, c = perturbed(0.3), perturbed(-0.5)
    for group in ((a, b), (a, b, c)):
        merged = ensemble.merge(*group)
        assert merged["hidden"] == sum(d["hidden"] for d in group)
        parts = [net.EvalNet(d) for d in group]
        nm = net.EvalNet(merged)                        # a valid weights file
        checked = 0
        for s in playout_states(4, 5, 6):
            f = extract(View.from_state(s, s.decision.seat))
            assert parts[0].heads(f) != parts[1].heads(f)
            assert ensemble.heads_gap(parts, nm, f) < 1e-9
            assert ensemble.heads_gap(parts[:2], nm, f) > 1e-6 or len(group) == 2
            checked += 1
        assert checked >= 5


def test_endings_notes_what_set_the_end_and_who_won():
    endings = _load("endings")
    r = endings.play_one(["easy", "random"], 9, 1)
    assert r["ending"]["cause"] in ("deck", "invasion", "silence")
    assert r["ending"]["by"] in (0, 1) and r["endings_set"] >= 1
    assert sum(r["win"]) == 1.0 and r["turns"] > r["ending"]["turn"]


def test_endings_report_counts_the_invasions_by_seat_kind(tmp_path, capsys):
    endings = _load("endings")
    rows = [  # seat 0 (kind a) ends one game with the Invasion from a lead of 3 and wins it;
        # a kind b seat ends another from a lead of 1 and loses it; a third runs the deck out
        {"ending": {"cause": "invasion", "turn": 12, "by": 0, "lead": 3}, "turns": 16,
         "win": [1.0, 0.0, 0.0], "glory": [4, 1, 0]},
        {"ending": {"cause": "invasion", "turn": 30, "by": 2, "lead": 1}, "turns": 33,
         "win": [0.0, 1.0, 0.0], "glory": [2, 6, 5]},
        {"ending": {"cause": "deck", "turn": 90, "by": 1, "lead": 0}, "turns": 93,
         "win": [0.0, 0.5, 0.5], "glory": [7, 9, 9]},
    ]
    out = tmp_path / "end.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    endings.report(["a", "b"], [out])
    text = capsys.readouterr().out
    assert "ended by invasion: 2 games, mean turns 24; a wins 50.0%, b wins 50.0%" in text
    assert "ended by deck: 1 games, mean turns 93; a wins 0.0%, b wins 100.0%" in text
    assert "a: the Invasion in 1 games (33.3% per seat), won 100% of them; lead when played: " \
           "median 3, min 3; turn: median 12, first 12" in text
    assert "b: the Invasion in 1 games (16.7% per seat), won 0% of them" in text


def test_peek_deals_the_true_cards_of_one_sort_and_nothing_else_of_the_hands():
    peek = _load("peek")
    from collections import Counter

    from knjazja.bots.reading import HOLD_ODDS

    def cards(s) -> Counter:
        bids = [c for _, c in s.pending.bids] if s.pending else []
        return Counter(sum(s.hands, []) + s.deck + bids)

    states = [s for s in playout_states(4, 11, 30, policy="normal")
              if not (s.pending and s.pending.bids)]     # a bid may hide a card: dealt fairly
    for sort in (peek.is_answer, peek.is_other):
        differs = 0
        for k, s in enumerate(states):
            me = s.decision.seat
            w = peek.dealt_knowing(observation(s, me), s, random.Random(k), HOLD_ODDS, sort)
            assert sorted(w.hands[me]) == sorted(s.hands[me])
            assert cards(w) == cards(s) and len(w.deck) == len(s.deck)
            for t in range(4):
                assert len(w.hands[t]) == len(s.hands[t])
                assert sorted(filter(sort, w.hands[t])) == sorted(filter(sort, s.hands[t]))
                differs += t != me and sorted(w.hands[t]) != sorted(s.hands[t])
        assert differs > 10                # the rest of the hands is dealt, not peeked


def _played_with_turn_starts(peek, seed: int, steps: int):
    """A four-Normal game played `steps` decisions through peek's observer, so that it has
    noted each seat's hand at the start of its last turn."""
    from knjazja.bots.base import make_bot
    from knjazja.engine import apply, legal_actions, new_game
    s = new_game(4, seed)
    bots = [make_bot("normal") for _ in range(4)]
    rng = random.Random(seed)
    peek._turn_start.clear()
    for _ in range(steps):
        seat = s.decision.seat
        apply(s, bots[seat].choose(peek._observe(s, seat), legal_actions(s), rng))
    return s


def test_peek_old_knows_the_kept_places_and_new_the_cards_drawn_since():
    peek = _load("peek")
    s = _played_with_turn_starts(peek, 21, 60)
    me = s.decision.seat
    for k in (True, False):                        # --old, then --new
        known = peek._held_since_turn(s, me, k)
        w = peek.dealt_knowing(observation(s, me), s, random.Random(3), None, known)
        for t in range(4):
            if t == me:
                continue
            old = [c for c in s.hands[t] if c in peek._turn_start[t]]
            assert len(old) == s.kept[t]           # the engine's public count of those places
            sort = old if k else [c for c in s.hands[t] if c not in old]
            assert sorted(c for c in w.hands[t] if known(c)) == sorted(sort)
    assert any(s.kept[t] for t in range(4) if t != me)


def test_keep_odds_favour_the_cards_kept_and_shrink_rare_ones_to_their_kind():
    keep_odds = _load("keep_odds")
    from knjazja.engine.cards import CARD_ID, N_CARDS
    city = CARD_ID.index("city.kiev")
    troop = CARD_ID.index("troop.druzhina.5")
    unseen, kept = [1000] * N_CARDS, [300] * N_CARDS
    kept[city], kept[troop] = 0, 900
    murom = CARD_ID.index("city.murom")
    unseen[murom] = kept[murom] = 0                    # never unseen: its kind's odds
    table = keep_odds.odds(unseen, kept)
    assert table[city] < 1 < table[troop]
    mean = sum(kept) / sum(unseen)
    cities = [c for c in range(N_CARDS) if CARD_ID[c].startswith("city.")]
    city_odds = sum(kept[c] for c in cities) / sum(unseen[c] for c in cities) / mean
    assert abs(table[murom] - city_odds) < 1e-3 and table[murom] < table[CARD_ID.index("city.pskov")]
    u, k, stays = keep_odds.count_game(["normal"] * 4, 5, 0)
    assert all(0 <= kc <= uc for kc, uc in zip(k, u)) and sum(k) > 0
    assert all(0 <= r[1] <= r[0] and 0 <= r[3] <= r[2] for r in stays.values())
    assert stays["troop"][2] > 0 and stays["city"][0] > stays["city"][1]  # cities are founded


def test_read_with_refuses_an_odds_file_that_is_not_one(tmp_path):
    import pytest
    read_with = _load("read_with")
    from knjazja.engine.cards import N_CARDS
    bad = tmp_path / "odds.json"
    for text in ("{", json.dumps({"odds": [1.0] * 3}), json.dumps({"odds": [0.0] * N_CARDS}),
                 json.dumps({"weights": []})):
        bad.write_text(text)
        with pytest.raises(SystemExit, match="odds"):
            read_with.load_odds(bad)
    bad.write_text(json.dumps({"odds": [0.5] * N_CARDS}))
    assert read_with.load_odds(bad) == (0.5,) * N_CARDS


def test_policy_read_swaps_a_hand_consistently_and_the_true_hand_gives_the_move():
    policy_read = _load("policy_read")
    from collections import Counter

    from knjazja.bots.base import make_bot
    from knjazja.engine import legal_actions
    from knjazja.engine.actions import TURN

    bot = make_bot("normal")
    states = [s for s in playout_states(4, 13, 80)
              if s.decision.kind == TURN and len(s.hands[s.decision.seat]) >= 3]
    looked = refused = 0
    for k, s in enumerate(states[:12]):
        seat = s.decision.seat
        obs, legal = observation(s, seat), legal_actions(s)
        rng = random.Random(k)
        start = rng.getstate()
        turn = policy_read.LastTurn(s.clone(), start, bot.choose(obs, legal, rng), set(obs.unseen))
        kept = set(sorted(s.hands[seat])[:2])
        assert policy_read.gives_the_move(bot, turn, seat, kept, kept)   # the truth, always
        for j in range(4):
            into = policy_read.dealt(sorted(set(obs.unseen) | kept), 2, random.Random(k * 10 + j))
            world = policy_read.swapped(turn.state, seat, kept, into)
            if world is None:
                continue
            assert sorted(turn.state.hands[seat]) == sorted(s.hands[seat])  # not touched
            assert set(world.hands[seat]) == set(s.hands[seat]) - kept | into
            assert Counter(sum(world.hands, []) + world.deck) == Counter(sum(s.hands, []) + s.deck)
            seen = observation(world, seat)
            assert seen.known == obs.known and len(seen.unseen) == len(obs.unseen)
            looked += 1
            refused += not policy_read.gives_the_move(bot, turn, seat, kept, into)
    assert looked >= 20 and refused > 0      # some other hands would have played otherwise


def test_policy_read_report_compares_the_dealt_and_the_kept_hands():
    policy_read = _load("policy_read")
    from knjazja.engine.cards import CARD_ID
    city, troop = CARD_ID.index("city.kiev"), CARD_ID.index("troop.druzhina.5")
    assert policy_read.kinds_right({city, troop}, {troop, CARD_ID.index("city.murom")}) == 1.0
    assert policy_read.kinds_right({troop}, {city}) == 0.0
    assert policy_read.card_right({city, troop}, {troop, CARD_ID.index("city.murom")}) == 0.5
    twins = [c for c in range(len(CARD_ID)) if CARD_ID[c] == "troop.militia"][:2]
    assert len(twins) == 2 and policy_read.card_right({twins[0]}, {twins[1]}) == 1.0
    pool = list(range(40))
    hand = policy_read.dealt(pool, 5, random.Random(2))
    assert len(hand) == 5 and hand <= set(pool)
    a, b = policy_read.new_tally(), policy_read.new_tally()
    a.update(looks=3, true_same=3, dealt=30, kept=6, post_looks=2, prior_right=1.0, post_right=1.5)
    a["by_move"] = {"draw": [30, 6]}
    rep = policy_read.report([a, b])
    assert rep["games"] == 2 and rep["true_kept_gives_the_move"] == 1.0
    assert rep["dealt_hands_kept"] == 0.2 and rep["kept_share_by_move"] == {"draw": 0.2}
    assert rep["kinds_right_prior"] == 0.5 and rep["kinds_right_posterior"] == 0.75


def test_policy_read_deals_an_older_turn_only_the_places_held_then():
    policy_read = _load("policy_read")
    from knjazja.bots.base import make_bot
    from knjazja.engine import apply, legal_actions, new_game
    from knjazja.engine.actions import TURN

    class Spy:                        # notes the hand it is asked with
        name = "spy"
        hand: list[int] = []

        def choose(self, obs, legal, rng):
            self.hand = obs.hand
            return legal[0]

    # a game in which seat 0 keeps a card drawn after the oldest of its three turns
    s, bot, rng = new_game(4, 32), make_bot("normal"), random.Random(32)
    turns = []                        # seat 0's turns, newest first
    while len(turns) < 3 and not s.over:
        seat, legal = s.decision.seat, legal_actions(s)
        obs = observation(s, seat)
        start = rng.getstate()
        move = bot.choose(obs, legal, rng)
        if seat == 0 and s.decision.kind == TURN:
            turns.insert(0, policy_read.LastTurn(s.clone(), start, move, set(obs.unseen)))
        apply(s, move)
    kept = set(turns[0].state.hands[0]) & set(s.hands[0])
    assert policy_read.consistent(bot, turns, 0, kept, kept) == (True, True)
    held_later = kept - set(turns[-1].state.hands[0])   # drawn after the oldest turn
    assert kept and held_later
    pool = sorted(set(turns[0].unseen) | kept)
    spy = Spy()
    for k in range(6):
        into = policy_read.dealt(pool, len(kept), random.Random(k))
        olds, news = sorted(kept - into), sorted(into - kept)
        for turn in turns:
            if policy_read.gives_the_move(spy, turn, 0, kept, into) is None:
                continue
            held = set(turn.state.hands[0])
            swap = {a: b for a, b in zip(olds, news) if a in held}
            assert sorted(spy.hand) == sorted(swap.get(c, c) for c in held)


def test_peek_endings_puts_the_invasion_and_silence_where_they_truly_lie():
    peek = _load("peek")
    moved = 0
    for s in playout_states(4, 30, 21):
        seat = s.decision.seat
        obs = observation(s, seat)
        endings = [c for c in obs.unseen if peek.is_ending(c)]
        for k in range(4):
            world = peek.dealt_with_endings(obs, s, random.Random(k))
            fair = determinize(obs, random.Random(k))
            assert [len(h) for h in world.hands] == [len(h) for h in s.hands]
            assert sorted(world.deck + [c for h in world.hands for c in h]) == \
                sorted(s.deck + [c for h in s.hands for c in h])
            for t in range(4):
                assert world.hands[t][:len(obs.known.get(t, []))] == obs.known.get(t, [])
            for c in endings:
                truly = [t for t in range(4) if c in s.hands[t]]
                dealt = [t for t in range(4) if c in world.hands[t]]
                assert dealt == truly
                moved += dealt != [t for t in range(4) if c in fair.hands[t]]
    assert moved > 0        # the fair deal often put them elsewhere: the swap did work


def test_hands_left_counts_the_end_hands_and_only_cards_a_legal_action_could_play():
    hands_left = _load("hands_left")
    from knjazja_lab import arena
    from knjazja.engine import Action
    from knjazja.engine.actions import DECLARE_WAR, DRAW, EVENT
    from knjazja.engine.cards import CARD_ID
    druzhina, militia = CARD_ID.index("troop.druzhina.5"), CARD_ID.index("troop.militia")
    bribe = CARD_ID.index("ev.bribe")
    hand = [druzhina, militia, bribe]
    assert hands_left._cards_in([Action(DRAW)], hand) == set()
    assert hands_left._cards_in([Action(DRAW), Action(DECLARE_WAR, city=3)], hand) == {druzhina}
    assert hands_left._cards_in([Action(EVENT, card=bribe)], hand) == {bribe}
    tally = hands_left.count_game(["normal"] * 4, 5, 1)       # the same game as the arena's
    ends = arena.play_game(["normal"] * 4, arena.game_seed(5, 1), 1)["play"]
    assert sum(tally["kind"].values()) == sum(p["cards_in_hand_end"] for p in ends) > 0
    assert sum(tally["card"].values()) == sum(tally["kind"].values())
    assert all(tally["playable"][k] <= n for k, n in tally["kind"].items())
    assert tally["playable"]["troop"] <= tally["kind"]["troop"] - tally["card"]["troop.militia"]


def test_belief_accuracy_and_time_read_a_kept_game(tmp_path, capsys):
    """A kept game (`belief/corpus.py`) replays to the same end, and the beliefs' accuracy
    and Hard's decision times read it: every dealing scores the same hidden cards, each a
    probability, and both Hards decide at every position taken."""
    from knjazja_lab.belief import corpus
    game = corpus.play(["normal", "easy"], 5, 0)
    path = tmp_path / "kept.jsonl"
    path.write_text(json.dumps(game) + "\n")
    states = list(corpus.replay(corpus.load([path])[0]))
    assert len(states) == len(game["moves"])
    accuracy = _load("belief_accuracy")
    scores, looks = accuracy.measure(corpus.load([path]), 0, 3, 4, 1, accuracy.load_weights())
    counts = {how: s.sums["all"][2] for how, s in scores.items()}
    assert looks > 0 and len(set(counts.values())) == 1 and counts["notes"] > 0
    for s in scores.values():
        p, _loss, n = s.sums["all"]
        assert 0.0 <= p / n <= 1.0
    _load("belief_time").main([str(path), "--positions", "2", "--every", "20", "--worlds", "1"])
    out = capsys.readouterr().out
    assert "2 positions" in out and "hard:notes" in out and "the same move:" in out
