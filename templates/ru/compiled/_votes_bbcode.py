# Compiled from templates/ru/_votes.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '2d13dca6e3ffedf0433e66a8fb601cda5efd4c3ef5fd1296009e93e6aab2541f'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_votes.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_in_order = l_0_by_target = l_0_rejected = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    pass
    def macro(l_1_rec):
        t_2 = []
        if l_1_rec is missing:
            l_1_rec = undefined("parameter 'rec' was not provided", name='rec')
        pass
        for l_2_o in environment.getattr(l_1_rec, 'order'):
            _loop_vars = {}
            pass
            t_2.extend((
                str(environment.finalize(environment.getattr(l_2_o, 'n'))),
                '. ',
                str(environment.finalize(environment.getattr(l_2_o, 'voter'))),
                ' → ',
                str(environment.finalize(environment.getattr(l_2_o, 'target'))),
            ))
            if environment.getattr(l_2_o, 'when'):
                pass
                t_2.extend((
                    ' (',
                    str(environment.finalize(environment.getattr(l_2_o, 'when'))),
                    ')',
                ))
            if environment.getattr(l_2_o, 'agreed'):
                pass
                t_2.append(
                    ' — ',
                )
                if environment.getattr(l_2_o, 'agreed_n'):
                    pass
                    t_2.extend((
                        'в поддержку голоса №',
                        str(environment.finalize(environment.getattr(l_2_o, 'agreed_n'))),
                        ' (',
                        str(environment.finalize(environment.getattr(l_2_o, 'agreed_voter'))),
                        ')',
                    ))
                else:
                    pass
                    t_2.append(
                        'в поддержку чужого голоса',
                    )
            t_2.append(
                '\n',
            )
        l_2_o = missing
        return concat(t_2)
    context.exported_vars.add('in_order')
    context.vars['in_order'] = l_0_in_order = Macro(environment, macro, 'in_order', ('rec',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_rec):
        t_3 = []
        if l_1_rec is missing:
            l_1_rec = undefined("parameter 'rec' was not provided", name='rec')
        pass
        for l_2_t in environment.getattr(l_1_rec, 'by_target'):
            _loop_vars = {}
            pass
            t_3.extend((
                str(environment.finalize(environment.getattr(l_2_t, 'target'))),
                ' — ',
                str(environment.finalize(environment.getattr(l_2_t, 'count'))),
                ': ',
                str(environment.finalize(t_1(context.eval_ctx, environment.getattr(l_2_t, 'voters'), ', '))),
                '\n',
            ))
        l_2_t = missing
        return concat(t_3)
    context.exported_vars.add('by_target')
    context.vars['by_target'] = l_0_by_target = Macro(environment, macro, 'by_target', ('rec',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_rows):
        t_4 = []
        if l_1_rows is missing:
            l_1_rows = undefined("parameter 'rows' was not provided", name='rows')
        pass
        l_2_loop = missing
        for l_2_r, l_2_loop in LoopContext(l_1_rows, undefined):
            _loop_vars = {}
            pass
            t_4.extend((
                '• ',
                str(environment.finalize(environment.getattr(l_2_r, 'voter'))),
            ))
            if environment.getattr(l_2_r, 'target'):
                pass
                t_4.extend((
                    ' → ',
                    str(environment.finalize(environment.getattr(l_2_r, 'target'))),
                ))
            t_4.extend((
                ': ',
                str(environment.finalize(environment.getattr(l_2_r, 'why'))),
            ))
            if environment.getattr(l_2_loop, 'last'):
                pass
                t_4.append(
                    '.',
                )
            else:
                pass
                t_4.append(
                    ';',
                )
            t_4.append(
                '\n',
            )
        l_2_loop = l_2_r = missing
        return concat(t_4)
    context.exported_vars.add('rejected')
    context.vars['rejected'] = l_0_rejected = Macro(environment, macro, 'rejected', ('rows',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '5=18&6=23&7=27&11=66&12=71&13=75&17=86&18=92&19=97'
