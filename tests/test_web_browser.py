"""The dashboard in a real headless browser: Debian's Chromium, driven by Selenium through the
system chromedriver (launched by path; nothing is downloaded). Pages refuse without the token
and load with it, the vote-flow chart is drawn (an SVG with a line per target), the tally in
the page is the store's, and screenshots are kept as test artifacts.

Scripts are switched off in the browser: the dashboard must work without JavaScript.
Without Chromium on a developer's machine the test is skipped; under CI it fails instead.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mafiabot.commands.web import serve
from mafiabot.web.app import Dashboard
from tests.web_kit import gambler_with_a_switch, pefl_mid_turn, source

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("MAFIABOT_ARTIFACTS", ROOT / "tmp" / "artifacts"))
TOKEN = "browser-test-token"


def _find(name: str, fallback: str) -> str:
    return shutil.which(name) or fallback


CHROMIUM = os.environ.get("MAFIABOT_CHROMIUM") or _find("chromium", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("MAFIABOT_CHROMEDRIVER") or _find(
    "chromedriver", "/usr/bin/chromedriver"
)


def _missing() -> list[str]:
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).is_file()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    return missing


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    pefl, gambler = pefl_mid_turn(), gambler_with_a_switch()
    app = Dashboard([source(pefl), source(gambler)], TOKEN, clock=lambda: pefl.clock[0])
    server = serve(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    missing = _missing()
    if missing:
        why = f"no headless browser here: {', '.join(missing)} missing"
        if os.environ.get("CI"):
            pytest.fail(why + " (CI must run the browser test; see .ci/run)")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager: never download anything
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--window-size=1280,2400",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        opts.add_argument(flag)
    # no JavaScript at all: the dashboard is server-rendered and refreshes by meta refresh
    no_js = {"profile.managed_default_content_settings.javascript": 2}
    opts.add_experimental_option("prefs", no_js)
    driver = webdriver.Chrome(options=opts, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def _shot(driver: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    assert driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
    return path


def test_pages_refuse_without_the_token(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    for path in ("/", "/game/0"):
        browser.get(base_url + path)
        assert "токен" in browser.find_element(By.ID, "message").text
        assert "Mister X" not in browser.page_source
    browser.get(base_url + "/game/0?token=not-the-token")
    assert "токен" in browser.find_element(By.ID, "message").text


def test_pages_load_with_the_token_chart_renders_tally_matches_the_store(
    browser: Any, base_url: str
) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{base_url}/game/0?token={TOKEN}")
    assert browser.current_url == base_url + "/game/0"  # the token left the address
    assert browser.find_element(By.ID, "game-name").text == "Мафия – 12"

    # the tally in the page is the daemon's count from the store
    run = pefl_mid_turn()
    expected = {t: len(vs) for t, vs in run.daemon.status(run.clock[0])["tally"].items()}
    rows = browser.find_elements(By.CSS_SELECTOR, "#tally tr[data-target]")
    shown = {r.get_attribute("data-target"): int(r.get_attribute("data-count")) for r in rows}
    assert shown == expected and sum(expected.values()) == 7
    for r in rows:  # what the host reads, not only the attributes
        assert r.find_elements(By.TAG_NAME, "td")[1].text == r.get_attribute("data-count")

    # the vote-flow chart is drawn: an SVG with a visible size, a series per target
    svg = browser.find_element(By.CSS_SELECTOR, "#vote-flow svg")
    assert svg.size["width"] > 300 and svg.size["height"] > 150
    # one drawn line per target (pygal repeats the series groups for dots and tooltips)
    lines = browser.find_elements(By.CSS_SELECTOR, "#vote-flow svg g.series > path.line")
    assert len(lines) == len(expected)
    assert all(len(p.get_attribute("d") or "") > 10 for p in lines)
    legend = " ".join(
        e.get_attribute("textContent") or ""
        for e in browser.find_elements(By.CSS_SELECTOR, "#vote-flow svg g.legend")
    )
    for target in expected:
        assert target in legend
    _shot(browser, "dashboard_pefl_turn1.png")

    # host-only data behind the token: roles and the night's letters
    players = browser.find_element(By.ID, "players").text
    assert "мафия, Якудза" in players
    assert "Лечу Шерлок" in browser.page_source

    # the cookie now opens every page without the token in the address
    browser.get(base_url + "/")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#games tr[data-game]")) == 2
    browser.get(base_url + "/game/1")
    switches = browser.find_element(By.ID, "switches").text
    assert "Кот — Граф Монте-Кристо → Mister X" in switches
    assert browser.find_elements(By.CSS_SELECTOR, "#vote-flow svg g.series > path.line")
    _shot(browser, "dashboard_gambler_greens.png")
