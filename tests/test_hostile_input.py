"""Input no phone sends but a stranger can: every one is a clear 4xx or a safe redirect, never a 500."""

import pytest

from app import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "WTF_CSRF_ENABLED": False})
    return app.test_client()


@pytest.mark.parametrize(
    "next_",
    ["/g/abc\r\nSet-Cookie: keeper=stolen", "/\r\n", "/g/x\nLocation: //evil.example", "/\x00", "/" + "a" * 5000],
)
def test_the_language_switch_never_sends_a_header_split_by_its_next_address(client, next_):
    answer = client.post("/language", data={"lang": "it", "next": next_})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"
    assert "stolen" not in answer.headers.get("Set-Cookie", "")


def test_the_language_switch_still_goes_back_to_the_page_it_came_from(client):
    answer = client.post("/language", data={"lang": "it", "next": "/check?hand=7d&lang=en"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/check?hand=7d"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/games", '{"sides": [{"name": "Anna"}, {"name": "Bruno"}], "group": "\\ud800"}', "group"),
        ("/api/v1/games", '{"sides": [{"name": "Anna"}, {"name": "Br\\udc00"}]}', "sides[1].name"),
        ("/api/v1/events", '{"name": "Friday", "players": ["A", "B", "C", "D"], "group": "\\ud800"}', "group"),
        ("/api/v1/moves", '{"hand": ["7d"], "table": ["\\ud83d"]}', "table[0]"),
    ],
)
def test_a_lone_surrogate_in_a_json_body_is_a_400_naming_the_field(client, path, body, field):
    answer = client.post(path, data=body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field
    assert "must be plain text" in answer.get_json()["message"]


def test_a_lone_surrogate_as_the_game_added_to_a_group_is_a_400_and_changes_nothing(client):
    group = client.post("/api/v1/groups", json={"name": "Friday"}).get_json()
    answer = client.post(
        f"/api/v1/groups/{group['id']}/games",
        data='{"game": "\\ud800"}',
        content_type="application/json",
        headers={"X-Group-Key": group["group_key"]},
    )
    assert answer.status_code == 400 and answer.get_json()["field"] == "game"
    assert client.get(f"/api/v1/groups/{group['id']}").get_json()["games"] == []


def test_a_huge_accept_language_is_read_only_as_far_as_its_first_entries(client):
    junk = ",".join(f"x{i};q=0.{i % 9 + 1}" for i in range(15000))
    answer = client.get("/", headers={"Accept-Language": "it-IT,it;q=0.9," + junk})
    assert answer.status_code == 200
    assert 'lang="it"' in answer.get_data(as_text=True)
    from scorekeeper.web.common.i18n import ACCEPT_LANGUAGE_MAX, phone_languages

    with client.application.test_request_context("/", headers={"Accept-Language": "en," + junk + ",it"}):
        read = phone_languages()
        assert read.best == "en" and "it" not in read.values()
        assert sum(len(v) for v in read.values()) <= ACCEPT_LANGUAGE_MAX
