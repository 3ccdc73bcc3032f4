"""The cookie jar file: round trip, secrecy, and a damaged file."""

from __future__ import annotations

from pathlib import Path

import httpx

from scraper.session import load_cookies, save_cookies


def test_cookie_jar_round_trip_keeps_names_values_and_expiry(tmp_path: Path) -> None:
    resp = httpx.Response(
        200,
        headers=[
            ("Set-Cookie", "forum_u=76; expires=Tue, 30-Nov-2027 06:22:05 GMT; path=/; HttpOnly"),
            (
                "Set-Cookie",
                "forum_k=ylge6ni2dmmnb05u; expires=Tue, 30-Nov-2027 06:22:05 GMT; path=/",
            ),
        ],
        request=httpx.Request("GET", "http://127.0.0.1:8080/index.php"),
    )
    jar = httpx.Cookies()
    jar.extract_cookies(resp)
    path = tmp_path / "sub" / "cookies.json"
    save_cookies(jar, path)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    back = load_cookies(path)
    got = {c.name: (c.value, c.domain, c.path, c.expires) for c in back.jar}
    want = {c.name: (c.value, c.domain, c.path, c.expires) for c in jar.jar}
    assert got == want and got["forum_k"][0] == "ylge6ni2dmmnb05u"


def test_damaged_cookie_file_means_logging_in_again(tmp_path: Path) -> None:
    path = tmp_path / "cookies.json"
    path.write_text("{not json", encoding="utf-8")
    assert list(load_cookies(path).jar) == []
    assert list(load_cookies(tmp_path / "missing.json").jar) == []


def _jar() -> httpx.Cookies:
    jar = httpx.Cookies()
    jar.set("phpbb3_sid", "secret", domain="board.example", path="/")
    return jar


def test_saving_never_writes_through_a_link_planted_at_the_temporary_name(tmp_path: Path) -> None:
    # issue 21 item 5: the bot writes only files it owns; a link where the jar's temporary
    # file goes must not make it truncate (and fill with the session secret) the link's target
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    jar_path = tmp_path / "cookies.json"
    (tmp_path / "cookies.json.tmp").symlink_to(victim)
    save_cookies(_jar(), jar_path)
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not jar_path.is_symlink()
    assert load_cookies(jar_path).get("phpbb3_sid") == "secret"
    assert jar_path.stat().st_mode & 0o777 == 0o600


def test_a_stale_temporary_file_with_loose_mode_does_not_leak_the_secret(tmp_path: Path) -> None:
    stale = tmp_path / "cookies.json.tmp"
    stale.write_text("[]", encoding="utf-8")
    stale.chmod(0o644)
    save_cookies(_jar(), tmp_path / "cookies.json")
    assert (tmp_path / "cookies.json").stat().st_mode & 0o777 == 0o600
