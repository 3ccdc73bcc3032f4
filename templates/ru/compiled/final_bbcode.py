# Compiled from templates/ru/final.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '2ca49d1ec8a5b778a55bd7ae4010264a1f02ca2c4d42f773470226ada233a9e5'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'final.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_game_name = resolve('game_name')
    l_0_winner = resolve('winner')
    l_0_seats = resolve('seats')
    l_0_record = resolve('record')
    l_0_against = resolve('against')
    l_0_commitment = resolve('commitment')
    l_0_seed = resolve('seed')
    l_0_salt = resolve('salt')
    l_0_listing = resolve('listing')
    l_0_votes = missing
    try:
        t_1 = environment.filters['b']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'b' found.")
    try:
        t_2 = environment.filters['safe']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'safe' found.")
    try:
        t_3 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_votes = context.vars['votes'] = environment.get_template('_votes.bbcode.j2', 'final.bbcode.j2')._get_default_module(context)
    context.exported_vars.discard('votes')
    yield '[b]'
    yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
    yield ': игра окончена — '
    yield str(environment.finalize((undefined(name='winner') if l_0_winner is missing else l_0_winner)))
    yield '.[/b]\n\nРоли:\n'
    for (l_1_n, l_1_r) in (undefined(name='seats') if l_0_seats is missing else l_0_seats):
        _loop_vars = {}
        pass
        yield str(environment.finalize(t_1(l_1_n)))
        yield ' — '
        yield str(environment.finalize(l_1_r))
        yield '\n'
    l_1_n = l_1_r = missing
    if (undefined(name='record') if l_0_record is missing else l_0_record):
        pass
        yield '\n[b]Голосования игры[/b]\n'
        for l_1_blk in (undefined(name='record') if l_0_record is missing else l_0_record):
            _loop_vars = {}
            pass
            if (environment.getattr(l_1_blk, 'kind') == 'green'):
                pass
                yield 'День '
                yield str(environment.finalize(environment.getattr(l_1_blk, 'turn')))
                yield ', зелёные:\n'
                yield str(environment.finalize(t_2(t_3(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'by_target'), l_1_blk, _loop_vars=_loop_vars)))))
                yield '\n'
            elif (environment.getattr(l_1_blk, 'kind') == 'court'):
                pass
                yield 'День '
                yield str(environment.finalize(environment.getattr(l_1_blk, 'turn')))
                yield ', Суд Слона:\n'
                yield str(environment.finalize(t_2(t_3(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'by_target'), l_1_blk, _loop_vars=_loop_vars)))))
                yield '\n'
            else:
                pass
                yield 'Ход '
                yield str(environment.finalize(environment.getattr(l_1_blk, 'turn')))
                yield ':\n'
                yield str(environment.finalize(t_2(t_3(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'in_order'), l_1_blk, _loop_vars=_loop_vars)))))
                yield '\n'
        l_1_blk = missing
    if (undefined(name='against') if l_0_against is missing else l_0_against):
        pass
        yield '\n[b]Голосов против за всю игру[/b] (если в конце остаются двое, выигрывает тот, у кого их меньше; при равенстве проигрывает тот, против кого проголосовали раньше):\n'
        for l_1_a in (undefined(name='against') if l_0_against is missing else l_0_against):
            _loop_vars = {}
            pass
            yield str(environment.finalize(environment.getattr(l_1_a, 'nick')))
            yield ' — '
            yield str(environment.finalize(environment.getattr(l_1_a, 'count')))
            if environment.getattr(l_1_a, 'first'):
                pass
                yield ' (первый голос '
                yield str(environment.finalize(environment.getattr(l_1_a, 'first')))
                yield ')'
            yield '\n'
        l_1_a = missing
    yield '\nПроверка раздачи: хеш SHA-256 строки «зерно|соль|список» должен совпасть с отпечатком из стартового сообщения: [code]'
    yield str(environment.finalize((undefined(name='commitment') if l_0_commitment is missing else l_0_commitment)))
    yield '[/code]\nЗерно: '
    yield str(environment.finalize((undefined(name='seed') if l_0_seed is missing else l_0_seed)))
    yield ', соль: [code]'
    yield str(environment.finalize((undefined(name='salt') if l_0_salt is missing else l_0_salt)))
    yield '[/code]. Список:\n[code]'
    yield str(environment.finalize((undefined(name='listing') if l_0_listing is missing else l_0_listing)))
    yield '[/code]'

blocks = {}
debug_info = '4=39&5=42&8=46&9=49&11=54&14=57&15=60&16=63&17=65&18=67&19=70&20=72&22=77&23=79&27=82&30=85&31=88&36=99&37=101&38=105'
