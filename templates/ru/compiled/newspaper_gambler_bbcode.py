# Compiled from templates/ru/newspaper_gambler.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = 'b6f5aaf80f3e571fcf431d5ac63863eb9d8b366d076bc18a3ed46a5dfa7e9648'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'newspaper_gambler.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_phase = resolve('phase')
    l_0_game_name = resolve('game_name')
    l_0_turn = resolve('turn')
    l_0_v = resolve('v')
    l_0_next_deadline = resolve('next_deadline')
    l_0_j = resolve('j')
    l_0_pick = resolve('pick')
    l_0_votes = l_0_flavour = missing
    try:
        t_1 = environment.filters['b']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'b' found.")
    try:
        t_2 = environment.filters['gen']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'gen' found.")
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
        t_5 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    try:
        t_6 = environment.filters['safe']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'safe' found.")
    try:
        t_7 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    try:
        t_8 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_8(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_votes = context.vars['votes'] = environment.get_template('_votes.bbcode.j2', 'newspaper_gambler.bbcode.j2')._get_default_module(context)
    context.exported_vars.discard('votes')
    l_0_flavour = context.vars['flavour'] = environment.get_template('_flavour.bbcode.j2', 'newspaper_gambler.bbcode.j2')._get_default_module(context)
    context.exported_vars.discard('flavour')
    if ((undefined(name='phase') if l_0_phase is missing else l_0_phase) == 'greens'):
        pass
        yield '[b]'
        yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
        yield ': номинации дня '
        yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
        yield '[/b]\n\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'record'), 'by_target'):
            pass
            yield 'Зелёные:\n'
            yield str(environment.finalize(t_6(t_7(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'by_target'), environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'record'))))))
            yield '\n'
        elif environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'greens'):
            pass
            yield 'Зелёные: '
            l_1_loop = missing
            for (l_1_n, l_1_c), l_1_loop in LoopContext(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'greens'), undefined):
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
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'rejected'):
            pass
            yield 'Не засчитаны:\n'
            yield str(environment.finalize(t_6(t_7(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'rejected'), environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'rejected'))))))
            yield '\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'self_greened'):
            pass
            yield 'Никого не назвали и потому номинировали сами себя: '
            yield str(environment.finalize(t_3(context.eval_ctx, environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'self_greened'), ', ')))
            yield '.\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nominees'):
            pass
            yield 'В Суд Слона '
            yield str(environment.finalize(('идёт' if (t_4(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nominees')) == 1) else 'идут')))
            yield ' (порог — '
            yield str(environment.finalize(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'threshold')))
            yield '): '
            l_1_loop = missing
            for l_1_n, l_1_loop in LoopContext(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nominees'), undefined):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_1(l_1_n)))
                if (not environment.getattr(l_1_loop, 'last')):
                    pass
                    yield ', '
            l_1_loop = l_1_n = missing
            yield '.\nГолосуйте в суде ником '
            yield str(environment.finalize(('номинанта' if (t_4(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nominees')) == 1) else 'одного из них')))
            yield ' до '
            yield str(environment.finalize((undefined(name='next_deadline') if l_0_next_deadline is missing else l_0_next_deadline)))
            yield '.\n'
        else:
            pass
            yield 'Никто не набрал нужного числа зелёных (порог — '
            yield str(environment.finalize(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'threshold')))
            yield '): суда сегодня нет.\n'
    else:
        pass
        yield '[b]'
        yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
        yield ': итоги дня '
        yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
        yield '[/b]\n\n'
        if (((((undefined(name='turn') if l_0_turn is missing else l_0_turn) <= 1) and (not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed'))) and (not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'removed_by_vote'))) and (not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'over'))):
            pass
            yield 'День знакомства позади. Завтра — первые номинации: ник зелёным цветом в теме игры, а набравшие порог пойдут в Суд Слона.\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'duel'):
            pass
            yield 'Голоса в суде разделились поровну, и дело решила дуэль: '
            if (t_4(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'duel'), 'players')) == 2):
                pass
                yield str(environment.finalize(t_1(environment.getitem(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'duel'), 'players'), 0))))
                yield ' против '
                yield str(environment.finalize(t_2(environment.getitem(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'duel'), 'players'), 1))))
            else:
                pass
                l_1_loop = missing
                for l_1_n, l_1_loop in LoopContext(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'duel'), 'players'), undefined):
                    _loop_vars = {}
                    pass
                    yield str(environment.finalize(t_1(l_1_n)))
                    if (environment.getattr(l_1_loop, 'revindex') == 2):
                        pass
                        yield ' и '
                    elif (not environment.getattr(l_1_loop, 'last')):
                        pass
                        yield ', '
                l_1_loop = l_1_n = missing
            yield '. Проигравший по жребию — '
            yield str(environment.finalize(t_1(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'duel'), 'loser'))))
            yield '.\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'removed_by_vote'):
            pass
            l_0_j = environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'removed_by_vote')
            context.vars['j'] = l_0_j
            context.exported_vars.add('j')
            if (environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'forced') and ('duel' in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'forced_kinds'))):
                pass
                yield 'По итогам дуэли в тюрьму отправляется '
                yield str(environment.finalize(t_1(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'nick'))))
                yield ' — '
                yield str(environment.finalize(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'role')))
                yield '.\n'
            elif environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'forced'):
                pass
                yield 'Решением ведущего в тюрьму отправляется '
                yield str(environment.finalize(t_1(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'nick'))))
                yield ' — '
                yield str(environment.finalize(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'role')))
                yield '.\n'
            elif environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'g'):
                pass
                yield 'Суд Слона вынес приговор: за решётку '
                yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'g'), 'отправлен', 'отправлена')))
                yield ' '
                yield str(environment.finalize(t_1(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'nick'))))
                yield ' — '
                yield str(environment.finalize(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'role')))
                yield '.\n'
            else:
                pass
                yield 'По решению Суда Слона в тюрьму отправляется '
                yield str(environment.finalize(t_1(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'nick'))))
                yield ' — '
                yield str(environment.finalize(environment.getattr((undefined(name='j') if l_0_j is missing else l_0_j), 'role')))
                yield '.\n'
        elif environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'forced_nobody'):
            pass
            yield 'По решению ведущего сегодня никого не сажают.\n'
        elif (((undefined(name='turn') if l_0_turn is missing else l_0_turn) > 1) and (not t_8(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nobody_removed')))):
            pass
            yield 'Сегодня никого не посадили'
            if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nobody_removed'):
                pass
                yield ': '
                yield str(environment.finalize(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'nobody_removed')))
            yield '.\n'
        if environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'record'), 'by_target'):
            pass
            yield 'Голоса в суде:\n'
            yield str(environment.finalize(t_6(t_7(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'by_target'), environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'record'))))))
            yield '\n'
        elif environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'votes'):
            pass
            yield 'Голоса в суде: '
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
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'rejected'):
            pass
            yield 'Не засчитаны:\n'
            yield str(environment.finalize(t_6(t_7(context.call(environment.getattr((undefined(name='votes') if l_0_votes is missing else l_0_votes), 'rejected'), environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'rejected'))))))
            yield '\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'abstained'):
            pass
            yield 'Не голосовали в суде: '
            yield str(environment.finalize(t_3(context.eval_ctx, environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'abstained'), ', ')))
            yield '.\n'
        for l_1_r in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'removed'):
            _loop_vars = {}
            pass
            yield 'Решением ведущего из игры выбывает '
            yield str(environment.finalize(t_1(environment.getattr(l_1_r, 'nick'))))
            yield ' — '
            yield str(environment.finalize(environment.getattr(l_1_r, 'role')))
            yield '.\n'
        l_1_r = missing
        for l_1_m in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'missing'):
            _loop_vars = {}
            pass
            yield 'Игру покидает '
            yield str(environment.finalize(t_1(environment.getattr(l_1_m, 'nick'))))
            yield ' — '
            yield str(environment.finalize(environment.getattr(l_1_m, 'role')))
            yield '.\n'
        l_1_m = missing
        for (l_1_old, l_1_new) in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'replaced'):
            _loop_vars = {}
            pass
            yield 'Игрока '
            yield str(environment.finalize(t_1(l_1_old)))
            yield ' заменяет '
            yield str(environment.finalize(t_1(l_1_new)))
            yield '.\n'
        l_1_old = l_1_new = missing
        yield '\n'
        if (((undefined(name='turn') if l_0_turn is missing else l_0_turn) > 1) and environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed')):
            pass
            yield '[i]'
            yield str(environment.finalize(t_7(context.call(environment.getattr((undefined(name='flavour') if l_0_flavour is missing else l_0_flavour), 'night'), (undefined(name='turn') if l_0_turn is missing else l_0_turn)))))
            yield '[/i]\n'
        if (t_4(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed')) > 1):
            pass
            yield 'Этой ночью погибли:\n'
        for l_1_k in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed'):
            l_1_last_word_until = resolve('last_word_until')
            _loop_vars = {}
            pass
            if (t_4(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed')) > 1):
                pass
                yield '• '
                yield str(environment.finalize(t_1(environment.getattr(l_1_k, 'nick'))))
                yield ' — '
                yield str(environment.finalize(environment.getattr(l_1_k, 'role')))
                yield '.'
            elif environment.getattr(l_1_k, 'g'):
                pass
                yield 'Этой ночью '
                yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), environment.getattr(l_1_k, 'g'), 'убит', 'убита', _loop_vars=_loop_vars)))
                yield ' '
                yield str(environment.finalize(t_1(environment.getattr(l_1_k, 'nick'))))
                yield ' — '
                yield str(environment.finalize(environment.getattr(l_1_k, 'role')))
                yield '.'
            else:
                pass
                yield 'Жертва этой ночи — '
                yield str(environment.finalize(t_1(environment.getattr(l_1_k, 'nick'))))
                yield ', '
                yield str(environment.finalize(environment.getattr(l_1_k, 'role')))
                yield '.'
            if (environment.getattr(l_1_k, 'civilian') and (undefined(name='last_word_until') if l_1_last_word_until is missing else l_1_last_word_until)):
                pass
                yield ' Последнее слово можно оставить до '
                yield str(environment.finalize((undefined(name='last_word_until') if l_1_last_word_until is missing else l_1_last_word_until)))
                yield '.'
            yield '\n'
            if environment.getattr(l_1_k, 'story'):
                pass
                yield str(environment.finalize(t_5(environment.getattr(l_1_k, 'story'))))
                yield '\n'
        l_1_k = l_1_last_word_until = missing
        if (((not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'killed')) and ((undefined(name='turn') if l_0_turn is missing else l_0_turn) > 1)) and (not environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'over'))):
            pass
            yield str(environment.finalize(t_7(context.call(environment.getattr((undefined(name='flavour') if l_0_flavour is missing else l_0_flavour), 'quiet'), (undefined(name='turn') if l_0_turn is missing else l_0_turn)))))
            yield '\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'mafia_missed'):
            pass
            yield 'Мафия промахнулась: в её письмах названы разные игроки.\n'
        for l_1_c in environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'checks'):
            _loop_vars = {}
            pass
            if environment.getattr(l_1_c, 'made'):
                pass
                yield str(environment.finalize(environment.getattr(l_1_c, 'by')))
                yield ' проверил одного из игроков'
                if environment.getattr(l_1_c, 'result'):
                    pass
                    yield ': это '
                    yield str(environment.finalize(environment.getattr(l_1_c, 'result')))
                yield '.\n'
            else:
                pass
                yield str(environment.finalize(environment.getattr(l_1_c, 'by')))
                yield ' этой ночью никого не проверял.\n'
        l_1_c = missing
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'healed'):
            pass
            yield 'Доктор провёл ночь у постели '
            yield str(environment.finalize(t_2(environment.getattr(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'healed'), 'nick'))))
            yield '.\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'blocked'):
            pass
            yield 'Кое-кто остался без хода: '
            yield str(environment.finalize(t_3(context.eval_ctx, environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'blocked'), '; ')))
            yield '.\n'
        if environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'recruited'):
            pass
            yield 'Путана выбрала сторону: теперь она заодно с '
            yield str(environment.finalize(environment.getattr((undefined(name='v') if l_0_v is missing else l_0_v), 'recruited')))
            yield '.\n'
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
    elif ((undefined(name='next_deadline') if l_0_next_deadline is missing else l_0_next_deadline) and ((undefined(name='phase') if l_0_phase is missing else l_0_phase) != 'greens')):
        pass
        yield 'Номинации следующего дня — до '
        yield str(environment.finalize((undefined(name='next_deadline') if l_0_next_deadline is missing else l_0_next_deadline)))
        yield '.\n'

blocks = {}
debug_info = '9=67&10=69&11=71&12=74&14=78&16=81&17=83&18=87&20=98&22=101&24=103&25=106&27=108&28=111&29=125&31=132&34=137&36=141&39=144&40=147&42=169&43=171&44=174&45=177&46=181&47=184&48=188&49=191&51=200&53=204&55=207&56=210&58=215&60=218&61=220&62=224&64=235&66=238&68=240&69=243&71=245&72=249&74=254&75=258&77=263&78=267&81=273&82=276&84=278&87=281&88=285&89=288&90=295&91=304&93=314&94=316&97=319&98=321&100=323&103=326&104=329&105=331&107=340&110=343&111=346&113=348&114=351&116=353&117=356&120=358&122=362&125=381&126=384&127=386&128=389'
