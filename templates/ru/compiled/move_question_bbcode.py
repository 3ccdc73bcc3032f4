# Compiled from templates/ru/move_question.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '70b253fa57b41e0825f8525057a5853808c486a9db1190cf02c8fd8f8679bb92'
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
    l_0_final = resolve('final')
    l_0_nick = resolve('nick')
    l_0_standing = resolve('standing')
    l_0_question = resolve('question')
    l_0_deadline = resolve('deadline')
    l_0_waits_for = l_0_held = missing
    pass
    included_template = environment.get_template('_conditions.bbcode.j2', 'move_question.bbcode.j2')._get_default_module(context)
    l_0_waits_for = getattr(included_template, 'waits_for', missing)
    if l_0_waits_for is missing:
        l_0_waits_for = undefined(f"the template {included_template.__name__!r} (imported on line 13 in 'move_question.bbcode.j2') does not export the requested name 'waits_for'", name='waits_for')
    context.vars['waits_for'] = l_0_waits_for
    context.exported_vars.discard('waits_for')
    def macro():
        t_1 = []
        l_1_condition = resolve('condition')
        pass
        t_1.append(
            str(environment.finalize((undefined(name='standing') if l_0_standing is missing else l_0_standing))),
        )
        if (undefined(name='condition') if l_1_condition is missing else l_1_condition):
            pass
            t_1.extend((
                ' (условно: ',
                str(environment.finalize(context.call((undefined(name='waits_for') if l_0_waits_for is missing else l_0_waits_for), (undefined(name='condition') if l_1_condition is missing else l_1_condition)))),
                ')',
            ))
        return concat(t_1)
    context.exported_vars.add('held')
    context.vars['held'] = l_0_held = Macro(environment, macro, 'held', (), False, False, False, context.eval_ctx.autoescape)
    if (undefined(name='final') if l_0_final is missing else l_0_final):
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
debug_info = '13=17&14=23&15=40&16=42&18=51&19=53&20=55'
