"""Writes our templates' compiled modules, `templates/<language>/compiled/*.py`: each template
as the renderer's own Jinja2 environment compiles it (`mafiabot.newspaper.compiled`).

Run it from the checkout after changing a template, the renderer's environment settings, or
the Jinja2 release line::

    python -m tools.compile_templates

`tests/test_compiled_templates.py` fails until the modules are what this writes; a module
that does not match its template at run time is ignored (the template is then compiled from
its source, as without it), so a stale module never changes a message.
"""

from __future__ import annotations

import sys

from mafiabot.newspaper.compiled import write_all
from mafiabot.newspaper.render import TEMPLATES_ROOT, Renderer


def main() -> int:
    env = Renderer().env
    changed = 0
    for folder in sorted(p for p in TEMPLATES_ROOT.iterdir() if p.is_dir()):
        if any(folder.glob("*.bbcode.j2")):
            changed += write_all(env, folder, print)
    print(f"{changed} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
