from __future__ import annotations

import copy
import os
import weakref
from pathlib import Path
from typing import Any

import jinja2
import jinja2.bccache
import pytest
from hypothesis import HealthCheck, settings

from mafiabot.newspaper.compiled import ShippedTemplates
from mafiabot.newspaper.render import Renderer

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# Every message a test renders is rendered a second time with our templates compiled from
# their sources, and must be the same to the byte: the shipped compiled modules
# (`mafiabot.newspaper.compiled`) are held to the sources over every context the tests make.
_TWINS: weakref.WeakKeyDictionary[Renderer, Renderer] = weakref.WeakKeyDictionary()
_SOURCE_BYTECODE: dict[str, bytes] = {}
PLAIN_RENDER = Renderer.render


class _SharedBytecode(jinja2.BytecodeCache):
    """The twins' compiled sources, kept for the session (each twin compiling anew is slow)."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = _SOURCE_BYTECODE.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        _SOURCE_BYTECODE[bucket.key] = bucket.bytecode_to_string()


def source_twin(renderer: Renderer) -> Renderer:
    """The same renderer (filters, settings, a host's folder) with our templates compiled from
    their sources instead of loaded from their modules."""
    twin = _TWINS.get(renderer)
    if twin is None:
        loader = renderer.env.loader
        assert isinstance(loader, jinja2.ChoiceLoader)
        shipped = [
            x.source_only() if isinstance(x, ShippedTemplates) else x for x in loader.loaders
        ]
        twin = copy.copy(renderer)
        twin.env = renderer.env.overlay(
            loader=jinja2.ChoiceLoader(shipped), cache_size=400, bytecode_cache=_SharedBytecode()
        )
        _TWINS[renderer] = twin
    return twin


def render_checked(self: Renderer, name: str, **context: Any) -> str:
    text = PLAIN_RENDER(self, name, **context)
    from_source = PLAIN_RENDER(source_twin(self), name, **context)
    assert text == from_source, f"{name}: the compiled module renders otherwise than its source"
    return text


@pytest.fixture(autouse=True)
def _templates_render_as_their_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Renderer, "render", render_checked)
