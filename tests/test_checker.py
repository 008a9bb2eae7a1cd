"""The capture checker page through the test client: answers, verdicts, and bad positions in the URL."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.web.checker import routes
from tests.conftest import new_game


def page(client, query):
    r = client.get("/check" + query)
    return r.status_code, r.get_data(as_text=True)


def test_the_empty_checker_asks_for_a_position(client):
    status, html = page(client, "")
    assert status == 200 and "Show legal plays" in html and 'role="alert"' not in html


def test_the_eight_takes_six_and_two(client):
    status, html = page(client, "?table=1b,2c,6s&hand=8d")
    assert status == 200
    assert "Takes 6 di Spade + 2 di Coppe" in html and "Must capture" in html
    assert html.count('class="play"') == 1


def test_the_five_must_take_the_single_five(client):
    status, html = page(client, "?table=5c,4s,1b&hand=5d")
    assert "Takes 5 di Coppe" in html and html.count('class="play"') == 1
    assert "a sum such as 4 di Spade + Asso di Bastoni may not be taken while it is there" in html


def test_a_claim_is_judged_with_its_rule_and_alternatives(client):
    status, html = page(client, "?table=5c,4s,1b&hand=5d&play=5d&take=4s&take=1b")
    assert status == 200 and "Not legal" in html
    assert "5 di Coppe is on the table, so 4 di Spade + Asso di Bastoni may not be taken with a 5." in html
    assert "An equal single card on the table must be taken" in html
    status, html = page(client, "?table=5c,4s,1b&hand=5d&play=5d&take=5c")
    assert ">Legal<" in html


def test_the_deal_check_calls_for_a_redeal_with_three_kings(client):
    status, html = page(client, "?table=10d,10c,10s,4b&deal=1")
    assert status == 200 and "Redeal" in html and "3 kings are on the table" in html
    status, html = page(client, "?table=10d,10c,5s,4b&deal=1")
    assert "Play on" in html


def test_game_rules_and_deck_style_carry_over(client):
    game_id = new_game(client, "A", "B", deck_style="french", rules={"profile": "asso-piglia-tutto"}).id
    assert client.get(f"/g/{game_id}/check").headers["Location"] == f"/check?game={game_id}"
    status, html = page(client, f"?game={game_id}&table=3c,4s&hand=1d")
    assert "takes the whole table" in html and "4 of Spades + 3 of Hearts" in html


def test_options_change_the_answer(client):
    status, html = page(client, "?table=1d,9d,2d,3d,4d&hand=10c&capture_choice=fewest")
    assert html.count('class="play"') == 1 and "Cavallo di Denari + Asso di Denari" in html
    status, html = page(client, "?table=2b,5s&hand=7c&last=1")
    assert "no scopa" in html and "SCOPA</span>" not in html.split('id="plays"')[1].split("</section>")[0]


def test_the_grid_without_javascript_redirects_to_the_short_url(client):
    r = client.get("/check?c_7d=t&c_5c=h&c_1s=&profile=classic")
    assert r.status_code == 302 and r.headers["Location"] == "/check?table=7d&hand=5c&profile=classic#answer"


def test_the_position_has_a_qr_code_and_a_link(client):
    status, html = page(client, "?table=1b,2c,6s&hand=8d")
    assert "table=1b,2c,6s&amp;hand=8d" in html
    src = re.search(r'<img class="qr" src="([^"]+)"', html)[1].replace("&amp;", "&")
    svg = client.get(src)
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and svg.data.startswith(b"<svg")


def test_qr_codes_are_made_only_for_this_apps_pages(client):
    assert client.get("/qr.svg?path=https://example.com/").status_code == 404
    assert client.get("/qr.svg?path=//example.com/").status_code == 404
    assert client.get("/qr.svg").status_code == 404


@pytest.mark.parametrize(
    "query, words",
    [
        ("?table=1b,zz&hand=8d", "Invalid card: &#39;zz&#39;"),
        ("?table=1b,2c&hand=2c", "2 di Coppe is both on the table and in the hand"),
        ("?table=1b,2c", "Choose at least one card in the hand"),
        ("?table=1b,1b&hand=8d", "Asso di Bastoni is listed twice in the table"),
        ("?table=1b&hand=1d,2d,3d,4d,5d,6d,7d,8d,9d,10d,1c", "at most 10"),
        ("?table=1b&hand=8d&play=3c&take=1b", "3 di Coppe is not in the hand"),
        ("?table=1b&hand=8d&play=8d&take=2c", "2 di Coppe is not on the table"),
        ("?table=1b,2c&deal=1", "4 cards on the table, not 2"),
        ("?table=1b&hand=8d&profile=tressette", "Unknown rule profile"),
        ("?table=1b&hand=8d&style=tarot", "Unknown deck style"),
        ("?table=1b&hand=8d&game=nope", "No game has this address"),
    ],
)
def test_bad_positions_get_a_clear_message_never_a_500(client, query, words):
    status, html = page(client, query)
    assert status == 400
    assert words in html
    assert 'role="alert"' in html


def test_an_adversarial_position_is_grouped_and_readable(client):
    table = ",".join(f"{r}{s}" for s in "dcsb" for r in range(1, 8)) + ",8d,8c"
    hand = "9d,9c,9s,9b,10d,10c,10s,10b,8s,8b"
    status, html = page(client, f"?table={table}&hand={hand}")
    assert status == 200
    assert html.count('class="card-plays"') == 10
    # thousands of plays: each value's list is shown once, with equivalent captures grouped
    assert html.count('class="play"') < 120
    assert html.count("Plays like") == 7 and "ways" in html


def test_a_wrong_field_shows_its_message_beside_it_and_keeps_what_was_chosen(client):
    status, html = page(client, "?table=1b,6s&hand=8d&capture_choice=yes&last=1&ace_takes_all=true")
    assert status == 400
    menu = html.split('id="opt_capture_choice"')[1].split("</div>")[0]
    assert "Capture choice must be &#34;free&#34; or &#34;fewest&#34;, not &#34;yes&#34;" in menu
    assert re.search(r'<option selected value="true">yes</option>', html.split('id="opt_ace_takes_all"')[1])
    assert re.search(r'name="last" value="1" checked', html)
    assert 'data-card="1b"' in html and re.search(r'class="cell where-t" data-card="6s"', html)
    assert re.search(r'class="cell where-h" data-card="8d"', html)


def test_a_claim_about_a_card_not_in_the_hand_is_shown_at_the_card_played(client):
    status, html = page(client, "?table=1b&hand=8d&play=3c&take=1b")
    judge = html.split('id="judge"')[1]
    assert status == 400 and "3 di Coppe is not in the hand; the card played comes from the hand." in judge


def test_the_rules_menus_show_what_the_game_plays(client):
    game = new_game(client, "A", "B", rules={"profile": "classic", "capture_choice": "fewest"})
    status, html = page(client, f"?game={game.id}&table=1d,9d,2d,3d,4d&hand=10c")
    assert status == 200 and html.count('class="play"') == 1
    assert '<option selected value="fewest">' in html.split('id="opt_capture_choice"')[1]
    assert f"capture_choice=fewest&amp;game={game.id}" in html


def test_a_profile_chosen_over_the_games_own_stays_in_the_shared_link(client):
    game = new_game(client, "A", "B", rules={"profile": "asso-piglia-tutto"})
    status, html = page(client, f"?game={game.id}&profile=classic&table=3c,4s&hand=1d")
    assert status == 200 and "Trail" in html and "takes the whole table" not in html
    assert f"profile=classic&amp;game={game.id}" in html


@pytest.mark.parametrize(
    "query, words",
    [
        ("?table=" + "1b," * 5000 + "&hand=8d", "At most 200 characters"),
        ("?table=" + ",".join(["1b"] * 41) + "&hand=8d", "41 cards listed; the deck has 40"),
        ("?table=1b&hand=8d&profile=" + "x" * 10_000, "At most 40 characters"),
        ("?table=1b&hand=8d&capture_choice=" + "x" * 10_000, "At most 40 characters"),
        ("?table=1b&hand=8d&game=" + "g" * 10_000, "At most 64 characters"),
        ("?table=1b&hand=8d&play=8d,1b", "Name one card"),
    ],
)
def test_long_input_is_refused_without_echoing_it(client, query, words):
    status, html = page(client, query)
    assert status == 400 and words in html
    # Nothing long is echoed back in a message or a field: the page stays near its usual size (about 28,000
    # characters; the language switch carries the page's own address, so the query once).
    assert len(html) < 28_000 + len(query) + 5_000


def test_the_grid_redirect_keeps_only_the_checkers_own_fields(client):
    r = client.get("/check?c_7d=t&c_5c=h&c_1s=h&last=1&capture_choice=fewest&junk=" + "x" * 5000)
    assert r.status_code == 302
    assert r.headers["Location"] == "/check?table=7d&hand=5c,1s&last=1&capture_choice=fewest#answer"


def _wsgi(text):
    """A query string as a server hands it on: its bytes, decoded as Latin-1 (WSGI's rule)."""
    return text.encode("utf-8", "surrogatepass").decode("latin-1")


pairs = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "table",
                "hand",
                "play",
                "take",
                "profile",
                "style",
                "last",
                "deal",
                "game",
                "c_7d",
                "c_zz",
                "capture_choice",
                "last_card_scopa",
                "ace_takes_all",
                "ace_sweep_scopa",
            ]
        )
        | st.text(max_size=8),
        st.text(max_size=40)
        | st.sampled_from(
            [
                "1b,2c,6s",
                "8d",
                "5c,4s,1b",
                "1",
                "t",
                "h",
                "true",
                "fewest",
                "asso-piglia-tutto",
                "french",
                "1b,1b",
                "1d 2d 3d",
            ]
        ),
    ),
    max_size=10,
)
raw_queries = (
    st.text(max_size=300).map(_wsgi)
    | pairs.map(lambda kv: _wsgi("&".join(f"{k}={v}" for k, v in kv)))
    # Bytes that are not UTF-8 at all: a browser never sends them, a broken client or a prober may.
    | st.binary(max_size=60).map(lambda raw: raw.decode("latin-1"))
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=raw_queries)
def test_no_query_string_gives_a_500(client, query):
    r = client.get("/check", environ_overrides={"QUERY_STRING": query})
    assert r.status_code < 500, r.get_data(as_text=True)[:500]


