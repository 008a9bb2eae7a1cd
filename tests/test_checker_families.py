"""The capture checker for every game family: Escoba's and Cirulla's tables, their 15-captures listed and explained
in the family's words, "last deal?", the deal check's 15 or 30, in English, Italian and Spanish, without JavaScript.
"""

import html as markup
import re

import pytest

from scorekeeper.web.common import i18n
from tests.test_checker import answer_of as answer_html
from tests.test_checker import page

IT = {"Accept-Language": "it"}
ES = {"Accept-Language": "es"}


def answer_of(html):
    """The answer's text as a reader sees it: tags dropped, entities read, spaces collapsed."""
    return re.sub(r"\s+", " ", markup.unescape(answer_html(html)))


def shared_link(html):
    return markup.unescape(re.search(r'value="([^"]*)" class="link"', html)[1])


def menu(html, name):
    """The menu of a house rule, and whether the page shows it."""
    block = re.search(rf'<div class="option[^"]*" data-option="{name}"[^>]*>(.*?)</div>', html, re.S)
    return block[1], " hidden>" not in block[0]


def test_the_profile_menu_offers_every_family(client):
    status, html = page(client, "")
    profiles = html.split('name="profile"')[1].split("</select>")[0]
    assert status == 200 and 'value="escoba"' in profiles and 'value="cirulla"' in profiles


def test_an_escoba_table_lists_its_15_captures_with_escobas_rule_and_the_spanish_deck(client):
    status, html = page(client, "?profile=escoba&table=7d,4c,3s,2b&hand=8d,1c,10b")
    answer = answer_of(html)
    assert status == 200
    # The Spanish deck is Escoba's own: no deck was chosen.
    assert "Takes 7 de Oros Sota de Oros takes a set making 15 with it: 8 and 7 make 15 (Escoba's capture to " in answer
    assert "Takes 4 de Copas + 3 de Espadas Sota de Oros takes a set making 15 with it: 8, 4, and 3 make 15" in answer
    assert (
        "Takes 3 de Espadas + 2 de Bastos Rey de Bastos takes a set making 15 with it: 10, 3, and 2 make 15" in answer
    )
    # An 8 never takes its own value in Escoba: no 8 is asked for.
    assert "no single 8" not in answer
    assert "as the profile: Spanish deck" in html


def test_escobas_sweep_is_an_escoba_and_a_card_that_only_trails_is_barred_by_escobas_rule(client):
    status, html = page(client, "?profile=escoba&table=7d&hand=8d,2c")
    answer = answer_of(html)
    assert "It clears the table: escoba." in answer and "ESCOBA" in answer and "SCOPA" not in answer
    assert "2 de Copas may not be laid on the table while Sota de Oros can take" in answer
    assert "(Escoba's rule)" in answer and "May not be trailed" in answer and "May not lead" not in answer


def test_a_judged_escoba_claim_cites_escobas_rule(client):
    status, html = page(client, "?profile=escoba&table=7d,4c,3s&hand=8d&play=8d&take=4c")
    verdict = answer_of(html).split("Legal plays")[0]
    assert status == 200 and "Not legal" in verdict
    assert "4 de Copas and Sota de Oros add up to 12, not 15" in verdict
    assert "Rule: Escoba's capture to fifteen: the card played takes table cards that add up to 15 with it" in verdict
    status, html = page(client, "?profile=escoba&table=7d,4c,3s&hand=8d,2b&play=2b")
    verdict = answer_of(html).split("Legal plays")[0]
    assert "Rule: Escoba: while any card of the hand can take, no card may be laid on the table." in verdict


def test_last_deal_is_asked_only_where_no_scopa_counts_in_it(client):
    status, html = page(client, "?profile=escoba&table=7d&hand=8d")
    assert 'name="last_deal"' not in html
    status, html = page(client, "?profile=escoba&scopa_in_last_deal=false&table=7d&hand=8d")
    assert 'name="last_deal"' in html and "It clears the table: escoba." in answer_of(html)
    status, html = page(client, "?profile=escoba&scopa_in_last_deal=false&table=7d&hand=8d&last_deal=1")
    answer = answer_of(html)
    assert "no escoba counts in the last deal" in answer and "ESCOBA" not in answer
    assert "last_deal=1" in shared_link(html)  # the shared link keeps it
    # Where every deal scores its scopas, a last_deal in the address changes nothing and is not kept.
    status, html = page(client, "?profile=escoba&table=7d&hand=8d&last_deal=1")
    assert "ESCOBA" in answer_of(html) and "last_deal" not in shared_link(html)


def test_the_escoba_deal_check_takes_15_at_once_as_escoba_de_mano(client):
    status, html = page(client, "?profile=escoba&table=1d,2c,5s,7b&deal=1")
    check = html.split('id="deal-check"')[1].split("</section>")[0]
    assert "Play on" in check
    assert "The four cards add up to 15: the dealer takes them at once, 1 escoba (escoba de mano)." in check
    status, html = page(client, "?profile=escoba&table=10d,10c,3s,7b&deal=1")
    assert "add up to 30: the dealer takes them at once, 2 escobas" in html


