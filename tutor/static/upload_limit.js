// A file too large to be a board is refused in the browser, before it is sent.
//
// The lab's "Open file" (an ipywidgets FileUpload) reads the whole file and sends it to the
// page's kernel in one message. The kernel refuses a file over 1 MB with one line
// (tutor.lab.app.read_upload), but a file over the server's message limit (2 MB, tutor.server.
// frames.WEBSOCKET_MESSAGE_MAX: a photo, a rulebook PDF picked by mistake) never got there: the server
// closed the page's connection, the page reconnected, and the file was dropped without a word
// (nothing happened on the page). So a
// file over the same limit (tutor.inputs.MAX_FILE_BYTES) is stopped here, before the widget reads
// it, and the same line shows beside the button.
//
// The widget's file input is never in the page (the button clicks it from script), so its change
// event cannot be caught from the document: the input is guarded when it is clicked, by a
// capture listener on the input itself, which runs before the widget's own. This script is put at
// the top of every page by tutor.server.pages.
(function () {
  "use strict";
  if (window.__tutorUploadLimit) return;
  window.__tutorUploadLimit = true;
  var MAX_FILE_BYTES = 1000000;  // tutor.inputs.MAX_FILE_BYTES (a test holds them equal)
  var button = null;  // the upload button last pressed (its click opens the file input)

  document.addEventListener("click", function (event) {
    var target = event.target;
    button = target && target.closest ? target.closest(".widget-upload") : null;
  }, true);

  function refusal(box) {
    var next = box && box.nextElementSibling;
    return next && next.classList.contains("tutor-upload-refused") ? next : null;
  }

  function guard(event) {
    var input = event.currentTarget, box = input.__tutorButton;
    var old = refusal(box);
    if (old) old.remove();
    var big = Array.prototype.filter.call(input.files || [], function (f) {
      return f.size > MAX_FILE_BYTES;
    })[0];
    if (!big) return;
    event.stopImmediatePropagation();  // the widget never reads it
    input.value = "";
    if (!box) return;
    var line = document.createElement("div");
    line.className = "tutor-status bad tutor-upload-refused";
    line.setAttribute("role", "status");
    line.textContent = big.name + ": is " + big.size.toLocaleString("en-US") +
      " bytes: a scenario file may be at most " + MAX_FILE_BYTES.toLocaleString("en-US") + " bytes";
    box.insertAdjacentElement("afterend", line);
  }

  // The button says what it does, without the widget's count of the files it has read ("Open
  // file (0)", a counter for developers): the widget writes its label at every update, and the
  // count is taken off each time.
  var COUNT = / \(\d+\)$/;
  function uncount() {
    var buttons = document.querySelectorAll(".widget-upload");
    for (var b = 0; b < buttons.length; b++) {
      for (var n = buttons[b].firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 3 && COUNT.test(n.data)) n.data = n.data.replace(COUNT, "");
      }
    }
  }
  new MutationObserver(uncount).observe(document.documentElement, {childList: true, subtree: true});

  var click = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    if (this.type === "file") {
      this.__tutorButton = button;
      if (!this.__tutorGuarded) {
        this.__tutorGuarded = true;
        this.addEventListener("change", guard, true);
      }
    }
    return click.apply(this, arguments);
  };
})();
