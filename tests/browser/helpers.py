"""What the browser tests wait for and read on a Voilà page."""

from __future__ import annotations

# Canvases are grouped by their parent element (an ipycanvas MultiCanvas stacks its layers in
# one element; a highlight layer may rightly be empty): every group must show at least one
# canvas with two or more distinct pixel values among a grid of samples. Returns
# {"groups": n, "blank": [description, ...]}.
CANVAS_STATE_JS = """
() => {
  const canvases = [...document.querySelectorAll('canvas')]
    .filter(c => c.width > 0 && c.height > 0 && c.getBoundingClientRect().width > 0);
  const groups = new Map();
  for (const c of canvases) {
    const key = c.parentElement;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  const drawn = (c) => {
    let ctx;
    try { ctx = c.getContext('2d', {willReadFrequently: true}); } catch (e) { return true; }
    if (!ctx) return true;  // a WebGL canvas: cannot read it this way, trust it
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    const step = Math.max(1, Math.floor((c.width * c.height) / 40000));
    for (let p = 0; p < c.width * c.height; p += step) {
      const i = p * 4;
      seen.add((data[i] << 24) ^ (data[i+1] << 16) ^ (data[i+2] << 8) ^ data[i+3]);
      if (seen.size > 1) return true;
    }
    return false;
  };
  const blank = [];
  for (const [parent, list] of groups) {
    if (!list.some(drawn)) blank.push(list.map(c => `${c.width}x${c.height}`).join('+'));
  }
  return {groups: groups.size, blank: blank};
}
"""

# Voilà shows its spinner until the notebook has run; then the widgets render.
def wait_for_voila(page) -> None:
    page.wait_for_load_state("load")
    page.wait_for_function(
        "() => !document.querySelector('#loading') || "
        "getComputedStyle(document.querySelector('#loading')).display === 'none'")


def wait_for_canvases(page, timeout_ms: int) -> dict:
    """Wait until every canvas group shows pixels; return the last state."""
    page.wait_for_function(
        f"() => {{ const s = ({CANVAS_STATE_JS})(); return s.groups > 0 && s.blank.length === 0; }}",
        timeout=timeout_ms)
    return page.evaluate(CANVAS_STATE_JS)


def wait_for_widgets_settled(page, quiet_ms: int = 1000, timeout_ms: int = 60_000) -> int:
    """Wait until no widget view has appeared for ``quiet_ms`` (Voilà renders the views one by
    one after the notebook has run); return how many canvases the page then has."""
    page.wait_for_function(
        """([quiet]) => {
          const n = document.querySelectorAll('.jupyter-widgets, .widget-html, canvas').length;
          const now = performance.now();
          if (window.__tutorCount !== n) { window.__tutorCount = n; window.__tutorSince = now; }
          return n > 0 && now - window.__tutorSince >= quiet;
        }""", arg=[quiet_ms], timeout=timeout_ms, polling=100)
    return page.locator("canvas").count()
