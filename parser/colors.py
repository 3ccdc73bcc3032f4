"""Colour spellings → one canonical form, and colour families for vote rules.

Players type colours however they like (`green`, `Green`, `#008000`, `#0f0`, `rgb(0,128,0)`),
and boards pass the value through to `style="color:…"` or `<font color=…>` as typed. Votes are
decided on the canonical lowercase `#rrggbb`; which colours count is a rule-set setting, written
as a list of spellings and/or families (`["family:green"]` for Gambler, `["family:red"]` for
PEFL, or an explicit list like `["red", "#cc0000"]`).
"""

from __future__ import annotations

import colorsys
import math
import re
from collections.abc import Iterable
from functools import lru_cache

__all__ = ["CSS_NAMED_COLORS", "canonical_color", "color_family", "matches_colors"]

# The 148 CSS Color Module Level 4 named colours (grey/gray spellings both included).
CSS_NAMED_COLORS: dict[str, str] = {
    "aliceblue": "#f0f8ff",
    "antiquewhite": "#faebd7",
    "aqua": "#00ffff",
    "aquamarine": "#7fffd4",
    "azure": "#f0ffff",
    "beige": "#f5f5dc",
    "bisque": "#ffe4c4",
    "black": "#000000",
    "blanchedalmond": "#ffebcd",
    "blue": "#0000ff",
    "blueviolet": "#8a2be2",
    "brown": "#a52a2a",
    "burlywood": "#deb887",
    "cadetblue": "#5f9ea0",
    "chartreuse": "#7fff00",
    "chocolate": "#d2691e",
    "coral": "#ff7f50",
    "cornflowerblue": "#6495ed",
    "cornsilk": "#fff8dc",
    "crimson": "#dc143c",
    "cyan": "#00ffff",
    "darkblue": "#00008b",
    "darkcyan": "#008b8b",
    "darkgoldenrod": "#b8860b",
    "darkgray": "#a9a9a9",
    "darkgreen": "#006400",
    "darkgrey": "#a9a9a9",
    "darkkhaki": "#bdb76b",
    "darkmagenta": "#8b008b",
    "darkolivegreen": "#556b2f",
    "darkorange": "#ff8c00",
    "darkorchid": "#9932cc",
    "darkred": "#8b0000",
    "darksalmon": "#e9967a",
    "darkseagreen": "#8fbc8f",
    "darkslateblue": "#483d8b",
    "darkslategray": "#2f4f4f",
    "darkslategrey": "#2f4f4f",
    "darkturquoise": "#00ced1",
    "darkviolet": "#9400d3",
    "deeppink": "#ff1493",
    "deepskyblue": "#00bfff",
    "dimgray": "#696969",
    "dimgrey": "#696969",
    "dodgerblue": "#1e90ff",
    "firebrick": "#b22222",
    "floralwhite": "#fffaf0",
    "forestgreen": "#228b22",
    "fuchsia": "#ff00ff",
    "gainsboro": "#dcdcdc",
    "ghostwhite": "#f8f8ff",
    "gold": "#ffd700",
    "goldenrod": "#daa520",
    "gray": "#808080",
    "green": "#008000",
    "greenyellow": "#adff2f",
    "grey": "#808080",
    "honeydew": "#f0fff0",
    "hotpink": "#ff69b4",
    "indianred": "#cd5c5c",
    "indigo": "#4b0082",
    "ivory": "#fffff0",
    "khaki": "#f0e68c",
    "lavender": "#e6e6fa",
    "lavenderblush": "#fff0f5",
    "lawngreen": "#7cfc00",
    "lemonchiffon": "#fffacd",
    "lightblue": "#add8e6",
    "lightcoral": "#f08080",
    "lightcyan": "#e0ffff",
    "lightgoldenrodyellow": "#fafad2",
    "lightgray": "#d3d3d3",
    "lightgreen": "#90ee90",
    "lightgrey": "#d3d3d3",
    "lightpink": "#ffb6c1",
    "lightsalmon": "#ffa07a",
    "lightseagreen": "#20b2aa",
    "lightskyblue": "#87cefa",
    "lightslategray": "#778899",
    "lightslategrey": "#778899",
    "lightsteelblue": "#b0c4de",
    "lightyellow": "#ffffe0",
    "lime": "#00ff00",
    "limegreen": "#32cd32",
    "linen": "#faf0e6",
    "magenta": "#ff00ff",
    "maroon": "#800000",
    "mediumaquamarine": "#66cdaa",
    "mediumblue": "#0000cd",
    "mediumorchid": "#ba55d3",
    "mediumpurple": "#9370db",
    "mediumseagreen": "#3cb371",
    "mediumslateblue": "#7b68ee",
    "mediumspringgreen": "#00fa9a",
    "mediumturquoise": "#48d1cc",
    "mediumvioletred": "#c71585",
    "midnightblue": "#191970",
    "mintcream": "#f5fffa",
    "mistyrose": "#ffe4e1",
    "moccasin": "#ffe4b5",
    "navajowhite": "#ffdead",
    "navy": "#000080",
    "oldlace": "#fdf5e6",
    "olive": "#808000",
    "olivedrab": "#6b8e23",
    "orange": "#ffa500",
    "orangered": "#ff4500",
    "orchid": "#da70d6",
    "palegoldenrod": "#eee8aa",
    "palegreen": "#98fb98",
    "paleturquoise": "#afeeee",
    "palevioletred": "#db7093",
    "papayawhip": "#ffefd5",
    "peachpuff": "#ffdab9",
    "peru": "#cd853f",
    "pink": "#ffc0cb",
    "plum": "#dda0dd",
    "powderblue": "#b0e0e6",
    "purple": "#800080",
    "rebeccapurple": "#663399",
    "red": "#ff0000",
    "rosybrown": "#bc8f8f",
    "royalblue": "#4169e1",
    "saddlebrown": "#8b4513",
    "salmon": "#fa8072",
    "sandybrown": "#f4a460",
    "seagreen": "#2e8b57",
    "seashell": "#fff5ee",
    "sienna": "#a0522d",
    "silver": "#c0c0c0",
    "skyblue": "#87ceeb",
    "slateblue": "#6a5acd",
    "slategray": "#708090",
    "slategrey": "#708090",
    "snow": "#fffafa",
    "springgreen": "#00ff7f",
    "steelblue": "#4682b4",
    "tan": "#d2b48c",
    "teal": "#008080",
    "thistle": "#d8bfd8",
    "tomato": "#ff6347",
    "turquoise": "#40e0d0",
    "violet": "#ee82ee",
    "wheat": "#f5deb3",
    "white": "#ffffff",
    "whitesmoke": "#f5f5f5",
    "yellow": "#ffff00",
    "yellowgreen": "#9acd32",
}

