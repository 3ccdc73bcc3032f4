"""poster.ipb.bbcode_to_html: our BBCode templates → the IPS 4/5 editor's HTML, read back by
the IPS 4 parser the way it reads real posts."""

from __future__ import annotations

from parser.dialects import IPS4
from parser.ipb.body import parse_ipb_body
from poster.ipb import bbcode_to_html


def test_paragraphs_and_inline_tags() -> None:
    got = bbcode_to_html("[b]Газета[/b], ночь 2\nубит [i]Ronin[/i]\n\nИгра идёт.")
    assert got == "<p><strong>Газета</strong>, ночь 2<br>убит <em>Ronin</em></p><p>Игра идёт.</p>"


def test_html_in_text_is_escaped() -> None:
    assert (
        bbcode_to_html("<script>x</script> & «a»")
        == "<p>&lt;script&gt;x&lt;/script&gt; &amp; «a»</p>"
    )


def test_colour_and_marker_size_survive_a_round_trip_through_the_parser() -> None:
    html = bbcode_to_html(
        "Голосую [color=red]против Ronin[/color]\n\n[size=50]mafiabot 7/1 0a1b2c3d[/size]"
    )
    body, issues = parse_ipb_body(html, dialect=IPS4)
    assert issues == ()
    assert [(c.color, c.text) for c in body.colored] == [("#ff0000", "против Ronin")]
    assert "mafiabot 7/1 0a1b2c3d" in body.own_text
    assert 'style="font-size:50%;"' in html


def test_quotes_become_ips_quotes_outside_own_text() -> None:
    html = bbcode_to_html("[quote=Mr. Grin]за [color=green]Ronin[/color][/quote]\nсогласен")
    body, _ = parse_ipb_body(html, dialect=IPS4)
    assert [(q.author, q.text) for q in body.quotes] == [("Mr. Grin", "за Ronin")]
    assert body.own_text == "согласен"
    assert body.colored == ()  # the quoted green vote is not the author's


def test_bad_values_do_not_inject_markup() -> None:
    got = bbcode_to_html("[color=red;background:url(x)]a[/color] [url=javascript:alert(1)]b[/url]")
    assert "style" not in got and "href" not in got
    assert got == "<p>a b</p>"
    linked = bbcode_to_html("[url=https://forum.example/t/1]тема[/url]")
    assert linked == '<p><a href="https://forum.example/t/1" rel="external nofollow">тема</a></p>'
