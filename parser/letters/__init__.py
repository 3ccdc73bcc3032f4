"""Night letters read through the sender's role (RULES.md C-2, C-3, P-M.*, G-M.*).

`read_letter(text, view)` reads one PM body (the sender's own text, quotes dropped) the way
a careful host does: knowing who wrote it (`parser.sender.SenderView`). Every letter ends in
exactly one of

* a **move** (`LetterReading.code is None`, ``action`` set) whose ``confidence`` is at least
  the host's threshold (``[rules] move_confidence``, default 0.8);
* a **question** back to the player (``code`` below, ``text`` is Russian, ready to send);
* **no move** (``action`` and ``code`` both None): talk, a greeting, «ход пропускаю».

How a letter is read
--------------------
0. Lines quoted e-mail style («> Проверяю Судью» under «Re:») hold the letter answered,
   not tonight's move: they are not read.
1. Story lines — ``способ: …``, ``способ убийства — …``, ``как: …``, ``story:``, ``how:``,
   ``описание:``, ``легенда:`` up to the end of the line — are the kill's story (G-M.10)
   and are not searched for moves or nicks («как-то» is a word, not the label «как -»).
2. Sentences ending with «?» ask; they hold no move.
3. Nicks are found first, anywhere, by the resolution ladder of `parser.nicks` (case forms
   by pymorphy3 lemma included, one word of a multi-word nick, the other script, typos by
   similarity). «себя», «саму себя», «самого себя», «меня», "myself" name the sender; «к
   себе» / «ко мне» never do (the prostitute's "to my place", C-2). «его», «её», «него» …
   are pronouns: a move aimed at one is asked about. A nick right after «не», «вместо»,
   «кроме» is excluded («Лечу не Катю, а Ефима»). Nicks that are ordinary words: a
   lower-case one after an adjective is the word («на эту ночь» with a player Ночь); a
   vocabulary noun with a capital mid-sentence is a nick («Убиваю Пулю»), one that labels
   the move is not («Выстрел: Ли»); a nick followed in its clause by a capitalised word that
   is no player only starts a longer name («доктора Хауса» with a player Доктор), which
   is asked about. A dead player named is asked about as no living player.
   A nick that is a move verb's own form («Лечу») is read by its place
   (`parser.letters.verbnick`): opening its clause before another player it is the verb
   («Лечу Урала», «Лечу Лечу»), after a verb it is the object («Проверяю Лечу»).
   A Latin model code (R1, MT-09, CBR600RR) said in Russian (`parser.codes`: its letters'
   names and its number in words, «эр первого», «эм-тэ девятого», or the number alone,
   «шестисотого») is asked about, the code it fits offered in the question.
4. Action words are looked up by lemma (`parser.vocab`), typos with a lower confidence.
   A past-tense verb is a story. An action word after «не» (a few filler words allowed
   between: «Не в засаде сегодня») is negated and names nothing.
   Motion verbs («иду к Кате», «загляну к Роме», «провожу ночь с Жанной») name the sender's
   own action: the one his role has (the doctor heals, the commissar checks, the
   prostitute invites); «иду на Катю» is an attack (kill or beat).
5. Each action word takes the first nick after it in its sentence (or, with none, the one
   just before it: «Катю — проверка»); «A или B» is a question. Army and protect take two.
   Once it has a player, a clause opened by «а»/«но» speaks of someone else («Проверяю
   Палача, а Яна завтра»). An action word ending its sentence takes the next sentence's
   nick only when it stands nearly alone or that sentence is little more than the nick.
6. Executor of a PEFL clan kill (P-M.8): after «исполнитель» / «исполняет» / «руками»; the
   nick in the nominative next to a verb in the third person («Рома идёт на Катю», «Катю
   убирает Рома», «стреляет Гена»); or, when the letter names two players and only one is
   a clan mate, the clan mate (a clan never shoots its own). A word in such a place (or
   spoken to, or a sentence of its own) is read against the clan mates alone, by name
   forms and sounds in any letter case («исполнитель лаки» for Lucky Strike). A Don's
   order whose executor's place holds words no nick was read from is asked about.
6a. Another player's words told — a verb of saying or ordering whose subject is not the
   sender («Дымон сказал стреляем», «Дон велел …», «Кот, мол, …», a quotation before
   «— сказал Кот») — are not the sender's move (`parser.letters.reported`); a letter with
   only such a move is asked about, and its speaker is never its target or executor.
7. The role decides: words naming another role's action are set aside when the letter also
   holds one of the sender's own; a one-action role's letter that names exactly one living
   player is that move however phrased, provided something in it says it is a move (an
   action or motion word, «ход», «цель», a colon) or it is little more than the nick.
   A mafioso's clan mates are never the inferred target («Рыжий, я готов исполнять»), and
   a mate named by one short word of his nick is read as the executor.
8. Corrections: the host reads the **last** word. A later reading after «нет», «передумал»,
   «лучше», «вернее», «точнее», «исправляю», «поправка», «отмена», «стоп», «ой», «пусть»
   (or after «но»: «хотел вылечить Жанну, но лечу Игоря») replaces the earlier one; a
   correction may give just the nick («Лечу Жанну. Нет, лучше Ефима»; after several, the
   nick after the last one), and a clan mate named so corrects the executor. A reading the
   player comes back to wins («Убиваю Лёню или засада... убиваю Лёню»); «…, но не
   сегодня» and «завтра»/«потом» in the reading's clause take it back (and its players are
   not then inferred as the role's move); «Хотя нет, засада» corrects to the ambush; a
   correction counts in a letter read through the role with no action word too («Цель
   Доктор. Нет, лучше Судья»); «Хотя нет, не трогаю никого» is asked about. Two
   different readings with no such word are asked about, never guessed, and so is a
   fallback («если не получится — тогда Жанну»). «Второй: Павел» adds a second protect.
   Numbered lists («1) Ефим 2) Борис») are one sentence.

Confidence is the lowest of the action word's (1.0 by lemma, 0.85 one letter off, 0.8 two
letters off a long word; 0.9 when inferred from the role) and each nick's (`parser.nicks`
tiers; one word of a multi-word nick 0.85; fuzzy: the similarity).

Question codes (``LetterReading.code``)
---------------------------------------
=================  =========================================================================
no_target          an action but no nick: «Кого …? Напишите ник»
unknown_nick       a nick that matches no living player (with a suggestion when one is close);
                   a Don's executor named in words no clan mate was read from
ambiguous_nick     a nick that fits several players: they are named
which_target       two targets for a one-target action: «кого из двух: Катю или Ефима?»
pronoun            the target is a pronoun («его», «её»): who is meant?
which_action       the role has several actions and the letter does not say which
unparsed           two different moves in one letter and no correction word
low_confidence     a reading below the threshold: «Правильно ли я понял …?»
is_it_a_move       a one-action role's letter names one player but does not say it moves; the
                   letter's only move is told in another player's words
unaccounted        the reading names its players, but the letter names another living player
                   for no reason its sentences show (`parser.letters.proof`)
undecided          the move is only wished («я бы проверил Кота») or left to someone else
                   («решает Дон»)
move_asked         a question about a move of the sender's role on a player («можно проверить
                   Катю?», «Катю или Ефима убить?»): asked back, the reading spelt out, for a
                   move to confirm it (`parser.letters.asked`; setting `move_question`)
relayed            a letter someone else wrote for the account's player («муж просил передать:
                   проверяю Катю»), or the sender's move beside another player's passed on:
                   asked, for the player to send his move himself (`parser.letters.relayed`)
forbidden_part     a target the rules forbid beside an allowed one («Протект Кате и себе»)
=================  =========================================================================
Refusals (``LetterReading.kind == "refused"``): ``no_moves`` (the role has no night moves:
civilians, bastards — told so whatever nick they name), ``not_now`` (the role's move, not
open this turn: turn 0, the sergeant before his promotion, a once-a-game move spent, the
army before its condition, protects after turn 2, a side choice nobody asked for; the text
says why), ``wrong_action`` (another role's move), ``forbidden_target`` (every target
one the engine's `check_move` forbids this role: himself, his clan's own member or bastard,
a repeat the rules bar — P-M.5, P-M.6, P-M.8, P-M.11, P-M.15, G-M.2, G-M.7),
``other_account`` (a move written for another player: «пишу за X», «X просил передать»; only
his own account moves, C-2).
(`parser.moves` adds ``not_a_player`` and ``dead`` for senders outside the game.)

Proof
-----
A reading is accepted only when the letter supports no other (`parser.letters.proof`): the
sender's role may make the move now, every living player the letter names is accounted for
(target, executor, the sender; or named in a negation, a question, a story, a move put off,
a belief, an opinion, an address, or replaced by a correction), and the move is decided.
Otherwise the letter comes back as the question or refusal naming the doubt. A condition
on the sender's own access or the letter's delivery («если свет не отключат»), a concession
(«даже если …», «… или нет — всё равно») and branches that all give the same move
condition nothing (`parser.letters.conditions`); a move said only in the conditional mood
(«проверил бы X») is asked, never dropped.
"""
