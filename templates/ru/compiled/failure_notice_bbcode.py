# Compiled from templates/ru/failure_notice.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '811eb4ee9ce4e9be11c3da3bb7f292dfa10a55fe8ae636d9970fe84436f29942'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'failure_notice.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_what = resolve('what')
    l_0_turn_name = resolve('turn_name')
    l_0_turn = resolve('turn')
    l_0_why = resolve('why')
    l_0_recipient = resolve('recipient')
    l_0_pick = resolve('pick')
    try:
        t_1 = environment.filters['gender']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'gender' found.")
    pass
    yield '[b][color=red]Не отправлено:[/color] '
    yield str(environment.finalize((undefined(name='what') if l_0_what is missing else l_0_what)))
    yield ', '
    yield str(environment.finalize((undefined(name='turn_name') if l_0_turn_name is missing else l_0_turn_name)))
    yield ' '
    yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
    yield '[/b]\nФорум не принял это сообщение, и бот больше не пытается его отправить. Причина: '
    yield str(environment.finalize((undefined(name='why') if l_0_why is missing else l_0_why)))
    yield '.\n'
    if (undefined(name='recipient') if l_0_recipient is missing else l_0_recipient):
        pass
        yield 'Получатель — '
        yield str(environment.finalize((undefined(name='recipient') if l_0_recipient is missing else l_0_recipient)))
        yield ': перешлите '
        yield str(environment.finalize(context.call((undefined(name='pick') if l_0_pick is missing else l_0_pick), t_1((undefined(name='recipient') if l_0_recipient is missing else l_0_recipient)), 'ему', 'ей', 'ему')))
        yield ' текст ниже сами.\n'
    else:
        pass
        yield 'Опубликуйте текст ниже в теме игры сами (процитируйте это письмо, чтобы взять его с разметкой).\n'
    yield '────────────'

blocks = {}
debug_info = '4=24&5=30&6=32&7=35'
