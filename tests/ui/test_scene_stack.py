"""SceneStack: life cycle hooks, overlays, event routing (no window needed)."""
import pygame
import pytest

from knjazja.ui.scene_stack import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, overlay=False, eat=True):
        super().__init__()
        self.name, self.log, self.is_overlay, self.eat = name, log, overlay, eat

    def enter(self): self.log.append(f"enter {self.name}")
    def exit(self): self.log.append(f"exit {self.name}")
    def pause(self): self.log.append(f"pause {self.name}")
    def resume(self): self.log.append(f"resume {self.name}")
    def draw(self, surface): self.log.append(f"draw {self.name}")
    def update(self, dt): self.log.append(f"update {self.name}")
    def on_resize(self, size): self.log.append(f"resize {self.name} {size}")

    def handle_event(self, event):
        self.log.append(f"event {self.name}")
        return self.eat


def test_push_pop_replace_call_the_hooks_in_order():
    log, stack = [], SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b and b.stack is stack and a.paused and not b.paused
    stack.replace(c)
    assert stack.top is c and b.stack is None
    stack.pop()
    assert stack.top is a and not a.paused
    assert log == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a"]


def test_overlays_draw_the_scene_below_bottom_up():
    log, stack = [], SceneStack()
    base, table = Probe("base", log), Probe("table", log)
    dialog, zoom = Probe("dialog", log, overlay=True), Probe("zoom", log, overlay=True)
    for s in (base, table, dialog, zoom):
        stack.push(s)
    assert table.covered_by_overlay and not base.covered_by_overlay
    log.clear()
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["draw table", "draw dialog", "draw zoom"]  # base is hidden by the table
    log.clear()
    stack.update(0.1)
    assert log == ["update table", "update dialog", "update zoom"]


def test_events_go_to_the_top_scene_only():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log, overlay=True, eat=False))
    log.clear()
    assert stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is False
    assert log == ["event b"]


def test_resize_reaches_every_scene_and_clear_exits_top_first():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    log.clear()
    stack.resize((1300, 800))
    assert log == ["resize a (1300, 800)", "resize b (1300, 800)"]
    log.clear()
    stack.clear()
    assert log == ["exit b", "exit a"] and len(stack) == 0 and stack.top is None


def test_close_and_pop_to():
    log, stack = [], SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    for s in (a, b, c):
        stack.push(s)
    b.close()  # not on top: nothing happens
    assert stack.top is c
    stack.pop_to(a)
    assert stack.top is a and len(stack) == 1
    with pytest.raises(ValueError):
        stack.push(a)
    with pytest.raises(IndexError):
        SceneStack().pop()
