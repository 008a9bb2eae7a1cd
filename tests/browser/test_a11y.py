"""axe-core on every page state, in the light and in the dark theme: no serious or critical violation."""

import pytest

from tests.browser.states import states


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_state_has_no_serious_or_critical_axe_violation(page, live_server, axe, scheme):
    page.emulate_media(color_scheme=scheme)
    failures = []
    for name, go in states(page, live_server):
        go()
        found = axe(f"{name} in {scheme}")
        if found:
            failures.append(repr(found))
    assert not failures, "\n\n".join(failures)


@pytest.mark.browser_context_args(locale="it-IT")
def test_every_page_state_in_italian_has_no_serious_or_critical_axe_violation(page, live_server, axe):
    """The Italian pages too: their own words must still name every control and say the page's language."""
    failures = []
    for name, go in states(page, live_server):
        go()
        assert page.evaluate("document.documentElement.lang") == "it", name
        found = axe(f"{name} in Italian")
        if found:
            failures.append(repr(found))
    assert not failures, "\n\n".join(failures)


def test_the_axe_check_fails_a_page_with_a_serious_violation(page, live_server, axe):
    """The check itself can fail: an unlabelled field and pale grey text on paper are reported, with their rules."""
    page.goto(live_server + "/")
    page.evaluate(
        """() => {
            const input = document.createElement("input");
            input.type = "text";
            document.querySelector("main").append(input);
            const faint = document.createElement("p");
            faint.textContent = "Hard to read";
            faint.style.color = "#c8c2b8";  // pale grey on the light paper: about 1.7:1
            document.querySelector("main").append(faint);
        }"""
    )
    found = axe("home with an unlabelled field")
    rules = {v["id"] for v in found}
    assert {"label", "color-contrast"} <= rules, repr(found)
    assert "label (critical)" in repr(found) and "Hard to read" in repr(found)
