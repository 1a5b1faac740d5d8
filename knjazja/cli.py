"""The `knjazja` command: play (no arguments), or cards / simulate / bench / self-test.

`simulate --seats`, `train`, `replay` and `bench bots` are the laboratory's (`knjazja_lab`,
beside the package in a checkout; not in the wheel nor the executable): `_lab` finds it,
and without it they say that they need a checkout.  The only import of the lab in the
game's package is here, lazily (tests/code/test_house_rules.py holds to that).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

from knjazja import __version__


DEFAULT_TRAIN_GAMES = 16000     # with the seed and hidden units below: the shipped network
DEFAULT_TRAIN_SEED = 7
DEFAULT_TRAIN_HIDDEN = 64


LAB = "knjazja_lab"


def _lab(command: str) -> bool:
    """True when the laboratory can be imported: installed beside the game, or in the
    checkout this package runs from (its root then goes on sys.path, which spawned arena
    workers inherit); else says on stderr that `command` needs a checkout."""
    if importlib.util.find_spec(LAB) is not None:
        return True
    root = Path(__file__).resolve().parent.parent
    if (root / LAB / "__init__.py").is_file():
        sys.path.insert(0, str(root))
        importlib.invalidate_caches()
        return True
    print(f"knjazja {command} is a laboratory command: it needs a checkout of the source "
          f"(git clone, then run it there); the installed game does not carry {LAB}/",
          file=sys.stderr)
    return False


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {v}")
    return v


def _serve_seats(text: str) -> str:
    """`bench serve --table-seats`: a served table's seats, two of them the scripted players."""
    from knjazja.net.seats import REMOTE, parse_seats
    try:
        kinds = parse_seats(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if kinds.count(REMOTE) != 2:
        raise argparse.ArgumentTypeError(f"two remote seats (the scripted players), not {kinds.count(REMOTE)}")
    return ",".join(kinds)


# ProcessPoolExecutor on Windows takes at most 61 workers (WaitForMultipleObjects' limit)
WINDOWS_MAX_JOBS = 61


def simulate_jobs(requested: int, platform: str = sys.platform) -> int:
    """The worker processes `simulate --jobs N` really uses (capped where the OS must)."""
    return min(requested, WINDOWS_MAX_JOBS) if platform == "win32" else requested


def _players(text: str) -> int:
    v = _positive(text)
    if not 2 <= v <= 8:
        raise argparse.ArgumentTypeError(f"players must be 2..8, got {v}")
    return v


class _Parser(argparse.ArgumentParser):
    """A bad flag is one line on stderr and exit status 2 (no usage before it: ``--help``
    has it); the subcommands' parsers are of this class too."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="knjazja", description="Князья — the card game of princes.")
    p.add_argument("--version", action="version", version=f"knjazja {__version__}")
    p.add_argument("--self-test", action="store_true",
                   help="check every asset, render a frame offscreen, play a bots-only game, exit")
    p.add_argument("--lang", choices=("ru", "en"), help="interface language for this run")
    menu = p.add_mutually_exclusive_group()
    menu.add_argument("--add-to-menu", action="store_true",
                      help="Linux: add the game to the applications menu (from where it is now)")
    menu.add_argument("--remove-from-menu", action="store_true",
                      help="Linux: take the game out of the applications menu")
    sub = p.add_subparsers(dest="command")

    c = sub.add_parser("cards", help="print the card catalogue")
    c.add_argument("--lang", choices=("ru", "en"), default="en")
    c.add_argument("--json", action="store_true")

    s = sub.add_parser("simulate", help="play headless games and report results (--seats: "
                                        "from a checkout, the laboratory's arena)")
    s.add_argument("--players", type=_players, help="number of players (random-legal seats)")
    s.add_argument("--seats", help="comma-separated seat kinds: random, easy, normal, hard, "
                                   "normal-classic, hard-classic, and the human-like "
                                   "builder, hoarder, brawler")
    s.add_argument("--games", type=_positive, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--jobs", type=_positive, default=1)
    s.add_argument("--hard-budget", type=float, default=None,
                   help="Hard's per-move budget in seconds (default: its own)")
    s.add_argument("--hard-iterations", type=_positive, default=None,
                   help="Hard's search iterations per move, no time limit (deterministic)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--check", action="store_true",
                   help="random games, 2-8 players and both house rules unless --players, "
                        "with card conservation checked at every step; exit 1 on a failure")

    t = sub.add_parser("train", help="self-play and train the bots' evaluation (needs numpy "
                                     "and a checkout)")
    t.add_argument("--seed", type=int, default=DEFAULT_TRAIN_SEED)
    t.add_argument("--games", type=_positive, default=DEFAULT_TRAIN_GAMES)
    t.add_argument("--jobs", type=_positive, default=1)
    t.add_argument("--epochs", type=_positive, default=3)
    t.add_argument("--hidden", type=_positive, default=DEFAULT_TRAIN_HIDDEN,
                   help="hidden units of the network")
    t.add_argument("--out", default="eval.json", help="where to write the weights (JSON)")

    r = sub.add_parser("replay", help="replay a saved game: each bot turn's open chances "
                                      "(wars it could have declared) and what it did (needs a "
                                      "checkout)")
    r.add_argument("save", help="a save file (.json)")
    r.add_argument("--json", action="store_true")

    n = sub.add_parser("serve", help="host network tables headless (no window): friends join with "
                                     "a table code")
    from knjazja.net.serve import add_arguments as serve_arguments
    serve_arguments(n, _positive)

    b = sub.add_parser("bench", help="measure speed (words: the rendering check over many games; "
                                     "review: the review of lost games; evening: a long scripted "
                                     "session and its memory; game: one whole game with Hints and the review, every "
                                     "process's memory; serve: network tables on loopback; "
                                     "leaks: hidden cards sent to remote seats; advice: every claim of the "
                                     "Hint and the review checked against the engine; attacks: issue 60's "
                                     "attacks on a loopback host with honest players at its tables)")
    _bench_arguments(b)
    return p


def _bench_arguments(b: argparse.ArgumentParser) -> None:
    """`knjazja bench`'s flags (each says which benches read it)."""
    b.add_argument("what", choices=("engine", "bots", "ui", "words", "review", "evening", "game", "serve",
                                    "leaks", "advice", "attacks"))
    b.add_argument("--json", action="store_true")
    b.add_argument("--seconds", type=float, default=5.0, help="engine: how long to run; attacks: each attack")
    b.add_argument("--frames", type=_positive, default=600, help="ui: frames to draw; evening: per table")
    b.add_argument("--games", type=_positive, default=None,
                   help="words: whole games rendered per language (40); review: lost games to "
                        "review (20); evening: tables to play (6); leaks: seeded games (100); serve: "
                        "games each table plays, one after another (--seconds is not used then)")
    b.add_argument("--sample", type=_positive, nargs="?", const=300, default=None, metavar="N",
                   help="words: write N lines (300) per language from real games for a native "
                        "reader (log, prompts, refusals, Hints, review marks...) instead of checking; "
                        "advice: ten Hints and ten review lines from one real game, with the "
                        "position's facts")
    b.add_argument("--out", default="words-sample.md",
                   help="words --sample: the file (its .ru.md and .en.md beside it)")
    b.add_argument("--tables", type=_positive, default=200, help="serve: concurrent tables")
    b.add_argument("--positions", type=_positive, default=500, help="advice: positions of bot games to check")
    b.add_argument("--seed", type=int, default=59, help="advice: the games' seed")
    b.add_argument("--positions-from", default=None, help="advice: check the positions of this file instead")
    b.add_argument("--seats", type=_positive, default=8, help="game: seats at the table (the player and Normal bots)")
    b.add_argument("--size", type=_window_size, default=(1920, 1080), metavar="WxH", help="game: the window")
    b.add_argument("--lang", choices=("ru", "en"), default="ru", help="game: the language")
    b.add_argument("--no-hints", action="store_true", help="game: ask no Hint")
    b.add_argument("--no-review", action="store_true", help="game: skip the review")
    b.add_argument("--think", type=float, default=0.0,
                   help="serve: a scripted player's mean pause before moving, seconds (0: a saturated host)")
    b.add_argument("--table-seats", type=_serve_seats, default="remote,remote", metavar="SEATS",
                   help="serve: each table's seats, two of them remote (the scripted players), "
                        "e.g. remote,remote,normal,normal")


def _window_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"a window of at least 320x240, got {text!r}")
    return w, h


