# Compiled from templates/ru/_conditions.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '7cd6f9cf324bc61af2e0e847be2a778970a13aa656081880ceebe8448f3ceaa9'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_conditions.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_waits_for = missing
    pass
    def macro(l_1_condition):
        t_1 = []
        if l_1_condition is missing:
            l_1_condition = undefined("parameter 'condition' was not provided", name='condition')
        pass
        if (l_1_condition in ('don_executor', 'no_executor')):
            pass
            t_1.append(
                'Дон стреляет сам, только если остался в клане один; если так выйдет после дневного голосования, ход засчитается',
            )
        elif (l_1_condition == 'wrong_role'):
            pass
            t_1.append(
                'пока крёстный отец в игре, жертву выбирает он, а ваше письмо засчитается, только если суд посадит его до ночи',
            )
        else:
            pass
            t_1.append(
                'письмо засчитается, только если к ночи такой ход станет возможен',
            )
        return concat(t_1)
    context.exported_vars.add('waits_for')
    context.vars['waits_for'] = l_0_waits_for = Macro(environment, macro, 'waits_for', ('condition',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '6=12'
