# Compiled from templates/ru/start.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = 'bf7d98a8ec409e3bcb270c3dbba499e5c86713d23fcdd48f0859dc3b756c05f1'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'start.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_game_name = resolve('game_name')
    l_0_ruleset_name = resolve('ruleset_name')
    l_0_players = resolve('players')
    l_0_commitment = resolve('commitment')
    l_0_token = resolve('token')
    l_0_first_deadline = resolve('first_deadline')
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    pass
    yield '[b]'
    yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
    yield ': игра начинается![/b]\n\nИграем по правилам '
    yield str(environment.finalize((undefined(name='ruleset_name') if l_0_ruleset_name is missing else l_0_ruleset_name)))
    yield '. Игроки ('
    yield str(environment.finalize(t_1((undefined(name='players') if l_0_players is missing else l_0_players))))
    yield '):\n'
    l_1_loop = missing
    for l_1_p, l_1_loop in LoopContext((undefined(name='players') if l_0_players is missing else l_0_players), undefined):
        _loop_vars = {}
        pass
        yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
        yield '. '
        yield str(environment.finalize(l_1_p))
        yield '\n'
    l_1_loop = l_1_p = missing
    yield '\nРоли розданы, каждый получил свою в личном сообщении. Отпечаток раздачи (SHA-256): [code]'
    yield str(environment.finalize((undefined(name='commitment') if l_0_commitment is missing else l_0_commitment)))
    yield '[/code]\nВ конце игры ведущий опубликует список ролей, зерно и соль — каждый сможет проверить, что раздача не менялась.\n'
    if (undefined(name='token') if l_0_token is missing else l_0_token):
        pass
        yield 'Код игры: [code]'
        yield str(environment.finalize((undefined(name='token') if l_0_token is missing else l_0_token)))
        yield '[/code] — он стоит в служебной метке каждого сообщения бота в этой игре.\n'
    if (undefined(name='first_deadline') if l_0_first_deadline is missing else l_0_first_deadline):
        pass
        yield '\nПервый дедлайн — '
        yield str(environment.finalize((undefined(name='first_deadline') if l_0_first_deadline is missing else l_0_first_deadline)))
        yield '. Удачной игры!\n'

blocks = {}
debug_info = '2=24&4=26&5=31&6=34&9=40&11=42&12=45&14=47&16=50'
