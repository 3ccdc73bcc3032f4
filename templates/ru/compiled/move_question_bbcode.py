# Compiled from templates/ru/move_question.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '15bc381b24b39e07c46b03c97df2e53db2399c464633613ac280d289cd63e873'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'move_question.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_dead = resolve('dead')
    l_0_final = resolve('final')
    l_0_nick = resolve('nick')
    l_0_asked = resolve('asked')
    l_0_standing = resolve('standing')
    l_0_deadline = resolve('deadline')
    l_0_question = resolve('question')
    l_0_waits_for = l_0_held = missing
    try:
        t_1 = environment.filters['b']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'b' found.")
    pass
    included_template = environment.get_template('_conditions.bbcode.j2', 'move_question.bbcode.j2')._get_default_module(context)
    l_0_waits_for = getattr(included_template, 'waits_for', missing)
    if l_0_waits_for is missing:
        l_0_waits_for = undefined(f"the template {included_template.__name__!r} (imported on line 16 in 'move_question.bbcode.j2') does not export the requested name 'waits_for'", name='waits_for')
    context.vars['waits_for'] = l_0_waits_for
    context.exported_vars.discard('waits_for')
    def macro():
        t_2 = []
        l_1_condition = resolve('condition')
        pass
        t_2.append(
            str(environment.finalize((undefined(name='standing') if l_0_standing is missing else l_0_standing))),
        )
        if (undefined(name='condition') if l_1_condition is missing else l_1_condition):
            pass
            t_2.extend((
                ' (условно: ',
                str(environment.finalize(context.call((undefined(name='waits_for') if l_0_waits_for is missing else l_0_waits_for), (undefined(name='condition') if l_1_condition is missing else l_1_condition)))),
                ')',
            ))
        return concat(t_2)
    context.exported_vars.add('held')
    context.vars['held'] = l_0_held = Macro(environment, macro, 'held', (), False, False, False, context.eval_ctx.autoescape)
    if ((undefined(name='dead') if l_0_dead is missing else l_0_dead) and (undefined(name='final') if l_0_final is missing else l_0_final)):
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', игрок '
        yield str(environment.finalize(t_1((undefined(name='dead') if l_0_dead is missing else l_0_dead))))
        yield ' уже выбыл из игры, так что '
        if (undefined(name='asked') if l_0_asked is missing else l_0_asked):
            pass
            yield 'ход «'
            yield str(environment.finalize((undefined(name='asked') if l_0_asked is missing else l_0_asked)))
            yield '»'
        else:
            pass
            yield 'ход'
        yield ' не засчитан, а изменить ход этой ночью вы уже не можете.'
        if (undefined(name='standing') if l_0_standing is missing else l_0_standing):
            pass
            yield ' В силе ваш прежний ход: '
            yield str(environment.finalize(context.call((undefined(name='held') if l_0_held is missing else l_0_held))))
            yield '.'
    elif (undefined(name='dead') if l_0_dead is missing else l_0_dead):
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', игрок '
        yield str(environment.finalize(t_1((undefined(name='dead') if l_0_dead is missing else l_0_dead))))
        yield ' уже выбыл из игры, так что '
        if (undefined(name='asked') if l_0_asked is missing else l_0_asked):
            pass
            yield 'ход «'
            yield str(environment.finalize((undefined(name='asked') if l_0_asked is missing else l_0_asked)))
            yield '»'
        else:
            pass
            yield 'ход'
        yield ' не засчитан.\nВыберите, пожалуйста, другого игрока и ответьте новым письмом '
        if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
            pass
            yield 'до '
            yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
        else:
            pass
            yield 'до дедлайна'
        yield '.'
        if (undefined(name='standing') if l_0_standing is missing else l_0_standing):
            pass
            yield ' Пока ответа нет, в силе ваш прежний ход: '
            yield str(environment.finalize(context.call((undefined(name='held') if l_0_held is missing else l_0_held))))
            yield '.'
        else:
            pass
            yield ' Пока ответа нет, ход этой ночью не засчитан.'
    elif (undefined(name='final') if l_0_final is missing else l_0_final):
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', я не совсем понял ваше письмо, но переспрашивать не буду: изменить ход этой ночью вы уже не можете, так что это письмо не засчитано.'
        if (undefined(name='standing') if l_0_standing is missing else l_0_standing):
            pass
            yield ' В силе ваш прежний ход: '
            yield str(environment.finalize(context.call((undefined(name='held') if l_0_held is missing else l_0_held))))
            yield '.'
    else:
        pass
        yield str(environment.finalize((undefined(name='nick') if l_0_nick is missing else l_0_nick)))
        yield ', я не совсем понял ваше письмо.\n'
        yield str(environment.finalize((undefined(name='question') if l_0_question is missing else l_0_question)))
        yield '\nОтветьте новым письмом '
        if (undefined(name='deadline') if l_0_deadline is missing else l_0_deadline):
            pass
            yield 'до '
            yield str(environment.finalize((undefined(name='deadline') if l_0_deadline is missing else l_0_deadline)))
        else:
            pass
            yield 'до дедлайна'
        yield '.'
        if (undefined(name='standing') if l_0_standing is missing else l_0_standing):
            pass
            yield ' Пока ответа нет, в силе ваш прежний ход: '
            yield str(environment.finalize(context.call((undefined(name='held') if l_0_held is missing else l_0_held))))
            yield '.'
        else:
            pass
            yield ' Пока ответа нет, ход этой ночью не засчитан.'

blocks = {}
debug_info = '16=25&17=31&18=48&19=50&20=68&21=70&22=83&23=99&24=101&26=110&27=112&28=114'
