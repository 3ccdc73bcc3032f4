"""Votes from topic posts: Gambler greens (G-N.1, G-N.2), court votes (G-N.4), PEFL red votes
(P-V.1–P-V.3). Pure functions over `Post` records; no HTML, no I/O, no clock.

`extract_votes(posts, ruleset=…, players=…)` reads a day's posts in board order and returns a
`VoteResult`: the counted votes (one per voter), the rejections to report, the tally and, for
every post looked at, a `PostReading` saying what was made of it.

How a post is read
------------------
1. Posts outside the window (``after_post_id``/``before_post_id``, ``since``/``until``,
   all exclusive of the ends) and posts by ``ignore_authors`` (the host) are skipped. The
   author is matched to a player by board user id where the page and ``player_ids`` both
   give one, else by his exact spelling (`parser.identity.account_key`): a look-alike
   account is an outsider.
2. Candidate spans: the post's coloured spans outside quotes (the parser already dropped
   quotes and signatures) whose colour matches the rule set's colour spec and that are not
   struck through (``<s>``/``<del>``). Colour specs: ``"any"``, ``"family:green"``,
   ``"family:red"`` (hue families of `parser.colors`), or any spelling of one colour
   (``"green"``, ``"#008000"``, ``"rgb(0,128,0)"``). Defaults: Gambler
   ``family:green`` + the usual spellings (G-N.1's configurable list), PEFL ``family:red``.
3. Each candidate is resolved to a living player (`parser.nicks`, C-3) by the ``vote_nicks``
   reading (C-3 ruling): ``as_moves`` (default) is the move reader's ladder — case forms
   («Рому», «Егора», «Костю»), one word of a multi-word nick, transliteration, typos — and
   ``exact`` only folds case, look-alikes and surrounding punctuation. Under ``as_moves`` a
   coloured phrase that names exactly one player is a vote for him («Голосую за Рому»,
   «Мой голос — Жанна»; see `_phrase_nick`). A span that does not resolve is not a vote;
   it is reported only when it looks like a nick (a single word that could be a name, or
   text close to a player's nick) and the post holds no resolvable span at all: red
   «Внимание всем!», a red «очень» or the host's green «Ник» in the rules post are text,
   not votes.
4. Within a post and across posts the policy picks the vote: ``last`` (Gambler G-N.1, a
   player may re-green) or ``first`` (PEFL P-V.3, the first accepted vote is final).
5. PEFL (setting ``require_reason``): the vote needs a reason (P-V.1), at least
   ``min_reason_words`` (default 3) words the voter wrote himself, outside quotes, on top
   of the nick — no copy or declined form of the voted nick counts, nor the other
   vote-coloured nicks of the post (see `reason_words` for the ruling). Without one it
   still counts as an agreement (P-V.2) when the post quotes an accepted vote (by board
   post id) for the same target, or links to one (``Post.linked_posts``, read by the board
   parsers outside quotes and signatures); a quote is looked at before a link.
6. A vote read from a post edited at or after ``until`` still counts (the board keeps no
   older text) but its `PostReading.note` says ``edited_after_deadline`` for the host.

Rejection reasons (``InputRejected.reason``)
--------------------------------------------
``not_a_player``  the author is not in the game (outsiders' nick-coloured posts)
``dead``          the author is in the game but dead (C-5)
``beaten``        the author was beaten last night and may not vote this turn (P-A.3)
``unknown_nick``  a nick-like coloured text names no living player
``ambiguous_nick`` a coloured text could mean several players
``dead_target``   the coloured nick is a dead player's
``self_vote``     a vote for oneself while the ``allow_self_vote`` setting is off
``no_reason``     PEFL: a red nick without a reason and not an agreement (P-V.1, P-V.2)
``changed_vote``  PEFL: a later vote for another target after an accepted one (P-V.3)
``repeated_vote`` PEFL: a later vote for the same target as the accepted one — ignored and
                  reported like any later vote, the first one standing (P-V.3)
``not_a_nominee`` court: a vote for a player who is not on trial (G-N.4)
``unclear``       several players in the vote's colour and the words prove none of them
``unproven``      one player in the vote's colour in words that are no vote: a thanks, praise,
                  a greeting, a question about him, a request to him (`votes/proof.py`)
``doubted``       one player in the vote's colour left open by a doubt or a maybe
``wished``        … named in a wish («я бы проголосовал за …»), not a vote
``conditional``   … voted for on a condition or as a threat («если …», «а то …»)
``put_off``       … the vote said for later («— позже», «вечером проголосую»)
``proxied``       a vote the words give as another player's («Петя просил передать: голос за
                  …», «голос жены», «это от …»): a seat votes through its own account (C-5;
                  `votes/proxy.py`); beside a vote of the author's own, that one counts and
                  this line is added for the host

``withdrawn``     … taken back in words («Отменяю <X>», «Отставить <X>», «<X> — снимаю»,
                  «Прошу не считать <X>»): neither rule set makes a withdrawal a move of its
                  own (P-V.3, G-N.1), so it is shown (`votes/negation.py`)

A post of one of the last six is shown to the host, never counted and never dropped unseen
(issue 17 item 2); a nick negated, spared or joked about is no vote with nothing to tell
(`parser.votes.negation.left_open`).

A red or green on the host's own name (an ``ignore_authors`` account) is ``unknown_nick``
with a line telling the player it names the host — his Latin handle heard by its sound
(«Скипера» for Skipper) too; a dead player's so heard («Бабла» for Bubble) is
``dead_target``. A fragment of a longer nick that does not carry its name («Мистера» of
Мистер Шуруп, «Pro» of Pro100Сом, «Старого» of Старый Окунь) is ``unknown_nick`` naming the
player (`votes/fragment.py`), and beside another nick makes the post ``unclear``.

Ruling (RULES.md is silent on self-votes): ``allow_self_vote`` defaults to True for both rule
sets — Gambler counts silence as a self-green (G-N.2), so an explicit one is no worse, and
PEFL does not forbid it (P-M.15 is about night moves).
"""
