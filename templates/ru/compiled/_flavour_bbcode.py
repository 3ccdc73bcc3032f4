# Compiled from templates/ru/_flavour.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '53def0582f7d654893f2f677d18b3051b3b3c44fe2b396aebe8db47db0c4aebc'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_flavour.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_night = l_0_quiet = missing
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    pass
    def macro(l_1_turn):
        t_2 = []
        l_1_lines = missing
        if l_1_turn is missing:
            l_1_turn = undefined("parameter 'turn' was not provided", name='turn')
        pass
        l_1_lines = ['Ночь в городе выдалась неспокойной.', 'Город просыпается и недосчитывается своих.', 'Утро выдалось недобрым.', 'Над крышами плывёт колокольный звон.', 'Ночь была короткой, а для кого-то — последней.']
        t_2.extend((
            str(environment.finalize(environment.getitem((undefined(name='lines') if l_1_lines is missing else l_1_lines), (l_1_turn % t_1((undefined(name='lines') if l_1_lines is missing else l_1_lines)))))),
            '\n',
        ))
        return concat(t_2)
    context.exported_vars.add('night')
    context.vars['night'] = l_0_night = Macro(environment, macro, 'night', ('turn',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_turn):
        t_3 = []
        l_1_lines = missing
        if l_1_turn is missing:
            l_1_turn = undefined("parameter 'turn' was not provided", name='turn')
        pass
        l_1_lines = ['Этой ночью никто не погиб — редкая для города удача.', 'Этой ночью никто не погиб: кто лёг спать, тот и проснулся.', 'Этой ночью никто не погиб — только собаки лаяли до утра.']
        t_3.extend((
            str(environment.finalize(environment.getitem((undefined(name='lines') if l_1_lines is missing else l_1_lines), (l_1_turn % t_1((undefined(name='lines') if l_1_lines is missing else l_1_lines)))))),
            '\n',
        ))
        return concat(t_3)
    context.exported_vars.add('quiet')
    context.vars['quiet'] = l_0_quiet = Macro(environment, macro, 'quiet', ('turn',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '7=18&8=24&15=26&17=32&18=38&23=40'
