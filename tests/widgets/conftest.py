import pytest

pytest.importorskip("ipycanvas")


@pytest.fixture
def sent(monkeypatch):
    """Record every message the canvas manager sends (one per hold_canvas batch)."""
    from ipycanvas import canvas as ic
    log = []
    orig = ic._CanvasManager._send_custom

    def spy(self, command, buffers=None):
        if buffers is None:
            buffers = []
        log.append((command, buffers))
        return orig(self, command, buffers)

    monkeypatch.setattr(ic._CanvasManager, "_send_custom", spy)
    return log
