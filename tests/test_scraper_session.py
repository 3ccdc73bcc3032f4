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
