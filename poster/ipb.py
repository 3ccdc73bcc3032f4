"""Kept for old imports: the BBCode→HTML converter now lives in `scraper.markup`.

The poster drives every board through the `BoardClient` protocol; the one IPB-specific
difference (IPS 4/5 take HTML, not BBCode) is the client's business, so the converter sits
beside the clients and this module only re-exports it.
"""

from __future__ import annotations

from scraper.markup import bbcode_to_html

__all__ = ["bbcode_to_html"]
