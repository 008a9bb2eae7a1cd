"""Installable and working offline, in Chromium at phone size: the manifest and the service worker, a game's page
opened without a connection, and hands and scopas entered offline that reach the server exactly once, in order,
when the connection returns (Playwright's ``context.set_offline``)."""

import json
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scorekeeper.web.common import offline
from tests.browser.test_keep_score import BRUNO

SHOTS = Path("/tmp/shots/offline")


def snap(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _cut_worker(route):
    # The service worker's own requests: Playwright's offline mode does not reach them, so they are cut here.
    if route.request.service_worker:
        route.abort("internetdisconnected")
    else:
        route.continue_()


def go_offline(context):
    """No connection, for the pages and for the service worker alike."""
    context.set_offline(True)
    context.route("**/*", _cut_worker)


def go_online(context):
    context.unroute("**/*", _cut_worker)
    context.set_offline(False)


def kept_game(page, live_server, names=("Anna", "Bruno")):
    """A game this phone keeps, its scoreboard open and controlled by the service worker (so it is kept offline)."""
    body = {"name": "Terrace", "sides": [{"name": n} for n in names]}
    game = page.request.post(f"{live_server}/api/v1/games", data=body).json()
    page.goto(game["keeper_url"])
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now through the worker, which keeps a copy of the page
    page.evaluate("""() => new Promise(done => navigator.serviceWorker.controller ? done()
        : navigator.serviceWorker.addEventListener("controllerchange", done))""")
    wait_kept(page, f"/g/{game['id']}")
    return game


def wait_kept(page, *paths, timeout=15.0):
    """Wait until the worker's page cache holds a copy of each path: a keeper's page is kept as its offline copy,
    which the worker asks the server for in the background once the page itself is shown."""
    deadline = time.monotonic() + timeout
    script = """paths => caches.open("pages").then(c => Promise.all(paths.map(p => c.match(location.origin + p))))
        .then(found => found.every(Boolean))"""
    while not page.evaluate(script, list(paths)):
        assert time.monotonic() < deadline, f"not kept for offline use: {paths}"
        page.wait_for_timeout(100)


def cached_bodies(page):
    """Everything in Cache Storage, every cache: [(address, body as text)]."""
    return page.evaluate("""() => caches.keys().then(names => Promise.all(names.map(n => caches.open(n)
        .then(c => c.keys().then(reqs => Promise.all(reqs.map(r => c.match(r).then(res => res.text())
        .then(text => [r.url, text]))))))).then(lists => lists.flat()))""")


def api_game(page, live_server, game_id):
    return page.request.get(f"{live_server}/api/v1/games/{game_id}").json()


def tap_winners(page, rows):
    for row, side in rows.items():
        page.locator(f"#row-won_{row} label", has_text=side).click()


def test_the_app_is_installable_manifest_icons_and_a_service_worker(page, live_server):
    manifest = page.request.get(f"{live_server}/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    body = manifest.json()
    assert body["name"] == "Scopa Scorekeeper" and body["display"] == "standalone" and body["start_url"].startswith("/")
    sizes = {icon["sizes"] for icon in body["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        png = page.request.get(live_server + icon["src"])
        assert png.ok and png.body()[:8] == b"\x89PNG\r\n\x1a\n"
    page.goto(live_server + "/")
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/manifest.webmanifest"
    assert page.locator("link[rel=apple-touch-icon]").count() == 1
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == live_server + "/"
    worker = page.request.get(f"{live_server}/sw.js")
    assert worker.headers["cache-control"] == "no-cache" and "__VERSION__" not in worker.text()


def test_offline_a_keeper_records_two_hands_and_a_scopa_that_arrive_once_in_order(page, live_server, browser):
    game = kept_game(page, live_server)
    go_offline(page.context)
    page.locator(".scopa-form").first.locator(".scopa-add").click()  # Anna's scopa, kept
    expect(page.locator(".scopa-form").first.locator(".count")).to_have_text("1")
    tap_winners(page, {"cards": "Anna", "coins": "Anna", "settebello": "Anna", "primiera": "Anna"})
    page.click("#save-won")
    tap_winners(page, {"cards": "Bruno", "coins": "Tie", "settebello": "Bruno", "primiera": "Bruno"})
    page.click("#save-won")
    expect(page.locator("#queue-banner")).to_contain_text("Waiting to send (3)")
    expect(page.locator("#queue-banner")).to_contain_text("a scopa, hand 1, hand 2")
    # A scopa tapped now belongs to hand 3, the hand after those kept.
    assert set(page.locator(".scopa-form input[name=hand]").evaluate_all("l => l.map(i => i.value)")) == {"3"}
    # Reloaded without a connection: the copy from the last visit, saying so, with the changes still waiting.
    page.reload()
    expect(page.locator("#offline-banner")).to_contain_text("Offline: showing the score as of")
    expect(page.locator("#queue-banner")).to_contain_text("Waiting to send (3)")
    snap(page, "offline-waiting")
    # The copy's winners form is for the hand after those kept: a third hand entered now is hand 3, not hand 1 again.
    assert page.locator("#winners input[name=hand]").input_value() == "3"
    assert set(page.locator(".scopa-form input[name=hand]").evaluate_all("l => l.map(i => i.value)")) == {"3"}
    assert api_game(page, live_server, game["id"])["rounds"] == []  # nothing reached the server yet
    go_online(page.context)
    sent_rounds(page, live_server, game["id"], 2)
    expect(page.locator("#queue-banner")).to_be_hidden()
    stored = api_game(page, live_server, game["id"])
    assert [s["scopas"] for s in stored["rounds"][0]["sides"]] == [1, 0]  # the scopa went with hand 1
    assert [s["total"] for s in stored["sides"]] == [5, 3]
    # Sent again (the page and Background Sync may both try): still two hands. The page may be reloading itself
    # for the hands that just arrived: the call is made again on the page it lands on.
    for attempt in range(3):
        try:
            page.wait_for_load_state("load")
            page.evaluate("OfflineQueue.sendAll()")
            break
        except PlaywrightError:
            if attempt == 2:
                raise
            page.wait_for_timeout(500)
    assert len(api_game(page, live_server, game["id"])["rounds"]) == 2
    # Every viewer sees them.
    viewer = browser.new_page()
    viewer.goto(f"{live_server}/g/{game['id']}")
    expect(viewer.locator(".totals")).to_contain_text("5")
    expect(viewer.locator("#result")).to_contain_text("Anna leads 5-3")
    viewer.close()


def another_phone_saves_hand_1(page, live_server, game, submission_id):
    """Hand 1 saved by another phone through the API (the settebello to the first side, the cards to the second)."""
    other = {"submission_id": submission_id, "sides": [{"won": ["settebello"]}, {"won": ["cards"]}]}
    page.request.post(
        f"{live_server}/api/v1/games/{game['id']}/rounds", data=other, headers={"X-Keeper-Key": game["keeper_key"]}
    )


def test_a_change_kept_offline_that_the_server_refuses_is_shown(page, live_server):
    game = kept_game(page, live_server)
    go_offline(page.context)
    tap_winners(page, {"cards": "Anna", "coins": "Anna", "settebello": "Anna", "primiera": "Anna"})
    page.click("#save-won")
    expect(page.locator("#queue-banner")).to_contain_text("Waiting to send (1)")
    # Meanwhile another phone saved hand 1.
    another_phone_saves_hand_1(page, live_server, game, "other-phone-0001")
    go_online(page.context)
    expect(page.locator("#queue-banner .refused")).to_contain_text("A change made offline was refused")
    snap(page, "offline-refused")
    assert len(api_game(page, live_server, game["id"])["rounds"]) == 1  # nothing saved twice or over the other


def test_a_scopa_kept_offline_during_hand_1_that_another_phone_saved_is_refused_not_moved(page, live_server):
    game = kept_game(page, live_server)
    go_offline(page.context)
    page.locator(".scopa-form").first.locator(".scopa-add").click()  # Anna's scopa in hand 1, kept
    expect(page.locator("#queue-banner")).to_contain_text("Waiting to send (1): a scopa")
    # Meanwhile another phone saved hand 1 (without that scopa).
    another_phone_saves_hand_1(page, live_server, game, "other-phone-0002")
    go_online(page.context)
    expect(page.locator("#queue-banner .refused")).to_contain_text("A change made offline was refused")
    expect(page.locator("#queue-banner .refused")).to_contain_text("a scopa")
    snap(page, "offline-scopa-refused")
    stored = api_game(page, live_server, game["id"])
    assert len(stored["rounds"]) == 1
    assert [s["scopas"] for s in stored["rounds"][0]["sides"]] == [0, 0]  # not on hand 1
    assert stored["pending_scopas"] == [0, 0]  # nor on hand 2


def test_offline_the_checker_says_it_needs_the_connection(page, live_server):
    page.goto(live_server + "/")
    page.evaluate("navigator.serviceWorker.ready")
    go_offline(page.context)
    page.goto(live_server + "/check?table=1b&hand=8d")
    expect(page.locator("main")).to_contain_text("The capture checker needs the connection")
    page.goto(live_server + "/pads")  # never opened on this phone
    expect(page.locator("h1")).to_have_text("No connection")


def stored_rounds(live_server, game_id):
    """The game's hands as the server has them (straight from the server, past any route the test set up)."""
    with urllib.request.urlopen(f"{live_server}/api/v1/games/{game_id}") as r:
        return json.load(r)["rounds"]


def sent_rounds(page, live_server, game_id, count, timeout=15.0):
    """The game's hands once the server holds ``count`` of them and this phone has nothing left to send. The queue's
    banner alone cannot say so: a page reloading itself for the changes already sent shows it hidden until its
    script has read the queue."""
    deadline = time.monotonic() + timeout
    while True:
        rounds = stored_rounds(live_server, game_id)
        try:
            waiting = page.evaluate("OfflineQueue.all().then(items => items.length)")
        except PlaywrightError:  # the page is between two loads
            waiting = None
        if len(rounds) == count and waiting == 0:
            return rounds
        assert time.monotonic() < deadline, f"{len(rounds)} hands stored, {waiting} changes waiting: not {count}, 0"
        page.wait_for_timeout(100)


def _cut_all(route):
    route.abort("internetdisconnected")


def test_a_hand_sent_while_the_phone_wrongly_believes_it_is_online_is_kept_not_lost(page, live_server):
    # A phone on a weak Wi-Fi says it is online, yet nothing gets through: the form is sent as a page, so the
    # service worker keeps it and shows the game's copy, saying it is offline.
    game = kept_game(page, live_server)
    page.context.route("**/*", _cut_all)
    assert page.evaluate("navigator.onLine")
    tap_winners(page, {"cards": "Anna", "coins": "Anna", "settebello": "Anna", "primiera": "Anna"})
    page.click("#save-won")
    expect(page.locator("#offline-banner")).to_contain_text("Offline: showing the score as of")
    expect(page.locator("#queue-banner")).to_contain_text("Waiting to send (1): hand 1.")
    expect(page.locator("#unconfirmed")).to_contain_text("Hand 1: kept on this phone, waiting to send")
    # The form is ready for the next hand, its words too; the deal line, the server's to work out, is hidden.
    expect(page.locator("#save-won")).to_have_text("Save hand 2")
    expect(page.locator("#winners-title")).to_have_text("Hand 2: who won what?")
    expect(page.locator(".deal")).to_be_hidden()
    snap(page, "lie-fi-kept")
    assert stored_rounds(live_server, game["id"]) == []
    # The connection comes back without an "online" event: the page tries again when it is looked at.
    page.context.unroute("**/*", _cut_all)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator(".total .points")).to_have_text(["4", "0"], timeout=15_000)
    expect(page.locator("#unconfirmed")).to_be_hidden()
    expect(page.locator("#offline-banner")).to_be_hidden()
    assert len(stored_rounds(live_server, game["id"])) == 1


def test_offline_counts_a_correction_and_a_delete_are_kept_and_sent_in_order(page, live_server):
    game = kept_game(page, live_server)
    key = {"X-Keeper-Key": game["keeper_key"]}
    for n, won in enumerate((["settebello"], ["cards", "settebello"]), start=1):  # 1-1, then 2-1
        body = {"submission_id": f"api-hand-{n:04d}", "sides": [{"won": won}, {"won": ["coins"]}]}
        assert page.request.post(f"{live_server}/api/v1/games/{game['id']}/rounds", data=body, headers=key).ok
    # The keeper's open scoreboard hears the two hands and loads itself again: the test goes on once it has.
    expect(page.locator(".total .points")).to_have_text(["3", "2"])
    page.wait_for_load_state("load")
    g = f"{live_server}/g/{game['id']}"
    for path in ("", "/counts", "/hands/1/edit", "/hands/2/delete"):  # opened once online: kept by the worker
        page.goto(g + path)
        wait_kept(page, f"/g/{game['id']}{path}")
    page.goto(g)
    expect(page.locator(".total .points")).to_have_text(["3", "2"])
    go_offline(page.context)
    # Hand 3 by quick counts: "Check hand" cannot be checked offline, so it is kept to be saved.
    page.goto(g + "/counts")
    page.fill("input[name=sides-0-cards]", "23")
    page.fill("input[name=sides-0-coins]", "6")
    page.fill("input[name=sides-0-primiera]", "76")
    page.fill("input[name=sides-1-primiera]", "81")
    page.check("input[name=settebello][value='0']")
    page.get_by_role("button", name="Check hand").click()
    page.wait_for_url(g)
    expect(page.locator("#unconfirmed")).to_contain_text("Hand 3: kept on this phone")
    # Hand 1 corrected: the settebello was Bruno's.
    page.goto(g + "/hands/1/edit")
    page.locator("#row-won_settebello label", has_text="Bruno").click()
    page.get_by_role("button", name="Check hand").click()
    page.wait_for_url(g)
    # Hand 2 deleted.
    page.goto(g + "/hands/2/delete")
    page.get_by_role("button", name="Delete hand 2").click()
    page.wait_for_url(g)
    expect(page.locator("#queue-banner")).to_contain_text(
        "Waiting to send (3): hand 3, correction of hand 1, deleting hand 2."
    )
    expect(page.locator("#unconfirmed li")).to_have_count(3)
    # A fourth hand on the scoreboard's own form is hand 4, not hand 3 again.
    assert page.locator("#winners input[name=hand]").input_value() == "4"
    snap(page, "offline-three-changes")
    assert len(stored_rounds(live_server, game["id"])) == 2
    go_online(page.context)
    sent_rounds(page, live_server, game["id"], 2)  # hand 2 deleted, hand 3 now the second
    expect(page.locator("#queue-banner")).to_be_hidden()
    # Hand 1 corrected: the settebello and the coins Bruno's (0-2); hand 3: cards, coins and settebello Anna's,
    # the primiera Bruno's (3-1).
    assert [s["total"] for s in api_game(page, live_server, game["id"])["sides"]] == [3, 3]


def installability_errors(browser_type, launch_args, context_args, profile, url, manifest=None):
    """Chromium's own installability check for ``url``, in a profile of its own (it passes over private contexts,
    every other test's, without looking); ``manifest`` replaces the app's."""
    context = browser_type.launch_persistent_context(profile, **launch_args, **context_args)
    try:
        if manifest:
            context.route(
                "**/manifest.webmanifest",
                lambda route: route.fulfill(content_type="application/manifest+json", body=json.dumps(manifest)),
            )
        page = context.new_page()
        page.goto(url)
        page.evaluate("navigator.serviceWorker.ready")
        page.reload()
        cdp = context.new_cdp_session(page)
        return [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    finally:
        context.close()


def test_the_browser_finds_the_app_installable(
    browser_type, browser_type_launch_args, browser_context_args, live_server, tmp_path
):
    # The check the browser's install prompt and "Add to home screen" depend on: no errors.
    args = (browser_type, browser_type_launch_args, browser_context_args)
    assert installability_errors(*args, tmp_path / "a", live_server + "/") == []
    # It does look: a manifest that is not standalone and has no icons fails it.
    broken = {"name": "x", "display": "browser", "icons": []}
    assert installability_errors(*args, tmp_path / "b", live_server + "/", manifest=broken) != []


def new_version(monkeypatch, page):
    """The server has a new version of the app (any change to a file the worker keeps changes its version);
    the phone looks for it, as a browser does on each page load."""
    monkeypatch.setattr(offline, "_version", lambda static_folder: "next-version-0001")
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")


def test_a_new_version_of_the_app_takes_over_and_the_old_cache_goes(page, live_server, monkeypatch):
    page.goto(live_server + "/")
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    old = page.evaluate("caches.keys()")
    assert len([n for n in old if n.startswith("shell-")]) == 1
    page.evaluate("window.oldScript = true")
    # The page reloads by itself onto the new version (no page left on an old script), and the old cache is gone.
    with page.expect_navigation(timeout=15_000):
        new_version(monkeypatch, page)
    page.wait_for_load_state()
    assert page.evaluate("window.oldScript === undefined"), "the page still runs the old version's script"
    shells = [n for n in page.evaluate("caches.keys()") if n.startswith("shell-")]
    assert shells == ["shell-next-version-0001"], shells


def test_a_new_version_never_reloads_a_page_with_a_hand_half_entered(page, live_server, monkeypatch):
    kept_game(page, live_server)
    page.locator("#row-won_cards label", has_text="Anna").click()
    new_version(monkeypatch, page)
    expect(page.locator("#update-banner")).to_be_visible(timeout=15_000)
    expect(page.locator("#row-won_cards input:checked")).to_have_count(1)  # the tap is still there


def test_offline_a_hand_tapped_card_by_card_is_kept_and_arrives_once(page, live_server):
    game = kept_game(page, live_server)
    g = f"{live_server}/g/{game['id']}"
    page.goto(g + "/hand")  # opened once online: kept
    wait_kept(page, f"/g/{game['id']}/hand")
    go_offline(page.context)
    page.goto(g + "/hand")
    page.wait_for_load_state()
    page.locator(".pick[data-side='1']").click()
    for code in BRUNO:
        page.locator(f".cell[data-card='{code}']").click()
    page.locator(".rest-to[data-side='0']").click()  # the rest are Anna's: worked out on the phone, no request
    expect(page.locator("#live")).to_have_text(  # the server does the counting
        "Offline: the counts show once the connection returns. The hand can still be saved: it is kept."
    )
    page.get_by_role("button", name="Check hand").click()
    page.wait_for_url(g)
    expect(page.locator("#unconfirmed")).to_contain_text("Hand 1: kept on this phone")
    go_online(page.context)
    expect(page.locator(".total .points")).to_have_text(["4", "0"], timeout=15_000)
    assert len(stored_rounds(live_server, game["id"])) == 1


# --- Keys never stay on the phone; the offline copy of a kept game is made without them -----------------------


def test_the_keeper_key_never_reaches_cache_storage(page, live_server):
    game = kept_game(page, live_server)
    key, g = game["keeper_key"], f"/g/{game['id']}"
    page.locator("#keeper-code summary").click()  # the share panel's keeper code: its QR is loaded now
    expect(page.locator("#keeper-qr img")).to_have_js_property("complete", True)
    assert page.locator("#keeper-qr img").evaluate("img => img.naturalWidth") > 0
    page.reload()
    wait_kept(page, g, g + "/counts", g + "/hand")
    snap(page, "keeper-scoreboard-share")
    kept = cached_bodies(page)
    addresses = [address for address, _ in kept]
    assert live_server + g in addresses  # the game is kept for offline use, as its copy without the key
    assert not [address for address in addresses if key in address]  # no keeper QR (its address holds the key)
    assert not [address for address, body in kept if key in body]
    # Offline, the copy still lets the keeper enter hands, but shows no keeper link or code.
    go_offline(page.context)
    page.goto(live_server + g)
    expect(page.locator("#winners")).to_be_visible()
    expect(page.locator("#keeper-code")).to_have_count(0)
    assert key not in page.content()
    snap(page, "keeper-copy-offline")


def test_after_stop_keeping_the_phone_keeps_nothing_of_the_game(page, live_server):
    game = kept_game(page, live_server)
    key, g = game["keeper_key"], f"/g/{game['id']}"
    page.goto(live_server + g + "/counts")
    wait_kept(page, g, g + "/counts", g + "/hand")
    page.goto(live_server + g + "/forget")
    page.get_by_role("button", name="Stop keeping score on this phone").click()
    page.wait_for_url(live_server + "/")
    page.wait_for_selector("body[data-forgotten]", state="attached")
    assert not [address for address, _ in cached_bodies(page) if g in address]
    # Offline, the game is not there at all (not even the viewer's copy): the offline page says so.
    go_offline(page.context)
    page.goto(live_server + g)
    expect(page.locator("main")).to_contain_text("This page was not opened on this phone before")
    expect(page.locator("#winners")).to_have_count(0)
    assert key not in page.content()
    snap(page, "stopped-keeping-offline")


def test_the_entry_pages_open_offline_after_only_the_scoreboard_was_opened(page, live_server):
    """The scoreboard and its hand forms are kept for offline use once per game version, however often the
    keeper reloads."""
    copies = []

    def count_copies(route):
        if route.request.headers.get("x-offline-copy") == "1":
            copies.append(route.request.url)
        route.continue_()

    page.context.route("**/g/**", count_copies)
    game = kept_game(page, live_server)
    g = f"{live_server}/g/{game['id']}"
    wait_kept(page, f"/g/{game['id']}/counts", f"/g/{game['id']}/hand")
    for _ in range(3):  # reloads of the same version: the entry pages are not made again
        page.reload()
        wait_kept(page, f"/g/{game['id']}")
    page.wait_for_timeout(500)
    assert copies.count(g + "/counts") == 1 and copies.count(g + "/hand") == 1
    assert copies.count(g) == 1  # the scoreboard's own offline copy too: once for this version
    page.context.unroute("**/g/**", count_copies)
    go_offline(page.context)
    page.goto(g + "/hand")
    expect(page.locator(".cell[data-card]").first).to_be_visible()
    snap(page, "cards-offline-unopened")
    page.goto(g + "/counts")
    snap(page, "counts-offline-unopened")
    page.fill("input[name=sides-0-cards]", "23")
    page.fill("input[name=sides-0-coins]", "6")
    page.fill("input[name=sides-0-primiera]", "76")
    page.fill("input[name=sides-1-primiera]", "81")
    page.check("input[name=settebello][value='0']")
    page.get_by_role("button", name="Check hand").click()
    page.wait_for_url(g)
    expect(page.locator("#unconfirmed")).to_contain_text("Hand 1: kept on this phone")
    assert stored_rounds(live_server, game["id"]) == []
    go_online(page.context)
    expect(page.locator(".total .points")).to_have_text(["3", "1"], timeout=15_000)
    page.reload()
    page.wait_for_timeout(1000)
    assert len(stored_rounds(live_server, game["id"])) == 1


def test_back_online_the_keepers_page_shows_its_offline_hand_and_keeps_the_next_hands_taps(page, live_server):
    game = kept_game(page, live_server)
    go_offline(page.context)
    tap_winners(page, {"cards": "Anna", "coins": "Anna", "settebello": "Anna", "primiera": "Anna"})
    page.click("#save-won")
    expect(page.locator("#queue-banner")).to_contain_text("Waiting to send (1)")
    expect(page.locator("#save-won")).to_contain_text("Save hand 2")
    # The keeper starts the next hand while still offline.
    tap_winners(page, {"cards": "Bruno"})
    go_online(page.context)
    # The hand reaches the server once; the keeper's own page shows it at once: its totals, the next hand's form
    # with the tap kept, and no word of "another phone" (the change was this phone's own).
    expect(page.locator(".total .points").first).to_have_text("4", timeout=15_000)
    expect(page.locator("#result")).to_contain_text("Anna leads 4-0")
    expect(page.locator("#save-won")).to_contain_text("Save hand 2")
    expect(page.locator("#row-won_cards input[type=radio]:checked")).to_have_count(1)
    checked = page.locator("#row-won_cards input[type=radio]:checked").get_attribute("id")
    assert page.locator(f"label[for='{checked}']").inner_text() == "Bruno"
    expect(page.locator("#changed-elsewhere")).to_be_hidden()
    expect(page.locator("#queue-banner")).to_be_hidden()
    snap(page, "back-online-own-hand")
    assert len(api_game(page, live_server, game["id"])["rounds"]) == 1


def test_back_online_with_nothing_tapped_the_keepers_page_shows_the_hand_kept_offline(page, live_server):
    game = kept_game(page, live_server)
    go_offline(page.context)
    tap_winners(page, {"cards": "Anna", "coins": "Anna", "settebello": "Anna", "primiera": "Anna"})
    page.click("#save-won")
    expect(page.locator("#queue-banner")).to_contain_text("Waiting to send (1)")
    go_online(page.context)
    expect(page.locator("#result")).to_contain_text("Anna leads 4-0", timeout=15_000)
    expect(page.locator("#winners-title")).to_contain_text("2")
    expect(page.locator("#changed-elsewhere")).to_be_hidden()
    assert len(api_game(page, live_server, game["id"])["rounds"]) == 1
