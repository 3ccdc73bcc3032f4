"""The newspaper's chart as a phpBB attachment: one post, exactly once (issue 12 item 5;
C-4 markers)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mafiabot.newspaper.chart import flow_chart_png, flow_from_votes
from poster.outbox import InMemoryOutbox, OutboxKey, OutboxRow, marker_for
from poster.poster import Poster
from scraper.board import Attachment
from scraper.errors import AttachmentRefused
from scraper.ipb import IPB_CAPS
from tests.fakeboard_phpbb import FakeClock, FakePhpbb
from tests.test_ipb_client import make2
from tests.test_poster_phpbb import make

T0 = datetime(2026, 12, 1, 9, tzinfo=UTC)


def _chart() -> Attachment:
    flow = flow_from_votes([(T0, "Кот", "Марго"), (T0 + timedelta(hours=1), "Ян", "Шерлок")])
    return Attachment("golosovanie-den-2.png", flow_chart_png(flow, title="День 2"))


def _row(att: Attachment | None) -> OutboxRow:
    key = OutboxKey("1", 2, "newspaper", "topic")
    return OutboxRow(key, "topic", "Итоги дня 2: повешен [b]Кот[/b].", topic_id=4, attachment=att)


def test_the_reply_carries_the_file_uploaded_on_its_own_form() -> None:
    client, board, _ = make()
    chart = _chart()
    text = f"Итоги дня\n\n{client.attachment_tag(chart)}"
    result = client.post_reply(4, text, attachment=chart)
    # the upload made no post; the one post claimed the file and shows it inline
    assert board.accepted_posts == [result.post_id]
    assert board.attachments_of(result.post_id) == [(chart.name, chart.data)]
    assert board.orphans() == [] and board.uploads == 1
    source = next(p.source for p in board.posts if p.id == result.post_id)
    assert source == f"Итоги дня\n\n[attachment=0]{chart.name}[/attachment]"
    assert board.violations == []


def test_a_file_over_the_board_limit_is_refused_and_nothing_is_posted() -> None:
    client, board, _ = make(FakePhpbb(FakeClock(), max_filesize=1000))
    with pytest.raises(AttachmentRefused, match="слишком большой"):
        client.post_reply(4, "Итоги дня", attachment=_chart())
    assert board.accepted_posts == [] and board.files == {}
    assert board.violations == []


def test_post_review_and_flood_keep_the_file_on_the_returned_form() -> None:
    client, board, clock = make()
    client.login()
    board.last_write[76] = clock()  # flood: the form comes back, the file still listed
    board.after_get.append(("posting.php", lambda: board.add_post_by(77, "Я за Кота")))
    result = client.post_reply(4, "Итоги дня", attachment=_chart())
    assert board.accepted_posts == [result.post_id]
    assert len(board.attachments_of(result.post_id)) == 1 and board.uploads == 1
    # refused for flood, sent back after post review, then taken: the file went once
    posting = [r for r in board.requests if r.method == "POST" and "posting" in r.url.path]
    assert len(posting) >= 3
    assert board.violations == []


def test_poster_sends_the_newspaper_with_its_chart_as_one_post() -> None:
    client, board, _ = make()
    outbox = InMemoryOutbox()
    row = _row(_chart())
    outbox.add(row)
    report = Poster(client, outbox).flush()
    assert report.sent == [row.key] and report.without_attachment == []
    (pid,) = board.accepted_posts
    assert len(board.attachments_of(pid)) == 1
    # the chart's tag closes the text; the marker stays the last line
    source = next(p.source for p in board.posts if p.id == pid)
    tag = f"[attachment=0]{row.attachment.name if row.attachment else ''}[/attachment]"
    assert source.startswith(f"{row.text}\n\n{tag}\n\n")
    assert source.endswith(f"{marker_for(row.key)}[/size]")


def test_a_refused_chart_leaves_the_newspaper_going_out_without_it() -> None:
    client, board, _ = make()
    board.max_filesize = 1000
    outbox = InMemoryOutbox()
    row = _row(_chart())
    outbox.add(row)
    report = Poster(client, outbox).flush()
    assert report.sent == [row.key]
    [(key, why)] = report.without_attachment
    assert key == row.key and "слишком большой" in why
    (pid,) = board.accepted_posts
    assert board.attachments_of(pid) == [] and "[attachment" not in board.posts[-1].source
    assert board.violations == []


def test_a_board_without_attachments_gets_the_text_alone() -> None:
    client, board, _ = make(attachments=False)
    board.attach_allowed = False
    outbox = InMemoryOutbox()
    row = _row(_chart())
    outbox.add(row)
    report = Poster(client, outbox).flush()
    assert report.sent == [row.key] and board.uploads == 0
    assert [k for k, _ in report.without_attachment] == [row.key]
    assert board.violations == []


def test_a_crash_after_the_post_is_recovered_by_marker_without_a_second_upload(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client, board, _ = make()
    outbox = InMemoryOutbox()
    row = _row(_chart())
    outbox.add(row)

    class Crash(Exception):
        pass

    def crash(*_a: object) -> None:
        raise Crash

    with monkeypatch.context() as m:  # the board took the post; the process died then
        m.setattr(outbox, "record_part", crash)
        with pytest.raises(Crash):
            Poster(client, outbox).flush()
    report = Poster(client, outbox).flush()
    assert report.recovered == [row.key]
    (pid,) = board.accepted_posts
    assert board.uploads == 1 and len(board.attachments_of(pid)) == 1


def test_a_crash_between_upload_and_post_sends_it_once_leaving_an_orphan_at_most() -> None:
    client, board, _ = make()
    outbox = InMemoryOutbox()
    row = _row(_chart())
    outbox.add(row)
    # the process dies after the upload, before the post submit: the row is in flight
    outbox.begin_part(row.key, 0)
    client.login()
    # the orphan a dead process left behind (uploaded, never claimed)
    board.files[99] = (76, row.attachment.name if row.attachment else "", b"x", None)
    report = Poster(client, outbox).flush()
    assert report.sent == [row.key]  # not on the board: searched by marker, then sent once
    (pid,) = board.accepted_posts
    assert len(board.attachments_of(pid)) == 1 and board.orphans() == [99]
    assert board.violations == []


@pytest.mark.parametrize("generation", sorted(IPB_CAPS))
def test_invision_generations_say_they_take_no_file_and_the_text_goes_alone(
    generation: str,
) -> None:
    # dialect data: a generation whose upload flow the client does not follow says False
    assert IPB_CAPS[generation].attachments is False


def test_an_invision_board_gets_the_newspaper_without_its_chart() -> None:
    client, board, _ = make2()
    assert client.attachments is False
    outbox = InMemoryOutbox()
    key = OutboxKey("1", 2, "newspaper", "topic")
    row = OutboxRow(key, "topic", "Итоги дня 2.", topic_id=3092, attachment=_chart())
    outbox.add(row)
    report = Poster(client, outbox).flush()
    assert report.sent == [key]
    assert [k for k, _ in report.without_attachment] == [key]
    assert any("Итоги дня 2." in p[2] for p in board.own_posts.values())
