// Board pictures that are all there when a teacher prints the page.
//
// A board picture is an image that loads as it comes into view (loading="lazy",
// tutor.render.svg.svg_image), so a long chapter does not draw every picture before its first
// live board. A print shows only the pictures already drawn. So once no picture has appeared for
// a moment (the page has started), the rest load too, when the browser is idle; "beforeprint"
// asks for any still waiting. This script is put at the top of every page by tutor.server.pages.
(function () {
  "use strict";
  if (window.__tutorPictures) return;
  window.__tutorPictures = true;
  var QUIET_MS = 1500;
  var timer = null;
  function loadAll() {
    var lazy = document.querySelectorAll('img.tutor-picture[loading="lazy"]');
    for (var i = 0; i < lazy.length; i++) lazy[i].loading = "eager";
  }
  function soon() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(function () {
      timer = null;
      if (window.requestIdleCallback) window.requestIdleCallback(loadAll, {timeout: 2000});
      else loadAll();
    }, QUIET_MS);
  }
  function hasPicture(node) {
    return node.nodeType === 1 && (node.matches("img.tutor-picture") || node.querySelector("img.tutor-picture") !== null);
  }
  new MutationObserver(function (changes) {
    for (var c = 0; c < changes.length; c++) {
      var added = changes[c].addedNodes;
      for (var n = 0; n < added.length; n++) {
        if (hasPicture(added[n])) { soon(); return; }
      }
    }
  }).observe(document.documentElement, {childList: true, subtree: true});
  window.addEventListener("beforeprint", loadAll);
})();