CODE = re.compile(r"(?<![\w/])(10|[1-9])[dcsb](?![\w])")  # a card code such as 5c or 10d


def answer_of(html):
    """The text of the answer section (verdict, deal check, plays), tags dropped."""
    part = html.split('id="answer"', 1)[1].split('<section class="judge"', 1)[0]
    return re.sub(r"<[^>]+>", " ", part)


@pytest.mark.parametrize(
    "style, words",
    [
        (
            "",
            [
                "Not legal",
                "5 di Coppe is on the table, so 4 di Spade + Asso di Bastoni may not be taken with a 5.",
                "Legal plays of 5 di Denari",
                "Takes 5 di Coppe",
                "5 di Denari takes 5 di Coppe, the card of equal value",
            ],
        ),
        (
            "&style=french",
            [
                "5 of Hearts is on the table, so 4 of Spades + Ace of Clubs may not be taken with a 5.",
                "Legal plays of 5 of Diamonds",
                "Takes 5 of Hearts",
                "Jack of Diamonds",
            ],
        ),
    ],
)
def test_answers_and_verdicts_name_the_cards_in_the_deck_style(client, style, words):
    status, html = page(client, f"?table=5c,4s,1b&hand=5d,8d&play=5d&take=4s&take=1b{style}")
    answer = answer_of(html)
    assert status == 200
    for text in words:
        assert text in answer, text
    assert not CODE.search(answer), CODE.search(answer)
    # The claim's table cards are named too.
    judge = html.split('<section class="judge"', 1)[1]
    assert re.search(r'value="4s"[^>]*> (4 di Spade|4 of Spades)</label>', judge)


