# Compiled from templates/ru/_roles.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '8b2f27db2628da44575c490412fd080a2f2c0d833cdf7d6678b2847d96322152'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_roles.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_letter = l_0_gambler = l_0_pefl = l_0_day_duties = l_0_how_to_send = missing
    try:
        t_1 = environment.filters['num_gen']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'num_gen' found.")
    try:
        t_2 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    def macro(l_1_r, l_1_action):
        t_3 = []
        if l_1_r is missing:
            l_1_r = undefined("parameter 'r' was not provided", name='r')
        if l_1_action is missing:
            l_1_action = undefined("parameter 'action' was not provided", name='action')
        pass
        if environment.getitem(environment.getattr(l_1_r, 'letters'), l_1_action):
            pass
            t_3.extend((
                '«',
                str(environment.finalize(environment.getitem(environment.getattr(l_1_r, 'letters'), l_1_action))),
                '»',
            ))
        return concat(t_3)
    context.exported_vars.add('letter')
    context.vars['letter'] = l_0_letter = Macro(environment, macro, 'letter', ('r', 'action'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_r):
        t_4 = []
        if l_1_r is missing:
            l_1_r = undefined("parameter 'r' was not provided", name='r')
        pass
        if (environment.getattr(l_1_r, 'id') == 'civilian'):
            pass
            t_4.append(
                'Ночных ходов у вас нет: ваша сила — днём, в обсуждении и голосовании. Ищите мафию по словам и голосам.\n',
            )
        elif (environment.getattr(l_1_r, 'id') == 'commissar'):
            pass
            t_4.extend((
                'Каждую ночь вы проверяете одного игрока и узнаёте его роль (маньяк при проверке выглядит мирным жителем). Если проверите шерифа, вы с ним узнаете друг друга.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'check'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'lawyer'):
            pass
            t_4.extend((
                'Каждую ночь вы проверяете одного игрока и узнаёте его роль (маньяк при проверке выглядит мирным жителем). Если проверите кого-то из мафии, вы с мафией узнаете друг друга.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'check'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'sheriff'):
            pass
            t_4.extend((
                'Каждую ночь вы можете застрелить одного игрока.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'kill'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'doctor'):
            pass
            t_4.extend((
                'Каждую ночь вы лечите одного игрока: этой ночью его никто не убьёт. Себя можно лечить только один раз за игру. Газета сообщит, кого вы лечили.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'heal'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'maniac'):
            pass
            t_4.extend((
                'Вы играете сами за себя и побеждаете, только если останетесь в живых один. Каждую ночь вы убиваете одного игрока.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'kill'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'prostitute'):
            pass
            t_4.append(
                'Каждую ночь вы приглашаете к себе одного игрока; дважды за игру одного и того же пригласить нельзя. Если ваш гость — шериф, доктор, комиссар, маньяк',
            )
            if environment.getattr(l_1_r, 'blocks_lawyer'):
                pass
                t_4.append(
                    ', крёстный отец или адвокат',
                )
            else:
                pass
                t_4.append(
                    ' или крёстный отец',
                )
            t_4.extend((
                ', этой ночью он не сделает хода.\nПока вы играете сами за себя. Проверит вас комиссар — перейдёте на сторону мирных, адвокат — на сторону мафии; если проверят оба в одну ночь, сторону выберете сами.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'block'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'godfather'):
            pass
            t_4.extend((
                'Вы глава мафии: каждую ночь вы решаете, кого она убьёт, и пишете мне. Если путана пригласит вас к себе, этой ночью мафия не стреляет.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'kill'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'mafia'):
            pass
            t_4.extend((
                'Пока крёстный отец в игре, жертву выбирает он. Когда его не станет, выбирать будете вы: убийство состоится, если все письма мафии назовут одного и того же игрока.\nКак написать, когда придёт время: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'kill'))),
                '.\n',
            ))
        if environment.getattr(l_1_r, 'stories'):
            pass
            t_4.append(
                'К письму об убийстве можно добавить рассказ о том, как всё случилось, — отдельной строкой «Способ: …». Газета напечатает его под именем жертвы, не называя убийцу.\n',
            )
        return concat(t_4)
    context.exported_vars.add('gambler')
    context.vars['gambler'] = l_0_gambler = Macro(environment, macro, 'gambler', ('r',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_r, l_1_clan):
        t_5 = []
        if l_1_r is missing:
            l_1_r = undefined("parameter 'r' was not provided", name='r')
        if l_1_clan is missing:
            l_1_clan = undefined("parameter 'clan' was not provided", name='clan')
        pass
        if (environment.getattr(l_1_r, 'id') == 'civilian'):
            pass
            t_5.append(
                'Ночных ходов у вас нет: ваша сила — днём, в обсуждении и голосовании. Ищите мафию по словам и голосам.\n',
            )
        elif (environment.getattr(l_1_r, 'id') == 'commissar'):
            pass
            t_5.extend((
                'Каждый ход вы проверяете одного игрока: у мафиози узнаете только клан, ВСБ так и покажется ВСБ, у остальных — точную роль. Если проверенного этой ночью избил громила, вы узнаете и ник громилы. Сержант получает копию каждой вашей проверки.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'check'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'sergeant'):
            pass
            t_5.extend((
                'Вы получаете копию каждой проверки комиссара. Если комиссар выбудет, со следующего хода комиссаром станете вы и начнёте проверять сами — тогда и пишите: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'check'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'ninja'):
            pass
            t_5.extend((
                'Вы убиваете, когда сочтёте нужным: ход не обязателен. Но если от вашего клинка погибнут двое мирных — мирные жители или ВСБ, — в ту же ночь вы совершите харакири. Если вас повесят, по вашему завещанию этой ночью погибнет первый, кто голосовал против вас.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'kill'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'doctor'):
            pass
            t_5.extend((
                'Каждый ход вы лечите одного игрока: этой ночью его не убьют ни мафия, ни маньяк. Лечение бессильно против ниндзя и камикадзе и против двух покушений за ночь. Одного и того же игрока нельзя лечить два хода подряд, себя — нельзя вовсе.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'heal'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') == 'necromancer'):
            pass
            t_5.extend((
                'В первый и второй ход вы раздаёте два протекта — оба сразу или по одному, но не себе. Убитого под вашим протектом вы воскресите, если сами будете живы; от повешения и пропажи без вести протект не спасает.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'protect'))),
                '.\nЕсли комиссар, сержант, ниндзя и врач все погибнут от рук мафии или маньяка (и никого из них не повесят), а в живых, кроме вас, останутся хотя бы четверо, вы сможете один раз поднять Армию Тьмы: два названных вами игрока погибнут — и вы вместе с ними.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'army'))),
                '.\n',
            ))
        elif (environment.getattr(l_1_r, 'id') in ('mafia', 'thug', 'kamikaze')):
            pass
            t_5.extend((
                'Вы — член клана ',
                str(environment.finalize(l_1_clan)),
                '. Каждую ночь клан убивает одного игрока: Дон пишет мне, кого убить и кто из клана исполнит; сам Дон стреляет, только если остался в клане один. Если Дон промолчит, засчитается первое письмо любого члена клана, а исполнителем станет его автор. Своих и своего ВСБ убивать нельзя.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'kill'))),
                '.\n',
            ))
            if (environment.getattr(l_1_r, 'id') == 'thug'):
                pass
                t_5.extend((
                    'Вместо выстрела вы можете избить игрока: этой ночью он теряет ход, а весь следующий ход молчит и не голосует. Одного и того же игрока можно избить только раз за игру, ВСБ своего клана — никогда; в ночь избиения вы не можете быть исполнителем. Осторожно: кто поднимет руку на камикадзе или на маньяка в засаде, погибнет.\nКак написать: ',
                    str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'beat'))),
                    '.\n',
                ))
            elif (environment.getattr(l_1_r, 'id') == 'kamikaze'):
                pass
                t_5.extend((
                    'Один раз за игру вы можете взорвать игрока: он погибнет, что бы его ни защищало, — и вы вместе с ним. Кто попытается убить или избить вас, погибнет вместе с вами.\nКак написать: ',
                    str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'blast'))),
                    '.\n',
                ))
        elif (environment.getattr(l_1_r, 'id') == 'maniac'):
            pass
            t_5.extend((
                'Вы играете сами за себя и побеждаете, только если останетесь в живых один. Каждый ход, начиная с нулевого, вы можете убить одного игрока. Бронежилет спасёт вас от первой пули мафии. Один раз за игру вместо убийства можно устроить засаду: все, кто этой ночью попытается вас убить, избить или проверить, погибнут сами.\nКак написать: ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'kill'))),
                ', а для засады — ',
                str(environment.finalize(context.call((undefined(name='letter') if l_0_letter is missing else l_0_letter), l_1_r, 'ambush'))),
                '.\n',
            ))
        return concat(t_5)
    context.exported_vars.add('pefl')
    context.vars['pefl'] = l_0_pefl = Macro(environment, macro, 'pefl', ('r', 'clan'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_ruleset, l_1_r, l_1_turn):
        t_6 = []
        if l_1_ruleset is missing:
            l_1_ruleset = undefined("parameter 'ruleset' was not provided", name='ruleset')
        if l_1_r is missing:
            l_1_r = undefined("parameter 'r' was not provided", name='r')
        if l_1_turn is missing:
            l_1_turn = undefined("parameter 'turn' was not provided", name='turn')
        pass
        if (l_1_ruleset == 'pefl'):
            pass
            t_6.extend((
                'Днём игра идёт в теме. Каждый ход пишите там хотя бы одно сообщение: кто промолчит весь ход, тот пропадает без вести. Голосуют так: ник игрока красным цветом и обоснование своими словами (не меньше ',
                str(environment.finalize(t_1(environment.getattr(l_1_r, 'min_reason_words')))),
                ' ',
                str(environment.finalize(('слова' if (environment.getattr(l_1_r, 'min_reason_words') == 1) else 'слов'))),
                '). Изменить голос нельзя — засчитывается первый. Поддержать чужой голос можно, процитировав его и написав тот же ник красным. Пропустить голосование можно один раз: после второго пропуска игрок пропадает без вести.\n',
            ))
            if (l_1_turn == 0):
                pass
                t_6.append(
                    'Нулевой ход проходит без голосования: ночью ходит только маньяк, а кланы выбирают Донов.\n',
                )
        else:
            pass
            if (l_1_turn <= 1):
                pass
                t_6.append(
                    'Первый день — знакомство: ни номинаций, ни суда, ни ночных ходов.\n',
                )
            t_6.append(
                'Со второго дня каждый день начинается с номинаций: напишите в теме игры ник игрока зелёным цветом (засчитывается последний зелёный ник до дедлайна; кто никого не назвал, номинировал сам себя). Набравшие порог идут в Суд Слона: там все голосуют ником одного из номинантов, и у кого больше голосов, тот отправляется в тюрьму.\n',
            )
        return concat(t_6)
    context.exported_vars.add('day_duties')
    context.vars['day_duties'] = l_0_day_duties = Macro(environment, macro, 'day_duties', ('ruleset', 'r', 'turn'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_r):
        t_7 = []
        l_1_plural = resolve('plural')
        if l_1_r is missing:
            l_1_r = undefined("parameter 'r' was not provided", name='r')
        pass
        t_7.append(
            'Ходы присылайте мне в личные сообщения (на этот аккаунт) до дедлайна. ',
        )
        if t_2(environment.getattr(l_1_r, 'changes')):
            pass
            t_7.append(
                'Передумали — пришлите новое письмо: засчитывается последнее.',
            )
        elif (environment.getattr(l_1_r, 'changes') == 0):
            pass
            t_7.append(
                'Изменить ход нельзя: засчитывается первое письмо.',
            )
        else:
            pass
            t_7.append(
                'Передумали — пришлите новое письмо: изменить ход можно ',
            )
            if (environment.getattr(l_1_r, 'changes') == 1):
                pass
                t_7.append(
                    'один раз',
                )
            else:
                pass
                t_7.extend((
                    str(environment.finalize(environment.getattr(l_1_r, 'changes'))),
                    ' ',
                    str(environment.finalize(context.call((undefined(name='plural') if l_1_plural is missing else l_1_plural), environment.getattr(l_1_r, 'changes'), 'раз', 'раза', 'раз'))),
                ))
            t_7.append(
                ' за ночь, следующие письма уже не учитываются.',
            )
        t_7.append(
            ' На каждое письмо я отвечу, принят ли ход. Ники в примерах взяты наугад.\n',
        )
        return concat(t_7)
    context.exported_vars.add('how_to_send')
    context.vars['how_to_send'] = l_0_how_to_send = Macro(environment, macro, 'how_to_send', ('r',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '5=24&7=42&8=47&10=52&12=56&13=59&15=63&16=66&18=70&19=73&21=77&22=80&24=84&25=87&26=92&28=104&29=107&31=111&32=114&34=118&36=121&41=130&42=137&44=142&46=146&47=149&48=153&49=156&51=160&52=163&54=167&55=170&57=174&59=176&60=179&61=183&62=185&63=188&65=192&66=195&68=199&70=202&72=206&76=215&77=224&78=228&79=233&83=240&90=252&91=261'
