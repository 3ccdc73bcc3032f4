# Compiled from templates/ru/newspaper_pefl.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = 'c9a0a8ef20ee361630f9cb8fcd0b8f200764122783e981b1470fdc5d4e0481c5'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'newspaper_pefl.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_turn = resolve('turn')
    l_0_game_name = resolve('game_name')
    l_0_v = resolve('v')
    l_0_h = resolve('h')
    l_0_pick = resolve('pick')
    l_0_k = resolve('k')
    l_0_next_deadline = resolve('next_deadline')
    l_0_votes = l_0_flavour = missing
    try:
        t_1 = environment.filters['acc']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'acc' found.")
    try:
        t_2 = environment.filters['b']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'b' found.")
    try:
        t_3 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_4 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_5 = environment.filters['safe']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'safe' found.")
    try:
        t_6 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    try:
        t_7 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_votes = context.vars['votes'] = environment.get_template('_votes.bbcode.j2', 'newspaper_pefl.bbcode.j2')._get_default_module(context)
    context.exported_vars.discard('votes')
    l_0_flavour = context.vars['flavour'] = environment.get_template('_flavour.bbcode.j2', 'newspaper_pefl.bbcode.j2')._get_default_module(context)
    context.exported_vars.discard('flavour')
    if ((undefined(name='turn') if l_0_turn is missing else l_0_turn) == 0):
        pass
        yield '[b]Газета «Вечерний город» — '
        yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
        yield ': итоги нулевого хода[/b]\n'
    else:
        pass
        yield '[b]Газета «Вечерний город» — '
        yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
        yield ', выпуск '
        yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
        yield '[/b]\n'
    yield '\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'missing'):
        pass
        for l_1_m in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'missing'):
            _loop_vars = {}
            pass
            if environment.getattr(l_1_m, 'g'):
                pass
                yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), environment.getattr(l_1_m, 'g'), 'Пропал', 'Пропала', _loop_vars=_loop_vars)))
                yield ' без вести '
                yield str(environment.finalize(t_2(environment.getattr(l_1_m, 'nick'))))
                yield ' ('
                yield str(environment.finalize(environment.getattr(l_1_m, 'role')))
                yield ')'
                if environment.getattr(l_1_m, 'why'):
                    pass
                    yield ': '
                    yield str(environment.finalize(environment.getattr(l_1_m, 'why')))
                yield '.\n'
            else:
                pass
                yield 'Без вести пропадает '
                yield str(environment.finalize(t_2(environment.getattr(l_1_m, 'nick'))))
                yield ' ('
                yield str(environment.finalize(environment.getattr(l_1_m, 'role')))
                yield ')'
                if environment.getattr(l_1_m, 'why'):
                    pass
                    yield ': '
                    yield str(environment.finalize(environment.getattr(l_1_m, 'why')))
                yield '.\n'
        l_1_m = missing
        yield '\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'removed_by_vote'):
        pass
        l_0_h = environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'removed_by_vote')
        context.vars['h'] = l_0_h
        context.exported_vars.add('h')
        if environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'forced'):
            pass
            if environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'g'):
                pass
                yield 'Решением ведущего '
                yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'g'), 'повешен', 'повешена')))
                yield ' '
                yield str(environment.finalize(t_2(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'nick'))))
                yield ' ('
                yield str(environment.finalize(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'role')))
                yield ').\n'
            else:
                pass
                yield 'Решением ведущего на виселицу отправляется '
                yield str(environment.finalize(t_2(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'nick'))))
                yield ' ('
                yield str(environment.finalize(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'role')))
                yield ').\n'
        elif environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'g'):
            pass
            yield 'Решением города '
            yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'g'), 'повешен', 'повешена')))
            yield ' '
            yield str(environment.finalize(t_2(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'nick'))))
            yield ' ('
            yield str(environment.finalize(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'role')))
            yield ').\n'
        else:
            pass
            yield 'Решением города на виселицу отправляется '
            yield str(environment.finalize(t_2(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'nick'))))
            yield ' ('
            yield str(environment.finalize(environment.getattr((undefined(name='h') if l_0_h is missing else l_0_h), 'role')))
            yield ').\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'tie'):
            pass
            yield 'Голоса разделились поровну ('
            l_1_loop = missing
            for l_1_n, l_1_loop in LoopContext(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'tie'), undefined):
                _loop_vars = {}
                pass
                yield str(environment.finalize(l_1_n))
                if (environment.getattr(l_1_loop, 'revindex') == 2):
                    pass
                    yield ' и '
                elif (not environment.getattr(l_1_loop, 'last')):
                    pass
                    yield ', '
            l_1_loop = l_1_n = missing
            yield ' — по '
            yield str(environment.finalize(environment.getitem(environment.getitem(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'votes'), 0), 1)))
            yield '), а по правилам уходит тот, кто первым набрал это число.\n'
    elif environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'forced_nobody'):
        pass
        yield 'По решению ведущего сегодня никого не вешают.\n'
    elif (((undefined(name='turn') if l_0_turn is missing else l_0_turn) > 0) and (not t_7(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nobody_removed')))):
        pass
        yield 'Сегодня никого не повесили'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nobody_removed'):
            pass
            yield ': '
            yield str(environment.finalize(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nobody_removed')))
        yield '.\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'votes'):
        pass
        yield 'Голоса: '
        l_1_loop = missing
        for (l_1_n, l_1_c), l_1_loop in LoopContext(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'votes'), undefined):
            _loop_vars = {}
            pass
            yield str(environment.finalize(l_1_n))
            yield ' — '
            yield str(environment.finalize(l_1_c))
            if (not environment.getattr(l_1_loop, 'last')):
                pass
                yield ', '
        l_1_loop = l_1_n = l_1_c = missing
        yield '.\n'
    if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'record'), 'order'):
        pass
        yield 'Кто за кого голосовал (по порядку):\n'
        yield str(environment.finalize(t_5(t_6(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'in_order'), environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'record'))))))
        yield '\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'rejected'):
        pass
        yield 'Не засчитаны (по правилам это считается пропуском голосования):\n'
        yield str(environment.finalize(t_5(t_6(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'rejected'), environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'rejected'))))))
        yield '\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'abstained'):
        pass
        yield 'Не голосовали: '
        yield str(environment.finalize(t_3(context.eval_ctx, environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'abstained'), ', ')))
        yield '.\n'
    for l_1_r in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'removed'):
        _loop_vars = {}
        pass
        yield 'Решением ведущего за нарушение правил из игры выбывает '
        yield str(environment.finalize(t_2(environment.getattr(l_1_r, 'nick'))))
        yield ' ('
        yield str(environment.finalize(environment.getattr(l_1_r, 'role')))
        yield ').\n'
    l_1_r = missing
    for (l_1_old, l_1_new) in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'replaced'):
        _loop_vars = {}
        pass
        yield 'Игрока '
        yield str(environment.finalize(t_2(l_1_old)))
        yield ' заменяет '
        yield str(environment.finalize(t_2(l_1_new)))
        yield '.\n'
    l_1_old = l_1_new = missing
    yield '\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed'):
        pass
        yield '[i]'
        yield str(environment.finalize(t_6(context.call(environment.getattr((undefined(name='flavour') if l_0_flavour is missing else l_0_flavour), 'night'), (undefined(name='turn') if l_0_turn is missing else l_0_turn)))))
        yield '[/i]\n'
    if (t_4(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed')) == 1):
        pass
        l_0_k = environment.getitem(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed'), 0)
        context.vars['k'] = l_0_k
        context.exported_vars.add('k')
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'g'):
            pass
            yield 'Этой ночью '
            yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'g'), 'погиб', 'погибла')))
            yield ' '
            yield str(environment.finalize(t_2(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'nick'))))
            yield ' ('
            yield str(environment.finalize(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'role')))
            yield ')'
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'cause'):
                pass
                yield ' — '
                yield str(environment.finalize(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'cause')))
            yield '.\n'
        else:
            pass
            yield 'Жертва этой ночи — '
            yield str(environment.finalize(t_2(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'nick'))))
            yield ' ('
            yield str(environment.finalize(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'role')))
            yield ')'
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'cause'):
                pass
                yield ': '
                yield str(environment.finalize(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'cause')))
            yield '.\n'
    elif environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed'):
        pass
        yield 'Этой ночью погибли:\n'
        l_1_loop = missing
        for l_1_k, l_1_loop in LoopContext(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed'), undefined):
            _loop_vars = {}
            pass
            yield '• '
            yield str(environment.finalize(t_2(environment.getattr(l_1_k, 'nick'))))
            yield ' ('
            yield str(environment.finalize(environment.getattr(l_1_k, 'role')))
            yield ')'
            if environment.getattr(l_1_k, 'cause'):
                pass
                yield ' — '
                yield str(environment.finalize(environment.getattr(l_1_k, 'cause')))
            if environment.getattr(l_1_loop, 'last'):
                pass
                yield '.'
            else:
                pass
                yield ';'
            yield '\n'
        l_1_loop = l_1_k = missing
    elif (((undefined(name='turn') if l_0_turn is missing else l_0_turn) == 0) and (not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'over'))):
        pass
        yield 'Нулевая ночь прошла тихо: никто не погиб.\n'
    elif (not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'over')):
        pass
        yield str(environment.finalize(t_6(context.call(environment.getattr((undefined(name='flavour') if l_0_flavour is missing else l_0_flavour), 'quiet'), (undefined(name='turn') if l_0_turn is missing else l_0_turn)))))
        yield '\n'
    for l_1_n in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'beaten'):
        _loop_vars = {}
        pass
        if environment.getattr(l_1_n, 'g'):
            pass
            yield str(environment.finalize(t_2(environment.getattr(l_1_n, 'nick'))))
            yield ' '
            yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), environment.getattr(l_1_n, 'g'), 'избит', 'избита', _loop_vars=_loop_vars)))
            yield ' громилой: в следующем ходу — ни сообщений, ни голоса.\n'
        else:
            pass
            yield 'Громила избил '
            yield str(environment.finalize(t_1(environment.getattr(l_1_n, 'nick'))))
            yield ': в следующем ходу — ни сообщений, ни голоса.\n'
    l_1_n = missing
    for l_1_o in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'overrides'):
        _loop_vars = {}
        pass
        yield '\n[i]Решение ведущего: '
        if (environment.getattr(l_1_o, 'what') == 'count_vote'):
            pass
            yield 'засчитан голос '
            yield str(environment.finalize(environment.getattr(l_1_o, 'nick')))
            yield ' → '
            yield str(environment.finalize(environment.getattr(l_1_o, 'target')))
        elif (environment.getattr(l_1_o, 'what') == 'ignore_vote'):
            pass
            yield 'не засчитан голос'
            if environment.getattr(l_1_o, 'post'):
                pass
                yield ' из сообщения №'
                yield str(environment.finalize(environment.getattr(l_1_o, 'post')))
        else:
            pass
            yield str(environment.finalize(environment.getattr(l_1_o, 'words')))
        yield '.[/i]\n'
    l_1_o = missing
    yield '\n'
    if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'over'):
        pass
        yield '[b]Игра окончена: '
        yield str(environment.finalize(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'winner')))
        yield '.[/b]\n'
    elif (undefined(name='next_deadline') if l_0_next_deadline is missing else l_0_next_deadline):
        pass
        yield 'Срок следующего хода — '
        yield str(environment.finalize((undefined(name='next_deadline') if l_0_next_deadline is missing else l_0_next_deadline)))
        yield '.\n'

blocks = {}
debug_info = '8=61&9=63&10=65&11=68&13=73&16=78&17=80&18=83&19=85&21=99&26=110&27=112&28=115&29=117&30=120&32=129&34=133&35=136&37=145&39=149&40=153&42=167&44=170&45=173&47=178&48=182&50=193&52=196&54=198&56=201&58=203&59=206&61=208&62=212&64=217&65=221&68=227&69=230&71=232&72=234&73=237&74=240&76=254&78=263&80=267&81=271&84=287&86=290&87=292&89=294&90=297&91=299&93=306&96=309&98=313&101=332&102=335&103=337&104=340'
