# Compiled from templates/ru/host_report.bbcode.j2 by `python -m tools.compile_templates`: do not edit.
SOURCE_SHA256 = '4cdb904be0468b4637910d62478e5c2382e5856d437aa247fe332f68ef23c267'
JINJA2_RELEASE = '3.1'
SETTINGS = "('{%', '%}', '{{', '}}', '{#', '#}', None, None, True, True, '\\n', False, False, 'plain', True, False, [])"
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'host_report.bbcode.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_game_name = resolve('game_name')
    l_0_turn_name = resolve('turn_name')
    l_0_turn = resolve('turn')
    l_0_failed = resolve('failed')
    l_0_notes = resolve('notes')
    l_0_overrides = resolve('overrides')
    l_0_flags = resolve('flags')
    l_0_rejected = resolve('rejected')
    l_0_issues = resolve('issues')
    l_0_turn_name_gent = resolve('turn_name_gent')
    l_0_events = resolve('events')
    pass
    yield '[b]Отчёт ведущему: '
    yield str(environment.finalize((undefined(name='game_name') if l_0_game_name is missing else l_0_game_name)))
    yield ', '
    yield str(environment.finalize((undefined(name='turn_name') if l_0_turn_name is missing else l_0_turn_name)))
    yield ' '
    yield str(environment.finalize((undefined(name='turn') if l_0_turn is missing else l_0_turn)))
    yield '[/b]\n\n'
    if (undefined(name='failed') if l_0_failed is missing else l_0_failed):
        pass
        yield '[b][color=red]Не отправлено[/color][/b] — форум не принял, бот больше не пытается:\n'
        for l_1_f in (undefined(name='failed') if l_0_failed is missing else l_0_failed):
            _loop_vars = {}
            pass
            yield '• '
            yield str(environment.finalize(l_1_f))
            yield '\n'
        l_1_f = missing
        yield '\n'
    if (undefined(name='notes') if l_0_notes is missing else l_0_notes):
        pass
        yield '[b]Раздача ролей[/b]\n'
        for l_1_n in (undefined(name='notes') if l_0_notes is missing else l_0_notes):
            _loop_vars = {}
            pass
            yield '• '
            yield str(environment.finalize(l_1_n))
            yield '\n'
        l_1_n = missing
        yield '\n'
    if (undefined(name='overrides') if l_0_overrides is missing else l_0_overrides):
        pass
        yield '[b]Ваши решения, применённые в этот ход[/b]\n'
        for l_1_o in (undefined(name='overrides') if l_0_overrides is missing else l_0_overrides):
            _loop_vars = {}
            pass
            yield '• '
            yield str(environment.finalize(l_1_o))
            yield '\n'
        l_1_o = missing
        yield '\n'
    if (undefined(name='flags') if l_0_flags is missing else l_0_flags):
        pass
        yield '[b]Требует внимания[/b]\n'
        for l_1_f in (undefined(name='flags') if l_0_flags is missing else l_0_flags):
            _loop_vars = {}
            pass
            yield '• '
            yield str(environment.finalize(l_1_f))
            yield '\n'
        l_1_f = missing
        yield '\n'
    if (undefined(name='rejected') if l_0_rejected is missing else l_0_rejected):
        pass
        yield '[b]Голоса, которые бот не засчитал[/b]\n'
        for l_1_r in (undefined(name='rejected') if l_0_rejected is missing else l_0_rejected):
            _loop_vars = {}
            pass
            yield '• '
            yield str(environment.finalize(environment.getattr(l_1_r, 'author')))
            if environment.getattr(l_1_r, 'target'):
                pass
                yield ' → '
                yield str(environment.finalize(environment.getattr(l_1_r, 'target')))
            yield ': '
            yield str(environment.finalize(environment.getattr(l_1_r, 'why')))
            if environment.getattr(l_1_r, 'detail'):
                pass
                yield ' — '
                yield str(environment.finalize(environment.getattr(l_1_r, 'detail')))
            if environment.getattr(l_1_r, 'post_id'):
                pass
                yield ' ('
                if environment.getattr(l_1_r, 'url'):
                    pass
                    yield '[url='
                    yield str(environment.finalize(environment.getattr(l_1_r, 'url')))
                    yield ']сообщение '
                    yield str(environment.finalize(environment.getattr(l_1_r, 'post_id')))
                    yield '[/url]'
                else:
                    pass
                    yield 'сообщение '
                    yield str(environment.finalize(environment.getattr(l_1_r, 'post_id')))
                yield ')'
            yield '\n'
        l_1_r = missing
        yield '\n'
    if (undefined(name='issues') if l_0_issues is missing else l_0_issues):
        pass
        yield '[b]Не удалось прочитать[/b]\n'
        for l_1_i in (undefined(name='issues') if l_0_issues is missing else l_0_issues):
            _loop_vars = {}
            pass
            yield '• '
            yield str(environment.finalize(l_1_i))
            yield '\n'
        l_1_i = missing
        yield '\n'
    yield '[b]Все события '
    yield str(environment.finalize((undefined(name='turn_name_gent') if l_0_turn_name_gent is missing else l_0_turn_name_gent)))
    yield '[/b]\n'
    t_1 = 1
    for l_1_e in (undefined(name='events') if l_0_events is missing else l_0_events):
        _loop_vars = {}
        pass
        yield '• '
        yield str(environment.finalize(environment.getattr(l_1_e, 'text')))
        yield ' ['
        yield str(environment.finalize(environment.getattr(l_1_e, 'audience')))
        yield ']\n'
        t_1 = 0
    l_1_e = missing
    if t_1:
        pass
        yield '• событий нет\n'

blocks = {}
debug_info = '5=23&7=29&9=32&10=36&14=40&16=43&17=47&21=51&23=54&24=58&28=62&30=65&31=69&35=73&37=76&38=80&43=109&45=112&46=116&50=121&51=124&52=128'
