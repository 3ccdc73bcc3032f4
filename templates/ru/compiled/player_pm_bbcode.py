# Compiled from templates/ru/player_pm.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = 'c299ee202caba746f51e8c6b57bb8942140ff1d93496f931557d9f51ba369cc3'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'player_pm.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_role = resolve('role')
    l_0_nick = resolve('nick')
    l_0_game_name = resolve('game_name')
    l_0_ruleset_name = resolve('ruleset_name')
    l_0_ruleset = resolve('ruleset')
    l_0_turn = resolve('turn')
    l_0_events = resolve('events')
    l_0_deadline = resolve('deadline')
    l_0_roles = missing
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
    try:
        t_4 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_roles = context.vars['roles'] = environment.get_template('_roles.bbcode.j2', 'player_pm.bbcode.j2')._get_default_module(context)
    context.exported_vars.discard('roles')
    if (undefined(name='role') if l_0_role is missing else l_0_role):
        pass
        yield 'Здравствуйте, '
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield '!\n\nВы в игре «'
        yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
        yield '»'
        if (undefined(name='ruleset_name') if l_0_ruleset_name is missing else l_0_ruleset_name):
            pass
            yield ' по правилам '
            yield str(environment.finalize((undefined(name='ruleset_name') if l_0_ruleset_name is missing else l_0_ruleset_name)))
        yield '.\n'
    else:
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', личные новости по игре «'
        yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
        yield '», '
        if ((undefined(name='ruleset') if l_0_ruleset is missing else l_0_ruleset) == 'gambler'):
            pass
            yield 'день'
        else:
            pass
            yield 'ход'
        yield ' '
        yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
        yield '.\n'
    yield '\n'
    l_1_loop = missing
    for l_1_e, l_1_loop in LoopContext((undefined(name='events') if l_0_events is missing else l_0_events), undefined):
        _loop_vars = {}
        pass
        if (environment.getattr(l_1_e, 'kind') == 'RoleDealt'):
            pass
            yield 'Ваша роль — '
            yield str(environment.finalize(t_1(environment.getattr(l_1_e, 'role_label'))))
            yield '.\n\n'
            if ((undefined(name='ruleset') if l_0_ruleset is missing else l_0_ruleset) == 'gambler'):
                pass
                yield str(environment.finalize(t_4(context.call(environment.getattr((undefined(name='roles') if l_0_roles is missing else l_0_roles), 'gambler'), (undefined(name='role') if l_0_role is missing else l_0_role), _loop_vars=_loop_vars))))
                yield '\n'
            else:
                pass
                yield str(environment.finalize(t_4(context.call(environment.getattr((undefined(name='roles') if l_0_roles is missing else l_0_roles), 'pefl'), (undefined(name='role') if l_0_role is missing else l_0_role), environment.getattr(l_1_e, 'clan_label'), _loop_vars=_loop_vars))))
                yield '\n'
            if environment.getattr((undefined(name='role') if l_0_role is missing else l_0_role), 'elect_don'):
                pass
                yield '\nНо сначала, в нулевой ход, клан выбирает Дона: любой из вас пишет мне '
                if environment.getattr((undefined(name='role') if l_0_role is missing else l_0_role), 'don_example'):
                    pass
                    yield '«'
                    yield str(environment.finalize(environment.getattr((undefined(name='role') if l_0_role is missing else l_0_role), 'don_example')))
                    yield '»'
                else:
                    pass
                    yield '«Дон:» и ник'
                yield ' (можно назвать и себя). Доном может стать только рядовой мафиози — не громила и не камикадзе. Побеждает тот, кого назовут чаще, а при равенстве — тот, кого назвали первым. Если никто не напишет, Дона назначу я.\n'
            if environment.getattr((undefined(name='role') if l_0_role is missing else l_0_role), 'acts'):
                pass
                yield '\n'
                yield str(environment.finalize(t_4(context.call(environment.getattr((undefined(name='roles') if l_0_roles is missing else l_0_roles), 'how_to_send'), (undefined(name='role') if l_0_role is missing else l_0_role), _loop_vars=_loop_vars))))
                yield '\n'
            yield '\n'
        elif ((environment.getattr(l_1_e, 'kind') == 'AcquaintanceMade') and environment.getattr(l_1_e, 'others_labels')):
            pass
            if (environment.getattr(l_1_e, 'reason') == 'clan'):
                pass
                if ((undefined(name='ruleset') if l_0_ruleset is missing else l_0_ruleset) == 'pefl'):
                    pass
                    yield 'Ваш клан'
                elif (t_3(environment.getattr(l_1_e, 'others_labels')) == 1):
                    pass
                    yield 'Ваш сообщник'
                else:
                    pass
                    yield 'Ваши сообщники'
            elif (environment.getattr(l_1_e, 'reason') == 'commissar_sergeant'):
                pass
                yield 'Ваш напарник'
            elif (environment.getattr(l_1_e, 'reason') == 'commissar_sheriff'):
                pass
                if (environment.getattr(l_1_e, 'others') and (environment.getitem(environment.getitem(environment.getattr(l_1_e, 'others'), 0), 1) == 'sheriff')):
                    pass
                    yield 'Вы проверили шерифа, и теперь вы знаете друг друга'
                else:
                    pass
                    yield 'Комиссар проверил вас, и теперь вы знаете друг друга'
            else:
                pass
                yield 'Теперь вы знакомы'
            yield ': '
            l_2_loop = missing
            for (l_2_n, l_2_r), l_2_loop in LoopContext(environment.getattr(l_1_e, 'others_labels'), undefined):
                _loop_vars = {}
                pass
                yield str(environment.finalize(t_1(l_2_n)))
                yield ' ('
                yield str(environment.finalize(l_2_r))
                yield ')'
                if (not environment.getattr(l_2_loop, 'last')):
                    pass
                    yield ', '
            l_2_loop = l_2_n = l_2_r = missing
            yield '.\n\n'
        elif (environment.getattr(l_1_e, 'kind') == 'DonChosen'):
            pass
            if environment.getattr(l_1_e, 'me'):
                pass
                yield 'Дон клана '
                yield str(environment.finalize(environment.getattr(l_1_e, 'clan_label')))
                yield ' — вы'
                if (environment.getattr(l_1_e, 'by') == 'appointment'):
                    pass
                    yield ': вас назначил ведущий'
                yield '. '
                if environment.getattr(l_1_e, 'alone'):
                    pass
                    yield 'В клане вы один, поэтому стреляете сами: каждую ночь пишите мне, кого убить, — «'
                    yield str(environment.finalize(environment.getattr(l_1_e, 'example')))
                    yield '».'
                else:
                    pass
                    yield 'Каждую ночь пишите мне, кого убить и кто из клана исполнит: «'
                    yield str(environment.finalize(environment.getattr(l_1_e, 'example')))
                    yield '».'
            else:
                pass
                yield 'Дон клана '
                yield str(environment.finalize(environment.getattr(l_1_e, 'clan_label')))
                yield ' — '
                yield str(environment.finalize(t_1(environment.getattr(l_1_e, 'nick'))))
                if (environment.getattr(l_1_e, 'by') == 'appointment'):
                    pass
                    yield ' (назначен ведущим)'
                yield '. Убийство заказывает он; если Дон промолчит, засчитается первое письмо любого из вас.\n'
            yield '\n'
        elif (environment.getattr(l_1_e, 'kind') == 'CheckResult'):
            pass
            if (environment.getattr(l_1_e, 'by') == 'sergeant'):
                pass
                yield 'Копия проверки комиссара'
            else:
                pass
                yield 'Итог вашей проверки'
            yield ': '
            yield str(environment.finalize(t_1(environment.getattr(l_1_e, 'target'))))
            yield ' — '
            yield str(environment.finalize(environment.getattr(l_1_e, 'result_label')))
            yield '.'
            if environment.getattr(l_1_e, 'thug'):
                pass
                yield ' В ту же ночь этого игрока избил громила — '
                yield str(environment.finalize(t_1(environment.getattr(l_1_e, 'thug'))))
                yield '.'
            yield '\n\n'
        elif (environment.getattr(l_1_e, 'kind') == 'SideChoiceAsked'):
            pass
            yield 'Вас проверили и комиссар, и адвокат: выбор стороны за вами. Ответьте письмом «За мирных» или «За мафию»'
            if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
                pass
                yield ' до '
                yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
            else:
                pass
                yield ' до дедлайна'
            yield '; если ответа не будет, сторону определят правила игры.\n\n'
        elif (environment.getattr(l_1_e, 'kind') == 'MoveAccepted'):
            pass
            yield 'Ход принят: '
            yield str(environment.finalize(environment.getattr(l_1_e, 'action_label')))
            if environment.getattr(l_1_e, 'targets'):
                pass
                yield ' — '
                yield str(environment.finalize(t_2(context.eval_ctx, environment.getattr(l_1_e, 'targets'), ', ')))
            yield '.\n\n'
        elif (environment.getattr(l_1_e, 'kind') == 'MoveRejected'):
            pass
            yield 'Ход не принят ('
            yield str(environment.finalize(environment.getattr(l_1_e, 'action_label')))
            yield '): '
            yield str(environment.finalize(environment.getattr(l_1_e, 'reason_ru')))
            yield '.\n\n'
        elif (environment.getattr(l_1_e, 'kind') == 'Promoted'):
            pass
            yield 'Комиссар выбыл из игры, и теперь комиссар — вы. Каждый ход проверяйте одного игрока, например: «'
            yield str(environment.finalize(environment.getattr(l_1_e, 'example')))
            yield '».\n\n'
    l_1_loop = l_1_e = missing
    if (undefined(name='role') if l_0_role is missing else l_0_role):
        pass
        yield str(environment.finalize(t_4(context.call(environment.getattr((undefined(name='roles') if l_0_roles is missing else l_0_roles), 'day_duties'), (undefined(name='ruleset') if l_0_ruleset is missing else l_0_ruleset), (undefined(name='role') if l_0_role is missing else l_0_role), (undefined(name='turn') if l_0_turn is missing else l_0_turn)))))
        yield '\n'
        if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
            pass
            yield '\nПервый дедлайн — '
            yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
            yield '. Удачной игры!\n'
        else:
            pass
            yield '\nУдачной игры!\n'

blocks = {}
debug_info = '5=44&6=46&7=49&9=51&11=60&14=75&15=78&16=81&18=83&19=85&21=89&23=91&25=94&27=103&29=106&32=109&33=111&35=150&36=152&37=155&39=174&42=182&43=184&46=201&47=204&49=212&50=215&52=221&53=224&55=228&56=231&60=234&61=236&62=238&64=241'