def test_the_answer_has_its_own_anchor_and_the_claim_form_opens_at_it(client):
    status, html = page(client, "?table=1b,2c,6s&hand=8d")
    assert html.count('id="answer"') == 1 and html.index('id="answer"') < html.index('id="plays"')
    assert re.search(r'<form method="get" action="/check#answer">', html)
    # A verdict comes first in the answer, before the plays it is one of.
    status, html = page(client, "?table=1b,2c,6s&hand=8d&play=8d&take=6s&take=2c")
    assert html.index('id="answer"') < html.index('id="verdict"') < html.index('id="plays"')
    # With nothing to answer, the anchor is the message saying what to put right.
    status, html = page(client, "?table=1b,2c")
    assert status == 400 and html.index('id="answer"') > html.index('id="form-error"') > 0


def test_clear_empties_the_position_and_keeps_the_rules_deck_and_game(client):
    game_id = new_game(client, "A", "B", deck_style="french").id
    status, html = page(client, f"?game={game_id}&table=1d,9d,2d&hand=10c&capture_choice=fewest&last=1&play=10c")
    clear = re.search(r'<a class="button big clear" href="([^"]+)">Clear</a>', html)[1].replace("&amp;", "&")
    # The game's own deck goes without saying: the game carries it.
    assert clear == f"/check?profile=classic&capture_choice=fewest&game={game_id}"
    status, html = page(client, clear[len("/check") :])
    assert status == 200 and 'id="answer"' not in html
    assert '<option selected value="fewest">' in html.split('id="opt_capture_choice"')[1]
    assert "as the game: French deck" in html and 'id="form-error"' not in html  # the French deck stays
    # Without a game or options, Clear is the bare checker.
    status, html = page(client, "?table=1b&hand=8d")
    assert 'href="/check">Clear</a>' in html


