// Boards that answer where they are tapped, even when they are partly off-screen.
//
// ipycanvas (0.14) makes each canvas focusable (tabindex="0", so it can receive key events) and,
// on every mousedown, calls `canvas.focus()` before it reads where the pointer is. A plain
// focus() scrolls the focused element into view: when a board is only partly on screen, the page
// scrolls under the pointer, ipycanvas then measures the pointer against the board's new place,
// and the click lands on another hex than the one the learner clicked (a hex several rows away).
// Focus with `preventScroll` keeps the focus (and ipycanvas's key events) and moves nothing: a
// click means the board is already visible where the learner clicked. Touch never focuses, so
// taps were never affected. This script is put at the top of every page by tutor.server.pages.
(function () {
  "use strict";
  if (window.__tutorCanvasFocus) return;
  window.__tutorCanvasFocus = true;
  var focus = HTMLElement.prototype.focus;
  HTMLCanvasElement.prototype.focus = function (options) {
    var opts = {};
    if (options) for (var k in options) opts[k] = options[k];
    opts.preventScroll = true;
    return focus.call(this, opts);
  };
})();
