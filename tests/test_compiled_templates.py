"""Our templates shipped compiled (issue 20, item 3; `mafiabot.newspaper.compiled`): the
modules are what `python -m tools.compile_templates` writes from today's templates, a
renderer loads ours from them without compiling anything, and a stale module or a host's own
template is compiled from its source. That every message renders the same to the byte as
from the source is checked on every render of the whole suite (`tests/conftest.py`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import jinja2
import pytest

from mafiabot.newspaper import compiled
from mafiabot.newspaper.render import TEMPLATES_ROOT, Renderer
from tests.conftest import PLAIN_RENDER, render_checked, source_twin

RU = TEMPLATES_ROOT / "ru"


def test_the_shipped_modules_are_what_the_tool_writes_from_todays_templates() -> None:
    env = Renderer().env
    modules = RU / compiled.COMPILED
    names = compiled.shipped(RU)
    assert "move_reply.bbcode.j2" in names
    assert sorted(p.name for p in modules.glob("*.py")) == sorted(map(compiled.module_name, names))
    stale = [
        name
        for name in names
        if (modules / compiled.module_name(name)).read_text("utf-8")
        != compiled.module_text(env, RU, name)
    ]
    assert not stale, f"run `python -m tools.compile_templates`: {stale}"


def _reply(r: Renderer) -> str:
    return r.move_reply(
        nick="Шерлок", accepted=True, action="kill", targets=["Ватсон"], ruleset="pefl"
    )


def _question(r: Renderer) -> str:
    return r.move_question(nick="Шерлок", question="Кого вы проверяете?", action="check")


def test_a_reply_is_rendered_from_the_shipped_modules_without_compiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Renderer, "render", PLAIN_RENDER)  # no twin compiling the sources
    r = Renderer()
    source = _reply(source_twin(r))  # compiled from the source, before the ban below

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a template was compiled")

    monkeypatch.setattr(jinja2.Environment, "compile", refuse)
    assert _reply(r) == source
    assert "Шерлок" in _question(r)
    assert r.env.get_template("move_reply.bbcode.j2").filename == str(RU / "move_reply.bbcode.j2")


def _copy_of_ours(tmp_path: Path) -> Path:
    folder = tmp_path / "ru"
    shutil.copytree(RU, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_a_module_stale_against_its_template_or_jinja2_is_not_used(tmp_path: Path) -> None:
    folder = _copy_of_ours(tmp_path)
    env = Renderer().env.overlay(loader=compiled.ShippedTemplates(folder), cache_size=0)
    assert env.get_template("failure_notice.bbcode.j2").render()  # loaded from its module
    # the template changed after its module was written: the source is compiled instead
    (folder / "court_topic.bbcode.j2").write_text("Суд: {{ turn }}", "utf-8")
    assert env.get_template("court_topic.bbcode.j2").render(turn=3) == "Суд: 3"
    # a module written by another Jinja2 release line is left alone too
    module = folder / compiled.COMPILED / compiled.module_name("start.bbcode.j2")
    text = module.read_text("utf-8")
    module.write_text(text.replace(f"'{compiled.release()}'", "'2.11'"), "utf-8")
    (folder / "start.bbcode.j2").write_text("Старт {{ game_name }}", "utf-8")
    module_text = text.replace(
        compiled._digest((RU / "start.bbcode.j2").read_bytes()),
        compiled._digest((folder / "start.bbcode.j2").read_bytes()),
    ).replace(f"'{compiled.release()}'", "'2.11'")
    module.write_text(module_text, "utf-8")  # its digest matches, its release does not
    assert env.get_template("start.bbcode.j2").render(game_name="Игра") == "Старт Игра"


def test_an_environment_of_other_settings_compiles_the_sources(tmp_path: Path) -> None:
    env = jinja2.Environment(loader=compiled.ShippedTemplates(RU))  # no finalize, no trimming
    text = env.get_template("court_topic.bbcode.j2").render(turn=2, nominees=["[b]"])
    assert "[b]" in text  # not escaped: compiled here, not the renderer's module


def test_a_hosts_own_template_still_wins_over_the_shipped_module(tmp_path: Path) -> None:
    host = tmp_path / "host"
    host.mkdir()
    (host / "move_question.bbcode.j2").write_text("{{ nick }}, поясните.", "utf-8")
    r = Renderer(template_dir=host)
    assert _question(r) == "Шерлок, поясните.\n"
    assert "Шерлок" in _reply(r)  # the rest still ours


def test_the_suites_check_catches_a_module_that_renders_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_of_ours(tmp_path)
    name = "move_question.bbcode.j2"
    module = folder / compiled.COMPILED / compiled.module_name(name)
    tampered = module.read_text("utf-8").replace("я не совсем понял", "я не понял")
    assert tampered != module.read_text("utf-8")
    module.write_text(tampered, "utf-8")  # still fresh by its digest, but wrong
    monkeypatch.setattr(Renderer, "render", render_checked)
    r = Renderer()
    loader = r.env.loader
    assert isinstance(loader, jinja2.ChoiceLoader)
    loader.loaders = [*loader.loaders[:-1], compiled.ShippedTemplates(folder)]
    with pytest.raises(AssertionError, match="renders otherwise than its source"):
        _question(r)
