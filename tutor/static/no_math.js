// No mathematics to typeset. The course's pages hold none, yet Voilà's front end runs a LaTeX
// typesetter over every text and output of a page as it starts: MathJax 3, bundled, 40-100 ms of
// a chapter's start-up in a CPU profile (2026-11-27), none of it on a bare board. Given a MathJax 2
// address instead, it loads the script found there and hands it each text to typeset through
// MathJax 2's queue. This script is what the app serves at that address (tutor.server.pages.NO_MATH_URL):
// MathJax 2's configuration calls, and a queue that typesets nothing. A "$" in a text stays a "$".
window.MathJax = {
  Hub: {
    Config() {},
    Configured() {},
    Register: { StartupHook() {} },
    Queue() {},
  },
  Ajax: {},
  InputJax: { TeX: { resetEquationNumbers() {} } },
};
