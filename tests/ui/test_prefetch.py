"""The card-face prefetcher: a worker process renders faces ahead of need.

Its faces are byte-for-byte those of a synchronous ``render_card``; without a worker (it
cannot start, or dies before reporting in) everything falls back to rendering in the UI;
shutting down stops and reaps the process."""
import time

import pygame
import pytest

from knjazja.app.session import GameSession, Seat
from knjazja.app.store.settings import Settings
from knjazja.ui.art import prefetch, render_card
from knjazja.ui.table.sprites import Sprites

KEYS = [("city.kiev", "ru", (90, 126)), ("troop.militia", "en", (90, 126)),
        ("bld.throne", "ru", (113, 158)), ("chr.byzantium", "en", (300, 420)),
        ("ev.dowry", "ru", (70, 98))]


def rgba(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def gone(proc) -> bool:
    """The worker process has ended and was reaped (portable: no os.kill(pid, 0), which
    Windows lacks). multiprocessing sets exitcode only once the OS has reported the end, and
    Process.close() (after which it raises ValueError) refuses a process still running."""
    try:
        return not proc.is_alive() and proc.exitcode is not None
    except ValueError:          # closed: it had ended and been joined
        return True


def collect(pf: prefetch.FacePrefetcher, n: int) -> dict:
    got: dict = {}
    while len(got) < n:
        for key, data in pf.take(8):
            got[key] = data
        if pf.running:
            time.sleep(0.01)
        else:
            break
    return got


@pytest.fixture(autouse=True)
def prefetching_allowed(monkeypatch):
    """These tests are about the worker: whatever ran before, it may start."""
    monkeypatch.delenv("KNJAZJA_PREFETCH", raising=False)


@pytest.fixture
def pf():
    p = prefetch.FacePrefetcher()
    yield p
    p.shutdown()


@pytest.fixture
def own_shared(monkeypatch):
    """A fresh prefetcher as the process-wide one (stopped after the test)."""
    p = prefetch.FacePrefetcher()
    monkeypatch.setattr(prefetch, "_SHARED", p)
    yield p
    p.shutdown()


def _dies_at_once(conn, nice):   # a worker that cannot run (a frozen build without freeze_support)
    raise SystemExit(3)


def test_prefetched_faces_are_the_rendered_ones(pf):
    pygame.font.init()
    assert pf.request(KEYS)
    got = collect(pf, len(KEYS))
    assert set(got) == set(KEYS)
    assert pf.ready
    for (card_id, lang, size), data in got.items():
        assert data == rgba(render_card(card_id, lang, size)), (card_id, lang, size)


def test_a_new_request_replaces_the_old_one(pf):
    assert pf.request([])
    assert pf.request(KEYS[:2])
    assert set(collect(pf, 2)) == set(KEYS[:2])
    assert pf.take() == []


def test_sprites_take_prefetched_faces_identical_to_their_own(own_shared):
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    sprites = Sprites()
    keys = [(c, lang, size) for c, lang, size in KEYS if size[0] < 160]
    assert sprites.prefetch(keys)
    assert sprites.prefetching
    while not all(sprites.has_face(c, s, lang) for c, lang, s in keys):
        sprites.pump()
        time.sleep(0.01)
    reference = Sprites()
    reference._prefetcher = None
    for card_id, lang, size in keys:
        assert sprites.has_face(card_id, size, lang)
        mine = sprites.face_id(card_id, size, lang)
        assert mine.get_size() == size
        assert rgba(mine) == rgba(reference.face_id(card_id, size, lang))
        assert rgba(sprites.face_id(card_id, size, lang, dim=True)) == \
            rgba(reference.face_id(card_id, size, lang, dim=True))


def test_falls_back_when_the_worker_cannot_be_started(own_shared, monkeypatch):
    def no_processes(*a, **k):
        raise OSError("no processes here")
    monkeypatch.setattr(prefetch, "_Worker", no_processes)
    assert not own_shared.request(KEYS)
    assert not own_shared.running
    sprites = Sprites()
    assert not sprites.prefetch(KEYS)
    assert not sprites.prefetching
    assert sprites.pump() == 0
    face = sprites.face_id("city.kiev", (90, 126), "ru")      # rendered here, as before
    assert rgba(face) == rgba(render_card("city.kiev", "ru", (90, 126)))


def test_falls_back_when_the_worker_dies_before_reporting_in(pf, monkeypatch):
    monkeypatch.setattr(prefetch, "_worker_main", _dies_at_once)
    assert pf.request(KEYS)                  # it starts...
    while pf.running:
        time.sleep(0.02)
    assert not pf.running                    # ...dies, and is not tried again
    assert not pf.request(KEYS)
    assert pf.take() == []


def test_prefetching_can_be_switched_off(pf, monkeypatch):
    monkeypatch.setenv("KNJAZJA_PREFETCH", "0")
    assert not pf.request(KEYS)
    assert pf.pid is None


def test_shutdown_stops_and_reaps_the_worker(pf):
    assert pf.request(KEYS[:1])
    assert collect(pf, 1)
    pid, proc = pf.pid, pf._worker.proc
    assert pid is not None and not gone(proc)
    pf.shutdown()
    assert not pf.running
    assert gone(proc)
    assert pf.request(KEYS[:1])              # a later request starts a new worker
    assert collect(pf, 1)
    assert pf.pid != pid


def test_app_shutdown_stops_the_shared_worker(make_app, own_shared):
    settings = Settings()
    app = make_app((1280, 720), settings=settings, persist=False)
    from knjazja.ui.table.scene import TableScene
    session = GameSession([Seat("A", "random"), Seat("B", "random")], seed=3)
    scene = TableScene(session, sync_bots=True)
    app.stack.push(scene)
    assert scene.sprites.prefetching
    while not own_shared.ready and own_shared.running:
        app.step([], 0.05)
    pid, proc = own_shared.pid, own_shared._worker.proc
    assert own_shared.ready and pid is not None
    for _ in range(20):
        app.step([], 0.05)
    app.shutdown()
    assert not own_shared.running
    assert gone(proc)


def test_the_table_never_renders_a_face_to_warm_up_while_prefetching(make_app, own_shared, monkeypatch):
    settings = Settings()
    app = make_app((1280, 720), settings=settings, persist=False)
    from knjazja.ui.table.scene import TableScene
    session = GameSession([Seat("A", "random"), Seat("B", "random")], seed=3)
    scene = TableScene(session, sync_bots=True)
    app.stack.push(scene)
    assert scene.sprites.prefetching and scene.warmer._warm
    calls = []
    monkeypatch.setattr(scene.sprites, "face_id", lambda *a, **k: calls.append(a))
    for _ in range(5):
        scene.warmer.step(scene.controller, scene.size)
    assert calls == []
    monkeypatch.undo()


def test_the_table_warms_up_itself_without_a_worker(make_app, own_shared, monkeypatch):
    monkeypatch.setattr(prefetch, "_Worker", lambda: (_ for _ in ()).throw(OSError("none")))
    settings = Settings()
    app = make_app((1280, 720), settings=settings, persist=False)
    from knjazja.ui.table.scene import TableScene
    session = GameSession([Seat("Me", "human"), Seat("B", "random")], seed=3)
    scene = TableScene(session, sync_bots=True)
    app.stack.push(scene)
    assert not scene.sprites.prefetching
    for _ in range(200):
        if session.deciding == 0 and not scene.controller.busy:
            break
        app.step([], 0.1)
    left = len(scene.warmer._warm)
    for _ in range(3):
        app.step([], 0.1)
    assert len(scene.warmer._warm) < left          # one face per idle frame, rendered here


def test_faces_of_a_replaced_plan_do_not_pile_up(pf):
    """The window changed size (a new plan): faces asked for before and not yet taken are
    dropped, late ones are not kept, and no face waits twice — what waits is at most the
    latest plan, however often the window is resized."""
    pygame.font.init()
    assert pf.request(KEYS)
    while pf.waiting < len(KEYS):
        time.sleep(0.01)
    assert pf.waiting == len(KEYS)                    # all arrived, none taken yet
    assert pf.request(KEYS[:1])                        # resized: only the first is wanted now
    assert pf.waiting == 1
    assert pf.request(KEYS)                            # asked for again: the waiting one is not made twice
    got = collect(pf, len(KEYS))
    assert set(got) == set(KEYS) and pf.waiting == 0


def test_the_worker_ends_when_its_table_closes_and_the_next_request_starts_one(own_shared):
    from knjazja.ui.table.sprites import TextCache
    sprites = Sprites()
    assert sprites.prefetch(KEYS[:1])
    while not own_shared.ready:
        own_shared.take(0)
        time.sleep(0.01)
    pid, proc = own_shared.pid, own_shared._worker.proc
    sprites.release(TextCache())                   # the table left
    assert not own_shared.running and own_shared.available
    while not gone(proc):                           # it ends by itself, reaped off the frame
        time.sleep(0.01)
    assert Sprites().prefetch(KEYS[:1])             # the next table's plan starts a new one
    assert collect(own_shared, 1) and own_shared.pid not in (None, pid)


def test_an_idle_worker_is_asked_to_end_and_a_busy_one_is_not(pf):
    assert pf.request(KEYS[:2])
    w = pf._worker
    while not w.inbox:                              # a face waits to be taken: not idle
        time.sleep(0.01)
    assert not w.rest_if_idle(now=w.busy_at + prefetch.IDLE_SECONDS + 1)
    collect(pf, 2)
    assert not w.rest_if_idle(now=w.busy_at + 1)    # busy a moment ago
    assert w.rest_if_idle(now=w.busy_at + prefetch.IDLE_SECONDS)
    assert not pf.running and pf.available          # rested, not dead: no start is counted
    assert pf.request(KEYS[:1]) and collect(pf, 1)


def test_the_worker_forgets_its_drawing_past_its_size(monkeypatch):
    """What the worker keeps between faces (textures, fonts, masks) is let go once it passes
    WORKER_MB; below it, kept."""
    from knjazja.ui import caches
    from knjazja.ui.art import face_worker
    from knjazja.ui.art.card import render_card_uncached

    def held() -> int:
        return sum(v["entries"] for k, v in caches.report().items() if k.startswith("art."))

    pygame.font.init()
    render_card_uncached("city.kiev", "ru", (90, 126))
    monkeypatch.setattr(face_worker, "WORKER_MB", 1e9)
    face_worker._keep_small()
    assert held() > 0
    monkeypatch.setattr(face_worker, "WORKER_MB", 0.0)
    face_worker._keep_small()
    assert held() == 0


def test_a_prefetched_face_let_go_undrawn_is_not_asked_for_again_unless_wanted(own_shared, monkeypatch):
    """The faces are bounded: a guess pumped in and let go before it was drawn is left out of
    the plan sent after (no worker rendering it again and again), until it is asked for anew."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    sprites = Sprites()
    keys = [(c, lang, size) for c, lang, size in KEYS if size[0] < 160]
    assert sprites.prefetch(keys)
    while not all(k in sprites._delivered for k in keys):
        sprites.pump()
        time.sleep(0.01)
    let_go = keys[0]
    del sprites._faces[(*let_go, False)]
    sent: list = []
    monkeypatch.setattr(own_shared, "request", lambda plan, owner=None: sent.append(list(plan)) or True)
    assert sprites.prefetch([("city.novgorod", "ru", (90, 126))], replace=False)
    assert let_go not in sent[-1] and ("city.novgorod", "ru", (90, 126)) in sent[-1]
    assert sprites.prefetch([let_go], replace=False)                 # wanted now
    assert sent[-1][0] == let_go


def test_the_plan_asks_for_the_hand_size_only_for_the_hand(make_app, own_shared, monkeypatch):
    """Only the viewer's own cards are drawn at the hand's size (~6 MB of faces at 1920×1080
    for every card): the plan asks for those, and for every card at the other sizes."""
    from knjazja.engine.cards import CARD_ID, SPECS
    from knjazja.ui.table.scene import TableScene
    from knjazja.ui.table.warmup import face_sizes

    app = make_app((1280, 720), persist=False)
    session = GameSession([Seat("A", "human"), Seat("B", "random")], seed=3)
    scene = TableScene(session, sync_bots=True)
    sent: list = []
    monkeypatch.setattr(own_shared, "request", lambda plan, owner=None: sent.append(list(plan)) or True)
    app.stack.push(scene)
    c, L = scene.controller, scene.layout
    kind = {sp.id: sp.kind for sp in SPECS}
    hand = {CARD_ID[x] for x in c.seen.hand}
    also = {k for size, only in face_sizes(L) if size == L.hand_card_size and only for k in only}
    at_hand_size = {k[0] for k in sent[-1] if k[2] == L.hand_card_size}
    assert hand <= at_hand_size and len(at_hand_size) < len(kind)
    assert all(cid in hand or kind[cid] in also for cid in at_hand_size)      # a war stack's size
    assert {k[0] for k in sent[-1] if k[2] == L.card_size} == set(kind)          # every card


def test_the_worker_makes_room_before_a_zoomed_face(monkeypatch):
    """A zoomed face needs ~12 MB more while it is drawn: the worker looks at its size (against
    the lower BEFORE_BIG_MB) before each, and after it; a small face is only looked at every
    TRIM_EVERY faces and at the end of the plan."""
    import threading
    from multiprocessing import Pipe

    from knjazja.ui.art import face_worker

    looks: list[tuple[str, float | None]] = []
    rendering: list[str] = []
    monkeypatch.setattr(face_worker, "_keep_small",
                        lambda limit_mb=None: looks.append((rendering[-1] if rendering else "", limit_mb)))
    import knjazja.ui.art.card as card
    real = card.render_card_uncached

    def render(card_id, lang, size):
        rendering.append(f"{card_id}@{size[0]}")
        return real(card_id, lang, size)

    monkeypatch.setattr(card, "render_card_uncached", render)
    ui, worker = Pipe()
    thread = threading.Thread(target=face_worker.worker_main, args=(worker, 0), daemon=True)
    thread.start()
    assert ui.recv()[0] == "hello"
    from knjazja.ui.art.card_parts import ZOOM_MIN_WIDTH as big
    ui.send(("plan", [("city.kiev", "ru", (90, 126)), ("city.kiev", "ru", (big, big * 7 // 5))]))
    got = [ui.recv(), ui.recv()]
    ui.send(("stop",))
    thread.join(30)
    assert [m[0] for m in got] == ["face", "face"]
    assert looks == [("city.kiev@90", face_worker.BEFORE_BIG_MB),   # before the zoomed one
                     (f"city.kiev@{big}", None)]                       # after it (and the plan's end)
