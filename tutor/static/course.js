// The learner's side of the course, in the learner's browser: the check-yourself questions
// answer a press at once, and the learner's progress (chapters opened, questions answered right)
// is kept in this browser's localStorage, where the landing page reads it.
//
// Every page output that needs it carries this script (tutor.course.page_script): a chapter's
// navigation bar, its questions, the landing page's list. It installs once per page and then looks
// at what the page shows. Nothing here talks to the kernel: a question's verdict and its reason
// were written into the page by the engine when the page was made (tutor.quiz.question_html), and
// progress never leaves the browser. Stored text is never put into the page as HTML: the landing
// page shows counts only.
(function () {
  "use strict";
  var course = window.tutorCourse;
  if (!course) {
    var KEY = "__STORAGE_KEY__";
    var MAX_SOLVED = 64, MAX_ID = 80;     // as many answers as a chapter has, ids as the pages write

    // A stored record, whatever the storage holds: {chapter: {visited: true, solved: [ids]}}.
    var read = function () {
      var raw;
      try { raw = JSON.parse(window.localStorage.getItem(KEY) || "{}"); } catch (e) { raw = {}; }
      var out = {};
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
      Object.keys(raw).forEach(function (name) {
        var e = raw[name];
        if (!e || typeof e !== "object" || Array.isArray(e)) return;
        var solved = (Array.isArray(e.solved) ? e.solved : []).filter(function (s, i, all) {
          return typeof s === "string" && s.length > 0 && s.length <= MAX_ID && all.indexOf(s) === i;
        }).sort().slice(0, MAX_SOLVED);
        if (e.visited === true || solved.length) out[name] = {visited: e.visited === true, solved: solved};
      });
      return out;
    };
    var write = function (record) {
      try { window.localStorage.setItem(KEY, JSON.stringify(record)); } catch (e) { /* private mode */ }
    };
    var record = function (chapter, exercise) {
      var all = read(), e = all[chapter] || {visited: false, solved: []};
      e.visited = true;
      if (exercise && e.solved.indexOf(exercise) < 0 && e.solved.length < MAX_SOLVED) {
        e.solved.push(exercise);
        e.solved.sort();
      }
      all[chapter] = e;
      write(all);
      showProgress();
    };

    // The landing page: beside each chapter what the learner did, and the sum above the lists.
    var plural = function (n, word) { return n + " " + word + (n === 1 ? "" : "s"); };
    var showProgress = function () {
      var rows = document.querySelectorAll("tr[data-chapter]");
      if (!rows.length) return;
      var all = read(), opened = 0, solved = 0;
      for (var i = 0; i < rows.length; i++) {
        var e = all[rows[i].getAttribute("data-chapter")];
        var cell = rows[i].querySelector("[data-tutor-status]");
        var text = "";
        if (e) {
          opened += 1;
          solved += e.solved.length;
          text = e.solved.length ? "✓ " + plural(e.solved.length, "exercise") + " solved" : "✓ opened";
        }
        if (cell) { cell.textContent = text; cell.className = text ? "tutor-done" : ""; }
      }
      var sums = document.querySelectorAll("[data-tutor-summary]");
      for (var j = 0; j < sums.length; j++) {
        sums[j].textContent = opened ? "You have opened " + opened + " and solved " + plural(solved, "exercise") + "."
          : "Your progress in this browser will show here.";
      }
    };

    // A question: the pressed choice marked right or wrong, the verdict and the reason below it.
    var answer = function (button) {
      var q = button.closest("[data-tutor-question]");
      if (!q) return;
      var choice = button.getAttribute("data-tutor-choice");
      var right = choice === q.getAttribute("data-tutor-answer");
      var buttons = q.querySelectorAll("[data-tutor-choice]");
      for (var i = 0; i < buttons.length; i++) {
        var mine = buttons[i] === button;
        buttons[i].classList.toggle("mod-success", mine && right);
        buttons[i].classList.toggle("mod-danger", mine && !right);
        buttons[i].setAttribute("aria-pressed", mine ? "true" : "false");
      }
      var verdict = q.querySelector('template[data-tutor-verdict="' + (right ? "right" : "wrong") + '"]');
      var why = q.querySelector('template[data-tutor-verdict="why"]');
      var feedback = q.querySelector(".tutor-question-feedback");
      if (!verdict || !why || !feedback) return;
      feedback.replaceChildren(verdict.content.cloneNode(true), why.content.cloneNode(true));
      var chapter = q.getAttribute("data-tutor-chapter");
      if (right && chapter) record(chapter, q.getAttribute("data-tutor-question"));
    };

    document.addEventListener("click", function (event) {
      var target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      var choice = target.closest("button[data-tutor-choice]");
      if (choice) { answer(choice); return; }
      if (target.closest("button[data-tutor-start-over]")) { write({}); showProgress(); }
    });
    window.addEventListener("storage", function (event) { if (event.key === KEY) showProgress(); });

    course = window.tutorCourse = {
      // What the page shows now: each chapter it opens counts as visited; the landing page's list.
      look: function () {
        var visits = document.querySelectorAll("[data-tutor-visit]");
        for (var i = 0; i < visits.length; i++) {
          var name = visits[i].getAttribute("data-tutor-visit");
          if (!(read()[name] || {}).visited) record(name, null);
        }
        showProgress();
      },
    };
  }
  course.look();
})();