_HEX_RE = re.compile(r"#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})")
_FUNC_RE = re.compile(r"rgba?\(\s*([^)]*?)\s*\)")
_NUM_RE = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)%?")


def _channel(token: str) -> int | None:
    try:
        pct = token.endswith("%")
        value = float(token[:-1]) * 255.0 / 100.0 if pct else float(token)
    except ValueError:
        return None
    # CSS clamps out-of-range channels instead of rejecting them.
    return max(0, min(255, math.floor(value + 0.5)))  # CSS rounds halves up


def _from_function(body: str) -> str | None:
    # Both the legacy comma syntax and the modern space/slash syntax are accepted.
    parts = [p for p in re.split(r"[\s,/]+", body) if p]
    if len(parts) not in (3, 4):
        return None
    if not all(_NUM_RE.fullmatch(p) for p in parts):
        return None
    channels = [_channel(p) for p in parts[:3]]
    if any(c is None for c in channels):
        return None
    return "#" + "".join(f"{c:02x}" for c in channels if c is not None)


@lru_cache(maxsize=1024)
def canonical_color(value: str) -> str | None:
    """Return the lowercase ``#rrggbb`` for a CSS colour spelling, or None for junk.

    Accepts the 148 named colours, ``#rgb``/``#rgba``/``#rrggbb``/``#rrggbbaa`` (also without
    the ``#``, as old BBCode editors emit), and ``rgb()``/``rgba()`` with numbers or
    percentages; case and surrounding whitespace (and a trailing ``!important``) are ignored.
    Alpha is dropped: a half-transparent red is still red to a reader.
    """
    if not isinstance(value, str):
        return None
    v = value.strip().lower()
    if v.endswith("!important"):
        v = v[: -len("!important")].strip()
    v = v.strip("'\"").strip()
    if not v:
        return None
    named = CSS_NAMED_COLORS.get(v)
    if named is not None:
        return named
    m = _HEX_RE.fullmatch(v)
    if m:
        if not v.startswith("#") and len(m.group(1)) not in (3, 6):
            return None
        h = m.group(1)
        if len(h) in (3, 4):
            h = "".join(ch * 2 for ch in h[:3])
        return "#" + h[:6]
    m = _FUNC_RE.fullmatch(v)
    if m:
        return _from_function(m.group(1))
    return None


@lru_cache(maxsize=1024)
def color_family(value: str) -> str | None:
    """Name the family a colour belongs to, by hue, saturation and lightness.

    Families: black, white, gray, red, orange, brown, yellow, green, cyan, blue, purple, pink.
    Chosen so that what a reader calls "red" (red, #f00, darkred, maroon, crimson, firebrick)
    and "green" (green, lime, darkgreen, forestgreen, #008000) land together; a rule set that
    needs a narrower choice lists exact spellings instead.
    """
    hexv = canonical_color(value)
    if hexv is None:
        return None
    r, g, b = (int(hexv[i : i + 2], 16) / 255.0 for i in (1, 3, 5))
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    hue = h * 360.0
    if lightness < 0.09:
        return "black"
    if lightness > 0.94:
        return "white"
    if s < 0.18:
        return "gray"
    if hue >= 345.0 or hue < 12.0:
        # Very light reds are what people call pink (pink, lightpink, mistyrose).
        return "pink" if lightness > 0.8 else "red"
    if hue < 45.0:
        # Dark oranges read as brown (sienna, saddlebrown, chocolate).
        return "brown" if lightness < 0.45 else "orange"
    if hue < 68.0:
        return "yellow"
    if hue < 165.0:
        return "green"
    if hue < 195.0:
        return "cyan"
    if hue < 255.0:
        return "blue"
    if hue < 320.0:
        return "purple"
    return "pink"


def matches_colors(value: str, spec: Iterable[str]) -> bool:
    """True when colour `value` is one of `spec`: spellings and/or ``family:<name>`` entries."""
    hexv = canonical_color(value)
    if hexv is None:
        return False
    for entry in spec:
        e = entry.strip().lower()
        if e.startswith("family:"):
            if color_family(hexv) == e[len("family:") :].strip():
                return True
        elif canonical_color(e) == hexv:
            return True
    return False
