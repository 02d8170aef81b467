"""Each rule block once per page (issue 18.5): a ruling lower on a page points to a rule quoted
above instead of quoting it again; quotes shown after a click stay in full."""

from html import escape

from IPython.core.interactiveshell import InteractiveShell

from tutor.explain import Page, quote_once, rule_html, rules_html, show
from tutor.memoir import rules as R


def test_a_rule_quoted_above_is_pointed_to():
    first, quoted = quote_once(rule_html(R.LOS), set())
    assert first == rule_html(R.LOS) and quoted == {R.LOS.key}
    again, quoted2 = quote_once(rules_html([R.LOS, R.PROTECTION]), quoted)
    assert quoted == {R.LOS.key}                    # the caller's set is not changed
    assert quoted2 == {R.LOS.key, R.PROTECTION.key}
    assert again.count("<blockquote") == 1 and R.PROTECTION.quote[:40] in again
    assert R.LOS.quote[:40] not in again
    assert f"(rule quoted above: {escape(R.LOS.cite)})" in again and escape(R.LOS.summary) in again


def test_the_same_rule_twice_in_one_output_is_quoted_once():
    html, _ = quote_once(rule_html(R.LOS) + rule_html(R.LOS, open_=True), set())
    assert html.count("<blockquote") == 1 and html.count("rule quoted above") == 1


def test_a_page_quotes_each_rule_once_while_its_cells_run_and_in_full_after():
    shell = InteractiveShell.instance()
    try:
        page = Page().watch(shell)
        shell.run_cell("from tutor.memoir import rules as R\nfrom tutor.explain import show, rule_html\n"
                       "fmt = get_ipython().display_formatter.format\n"
                       "a = fmt(R.LOS)[0]['text/html']\n"
                       "b = fmt(show(rule_html(R.LOS) + rule_html(R.PROTECTION)))[0]['text/html']")
        a, b = shell.user_ns["a"], shell.user_ns["b"]
        assert R.LOS.quote[:40] in a and R.LOS.quote[:40] not in b and R.PROTECTION.quote[:40] in b
        assert page.quoted == {R.LOS.key, R.PROTECTION.key}
        # after the cells ran (a widget redrawing on a click): in full, the page's set unchanged
        later = shell.display_formatter.format(show(rule_html(R.LOS)))[0]["text/html"]
        assert R.LOS.quote[:40] in later and "rule quoted above" not in later
    finally:
        InteractiveShell.clear_instance()
