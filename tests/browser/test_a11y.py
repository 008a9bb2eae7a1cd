"""axe-core on every page state, in the light and in the dark theme and in Italian: no violation of any impact."""

import pytest

from tests.browser.states import states


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.slow
def test_every_page_state_has_no_axe_violation_of_any_impact(page, live_server, axe, scheme):
    page.emulate_media(color_scheme=scheme)
    failures = []
    for name, go in states(page, live_server):
        go()
        found = axe(f"{name} in {scheme}")
        if found:
            failures.append(repr(found))
    assert not failures, "\n\n".join(failures)


@pytest.mark.browser_context_args(locale="it-IT")
@pytest.mark.slow
def test_every_page_state_in_italian_has_no_axe_violation_of_any_impact(page, live_server, axe):
    """The Italian pages too: their own words must still name every control and say the page's language."""
    failures = []
    for name, go in states(page, live_server):
        go()
        assert page.evaluate("document.documentElement.lang") == "it", name
        found = axe(f"{name} in Italian")
        if found:
            failures.append(repr(found))
    assert not failures, "\n\n".join(failures)


def test_the_axe_check_fails_a_page_with_a_violation_of_any_impact(page, live_server, axe):
    """The check itself can fail, whatever the impact: an unlabelled field (critical), pale grey text on paper
    (serious), text outside every landmark (moderate) and a table header with no words (minor) are all reported,
    each with its rule and impact."""
    page.goto(live_server + "/")
    page.evaluate(
        """() => {
            const main = document.querySelector("main");
            const input = document.createElement("input");
            input.type = "text";
            main.append(input);
            const faint = document.createElement("p");
            faint.textContent = "Hard to read";
            faint.style.color = "#c8c2b8";  // pale grey on the light paper: about 1.7:1
            main.append(faint);
            const stray = document.createElement("p");
            stray.textContent = "Outside every landmark";
            document.body.append(stray);
            const table = document.createElement("table");
            table.innerHTML = "<tr><th></th><th scope='col'>Anna</th></tr>"
                + "<tr><th scope='row'>Cards</th><td>3</td></tr>";
            main.append(table);
        }"""
    )
    found = axe("home with four faults")
    impacts = {v["id"]: v["impact"] for v in found}
    assert impacts == {
        "label": "critical",
        "color-contrast": "serious",
        "region": "moderate",
        "empty-table-header": "minor",
    }, repr(found)
    assert "Hard to read" in repr(found) and "Outside every landmark" in repr(found)
