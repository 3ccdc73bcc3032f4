# Compiled from templates/ru/move_reply.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = 'b8370d6c9a3a27420b028174ab7f6458e4e2aae994fb0dc1c97257b31345066b'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'move_reply.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_no_move = resolve('no_move')
    l_0_has_moves = resolve('has_moves')
    l_0_nick = resolve('nick')
    l_0_moves_now = resolve('moves_now')
    l_0_moves_if = resolve('moves_if')
    l_0_example = resolve('example')
    l_0_conditional = resolve('conditional')
    l_0_action = resolve('action')
    l_0_targets = resolve('targets')
    l_0_executor = resolve('executor')
    l_0_condition = resolve('condition')
    l_0_story = resolve('story')
    l_0_stories_printed = resolve('stories_printed')
    l_0_accepted = resolve('accepted')
    l_0_replaced = resolve('replaced')
    l_0_side = resolve('side')
    l_0_last_change = resolve('last_change')
    l_0_code = resolve('code')
    l_0_reason = resolve('reason')
    l_0_detail = resolve('detail')
    l_0_final = resolve('final')
    l_0_deadline = resolve('deadline')
    l_0_retry = resolve('retry')
    l_0_game = resolve('game')
    l_0_turn = resolve('turn')
    l_0_waits_for = missing
    try:
        t_1 = environment.filters['b']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'b' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    pass
    included_template = environment.get_template('_conditions.bbcode.j2', 'move_reply.bbcode.j2')._get_default_module(context)
    l_0_waits_for = getattr(included_template, 'waits_for', missing)
    if l_0_waits_for is missing:
        l_0_waits_for = undefined(f"the template {included_template.__name__!r} (imported on line 16 in 'move_reply.bbcode.j2') does not export the requested name 'waits_for'", name='waits_for')
    context.vars['waits_for'] = l_0_waits_for
    context.exported_vars.discard('waits_for')
    if (undefined(name='no_move') if l_0_no_move is missing else l_0_no_move):
        pass
        if (not (undefined(name='has_moves') if l_0_has_moves is missing else l_0_has_moves)):
            pass
            yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
            yield ', у вашей роли нет ночных ходов, так что ходом это письмо не считается. Ваше время — день: обсуждение и голосование в теме игры.\n'
        elif ((not (undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now)) and (undefined(name='moves_if') if l_0_moves_if is missing else l_0_moves_if)):
            pass
            yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
            yield ', хода в вашем письме я не нашёл. Этой ночью ваш ход условный — '
            yield str(environment.finalize(environment.getattr(environment.getitem((undefined(name='moves_if') if l_0_moves_if is missing else l_0_moves_if), 0), 'action')))
            yield ': '
            yield str(environment.finalize(context.call((undefined(name='waits_for') if l_0_waits_for is missing else l_0_waits_for), environment.getattr(environment.getitem((undefined(name='moves_if') if l_0_moves_if is missing else l_0_moves_if), 0), 'condition'))))
            yield '. Такое письмо можно прислать заранее'
            if (undefined(name='example') if l_0_example is missing else l_0_example):
                pass
                yield ', например: «'
                yield str(environment.finalize((undefined(name='example') if l_0_example is missing else l_0_example)))
                yield '»'
            yield '.\n'
        elif (not (undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now)):
            pass
            yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
            yield ', хода в вашем письме я не нашёл — впрочем, этой ночью хода у вас и нет.\n'
        else:
            pass
            yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
            yield ', хода в вашем письме я не нашёл. Если вы хотели сделать ход, напишите действие и ник'
            if (undefined(name='example') if l_0_example is missing else l_0_example):
                pass
                yield ', например: «'
                yield str(environment.finalize((undefined(name='example') if l_0_example is missing else l_0_example)))
                yield '»'
            yield '.\n'
    elif (undefined(name='conditional') if l_0_conditional is missing else l_0_conditional):
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', письмо принято условно: '
        yield str(environment.finalize((undefined(name='action') if l_0_action is missing else l_0_action)))
        if (undefined(name='targets') if l_0_targets is missing else l_0_targets):
            pass
            yield ' — '
            l_1_loop = missing
            for l_1_t, l_1_loop in LoopContext((undefined(name='targets') if l_0_targets is missing else l_0_targets), undefined):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_1(l_1_t)))
                if (not environment.getattr(l_1_loop, 'last')):
                    pass
                    yield ', '
            l_1_loop = l_1_t = missing
        if (undefined(name='executor') if l_0_executor is missing else l_0_executor):
            pass
            yield ', исполнитель '
            yield str(environment.finalize(t_1((undefined(name='executor') if l_0_executor is missing else l_0_executor))))
        yield '. '
        if ((undefined(name='condition') if l_0_condition is missing else l_0_condition) in ('don_executor', 'no_executor')):
            pass
            yield 'Дон стреляет сам, только если остался в клане один; если так выйдет после дневного голосования, ход засчитается.'
        else:
            pass
            yield 'Пока крёстный отец в игре, жертву выбирает он; если суд его посадит, ваше письмо засчитается.'
        if (undefined(name='story') if l_0_story is missing else l_0_story):
            pass
            if (undefined(name='stories_printed') if l_0_stories_printed is missing else l_0_stories_printed):
                pass
                yield 'Если убийство состоится, газета напечатает ваш рассказ под именем жертвы, не называя убийцу.'
            else:
                pass
                yield 'Рассказов об убийствах газета в этой игре не печатает, так что ваш рассказ останется между нами.'
            yield '\n'
    elif (undefined(name='accepted') if l_0_accepted is missing else l_0_accepted):
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', ваш ход '
        if (undefined(name='replaced') if l_0_replaced is missing else l_0_replaced):
            pass
            yield 'изменён'
        else:
            pass
            yield 'принят'
        yield ': '
        yield str(environment.finalize((undefined(name='action') if l_0_action is missing else l_0_action)))
        if ((undefined(name='side') if l_0_side is missing else l_0_side) == 'town'):
            pass
            yield ' — вы играете за мирных'
        elif ((undefined(name='side') if l_0_side is missing else l_0_side) == 'mafia'):
            pass
            yield ' — вы играете за мафию'
        if (undefined(name='targets') if l_0_targets is missing else l_0_targets):
            pass
            yield ' — '
            l_1_loop = missing
            for l_1_t, l_1_loop in LoopContext((undefined(name='targets') if l_0_targets is missing else l_0_targets), undefined):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_1(l_1_t)))
                if (not environment.getattr(l_1_loop, 'last')):
                    pass
                    yield ', '
            l_1_loop = l_1_t = missing
        if (undefined(name='executor') if l_0_executor is missing else l_0_executor):
            pass
            yield ', исполнитель '
            yield str(environment.finalize(t_1((undefined(name='executor') if l_0_executor is missing else l_0_executor))))
        yield '.\n'
        if (undefined(name='story') if l_0_story is missing else l_0_story):
            pass
            if (undefined(name='stories_printed') if l_0_stories_printed is missing else l_0_stories_printed):
                pass
                yield 'Если убийство состоится, газета напечатает ваш рассказ под именем жертвы, не называя убийцу.'
            else:
                pass
                yield 'Рассказов об убийствах газета в этой игре не печатает, так что ваш рассказ останется между нами.'
            yield '\n'
        if (undefined(name='last_change') if l_0_last_change is missing else l_0_last_change):
            pass
            yield 'Это было последнее изменение: следующие письма этой ночью я уже не учту.\n'
    elif ((not (undefined(name='has_moves') if l_0_has_moves is missing else l_0_has_moves)) and ((undefined(name='code') if l_0_code is missing else l_0_code) not in ('dead', 'missing', 'not_a_player', 'late'))):
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', у вашей роли нет ночных ходов, так что ходом это письмо не считается. Ваше время — день: обсуждение и голосование в теме игры.\n'
    else:
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', ход не принят'
        if (undefined(name='action') if l_0_action is missing else l_0_action):
            pass
            yield ' ('
            yield str(environment.finalize((undefined(name='action') if l_0_action is missing else l_0_action)))
            yield ')'
        yield ': '
        yield str(environment.finalize((undefined(name='reason') if l_0_reason is missing else l_0_reason)))
        yield '.\n'
        if (undefined(name='detail') if l_0_detail is missing else l_0_detail):
            pass
            yield str(environment.finalize((undefined(name='detail') if l_0_detail is missing else l_0_detail)))
            yield '\n'
        if (undefined(name='final') if l_0_final is missing else l_0_final):
            pass
            yield 'Следующие письма этой ночью я тоже не учту.\n'
        elif ((undefined(name='code') if l_0_code is missing else l_0_code) == 'late'):
            pass
            if ((undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now) or (undefined(name='moves_if') if l_0_moves_if is missing else l_0_moves_if)):
                pass
                yield 'Та ночь уже закончилась. Ход на новую ночь, если он у вас есть, пришлите отдельным письмом'
                if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
                    pass
                    yield ' до '
                    yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
                yield '.\n'
        elif (undefined(name='retry') if l_0_retry is missing else l_0_retry):
            pass
            if (((undefined(name='code') if l_0_code is missing else l_0_code) in ('wrong_role', 'not_your_move', 'wrong_turn', 'wrong_action', 'not_now')) and (undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now)):
                pass
                if (t_3((undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now)) == 1):
                    pass
                    yield 'Ваш ход этой ночью — '
                    yield str(environment.finalize(environment.getitem((undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now), 0)))
                    yield '.\n'
                else:
                    pass
                    yield 'Ваши ходы этой ночью: '
                    yield str(environment.finalize(t_2(context.eval_ctx, (undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now), ', ')))
                    yield '.\n'
            for l_1_m in (undefined(name='moves_if') if l_0_moves_if is missing else l_0_moves_if):
                _loop_vars = {}
                pass
                if (undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now):
                    pass
                    yield 'Условный ход'
                else:
                    pass
                    yield 'Этой ночью ваш ход условный'
                yield ' — '
                yield str(environment.finalize(environment.getattr(l_1_m, 'action')))
                yield ': '
                yield str(environment.finalize(context.call((undefined(name='waits_for') if l_0_waits_for is missing else l_0_waits_for), environment.getattr(l_1_m, 'condition'), _loop_vars=_loop_vars)))
                yield '.\n'
            l_1_m = missing
            yield 'Исправленный ход можно прислать'
            if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
                pass
                yield ' до '
                yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
            else:
                pass
                yield ' до дедлайна'
            if ((undefined(name='example') if l_0_example is missing else l_0_example) and ((undefined(name='code') if l_0_code is missing else l_0_code) in ('wrong_role', 'not_your_move', 'wrong_turn', 'wrong_action', 'not_now', 'unparsed', 'no_target', 'wrong_targets'))):
                pass
                yield ', например: «'
                yield str(environment.finalize((undefined(name='example') if l_0_example is missing else l_0_example)))
                yield '»'
            yield '.\n'
        elif ((((undefined(name='has_moves') if l_0_has_moves is missing else l_0_has_moves) and (not (undefined(name='moves_now') if l_0_moves_now is missing else l_0_moves_now))) and (not (undefined(name='moves_if') if l_0_moves_if is missing else l_0_moves_if))) and ((undefined(name='code') if l_0_code is missing else l_0_code) not in ('dead', 'missing', 'not_a_player'))):
            pass
            if (((undefined(name='game') if l_0_game is missing else l_0_game) == 'gambler') and ((undefined(name='turn') if l_0_turn is missing else l_0_turn) <= 1)):
                pass
                yield 'Первый день — день знакомства: этой ночью ходов нет ни у кого. Ваш первый ход — в следующую ночь.\n'
            elif (((undefined(name='game') if l_0_game is missing else l_0_game) == 'pefl') and ((undefined(name='turn') if l_0_turn is missing else l_0_turn) == 0)):
                pass
                yield 'В нулевую ночь ходит только маньяк, а кланы выбирают Донов. Ваш первый ход — в следующую ночь.\n'
            else:
                pass
                yield 'Этой ночью хода у вас нет.\n'

blocks = {}
debug_info = '16=55&17=61&18=63&19=65&20=67&21=69&22=81&23=83&25=87&27=95&28=97&29=123&30=125&33=132&34=134&35=167&36=169&39=176&42=179&43=181&45=185&46=195&47=197&49=199&51=202&52=204&53=207&55=212&56=214&57=216&58=219&60=224&63=226&64=229&66=242&67=255&68=257&70=260'