def _cmd_cards(args) -> int:
    from knjazja.engine.cards import catalogue
    cards = catalogue(args.lang)
    if args.json:
        print(json.dumps(cards, ensure_ascii=False, indent=1))
        return 0
    for c in cards:
        numbers = "".join(f" {k}={c[k]}" for k in ("glory", "strength") if c.get(k) is not None)
        print(f"{c['id']:28} {c['kind']:9} x{c['copies']:<2} {c['name']}{numbers}")
        print(f"{'':28} {c['text']}")
    return 0


def _print_results(res: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
        return
    print(f"{res['games']} games, mean length {res['mean_length_turns']:.1f} turns, "
          f"{res['games_per_s']:.1f} games/s")
    for i, seat in enumerate(res["seats"]):
        line = (f"  seat {i} {seat['bot']:7} wins {seat['wins']:8.2f}  share {seat['win_share']:.3f}"
                f"  mean Glory {seat['mean_glory']:.2f}")
        if "win_share_ci95" in seat:
            lo, hi = seat["win_share_ci95"]
            line += f"  95% CI [{lo:.3f}, {hi:.3f}]"
        if "decision_ms_p50" in seat:
            line += f"  decision p50 {seat['decision_ms_p50']:.1f} ms p95 {seat['decision_ms_p95']:.1f} ms"
        print(line)
        if "play" in seat:
            p = seat["play"]
            print(f"      per game: wars {p['wars_declared']:.2f} (won {p['war_win_share']:.0%}), "
                  f"cities founded {p['cities_founded']:.2f}, buildings {p['buildings_built']:.2f}, "
                  f"left in hand {p['cards_in_hand_end']:.1f} cards / {p['cities_in_hand_end']:.2f} cities")
    if "table" in res:
        tb = res["table"]
        print(f"  table per game: wars {tb['wars_per_game']:.2f} (won {tb['war_win_share']:.0%}), "
              f"cities left in hand {tb['cities_in_hand_end_per_game']:.2f}, "
              f"cards left per seat {tb['cards_in_hand_end_per_seat']:.1f}, "
              f"winner's Glory {tb['winner_glory']:.1f}")


def _cmd_check(args) -> int:
    from knjazja.tools.checkrun import check_games

    shown = [0]

    def progress(done: int, total: int) -> None:       # about every 5 %, on stderr
        if done == total or done - shown[0] >= total / 20:
            shown[0] = done
            print(f"checked {done}/{total} games", file=sys.stderr, flush=True)

    res = check_games(args.games, args.seed, args.jobs, args.players, progress)
    if args.json:
        print(json.dumps(res, indent=1))
    else:
        print(f"{res['games']} games ({res['players']} players), {res['actions']} actions, "
              f"{res['failures']} failures, {res['seconds']} s")
        for f in res["failed_games"]:
            print(f"  game {f['game']} ({f['players']} players, deck seed {f['deck_seed']}, "
                  f"{f['options']}): {f['error']}")
    return 1 if res["failures"] else 0


def _cmd_simulate(args, parser) -> int:
    if args.check:
        if args.seats:
            parser.error("--check plays random seats; it takes --players, not --seats")
        return _cmd_check(args)
    if args.seats:
        kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
        if not _lab("simulate --seats"):
            return 2
        from knjazja_lab.factory import make_bot
        for k in dict.fromkeys(kinds):        # each seat kind made once, to fail here, clearly
            try:
                make_bot(k)
            except (ValueError, OSError) as e:
                parser.error(f"seat {k!r}: {e}")
        if not 2 <= len(kinds) <= 8:
            parser.error(f"--seats needs 2..8 seats, got {len(kinds)}")
        if args.players and args.players != len(kinds):
            parser.error("--players disagrees with the number of --seats")
        if args.hard_budget is not None and args.hard_iterations is not None:
            parser.error("give --hard-budget or --hard-iterations, not both")
        from knjazja_lab.arena import run_arena
        budget = args.hard_iterations if args.hard_iterations is not None else args.hard_budget
        jobs = simulate_jobs(args.jobs)
        if jobs < args.jobs:
            print(f"knjazja: --jobs {args.jobs} is more than this system allows; using {jobs}",
                  file=sys.stderr)
        res = run_arena(kinds, args.games, args.seed, jobs=jobs, hard_budget=budget)
    else:
        if not args.players:
            parser.error("simulate needs --players N or --seats a,b,c")
        from knjazja.engine.playout import simulate_random
        res = simulate_random(args.players, args.games, args.seed)
    _print_results(res, args.json)
    return 0


def _cmd_replay(args, parser) -> int:
    if not _lab("replay"):
        return 2
    from knjazja.app.store.files import load_game
    from knjazja_lab.replay import format_report, replay_report
    from knjazja.engine.saves import SaveError
    try:
        rep = replay_report(*load_game(args.save))
    except SaveError as e:
        parser.exit(2, f"knjazja replay: {args.save}: {e}\n")
    print(json.dumps(rep, ensure_ascii=False, indent=1) if args.json else format_report(rep))
    return 0


def _cmd_train(args) -> int:
    if not _lab("train"):
        return 2
    if importlib.util.find_spec("numpy") is None:
        print("knjazja train needs numpy (pip install numpy, or the train extra)", file=sys.stderr)
        return 2
    from knjazja_lab.train import train
    train(args.seed, args.games, jobs=args.jobs, out=args.out, epochs=args.epochs,
          hidden=args.hidden,
          log=lambda line: print(line, flush=True))
    return 0


def _cmd_bench(args) -> int:
    if args.what == "engine":
        from knjazja.engine.playout import bench_engine
        res = bench_engine(args.seconds)
    elif args.what == "bots":
        if not _lab("bench bots"):
            return 2
        from knjazja_lab.bench import bench_bots
        res = bench_bots()
    elif args.what == "evening":
        from knjazja.tools.bench_evening import bench_evening
        res = bench_evening(games=args.games or 6, frames=args.frames,
                            progress=None if args.json else lambda line: print(line, flush=True))
    elif args.what == "game":
        from knjazja.tools.bench_game import bench_game
        res = bench_game(seats=args.seats, size=args.size, lang=args.lang, hints=not args.no_hints,
                         review=not args.no_review,
                         progress=None if args.json else lambda line: print(line, flush=True))
    elif args.what == "serve":
        from knjazja.tools.netbench import bench_serve
        games = args.games or 0
        res = bench_serve(tables=args.tables, think=args.think, seats=args.table_seats, games=games,
                          seconds=86_400.0 if games else args.seconds)
        print(json.dumps(res))            # one JSON line, whatever --json says
        return 0
    elif args.what == "attacks":
        from knjazja.tools.attackbench import bench_attacks
        res = bench_attacks(seconds=args.seconds)
    elif args.what == "leaks":
        from knjazja.tools.netbench import bench_leaks
        res = bench_leaks(games=args.games or 100)
        if not args.json:
            print(f"{res['hidden_cards_sent']} hidden cards sent ({res['games']} games, "
                  f"{res['messages']} messages, {res['bytes']} bytes checked)")
            return int(res["hidden_cards_sent"] > 0)
    elif args.what == "words" and args.sample:
        from knjazja.tools.wordsample import write_sample
        try:
            res = write_sample(Path(args.out), size=args.sample)
        except OSError as exc:
            print(f"cannot write the sample beside {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(json.dumps(res, ensure_ascii=False) if args.json else "\n".join(res.values()))
        return 0
    elif args.what == "words":
        from knjazja.tools.wordcheck import bench_words
        res = bench_words(games=args.games or 40)
    elif args.what == "review":
        from knjazja.tools.reviewbench import bench_review
        res = bench_review(games=args.games or 20)
    elif args.what == "advice":
        return _bench_advice(args)
    else:
        from knjazja.tools.bench_ui import bench_ui
        res = bench_ui(frames=args.frames)
    if args.json:
        print(json.dumps(res, indent=1, ensure_ascii=False))
    else:
        for k, v in res.items():
            print(f"{k}: {v}")
    if args.what == "words":          # a line with a known error fails the run
        return int(any(r["lines_matching_an_error_pattern"] for r in res.values()))
    return 0


def _bench_advice(args) -> int:
    """`bench advice`: the advice check (a wrong claim fails the run), or ``--sample``."""
    from pathlib import Path
    if args.sample:
        from knjazja.tools.advicesample import advice_sample
        advice_sample(seed=args.seed)
        return 0
    from knjazja.tools.auditrun import bench_advice
    source = Path(args.positions_from) if args.positions_from else None
    res = bench_advice(positions=args.positions, seed=args.seed, games=args.games or 3, source=source,
                       log=(lambda line: None) if args.json else print)
    if args.json:
        print(json.dumps(res, indent=1, ensure_ascii=False))
    return int(res["claims_wrong"] > 0)


def _utf8_output() -> None:
    """Russian names whatever the console's code page: a redirected or piped stdout on
    Windows (cp1252...) or PYTHONIOENCODING would otherwise raise UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if stream is not None and encoding != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    _utf8_output()          # a windowed build has no stdout (None): left alone
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.self_test:
            from knjazja.ui.selftest import self_test
            return self_test()
        if args.add_to_menu or args.remove_from_menu:
            from knjazja.desktop_entry import menu_command
            return menu_command(add=args.add_to_menu)
        if args.command == "cards":
            return _cmd_cards(args)
        if args.command == "simulate":
            return _cmd_simulate(args, parser)
        if args.command == "replay":
            return _cmd_replay(args, parser)
        if args.command == "bench":
            return _cmd_bench(args)
        if args.command == "serve":
            from knjazja.net.serve import run as serve
            return serve(args)
        if args.command == "train":
            return _cmd_train(args)
        from knjazja.ui.main import run as play
        return play(lang=args.lang)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