def test_the_deal_checks_button_says_what_it_does(client):
    status, html = page(client, "")
    assert "Check the first deal (3 or 4 kings?)" in html and "Show legal plays" in html
    status, html = page(client, "?table=10d,10c,10s,4b&deal=1")
    assert "3 kings are on the table" in answer_of(html)


def test_a_position_that_cannot_occur_names_its_cards_in_the_deck_style(client):
    status, html = page(client, "?table=1b,2c&hand=2c&style=french")
    assert status == 400 and "2 of Hearts is both on the table and in the hand; a card is in one place only." in html
    # A card typed wrong in a link is shown as typed, with the notation to use.
    status, html = page(client, "?table=1b,zz&hand=8d")
    assert "e.g. 7d" in html


def test_the_card_picker_is_made_once_per_language_and_deck_style_and_shows_each_position(client):
    routes.pickers.clear()
    _, first = page(client, "?table=6s&hand=8d")
    _, second = page(client, "?table=8d,1b&hand=6s")
    assert len(routes.pickers) == 1  # one picker for both positions
    assert re.search(r'class="cell where-t" data-card="8d"', second) and "@@" not in second
    assert re.search(r'class="cell where-h" data-card="6s"', second)
    assert re.search(r'class="cell " data-card="1b"', first) and re.search(
        r'class="cell where-t" data-card="1b"', second
    )
    assert re.search(r'name="c_8d"[^>]*>\s*<option value="">–</option>\s*<option value="t" selected>', second)
    assert re.search(r'name="c_6s"[^>]*>\s*<option value="">–</option>\s*<option value="t" >', second)
    assert re.search(
        r'name="c_6s"[^>]*>\s*<option value="">–</option>\s*<option value="t" >[^<]*</option>\s*'
        r'<option value="h" selected>',
        second,
    )
    french = client.get("/check?table=6s&style=french").get_data(as_text=True)
    italian = client.get("/check?table=6s", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert (
        len(routes.pickers) == 3
        and 'title="6 of Spades"' in french
        and '<option value="t" selected>tavola</option>' in italian
    )
