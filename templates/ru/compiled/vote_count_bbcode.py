# Compiled from templates/ru/vote_count.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '87ce3b90c430b2d113349562cb8b122bdbeaac15db9873747c9a763a4684bc2d'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'vote_count.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_game_name = resolve('game_name')
    l_0_kind = resolve('kind')
    l_0_turn = resolve('turn')
    l_0_as_of = resolve('as_of')
    l_0_rows = resolve('rows')
    l_0_threshold = resolve('threshold')
    l_0_plural = resolve('plural')
    l_0_not_voted = resolve('not_voted')
    l_0_deadline = resolve('deadline')
    try:
        t_1 = environment.filters['b']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'b' found.")
    pass
    yield '[b]'
    yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
    yield ', '
    if ((undefined(name='kind') if l_0_kind is missing else l_0_kind) in ('green', 'court')):
        pass
        yield 'день'
    else:
        pass
        yield 'ход'
    yield ' '
    yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
    yield ': промежуточный подсчёт '
    if ((undefined(name='kind') if l_0_kind is missing else l_0_kind) == 'green'):
        pass
        yield 'номинаций'
    elif ((undefined(name='kind') if l_0_kind is missing else l_0_kind) == 'court'):
        pass
        yield 'голосов в суде'
    else:
        pass
        yield 'голосов'
    yield ', '
    yield str(environment.finalize((undefined(name='as_of') if l_0_as_of is missing else l_0_as_of)))
    yield '[/b]\n\n'
    l_1_loop = missing
    t_2 = 1
    for l_1_r, l_1_loop in LoopContext((undefined(name='rows') if l_0_rows is missing else l_0_rows), undefined):
        _loop_vars = {}
        pass
        yield str(environment.finalize(t_1(environment.getattr(l_1_r, 'target'))))
        yield ' — '
        yield str(environment.finalize(environment.getattr(l_1_r, 'count')))
        yield ': '
        l_2_loop = missing
        for l_2_n, l_2_loop in LoopContext(environment.getattr(l_1_r, 'voters'), undefined):
            _loop_vars = {}
            pass
            yield str(environment.finalize(l_2_n))
            if (not environment.getattr(l_2_loop, 'last')):
                pass
                yield ', '
        l_2_loop = l_2_n = missing
        yield '\n'
        t_2 = 0
    l_1_loop = l_1_r = missing
    if t_2:
        pass
        if ((undefined(name='kind') if l_0_kind is missing else l_0_kind) == 'green'):
            pass
            yield 'Номинаций'
        else:
            pass
            yield 'Голосов'
        yield ' пока нет.\n'
    if (undefined(name='threshold') if l_0_threshold is missing else l_0_threshold):
        pass
        yield 'В суд идут все, у кого '
        yield str(environment.finalize((undefined(name='threshold') if l_0_threshold is missing else l_0_threshold)))
        yield ' '
        yield str(environment.finalize(context.call((undefined(name='plural') if l_0_plural is missing else l_0_plural), (undefined(name='threshold') if l_0_threshold is missing else l_0_threshold), 'номинация', 'номинации', 'номинаций')))
        yield ' и больше.\n'
    if (undefined(name='not_voted') if l_0_not_voted is missing else l_0_not_voted):
        pass
        yield 'Ещё не '
        if ((undefined(name='kind') if l_0_kind is missing else l_0_kind) == 'green'):
            pass
            yield 'номинировали'
        else:
            pass
            yield 'проголосовали'
        yield ': '
        l_1_loop = missing
        for l_1_n, l_1_loop in LoopContext((undefined(name='not_voted') if l_0_not_voted is missing else l_0_not_voted), undefined):
            _loop_vars = {}
            pass
            yield str(environment.finalize(l_1_n))
            if (not environment.getattr(l_1_loop, 'last')):
                pass
                yield ', '
        l_1_loop = l_1_n = missing
        yield '.\n'
    if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
        pass
        yield 'Дедлайн — '
        yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
        yield '; окончательный итог — в газете.\n'

blocks = {}
debug_info = '3=27&5=52&6=55&9=73&11=80&12=83&14=87&15=90&17=107&18=110'
