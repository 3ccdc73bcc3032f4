"""A piece of a page read into its lines, as a reader sees them: one walk for every board.

What a board's markup means to a reader of lines is data, a `LineMarkup` each board keeps
beside its reader (`parser/phpbb/body.py::OWN_LINES`, `parser/ipb/text.py::SHOWN_LINES`):

- which elements a reader does not see the words of, with everything inside them (a quote
  when only the author's own lines are wanted, a script or a style): by tag alone, or by a
  tag with one of some class names;
- which tags begin a new line when they open, and which when they close;
- how the walked pieces (text nodes and line breaks) are laid out into the finished text:
  how text nodes join, which spaces collapse, which blank lines stay.

The walk is `parser.html.walk`: iterative and linear in the size of the piece however deep its
nesting, so a hostile body costs neither stack nor quadratic time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

from parser.html import CLOSE, OPEN, TEXT, walk

__all__ = ["LineMarkup", "read_lines"]


@dataclass(frozen=True, slots=True, eq=False)
class LineMarkup:
    """What one board's markup means to a reader of lines (see the module's docstring)."""

    #: elements whose words (and everything inside them) the reader does not see
    hidden_tags: frozenset[str]
    #: elements hidden by a class: tag → words one of which its class attribute holds
    hidden_classes: Mapping[str, tuple[str, ...]]
    #: tags that begin a new line where they open
    break_open: frozenset[str]
    #: tags that begin a new line where they close
    break_close: frozenset[str]
    #: the walked pieces (each text node's text, and "\n" for a break) into the text
    layout: Callable[[list[str]], str]


def read_lines(node: LexborNode, markup: LineMarkup) -> str:
    """The text of what lies below `node` (itself neither hidden nor a break), laid out by
    `markup`."""
    child = node.child
    if child is not None and child.next is None and child.tag == "-text":
        return markup.layout([child.text_content or ""])  # a time, a nick: one text node
    hidden_tags = markup.hidden_tags
    hidden_classes = markup.hidden_classes
    break_open = markup.break_open
    break_close = markup.break_close
    parts: list[str] = []
    hidden = 0  # depth within a hidden element
    for event, n in walk(node):
        if event == TEXT:
            if not hidden:
                parts.append(n.text_content or "")
        elif event == OPEN:
            tag = n.tag or ""
            if (
                hidden
                or tag in hidden_tags
                or (tag in hidden_classes and _has_class(n, hidden_classes[tag]))
            ):
                hidden += 1
            elif tag in break_open:
                parts.append("\n")
        elif event == CLOSE:
            if hidden:
                hidden -= 1
            elif n.tag in break_close:
                parts.append("\n")
    return markup.layout(parts)


def _has_class(node: LexborNode, words: tuple[str, ...]) -> bool:
    """Whether `node`'s class attribute holds one of `words` (anywhere in it)."""
    cls = node.attributes.get("class") or ""
    return any(word in cls for word in words)
