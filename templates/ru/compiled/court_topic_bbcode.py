# Compiled from templates/ru/court_topic.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = 'b038a2769d224e8a7153b1b2560c8ee9cf9d55b4f061c5dde0eef81c8a49bb6e'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'court_topic.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_game_name = resolve('game_name')
    l_0_turn = resolve('turn')
    l_0_nominees = resolve('nominees')
    l_0_deadline = resolve('deadline')
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    pass
    yield '[b]'
    yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
    yield ': Суд Слона — день '
    yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
    yield '[/b]\n\nПо итогам номинаций в суд выходят ('
    yield str(environment.finalize(t_1((undefined(name='nominees') if l_0_nominees is missing else l_0_nominees))))
    yield '):\n'
    l_1_loop = missing
    for l_1_n, l_1_loop in LoopContext((undefined(name='nominees') if l_0_nominees is missing else l_0_nominees), undefined):
        _loop_vars = {}
        pass
        yield str(environment.finalize(environment.getattr(l_1_loop, 'index')))
        yield '. '
        yield str(environment.finalize(l_1_n))
        yield '\n'
    l_1_loop = l_1_n = missing
    yield '\nГолосуйте в этой теме ником одного из номинантов'
    if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
        pass
        yield ' до '
        yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
    yield '; засчитывается последний голос.'

blocks = {}
debug_info = '2=22&4=26&5=29&6=32&9=38'
