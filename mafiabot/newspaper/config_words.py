"""What `mafiabot check-config` says, in the host's language (`[game] host_language`: Russian
by default, English on request).

The checks (`mafiabot.config`) name each problem in English, as the log and the exceptions
keep it; `problem_ru` gives the same line in Russian, message by message. Key names, paths,
values and the config's own words (`[[override]]`, `max_catchup`) stay as written in the
config: the host finds them there. A message this table does not know keeps its English
words after a Russian lead, so nothing is lost.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from mafiabot.newspaper.grammar import plural
from mafiabot.newspaper.words import RULESET_RU

# --------------------------------------------------------------------------------------------
# The frame of the output


def problems_head(lang: str, path: str, n: int) -> str:
    """`cfg.toml: 2 problem(s)` / `cfg.toml: 2 ошибки`."""
    if lang == "en":
        return f"{path}: {n} problem(s)"
    return f"{path}: {n} {plural(n, 'ошибка', 'ошибки', 'ошибок')}"


def warning_line(lang: str, path: str, key: str, msg: str) -> str:
    if lang == "en":
        return f"{path}: warning: {key}: {msg}"
    return f"{path}: предупреждение: {key}: {problem_ru(msg)}"


#: the places a problem may have that are not a key of the config
_PLACES_RU: Final = {"(file)": "(файл)", "(syntax)": "(синтаксис TOML)"}


def problem_line(lang: str, key: str, msg: str) -> str:
    """`  game.players[2]: …`: the key as written, the message in the host's language (TOML's
    own words for a syntax error, which name the line and column)."""
    if lang == "en":
        return f"  {key}: {msg}"
    if key == "(syntax)":
        return f"  {_PLACES_RU[key]}: {msg}"
    return f"  {_PLACES_RU.get(key, key)}: {problem_ru(msg)}"


def no_config(lang: str, where: str) -> str:
    return f"no config file in {where}" if lang == "en" else f"в {where} нет файла конфигурации"


def ok_line(
    lang: str,
    path: str,
    *,
    ruleset: str,
    name: str,
    topic: int,
    players: int,
    registration_topic: int | None,
    overrides: int,
    warnings: int,
) -> str:
    """The line of a usable config: what game it describes, in a sentence."""
    if lang == "en":
        who = f"{players} players" if players else f"registration topic {registration_topic}"
        return (
            f"{path}: OK — {ruleset} game {name!r} in topic {topic}, {who}, "
            f"{overrides} override(s)" + (f", {warnings} warning(s)" if warnings else "")
        )
    rules = f"правила {RULESET_RU.get(ruleset, ruleset)}"
    who = (
        f"{players} {plural(players, 'игрок', 'игрока', 'игроков')}"
        if players
        else f"запись в теме {registration_topic}"
    )
    decided = f"{overrides} {plural(overrides, 'решение', 'решения', 'решений')} ведущего"
    said = f"{warnings} {plural(warnings, 'предупреждение', 'предупреждения', 'предупреждений')}"
    return f"{path}: всё в порядке — игра «{name}» ({rules}) в теме {topic}, {who}, {decided}" + (
        f", {said}" if warnings else ""
    )


# --------------------------------------------------------------------------------------------
# The problems, message by message

_MEAN: Final = re.compile(r"; did you mean (?P<names>.+)\?$")
_NAME: Final = re.compile(r"'([^']*)'|\"([^\"]*)\"")


def _names(listed: str) -> str:
    """`'mafia' or 'maniac'` → `«mafia» или «maniac»`."""
    names = [a or b for a, b in _NAME.findall(listed)]
    return " или ".join(f"«{n}»" for n in names) if names else listed


def _q(value: str) -> str:
    """A value as the check quoted it (`'x'`, `"x"`) in Russian quotes; as is otherwise."""
    m = _NAME.fullmatch(value)
    return f"«{m[1] if m[1] is not None else m[2]}»" if m else value


Say = str | Callable[[re.Match[str]], str]

#: (the English message, its Russian): templates take the message's named groups
_PROBLEMS: Final[tuple[tuple[str, Say], ...]] = (
    # declared keys and their types (config/declare.py)
    (r"unknown key", "неизвестный ключ"),
    (r"unknown rule setting", "неизвестная настройка правил"),
    (r"unknown selector key(?: \((?P<keys>.*)\))?",
     lambda m: "неизвестный ключ селектора" + (f" (известны: {m['keys']})" if m["keys"] else "")),
    (r"missing", "не задан"),
    (r"missing table", "нет такой таблицы"),
    (r"must be a table", "должен быть таблицей"),
    (r"must be a table \(key = value lines under \[its\.name\]\)",
     "должен быть таблицей (строки ключ = значение под [её.имя])"),
    (r"must be a table role = count", "должен быть таблицей роль = число"),
    (r"must be an integer", "должен быть целым числом"),
    (r"must be true or false", "должен быть true или false"),
    (r"must be a string", "должен быть строкой"),
    (r"must be a number", "должен быть числом"),
    (r"must be a finite number \(not nan or inf\)",
     "должен быть конечным числом (не nan и не inf)"),
    (r"must be a list(?: \[ … \])?", "должен быть списком [ … ]"),
    (r"must not be empty", "не может быть пустым"),
    (r"must be at least (?P<n>\S+)", "должен быть не меньше {n}"),
    (r"must be more than (?P<n>\S+)", "должен быть больше {n}"),
    (r"must be at most (?P<n>\S+)", "должен быть не больше {n}"),
    (r"must be >= (?P<n>\S+)", "должен быть не меньше {n}"),
    (r"must be a count >= 0", "должен быть числом не меньше 0"),
    (r"must be a count from 0 to 1000", "должен быть числом от 0 до 1000"),
    (r"must be one of (?P<what>.+?)(?: \(got (?P<got>.+)\))?",
     lambda m: f"должен быть одним из: {m['what']}"
     + (f" (указано {_q(m['got'])})" if m["got"] else "")),
    (r"must be a number of seconds, e\.g\. 1\.5", "должен быть числом секунд, например 1.5"),
    (r"must be a finite number of seconds, not (?P<v>.+)",
     "должен быть конечным числом секунд, а не {v}"),
    (r"must be a number from 0 to 1 \(e\.g\. 0\.8\)",
     "должен быть числом от 0 до 1 (например 0.8)"),
    (r"is out of range \(at most a million\)", "вне допустимого (не больше миллиона)"),
    (r"must be a board id \(a positive number, e\.g\. 2\)",
     "должен быть номером на форуме (положительное число, например 2)"),
    (r"(?P<n>\d+) is not a plausible board id \(1 … (?P<max>\d+)\): copy the number from the "
     r"board's address bar",
     "{n} не похоже на номер на форуме (1 … {max}): скопируйте число из адресной строки"),
    (r"not a topic id / topic URL \(e\.g\. 4 or …/viewtopic\.php\?t=4\)",
     "не номер и не адрес темы (например 4 или …/viewtopic.php?t=4)"),
    (r"not a date-time like 2026-12-02T22:00", "не дата и время вида 2026-12-02T22:00"),
    (r"must be a time like 23:59", "должно быть временем вида 23:59"),
    # [board]
    (r"must start with http:// or https://", "должен начинаться с http:// или https://"),
    (r"is not a valid address \(check the port: 1-65535\)",
     "не похож на адрес (проверьте порт: 1-65535)"),
    (r"must not hold a user name or password \(user:pass@…\): the bot logs in with "
     r"board\.username and the password from board\.password_env",
     "не должен содержать имя и пароль (user:pass@…): бот входит под board.username с паролем "
     "из board.password_env"),
    (r"has no host name \(e\.g\. https://forum\.example\.org/\)",
     "без имени сервера (например https://forum.example.org/)"),
    (r"port must be 1-65535", "порт должен быть от 1 до 65535"),
    (r"must be the forum's folder, without \?… or #…", "должен быть папкой форума, без ?… и #…"),
    (r"unknown time zone (?P<v>.+) \(an IANA name like Europe/Moscow\)",
     lambda m: f"неизвестный часовой пояс {_q(m['v'])} (нужно имя IANA, например Europe/Moscow)"),
    (r"must be the NAME of an environment variable, not a password",
     "должно быть ИМЕНЕМ переменной окружения, а не паролем"),
    (r"selector overrides apply to IPB boards only \(board\.kind\)",
     "селекторы задаются только для форумов IPB (board.kind)"),
    (r"(?P<css>.+) is not valid CSS: check its brackets and quotes \(a browser's developer "
     r"tools can copy a working selector\)",
     lambda m: f"{_q(m['css'])} — не CSS-селектор: проверьте скобки и кавычки (рабочий селектор "
     "можно скопировать в инструментах разработчика браузера)"),
    (r"\$(?P<n>\w+) is not set here: export (?P=n)='…' in the shell that runs the bot \(for the "
     r"systemd unit, a line (?P=n)=… in its EnvironmentFile\)",
     "переменная ${n} здесь не задана: выполните export {n}='…' в оболочке, где запускается "
     "бот (для службы systemd — строка {n}=… в её EnvironmentFile)"),
    # [storage]
    (r"must be a database URL \(sqlite:///file\.db, postgresql://…\)",
     "должен быть адресом базы данных (sqlite:///file.db, postgresql://…)"),
    (r"unsupported database (?P<s>.+): use sqlite:/// or postgresql://",
     lambda m: f"база {_q(m['s'])} не поддерживается: используйте sqlite:/// или postgresql://"),
    (r"(?P<f>.+) is (?P<why>.+), not a file: name a file of the bot's own \(a new name in an "
     r"existing folder is fine\)",
     "{f} — это не файл ({why}): укажите отдельный файл для бота (подойдёт новое имя в "
     "существующей папке)"),
    (r"the folder (?P<d>.+) does not exist: create it \(mkdir -p\) or point the URL at an "
     r"existing folder",
     "папки {d} нет: создайте её (mkdir -p) или укажите в адресе существующую папку"),
    (r"must be a folder path", "должен быть путём к папке"),
    (r"no such folder: (?P<d>.+)", "нет такой папки: {d}"),
    # [game]
    (r"duplicate nick (?P<first>.+) \((?P<where>game\.players\[\d+\])\): the bot could not tell "
     r"their posts and votes apart; keep one of them",
     lambda m: f"ник {_q(m['first'])} уже есть ({m['where']}): бот не отличит их сообщения и "
     "голоса — оставьте один"),
    (r"looks the same as (?P<first>.+) \((?P<where>game\.players\[\d+\])\): the bot could not "
     r"tell their posts and votes apart; keep one of them",
     lambda m: f"читается так же, как {_q(m['first'])} ({m['where']}): бот не отличит их "
     "сообщения и голоса — оставьте один"),
    (r"only the Gambler rules have a court topic",
     "тема суда есть только в правилах клуба «Гэмблер»"),
    (r"(?P<nick>.+) plays in this game \((?P<seat>.+)\): the host report \(every role\) would go "
     r"to a player — name a host account that does not play",
     lambda m: f"{_q(m['nick'])} играет в этой игре ({_q(m['seat'])}): отчёт ведущему (все "
     "роли) ушёл бы игроку — укажите аккаунт ведущего, который не играет"),
    (r"give the players list or a registration_topic",
     "задайте список игроков (players) или тему записи (registration_topic)"),
    (r"give the players list or a registration_topic, not both",
     "задайте либо список игроков (players), либо тему записи (registration_topic), но не "
     "то и другое"),
    (r"must be later than the start and the deadline before",
     "должен быть позже старта и предыдущего дедлайна"),
    (r"(?P<title>.+) needs the host's deadlines \(turn (?P<n>\d+) first\)",
     lambda m: f"правилам {_ruleset_gen(m['title'])} нужны дедлайны ведущего (первый — ход "
     f"{m['n']})"),
    (r"(?P<nick>.+) is not one of game\.players", lambda m: f"{_q(m['nick'])} нет в game.players"),
    (r"id (?P<uid>\d+) is given to (?P<nick>.+) already: one account each",
     lambda m: f"номер {m['uid']} уже отдан {_q(m['nick'])}: у каждого свой аккаунт"),
    (r"not a (?P<rs>\w+) role \((?P<known>.+)\)",
     lambda m: f"такой роли нет в правилах {_ruleset_gen(m['rs'])} (есть: {m['known']})"),
    (r"not a (?P<rs>\w+) role: (?P<role>.+)",
     lambda m: f"роли {_q(m['role'])} нет в правилах {_ruleset_gen(m['rs'])}"),
    (r"counts add up to (?P<sum>-?\d+), players: (?P<n>\d+)",
     "в сумме {sum}, а игроков {n}"),
    (r"counts add up to (?P<sum>-?\d+), not (?P<n>\d+)", "в сумме {sum}, а не {n}"),
    (r"a (?P<title>.+) (?P<role>\w+) needs a clan: \"(?P=role):triad\"",
     lambda m: f"роли {m['role']} нужен клан: \"{m['role']}:triad\""),
    (r"clan must be yakuza or triad, not (?P<c>.+)",
     lambda m: f"клан — yakuza или triad, а не {_q(m['c'])}"),
    (r"must give a role to every player of game\.players, and only them",
     "должен дать роль каждому игроку из game.players, и только им"),
    (r"is a topic on (?P<there>.+), but board\.url is on (?P<home>.+): copy the topic's address "
     r"from the bot's own board \(or give just its number\)",
     "тема на {there}, а board.url — на {home}: скопируйте адрес темы с форума бота (или "
     "укажите только её номер)"),
    (r"(?P<nick>.+) is the bot's own account \(board\.username\): the bot would read its own "
     r"posts as his and send him the host's report — host from another account",
     lambda m: f"{_q(m['nick'])} — аккаунт самого бота (board.username): бот читал бы свои "
     "сообщения как его и слал бы ему отчёт ведущему — ведите игру с другого аккаунта"),
    # [rules]
    (r"must be a colour: a name, #rrggbb or family:<name>",
     "должен быть цветом: название, #rrggbb или family:<название>"),
    (r"unknown colour family (?P<f>.+) \((?P<known>.+)\)",
     lambda m: f"неизвестное семейство цветов {_q(m['f'])} (есть: {m['known']})"),
    (r"not a colour: (?P<v>.+) \(a name, #rrggbb or family:<name>\)",
     lambda m: f"не цвет: {_q(m['v'])} (название, #rrggbb или family:<название>)"),
    (r"unknown value (?P<v>.+) \((?P<known>.+)\)",
     lambda m: f"неизвестное значение {_q(m['v'])} (есть: {m['known']})"),
    (r"lists a value twice", "одно значение указано дважды"),
    (r"must be a pair \[minimum living players, greens needed\], e\.g\. \[14, 3\]",
     "должен быть парой [сколько минимум живых, сколько нужно зелёных], например [14, 3]"),
    (r"living players must be >= 0 and greens needed >= 1",
     "живых — не меньше 0, зелёных — не меньше 1"),
    (r"must list at least one \[living, greens\] pair",
     "нужна хотя бы одна пара [живых, зелёных]"),
    (r"the key must be a player count, e\.g\. \"20\"",
     "ключ должен быть числом игроков, например \"20\""),
    # [[override]]
    (r"use \[\[override\]\] tables", "задавайте решения таблицами [[override]]"),
    (r"required for kind = (?P<kind>.+)", "обязателен для kind = {kind}"),
    (r"(?P<nick>.+) already plays in this game",
     lambda m: f"{_q(m['nick'])} уже играет в этой игре"),
    (r"the (?P<rs>\w+) role table for (?P<n>\d+) players cannot be dealt \((?P<why>.+); "
     r"(?P<rule>[A-Z]-[A-Z]\.\d+)\); give \[game\.roles\], \[game\.cast\] or a "
     r"rules\.role_tables entry for this size",
     lambda m: f"таблица ролей {_ruleset_gen(m['rs'])} для {m['n']} "
     f"{plural(int(m['n']), 'игрока', 'игроков', 'игроков')} не раздаётся "
     f"({_deal_why(m['why'])}; {m['rule']}): задайте [game.roles], [game.cast] или строку "
     "rules.role_tables для этого числа игроков"),
    # the file itself
    (r"cannot read: (?P<why>.+)", "не удалось прочитать файл: {why}"),
    (r"not UTF-8 text", "файл не в кодировке UTF-8"),
    # warnings (config/preflight.py)
    (r"(?P<n>\d+)(?P<more> or more)? deadline\(s\) already past \(the first (?P<first>.+?), "
     r"the last (?P<last>.+?)\): a bot started now closes at most max_catchup = (?P<k>\d+) of "
     r"them and then waits for you\. Fine for a game already running; for a new game move "
     r"start and the deadlines ahead",
     lambda m: f"{'не меньше ' if m['more'] else ''}{m['n']} "
     f"{plural(int(m['n']), 'дедлайн уже прошёл', 'дедлайна уже прошли', 'дедлайнов уже прошли')}"
     f" (первый — {m['first']}, последний — {m['last']}): запущенный сейчас бот закроет не "
     f"больше max_catchup = {m['k']} из них и будет ждать вас. Для уже идущей игры это "
     "нормально; для новой перенесите start и дедлайны вперёд"),
    (r"(?P<when>.+) is (?P<n>\d+) days ago: a config copied from an old game\? Set the new "
     r"game's start \(and deadlines\)",
     lambda m: f"{m['when']} — это {m['n']} {plural(int(m['n']), 'день', 'дня', 'дней')} "
     "назад: конфигурация скопирована из старой игры? Задайте старт новой игры (и дедлайны)"),
    (r"true: every deadline comes minutes, not hours, after the start — for a test topic only, "
     r"never for a real game",
     "true: каждый дедлайн наступает через минуты, а не часы после старта — только для "
     "тестовой темы, никогда для настоящей игры"),
    (r"true, but (?P<why>.+) — or set it to false",
     lambda m: f"true, но {_chart_why(m['why'])} — или поставьте false"),
)  # fmt: skip

_COMPILED: Final = tuple((re.compile(pattern, re.S), say) for pattern, say in _PROBLEMS)


def _ruleset_gen(name: str) -> str:
    return RULESET_RU.get(name.casefold(), name)


def _deal_why(why: str) -> str:
    if why.startswith("negative counts: "):
        return "отрицательные числа: " + why.removeprefix("negative counts: ")
    if m := re.fullmatch(r"counts add up to (-?\d+)", why):
        return f"в сумме {m[1]}"
    return why


def _chart_why(why: str) -> str:
    if m := re.fullmatch(r"the PNG renderer is not installed \((.*)\); pip install (.+)", why):
        return f"не установлена отрисовка PNG ({m[1]}); pip install {m[2]}"
    if m := re.fullmatch(r"the PNG renderer cannot load the cairo library \((.*)\); (.+)", why):
        fix = m[2].replace("install ", "установите ")
        return f"отрисовка PNG не находит библиотеку cairo ({m[1]}); {fix}"
    return why


def problem_ru(msg: str) -> str:
    """One check's message in Russian; a did-you-mean after it as a question in Russian. A
    message not in the table: «проверка сообщает: …» with its own words."""
    mean = _MEAN.search(msg)
    head = msg[: mean.start()] if mean else msg
    tail = f"; может быть, имелось в виду {_names(mean['names'])}?" if mean else ""
    for pattern, say in _COMPILED:
        m = pattern.fullmatch(head)
        if m is None:
            continue
        text = say(m) if callable(say) else say.format(**m.groupdict())
        return text + tail
    return f"проверка сообщает: {msg}"
