"""Issue 17 item 2, P-V.1, G-N.1: a vote is proven only when every coloured span of the post
is accounted for (docs/rulings.md, the row on coloured spans). A coloured text that is no
nick in an exact or well-derived form is never counted for the player it merely resembles;
what the reader cannot account for is shown to the host."""

from __future__ import annotations

from parser.votes.day import extract_votes
from parser.votes.records import Ruleset, VoteResult
from tests.test_votes import GREEN, RED, post, reasons, targets

CAST = ["AltTab", "Kick", "Суббота", "Туча", "Мирон", "Ярина", "Гвоздь", "Ульяна"]


def _read(author: str, text: str, *nicks: str, rules: Ruleset = "pefl") -> VoteResult:
    colour = RED if rules == "pefl" else GREEN
    spans = [(colour, n) for n in nicks]
    return extract_votes([post(1, author, *spans, text=text)], ruleset=rules, players=CAST)


def test_P_V_1_a_key_chord_a_command_or_an_emoticon_in_colour_names_nobody() -> None:
    for text, span in [
        ("Нажмите Alt+Tab и переключитесь на игру", "Alt+Tab"),
        ("Жаль, нет команды /kick для флудеров", "/kick"),
    ]:
        r = _read("Мирон", text, span)
        assert not r.votes and not r.rejected, text
    r = _read("Мирон", "Голосую за Тучу — весь день молчит :-|", "Тучу", ":-|")
    assert targets(r.votes) == {"Мирон": "Туча"}


def test_P_V_1_a_lower_case_word_that_equals_a_nick_is_the_word_unless_it_votes() -> None:
    r = _read("Мирон", "в субботу у меня отпуск, доиграю до конца", "субботу")
    assert not r.votes and not r.rejected
    for text, span in [
        ("субботу голосую, она сливает мирных", "субботу"),
        ("Суббота — мафия, врёт про ночь", "Суббота"),
        ("Голосую за Субботу, путается в показаниях", "Субботу"),
    ]:
        r = _read("Мирон", text, span)
        assert targets(r.votes) == {"Мирон": "Суббота"}, text
    r = _read(
        "Ярина", "в субботу доиграем, а сейчас зеленю Мирона", "субботу", "Мирона", rules="gambler"
    )
    assert targets(r.votes) == {"Ярина": "Мирон"}


def test_P_V_1_G_N_1_the_authors_own_nick_in_a_protest_is_no_self_vote() -> None:
    for text, span in [
        ("Почему опять все против Мирона? Я мирный", "Мирона"),
        ("Вы зря за Мирона голосуете, я доказал, что мирный", "Мирона"),
        ("Гвоздь пишет: голосую за Мирона. А сам молчал", "Мирона"),
    ]:
        r = _read("Мирон", text, span)
        assert not r.votes, text
    # a real self-vote still counts where docs/rulings.md says so (allow_self_vote)
    r = _read("Мирон", "Выставляю Мирона сам, надоело оправдываться", "Мирона")
    assert targets(r.votes) == {"Мирон": "Мирон"}
    r = _read("Мирон", "Мирон", "Мирон", rules="gambler")
    assert targets(r.votes) == {"Мирон": "Мирон"}


def test_P_V_1_two_names_with_no_choice_in_words_are_shown_not_counted_for_one() -> None:
    r = _read("Ярина", "Мирона или Сеню, кто-то из них дон", "Мирона или Сеню")
    assert not r.votes and reasons(r) == [("Ярина", "ambiguous_nick", 1)]
    r = _read("Ярина", "Ульяну и Тёму, не могу выбрать, оба врут", "Ульяну", "Тёму")
    assert not r.votes and reasons(r) == [("Ярина", "unclear", 1)]
    # a label and the vote word in colour are the vote's own words
    r = _read("Ярина", "Внимание: голосую за Мирона, сливает мирных", "Внимание:", "Мирона")
    assert targets(r.votes) == {"Ярина": "Мирон"}


def test_P_V_1_a_vote_put_off_is_no_vote_yet() -> None:
    for text in [
        "Вечером проголосую за Гвоздя, сейчас неудобно",
        "Чуть позже отдам голос за Гвоздя, бегу на работу",
        "Надо будет потом проголосовать за Гвоздя, напомните",
    ]:
        r = _read("Ярина", text, "Гвоздя")
        assert not r.votes, text
    for text in [
        "Голосую за Гвоздя: вечером он путался в показаниях",
        "Проголосую за Гвоздя — он вчера вечером слил мирного",
        "Если честно, Гвоздь мафия, голосую за него",
    ]:
        r = _read("Ярина", text, "Гвоздя" if "Гвоздя" in text else "Гвоздь")
        assert targets(r.votes) == {"Ярина": "Гвоздь"}, text


def test_P_V_1_a_red_taken_back_leaves_only_the_vote_that_stands() -> None:
    r = _read("Ярина", "Голосую за Kick. Отставить, перепутала. Мой голос — Мирон, сливает мирных",
              "Kick", "Мирон")  # fmt: skip
    assert targets(r.votes) == {"Ярина": "Мирон"}
    r = _read("Ярина", "Гвоздя — не всерьёз, посмотреть на реакцию. Против Ульяны: врала про ночь",
              "Гвоздя", "Ульяны")  # fmt: skip
    assert targets(r.votes) == {"Ярина": "Ульяна"}
    r = _read("Ярина", "Гвоздя — это я пошутила, если что. Пока думаю", "Гвоздя")
    assert not r.votes
    r = _read("Ярина", "Гвоздь шутит весь день вместо игры — голосую против", "Гвоздь")
    assert targets(r.votes) == {"Ярина": "Гвоздь"}