def test_a_cirulla_table_takes_its_value_or_15_and_its_ace_sweeps_with_a_scopa(client):
    status, html = page(client, "?profile=cirulla&table=1d,4c,3s,5b&hand=7d")
    answer = answer_of(html)
    # Cirulla's own French deck; its ordinary capture (the fewest cards) beside the 15-capture.
    assert "Takes 4 of Hearts + 3 of Spades 7 of Diamonds takes a set adding up to 7 (4 + 3 = 7)" in answer
    assert "Only sets of 2 cards may be taken (capture_choice fewest)." in answer
    assert "Takes 5 of Clubs + 3 of Spades 7 of Diamonds takes a set making 15 with it: 7, 5, and 3 make 15" in answer
    assert "(Cirulla's 15-capture, beside taking its own value)" in answer
    status, html = page(client, "?profile=cirulla&table=6c,8s&hand=1d&play=1d&take=6c")
    verdict = answer_of(html).split("Legal plays")[0]
    assert "Not legal" in verdict and "takes every table card" in verdict
    assert "Rule: Cirulla's ace: played with no ace on the table, it takes every table card, and that is a scopa." in (
        verdict
    )


def test_the_cirulla_deal_check_redeals_two_aces_and_counts_the_matta(client):
    status, html = page(client, "?profile=cirulla&table=1d,1c,3s,4b&deal=1")
    assert "Redeal" in html and "2 aces are on the table: the hand is redealt (redeal two_aces)." in html
    status, html = page(client, "?profile=cirulla&table=10d,10c,10s,4b&deal=1")
    assert "Play on" in html and "kings never ask for one" in html
    # The matta (7 of hearts) is wild: 2 + 3 + 1 and the matta make 15.
    status, html = page(client, "?profile=cirulla&table=7c,2d,3s,1b&deal=1")
    check = markup.unescape(html.split('id="deal-check"')[1].split("</section>")[0])
    assert "the dealer takes them at once, 1 scopa (Cirulla's deal)." in check
    assert "The matta (7 of Hearts) counts as whatever value makes the total." in check


def test_the_deal_button_says_what_the_rules_look_for(client):
    def asks(query):
        return re.search(r'class="if-deal">([^<]*)<', page(client, query)[1])[1]

    assert asks("") == "Check the first deal (3 or 4 kings?)"
    assert asks("?profile=cirulla") == "Check the first deal (two aces? 15 or 30?)"
    assert asks("?redeal=never") == "Check the first deal"


def test_only_the_house_rules_that_apply_are_shown(client):
    status, html = page(client, "?profile=cirulla")
    assert menu(html, "ace_on_ace")[1] and menu(html, "redeal")[1]  # Cirulla's ace takes all
    assert '<option selected value="">as the profile</option>' in menu(html, "deal_fifteen")[0]
    status, html = page(client, "?profile=escoba")
    assert not menu(html, "ace_on_ace")[1] and menu(html, "deal_fifteen")[1]


def test_a_cirulla_table_in_italian(client):
    html = client.get("/check?profile=cirulla&table=1d,4c,3s,5b&hand=7d", headers=IT).get_data(as_text=True)
    assert "7, 5 e 3 fanno 15 (la presa da 15 della Cirulla" in answer_of(html)
    assert "Controlla la prima smazzata (due assi? 15 o 30?)" in html
    html = client.get("/check?profile=cirulla&table=7c,2d,3s,1b&deal=1", headers=IT).get_data(as_text=True)
    assert "La matta (7 di Cuori) vale quanto serve a fare il totale." in html


def test_an_escoba_table_in_spanish(client):
    html = client.get("/check?profile=escoba&table=7d&hand=8d,2c", headers=ES).get_data(as_text=True)
    answer = answer_of(html)
    assert "Sota de Oros levanta un grupo que suma 15 con ella: 8 y 7 suman 15" in answer
    assert "Limpia la mesa: escoba." in answer and "ESCOBA" in answer
    html = client.get("/check?profile=escoba&table=1d,2c,5s,7b&deal=1", headers=ES).get_data(as_text=True)
    assert "1 escoba (escoba de mano)" in html


def test_the_grid_without_javascript_keeps_the_family(client):
    r = client.get("/check?c_7d=t&c_8d=h&profile=escoba&redeal=&deal_fifteen=&last_deal=")
    assert r.status_code == 302 and r.headers["Location"] == "/check?table=7d&hand=8d&profile=escoba#answer"
    status, html = page(client, r.headers["Location"].split("/check")[1].split("#")[0])
    assert "Takes 7 de Oros" in answer_of(html)


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("?profile=escoba&redeal=five_kings&table=1d,2c,5s,7b&deal=1", "redeal", "Redeal must be"),
        ("?profile=cirulla&deal_fifteen=sometimes&table=7d&hand=8d", "deal_fifteen", "Deal fifteen must be"),
        ("?profile=escoba&scopa_in_last_deal=maybe&table=7d&hand=8d", "scopa_in_last_deal", "Scopa in last deal"),
        ("?profile=cirulla&style=tarot&table=7d&hand=8d", "style", "Unknown deck style"),
    ],
)
def test_a_bad_family_rule_is_named_beside_its_menu_and_nothing_is_answered(client, query, field, words):
    status, html = page(client, query)
    assert status == 400 and re.search(rf'<p class="error" id="{field}-error">{words}', html)
    assert 'id="plays"' not in html and 'id="deal-check"' not in html


def test_a_crowded_table_names_its_cards_through_one_voice(client, monkeypatch):
    """The list of plays costs one translator a request, not one a card (bench/budget.py measures the time)."""
    made = []
    real = i18n.voice
    monkeypatch.setattr(i18n, "voice", lambda *a, **k: made.append(a) or real(*a, **k))
    table = ",".join([f"{r}{s}" for s in "dcsb" for r in range(1, 8)] + ["8d", "8c"])
    status, html = page(client, f"?table={table}&hand=9d,9c,9s,9b,10d,10c,10s,10b,8s,8b")
    assert status == 200 and html.count('class="play"') > 50
    # The menus' and the script's words still ask one each; the hundreds of cards named (some 700) ask none.
    assert len(made) < 200
