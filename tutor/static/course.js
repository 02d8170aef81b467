// The learner's side of the course, in the learner's browser: the check-yourself questions
// answer a press at once, and the learner's progress (chapters opened, questions tried, solved and
// shown) is kept in this browser's localStorage, where the landing page reads it.
//
// Every page output that needs it carries this script (tutor.course.page_script): a chapter's
// navigation bar, its questions, the landing page's list. It installs once per page and then looks
// at what the page shows. Nothing here talks to the kernel: a question's verdict, hint and reason
// were written into the page by the engine when the page was made (tutor.quiz.question_html), and
// progress never leaves the browser unless the learner asks for a completion code (the landing
// page's carrier, tutor.completion). Stored text is never put into the page as HTML: the landing
// page shows counts only.
//
// A question (tutor.quiz.Tries is the same steps, in Python): a wrong first answer shows the hint
// (the rule to use) and leaves a second try; a second wrong answer, or "Show me", shows the answer
// and the reason. Only a right answer before the answer was shown counts as solved; a question
// once shown never counts, not even after a reload.
(function () {
  "use strict";
  var course = window.tutorCourse;
  if (!course) {
    var KEY = "__STORAGE_KEY__";
    var TRIES = 2;                        // tutor.quiz.TRIES
    var MAX_IDS = 64, MAX_ID = 80;        // as many answers as a chapter has, ids as the pages write
    var LISTS = ["tried", "solved", "shown"];

    var ids = function (list) {
      return (Array.isArray(list) ? list : []).filter(function (s, i, all) {
        return typeof s === "string" && s.length > 0 && s.length <= MAX_ID && all.indexOf(s) === i;
      }).sort().slice(0, MAX_IDS);
    };
    // A stored record, whatever the storage holds:
    // {chapter: {visited: true, asked: n, tried: [ids], solved: [ids], shown: [ids]}}.
    var read = function () {
      var raw;
      try { raw = JSON.parse(window.localStorage.getItem(KEY) || "{}"); } catch (e) { raw = {}; }
      var out = {};
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
      Object.keys(raw).forEach(function (name) {
        var e = raw[name];
        if (!e || typeof e !== "object" || Array.isArray(e)) return;
        var clean = {visited: e.visited === true,
                     asked: (Number.isInteger(e.asked) && e.asked > 0 && e.asked <= MAX_IDS) ? e.asked : 0};
        LISTS.forEach(function (k) { clean[k] = ids(e[k]); });
        clean.solved = clean.solved.filter(function (s) { return clean.shown.indexOf(s) < 0; });
        if (clean.visited || clean.tried.length || clean.solved.length || clean.shown.length) out[name] = clean;
      });
      return out;
    };
    var write = function (record) {
      try { window.localStorage.setItem(KEY, JSON.stringify(record)); } catch (e) { /* private mode */ }
    };
    var entry = function (all, chapter) {
      return all[chapter] || {visited: false, asked: 0, tried: [], solved: [], shown: []};
    };
    var add = function (list, id) {
      if (id && list.indexOf(id) < 0 && list.length < MAX_IDS) { list.push(id); list.sort(); }
    };
    // outcome: "solved" (right, answer not shown), "tried" (a wrong answer), "shown" (the answer
    // shown: after the last try, or on request).
    var record = function (chapter, exercise, outcome) {
      var all = read(), e = entry(all, chapter);
      e.visited = true;
      if (outcome === "solved" || outcome === "tried") add(e.tried, exercise);
      if (outcome === "shown") add(e.shown, exercise);
      if (outcome === "solved" && e.shown.indexOf(exercise) < 0) add(e.solved, exercise);
      all[chapter] = e;
      write(all);
      showProgress();
    };

    // A chapter is read once it was opened and every one of its questions tried.
    var read_ = function (e) { return e.visited && e.asked > 0 && e.tried.length >= e.asked; };
    var plural = function (n, word) { return n + " " + word + (n === 1 ? "" : "s"); };
    // The landing page: beside each chapter what the learner did, and the sum above the lists.
    var showProgress = function () {
      var rows = document.querySelectorAll("tr[data-chapter]");
      if (!rows.length) return;
      var all = read(), done = 0, started = 0, solved = 0;
      for (var i = 0; i < rows.length; i++) {
        var e = all[rows[i].getAttribute("data-chapter")];
        var cell = rows[i].querySelector("[data-tutor-status]");
        var text = "", cls = "";
        if (e) {
          solved += e.solved.length;
          var of = e.asked ? " of " + e.asked : "";
          if (read_(e)) {
            done += 1;
            text = "✓ Read: " + e.solved.length + of + " solved";
            cls = "tutor-done";
          } else if (e.tried.length) {
            started += 1;
            text = "Started: " + e.tried.length + of + " questions tried" +
              (e.solved.length ? ", " + e.solved.length + " solved" : "");
          } else {
            started += 1;
            text = "Opened, no question tried yet";
          }
        }
        if (cell) { cell.textContent = text; cell.className = cls; }
      }
      var sums = document.querySelectorAll("[data-tutor-summary]");
      var said = "";
      if (done) said = "You have read " + plural(done, "chapter") + " (every question tried)" +
        (started ? " and started " + started + " more. " : ". ");
      else if (started) said = "You have started " + plural(started, "chapter") + ". ";
      if (said) said += solved ? "You solved " + plural(solved, "question") + " without the answer shown."
        : "A question counts as solved when you find the answer before it is shown.";
      for (var j = 0; j < sums.length; j++) {
        sums[j].textContent = said || "Your progress in this browser will show here: a chapter counts as " +
          "read once you have tried all its questions, a question as solved when you found the answer " +
          "before it was shown.";
      }
    };

    var feedbackOf = function (q, kinds) {
      var feedback = q.querySelector(".tutor-question-feedback");
      var parts = kinds.map(function (k) { return q.querySelector('template[data-tutor-verdict="' + k + '"]'); });
      if (!feedback || parts.indexOf(null) >= 0) return;
      feedback.replaceChildren.apply(feedback, parts.map(function (t) { return t.content.cloneNode(true); }));
    };
    var markAnswer = function (q) {
      var right = q.querySelector('[data-tutor-choice="' + CSS.escape(q.getAttribute("data-tutor-answer")) + '"]');
      if (right) right.classList.add("mod-success");
    };
    var finish = function (q) {
      q.setAttribute("data-tutor-over", "");
      var show = q.querySelector("button[data-tutor-show]");
      if (show) show.disabled = true;
    };
    // A question: the pressed choice marked right or wrong, then the hint, or the verdict and reason.
    var answer = function (button) {
      var q = button.closest("[data-tutor-question]");
      if (!q) return;
      var choice = button.getAttribute("data-tutor-choice");
      var right = choice === q.getAttribute("data-tutor-answer");
      var chapter = q.getAttribute("data-tutor-chapter"), key = q.getAttribute("data-tutor-question");
      var over = q.hasAttribute("data-tutor-over");
      var buttons = q.querySelectorAll("[data-tutor-choice]");
      for (var i = 0; i < buttons.length; i++) {
        if (buttons[i] !== button) { buttons[i].setAttribute("aria-pressed", "false"); continue; }
        buttons[i].classList.toggle("mod-success", right);
        buttons[i].classList.toggle("mod-danger", !right);
        buttons[i].setAttribute("aria-pressed", "true");
      }
      if (over) { feedbackOf(q, [right ? "right" : "wrong", "why"]); return; }
      if (right) {
        finish(q);
        feedbackOf(q, ["right", "why"]);
        if (chapter) record(chapter, key, "solved");
        return;
      }
      button.disabled = true;                      // that one is out: the second try is another
      var wrong = (parseInt(q.getAttribute("data-tutor-wrong"), 10) || 0) + 1;
      q.setAttribute("data-tutor-wrong", String(wrong));
      if (chapter) record(chapter, key, "tried");
      if (wrong < TRIES) { feedbackOf(q, ["hint"]); return; }
      finish(q);
      markAnswer(q);
      feedbackOf(q, ["wrong", "why"]);
      if (chapter) record(chapter, key, "shown");
    };
    var showMe = function (button) {
      var q = button.closest("[data-tutor-question]");
      if (!q || q.hasAttribute("data-tutor-over")) return;
      finish(q);
      markAnswer(q);
      feedbackOf(q, ["shown", "why"]);
      var chapter = q.getAttribute("data-tutor-chapter");
      if (chapter) record(chapter, q.getAttribute("data-tutor-question"), "shown");
    };

    document.addEventListener("click", function (event) {
      var target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      var choice = target.closest("button[data-tutor-choice]");
      if (choice) { answer(choice); return; }
      var show = target.closest("button[data-tutor-show]");
      if (show) { showMe(show); return; }
      if (target.closest("button[data-tutor-start-over]")) { write({}); showProgress(); }
    });
    window.addEventListener("storage", function (event) { if (event.key === KEY) showProgress(); });

    // A question answered on a live board (a widget) says how it went with a marker in its output
    // (tutor.quiz.outcome_html): <span hidden data-tutor-outcome="solved|tried|shown"
    // data-tutor-chapter="…" data-tutor-question="…">.
    var outcomes = function (root) {
      var marks = root.querySelectorAll ? root.querySelectorAll("[data-tutor-outcome]") : [];
      var all = (root.matches && root.matches("[data-tutor-outcome]")) ? [root] : [];
      all.concat(Array.prototype.slice.call(marks)).forEach(function (m) {
        var chapter = m.getAttribute("data-tutor-chapter"), key = m.getAttribute("data-tutor-question");
        var outcome = m.getAttribute("data-tutor-outcome");
        if (chapter && key && ["solved", "tried", "shown"].indexOf(outcome) >= 0) record(chapter, key, outcome);
      });
    };
    new MutationObserver(function (changes) {
      changes.forEach(function (c) {
        Array.prototype.forEach.call(c.addedNodes, function (n) { if (n.nodeType === 1) outcomes(n); });
      });
    }).observe(document.documentElement, {childList: true, subtree: true});

    // The landing page's completion code: the progress goes to the kernel only when the learner
    // asks for a code, through the carrier (a hidden text area of the code's widget), just before
    // the button's own click is sent.
    document.addEventListener("click", function (event) {
      var target = event.target instanceof Element ? event.target : null;
      var button = target && target.closest(".tutor-code-button");
      if (!button) return;
      var box = button.closest(".tutor-completion");
      var carrier = box && box.querySelector(".tutor-progress-carrier textarea");
      if (!carrier) return;
      carrier.value = JSON.stringify(read());
      carrier.dispatchEvent(new Event("input", {bubbles: true}));
      carrier.dispatchEvent(new Event("change", {bubbles: true}));
    }, true);

    course = window.tutorCourse = {
      // What the page shows now: each chapter it opens counts as visited, with how many questions
      // it asks; the landing page's list.
      look: function () {
        var all = read(), changed = false;
        var visits = document.querySelectorAll("[data-tutor-visit]");
        for (var i = 0; i < visits.length; i++) {
          var name = visits[i].getAttribute("data-tutor-visit");
          var e = entry(all, name);
          if (!e.visited) { e.visited = true; all[name] = e; changed = true; }
        }
        var asked = {};
        var qs = document.querySelectorAll("[data-tutor-question][data-tutor-chapter]");
        for (var j = 0; j < qs.length; j++) {
          var ch = qs[j].getAttribute("data-tutor-chapter");
          (asked[ch] = asked[ch] || {})[qs[j].getAttribute("data-tutor-question")] = true;
        }
        Object.keys(asked).forEach(function (ch) {
          var n = Math.min(Object.keys(asked[ch]).length, MAX_IDS), e = entry(all, ch);
          if (e.asked !== n) { e.asked = n; all[ch] = e; changed = true; }
        });
        if (changed) write(all);
        showProgress();
      },
      record: record,
    };
  }
  course.look();
})();