def test_P_V_1_the_authors_own_name_beside_his_vote_is_accounted_for() -> None:
    # «почему опять <я>? <Мирон> вам что, мафия? Мой голос — <Гвоздь>» by Мирон: the
    # pronoun and his own nick in a protest are his, the vote is the other player
    text = "почему опять я? Мирон вам что, мафия? Мой голос — Гвоздь, весь день молчит"
    r = _read("Мирон", text, "я", "Мирон", "Гвоздь")
    assert targets(r.votes) == {"Мирон": "Гвоздь"}


def test_P_V_1_a_second_name_taken_back_after_the_vote_leaves_the_vote() -> None:
    text = "Ульяну голосую, врёт весь день. А Тёму — шучу, Тёму не трогаем"
    r = _read("Ярина", text, "Ульяну", "Тёму")
    assert targets(r.votes) == {"Ярина": "Ульяна"}


def test_P_V_1_G_N_1_x_or_y_inside_one_colour_is_an_ambiguous_nick() -> None:
    for author, text, span in [
        ("Ярина", "Мирона или Сеню, кто-то из них дон", "Мирона или Сеню"),
        ("Ярина", "Кайдзю или Шиномэ — кто-то из них мафия", "Кайдзю или Шиномэ"),
    ]:
        r = _read(author, text, span)
        assert not r.votes and reasons(r) == [("Ярина", "ambiguous_nick", 1)], text


def test_P_V_1_two_names_left_open_by_a_doubt_are_shown_to_the_host() -> None:
    text = "голосую за Мирона... или за Гвоздя? оба подозрительны, не знаю"
    r = _read("Ярина", text, "Мирона", "Гвоздя")
    assert not r.votes and reasons(r) == [("Ярина", "unclear", 1)]


def test_G_N_4_a_court_vote_put_off_is_no_vote_yet() -> None:
    from parser.votes.court import extract_court_votes

    nominees = ["Мирон", "Гвоздь"]
    for text, want in [
        ("завтра посажу Мирона, сегодня воздержусь", {}),
        ("сажаю Мирона, вчера вечером он врал", {"Ярина": "Мирон"}),
    ]:
        r = extract_court_votes([post(1, "Ярина", text=text)], nominees=nominees, players=CAST)
        assert targets(r.votes) == want, text


HANDLES = ["Kaiju", "Neko_Sama", "NekoMancer", "Mochi", "Brick"]


def test_C_3_a_latin_handle_in_colour_is_read_by_its_sound_as_letters_read_it() -> None:
    def read(text: str, span: str) -> VoteResult:
        p = post(1, "Brick", (RED, span), text=text)
        return extract_votes([p], ruleset="pefl", players=HANDLES)

    assert targets(read("голосую за Кайдзю, весь день молчит", "Кайдзю").votes) == {
        "Brick": "Kaiju"
    }
    assert targets(read("голосую за Kaidzyu, весь день молчит", "Kaidzyu").votes) == {
        "Brick": "Kaiju"
    }
    # a short form two handles share is no proof of either
    r = read("голосую за Неко, кот в мешке какой-то", "Неко")
    assert not r.votes and reasons(r) == [("Brick", "ambiguous_nick", 1)]


def test_G_N_4_court_reads_handles_by_sound_and_a_joke_takes_the_jailing_back() -> None:
    from parser.votes.court import extract_court_votes

    nominees = ["Kaiju", "Mochi"]
    for text, want in [
        ("сажаю Кайдзю", {"Brick": "Kaiju"}),
        ("сажаю Кайдзю — шучу. Моти", {"Brick": "Mochi"}),
    ]:
        r = extract_court_votes([post(1, "Brick", text=text)], nominees=nominees, players=HANDLES)
        assert targets(r.votes) == want, text


def test_P_V_1_a_coloured_remark_where_no_vote_stands_leaves_the_vote() -> None:
    # «GG», «ИМХО» closing or opening a remark are no second name: the vote counts
    for text, spans in [
        ("GG, день проигран. Голосую за Гвоздя, угрожает всем подряд", ("GG", "Гвоздя")),
        ("Гвоздь весь день врёт, голосую. ИМХО", ("Гвоздь", "ИМХО")),
    ]:
        r = _read("Ярина", text, *spans)
        assert targets(r.votes) == {"Ярина": "Гвоздь"}, text
    # one that stands where a vote stands is a second name: shown, not counted
    r = _read("Ярина", "Гвоздь. Тёма. Выбирайте сами", "Гвоздь", "Тёма")
    assert not r.votes and reasons(r) == [("Ярина", "unclear", 1)]


def test_G_N_4_two_nominees_left_open_by_a_doubt_are_shown_not_narrowed() -> None:
    from parser.votes.court import extract_court_votes

    r = extract_court_votes(
        [post(1, "Brick", text="Кайдзю или Моти, не знаю")],
        nominees=["Kaiju", "Mochi"],
        players=HANDLES,
    )
    assert not r.votes and reasons(r) == [("Brick", "unclear", 1)]
