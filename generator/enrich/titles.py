"""Display title, teaser sentence and slug for a paper.

Title: a given title always wins; else "Name: descriptor", where the descriptor is what the
abstract itself says the name is -- the acronym's expansion ("TRACE (TRAnsforming diffusion Cues
to instance Edges)"), else the appositive ("Gaia2, a benchmark for ...", or what it does: "LUMINA, a
framework that detects hallucinations ..." -> "Detecting hallucinations ..."), else the noun phrase
that introduces it ("a conjoint framework called CoCo"), else "X is a ...".  Without a name: the
abstract's own key phrase ("we propose a spectral method for graph clustering", "we study ..."), or
the question it studies ("we investigate how X affects Y" -> "How X affects Y"), else what it finds
("we show that X" -> "X"), else whether something holds ("we ask whether X can Y" -> "Can X Y?").
Phrases are cut at a clause boundary, never mid-phrase, and never end on "and/of/the/with".
"""
from __future__ import annotations

import re

from generator.markup import raised, typeset
from generator.slugs import slugify

from .names import _KINDS, _SELF, CJK_CALLED, CJK_PROPOSE, COMMON, _expands, _initials, _letters, _title_case, acronym_pairs
from .text import CJK, CJK_STOPS, LETTER, distinct_terms, sentences, shorten, singular, word_set

_FILLER = (r"(?:(?:novel|new|simple|simple yet effective|effective|general|generic|first|principled|lightweight|"
           r"powerful|versatile|plug-and-play|carefully designed|so-called|innovative|straightforward|"
           r"easy-to-use|highly|very|yet|but|and)[\s,]+)*")  # ("simple but effective")
_DET = r"(?:(?:a|an|the|our|two|three)\s+)"
# where a descriptive noun phrase ends: relative clauses, purpose/means phrases, participle phrases, punctuation
_STOP_AT = re.compile(
    r"\s+(?:that|which|where|whereby|wherein|who|whose|while|whilst|in\s+order\s+to|so\s+as\s+to|to|by|using|via|"
    r"through|leveraging|consisting|"
    r"comprising|enabling|allowing|achieving|featuring|incorporating|combining|capable|including|based\s+on|"
    r"built\s+(?:on|upon)|when|if|because|since|than|as\s+well|thereby|such\s+that|without\s+requiring)\b"
    r"|\s+(?:for|of|on|into|about)\s+how\s"  # (a clause: "evidence for how data-mediated interactions [shape ...]")
    r"|\s+as\s+(?:a|an)\s+(?:(?:novel|new|simple|general|unified|promising|principled|practical)\s+)?(?:solution|approach|"
    r"way|means|remedy|tool|alternative|method)\b"  # ("natural identifiers | as a novel solution to ...")
    r"|,?\s+(?:and|but|while|whereas)\s+(?:we|our|it|they|this|these)\s"  # (a new subject: "X for Y and we will ...")
    r"|,?\s+and\s+(?:then\s+)?(?:propose|introduce|develop|train|evaluate|release|demonstrate|show|present)\b"  # (a second
    # verb: "X and propose Y", "a training pipeline and train a family of models"; not "and design")
    r"|\s+[a-z]+ed\s+(?:with|by|on|for|to|in|from|as|using|via|upon|under|at)\b"  # "kernels supplemented with"
    r"|\s+(?:is|are|was|were|can|could|will|has|have|show|shows|demonstrate|demonstrates|achieve|achieves|outperform|"
    r"outperforms|improve|improves|yield|yields|reduce|reduces|first|then|pose|poses|use|uses|remain|remains|"
    r"struggle|struggles|face|faces|lack|lacks|rely|relies|exhibit|exhibits|suffer|suffers|offer|offers|provide|"
    r"provides|enable|enables|require|requires|play|plays|become|becomes|emerge|emerges|emerged|often|typically|"
    r"increasingly|widely|still|usually|generally|commonly|must|should|may|might|do|does|aim|aims|seek|seeks|"
    r"attempt|attempts|strive|strives|promise|promises|hold|holds|involve|involves|apply|applies|represent|"
    r"represents|allow|allows|help|helps|depend|depends|tend|tends|capture|captures|produce|produces|grow|grows|"
    r"continue|continues|had|serve|serves|underpin|underpins|persist|persists|acquire|acquires)(?![\w\-])"  # (not "help-seeking")
    r"|(?<!\d)[,.](?<![\s.][a-z]\.)|[,.](?!\d)(?<![\s.][a-z]\.)|[;:()\[\]—!?]|(?<!\w)–|–(?!\w)|\s-+\s|\s\d+\)|\s--")
# (not the comma of 1,000, nor the dots of "i.i.d.", nor the en dash of "cue–emotion associations"; an em dash always)
_DANGLING = frozenset("a an the of for and or in on with from as at to into its their our by via over under "
                      "across within beyond through upon per against about along toward towards both either between "
                      "among this these that such two three four rather only instead even also just without "
                      "arising relying leading resulting stemming ranging varying depending originating according"
                      .split())  # (participles that need their "from", "on")
_POINTS_BACK = (r"\b(?:this|these|those|such|it|its|them|their|above|aforementioned|former|latter|our|we|us|all (?:three|four)|"
                r"both\s+[a-z]+s(?!\s+and\b))\b")  # ("the strengths of both paradigms": which?)
_VAGUE = (r"(?:to|that|what|how|why|whether|when|which|who|previous|prior|existing|recent|current|several|many|some|"
          r"kinds?|types?|ways?|range|number|variety|lot)")
_ANAPHOR = re.compile(rf"{_POINTS_BACK}|^(?:both|either|{_VAGUE})\b(?!-)", re.I)  # (not "prior-based")
_VAGUE_OBJECT = re.compile(rf"{_POINTS_BACK}|^{_VAGUE}\b(?!-)", re.I)  # (an object may open with "both")
_ADJ_END = re.compile(r"(?:ic|al|ive|ous|ful|able|ible|ary|atory|less|like|ed|-scale|-level|-based|-aware|-to-end|-world|"
                      r"-horizon|-of-the-art|-grained|-specific|-agnostic|-free|-oriented|-driven|-guided|-centric)$")
_CUT_BEFORE = frozenset("for of in on at with from and across under over within against through alongside beyond via "
                        "during".split())
_MODIFIER_PAREN = re.compile(r"[A-Za-z][\w\-]*ly\s+[a-z][\w\-]*\s\(")  # an adverb and its adjective before "("
_ACRONYM_PAREN = re.compile(r"\s\((?=[^()]*[A-Z])[A-Za-z0-9\-]{1,12}\)(?=[\s,.;:])")
_ADJ_RX = (r"(?:[a-z][\w\-]*(?:ic|al|ive|ous|ful|able|ible|ary|atory|less)|[A-Za-z]\w*-[a-z][\w\-]*|"  # or compound,
           r"(?:complex|diverse|large|small|long|short|rich|robust|open|broad|deep|hard|fast|dense|sparse|noisy|"
           r"efficient|accurate|consistent|coherent|fine-grained|high-quality|multilingual|multimodal|scalable|"
           r"challenging|interpretable|reliable|modular|adaptive|unified|frozen|novel|new|simple|fair|safe|strong|weak|"
           r"lightweight|compact|precise|stable|smooth)(?![\w\-]))")
# (or one of the adjectives abstracts use most that no ending shows)
_ADJECTIVE = re.compile(rf"(?<![\w\-]){_ADJ_RX}$")
_ADVERB_ADJECTIVE = re.compile(r"(?<![\w\-])[a-z]+ly\s+[a-z][\w\-]*$")  # ("theoretically grounded, resource-efficient")
_NEXT_ADJECTIVE = re.compile(rf"\s+(?:and\s+)?(?:[a-z]+ly\s+[a-z][\w\-]*|{_ADJ_RX})(?:,\s+(?:and\s+)?{_ADJ_RX})*\s+[a-zA-Z]")  # ("demographically aware";
# "principle-inducing WebPRM", "strong, open-source, omni-modal LLM")
_HEAD_JUNK = re.compile(r"^(?:(?:problem|question|task|issue|challenge|setting|notion|idea|topic|subject|theme) of\s+|"
                        r"(?:(?:several|some|various|many|a few|a number of)\s+)?(?:problems|questions|tasks|issues|"
                        r"challenges) (?:of|in|arising in)\s+|"
                        rf"(?:[\w\-]+\s+)?(?:alternative|solution|remedy|answer|approach|idea|recipe|strategy|perspective|view)"
                        rf":\s+{_DET}?{_FILLER})",
                        re.I)  # ("several problems in X": X; "a simple yet powerful alternative: a X method": X method)


_MIXED_CASE = re.compile(r"[A-Z]{2,}[a-z]{2,}|[a-z]+[A-Z]{1,2}[a-z]*")
_ONE_WORD = re.compile(r"[A-Za-z0-9\-&]+")
_UNDERSCORE = re.compile(r"(?<!\w)_(?=\w)|(?<=\w)_(?!\w)")
_URL = re.compile(r"(?<![\w\-])(?:[a-z][a-z0-9+.\-]*://|www\.)\S*", re.I)  # one unit ("https://x.org/a_(b)")
_LEAD_MARKS = "-–—:;,!?|"  # (a phrase opens with none: "::: generator.cli directive", "-Gaussian")


def _before_url(s: str) -> str:
    """s up to its first URL ("code at https://github.com/x/y" -> "code at "): a title never ends inside one."""
    m = _URL.search(s)
    return s[:m.start()] if m else s


def _phrase(rest: str, max_words: int = 10, subject: bool = False) -> str:
    """The noun phrase at the start of `rest`, cut at the first clause boundary; if that is longer
    than max_words, cut before a preposition within the limit -- the first from the 5th word on
    ("reward modeling | with support for ...") -- never mid-phrase.  An acronym in parentheses is
    left out ("a text-to-speech (TTS) system"), except after a sentence's `subject`, where its verb follows."""
    rest = _before_url(rest.replace("*", "").replace("$", ""))
    rest = (_UNDERSCORE.sub("", rest) if "_" in rest else rest).strip().lstrip(_LEAD_MARKS).strip()  # ("-Gaussian" of
    # $(ε,δ)$-Gaussian)
    if "(" in rest and (not subject or _MODIFIER_PAREN.match(rest)):
        rest = _ACRONYM_PAREN.sub("", rest)  # "a text-to-speech (TTS) synthesis system"; a subject's modifier:
    m = _STOP_AT.search(rest)  # "Differentially private (DP) transfer learning" (not "Large language models (LLMs)")
    while m and (m.group(0) == "," and _NEXT_ADJECTIVE.match(rest, m.end())
                 and (_ADJECTIVE.search(rest, 0, m.start()) or _ADVERB_ADJECTIVE.search(rest, 0, m.start()))
                 or m.group(0).strip() == "to" and _FROM.search(rest, 0, m.start()) and _TO_THING.match(rest, m.end())):
        m = _STOP_AT.search(rest, m.end())  # a list of adjectives: "expressive, long-form speech"; "from X to Y"
    words = (rest[:m.start()] if m else rest).split()
    if m and m.group(0).strip() == "to" and words and words[-1].lower() in _NEEDS_TO:
        words.pop()  # ("structures prior | to unlearning", "notion well-suited | to high-dimensional regimes")
    if m and m.group(0) == "," and len(words) > 2:  # "agents in realistic, dynamic environments": no bare adjective
        while len(words) > 2 and _ADJ_END.search(words[-1]) and not words[-1][:1].isupper():
            words.pop()
        if len(words) > 2 and _NEXT_ADJECTIVE.match(rest, m.end()) and words[-2].lower() in _DANGLING \
                and words[-2].lower() not in ("and", "or") and not words[-1][:1].isupper():
            words.pop()  # (one that only a list of adjectives after it shows: "detectors on common, real-world tasks")
    if len(words) > max_words:
        cut = [i for i in range(2, max_words + 1) if words[i].lower() in _CUT_BEFORE
               and not (words[i] == "and" and _ADJ_END.search(words[i - 1].rstrip(",")))
               and not (words[i] == "and" and words[i - 1].endswith("ing") and i + 1 < len(words)
                        and words[i + 1].endswith("ing"))]  # ("the
        # original | and rewritten text", "efficient, adaptive, | and unified X", "evaluating | and compromising X")
        late = [i for i in cut if i >= 4]
        at = (late[0] if late else cut[-1]) if cut else 0  # the first prepositional phrase from the 5th word,
        if at > 2 and words[at - 1].lower() in _OF_WHAT_WORDS and words[at - 2].lower() in ("a", "an", "the") \
                and cut[0] < at:  # where it says what it is of: not "learning | with a focus" (on what?)
            at = max(i for i in cut if i < at)
        elif at and words[at - 1].lower() in _FOR_WHAT_WORDS and words[at].lower() in ("for", "of", "to"):
            limit = max_words + _FOR_WHAT_MORE
            after = [i for i in range(at + 2, min(len(words), limit + 1)) if words[i].lower() in _CUT_BEFORE] \
                + ([len(words)] if len(words) <= limit else [])
            if after:  # what it is a prerequisite for: "accurate geometry as the fundamental prerequisite | for
                at = after[0]  # effectively exploiting generative models | to enhance ..."
        words = words[:at]
    math = next((i for i, w in enumerate(words) if i >= 2 and _MATH_WORD.fullmatch(w)), None)
    if math is not None:  # "a low-tubal-rank tensor | X⋆∈ R^n × n × k", "a Gaussian multi-index model | f(x)=g(Ux)"
        words = words[:math]
    while words and (words[-1].lower() in _DANGLING or _TRAILING_ADVERB.fullmatch(words[-1]) or words[-1] in _MADE_WORDS
                     or not any(c.isalnum() for c in words[-1])):
        words.pop()  # (nor on an adverb or what a "for" must follow: "learns a model of a game directly", "method designed";
        # nor on a mark an HTML remnant left: "Hidden <!-- x -->")
    return _balanced(_OF_WHAT.sub("", " ".join(words)))


# nouns that say how much of something, or what something is on: a phrase that ends on one of them says
# nothing without its "of" or "on" ("a large number", "with a focus")
_QUANTITY_NOUNS = ("number set variety range series amount lot pair suite collection family kind type spectrum array "
                   "host plethora multitude").split()
_OF_WHAT_WORDS = frozenset(_QUANTITY_NOUNS + "focus emphasis view eye goal aim".split())
# nouns that say what something is for: a phrase that ends on one of them says little without it ("the key")
_FOR_WHAT_WORDS = frozenset("prerequisite prerequisites key cornerstone foundation foundations basis ingredient "
                            "ingredients enabler driver drivers".split())
_FOR_WHAT_MORE = 4  # words a phrase may run past max_words to say it
_OF_WHAT = re.compile(r"\s+(?:in|under|within|for)\s+the\s+(?:context|presence|absence|case|face|form|sense)$")  # (of what?)


# a formula's symbol or relation, as the plain text writes math: a lone letter ("the target architecture S"), one with
# a subscript, power or arguments ("X_⋆", "f(x)"), or a word holding a relation ("=", "∈")
_MATH_WORD = re.compile(r"(?![aAI]$)(?!.*[A-Za-z]{2})[A-Za-zα-ωΑ-Ω](?:[_^(⋆*′].*)?|.*[=∈≤≥×⋆→↦⊂⊆∑∏∫].*")  # (not F^2SA-p)
_NEEDS_TO = frozenset("prior due suited well-suited according close akin owing thanks".split())  # (words a "to" completes)
_MADE_WORDS = frozenset("designed tailored intended dedicated devoted aimed specialized".split())
_TRAILING_ADVERB = re.compile(r"(?!(?:family|assembly|anomaly|supply|monopoly|reply|butterfly|italy|july|rally|jelly)$)"
                              r"[a-z]{3,}ly")


_QUOTES = (("“", "”"), ("‘", "’"), ('"', '"'), ("``", "''"))


def _balanced(p: str) -> str:
    """p without the quote marks a cut left open or closed ('“trajectory trees' -> 'trajectory trees'),
    or that enclose all of it."""
    for open_, close in _QUOTES:
        if open_ == close:
            if p.count(open_) % 2:
                p = p.replace(open_, "")
        elif p.count(open_) != p.count(close):
            p = p.replace(open_, "")
            if close != "’":  # (which is an apostrophe too: "model’s")
                p = p.replace(close, "")
        elif p.startswith(open_) and p.endswith(close) and p.count(open_) == 1:  # a quoted title: no quotes
            p = p[len(open_):-len(close)]
    return p.strip()


def _cap(s: str) -> str:
    """The first letter in upper case, if it is a Latin one (not the ε of "ε-Gaussian certifiability")."""
    return s[:1].upper() + s[1:] if s[:1].isascii() else s


# what a paper reports, not what it is about: "we present three main findings", "two key insights"
_REPORT = frozenset("""findings insights observations contributions results lessons takeaways conclusions
questions components stages steps aspects finding limitation limitations phenomenon phenomena evidence flaw flaws
gap spot weakness weaknesses failures issue issues challenge challenges""".split())


def _good(p: str, name: str = "") -> bool:
    words = p.split()
    return 2 <= len(words) <= 12 and not _ANAPHOR.search(p) and (not name or p.lower() != name.lower()) \
        and LETTER.search(p) is not None and not _URL_CUT.search(p) \
        and not all(w[:1].isdigit() for w in words) and not (len(words) <= 3 and words[-1].lower() in _REPORT) \
        and not all(w.lower().endswith("ly") or w.lower() in ("and", "or") for w in words) \
        and "%" not in p and not _REPORTED.match(p) and not (" and " in p and _GENERIC_ONLY.fullmatch(p)) \
        and not _ANSWER.fullmatch(p)
    # (not "Theoretically and empirically", nor a result: "GPT-5 completes only 8.67%", nor the report of one:
    # "Experimental results showcasing the superior performance", nor kinds of things: "Benchmark and framework";
    # nor marks only, "::", nor a URL a cut left: "Code at https")


_URL_CUT = re.compile(r"(?<![\w\-])(?:https?|ftp|www)$|:/")
_ANSWER = re.compile(r"(?:[\w\-]+\s+){0,3}?(?:answer|response|reply)", re.I)  # ("a positive and constructive answer"
# to the question asked before: no title)
_GENERIC_ONLY = re.compile(rf"(?:(?:{_SELF}s?|perspectives?|view|lens|methodolog(?:y|ical)|analys[ie]s|study|investigation|"
                           rf"theory|theoretical|empirical|systematic|unified|general|principled|new|novel|and|or)\s*)+",
                           re.I)  # (kinds of things joined: "Perspective and methodological framework", of what?)
_REPORTED = re.compile(r"(?:(?:experimental|empirical|extensive|numerical|comprehensive|further)\s+)*(?:results|experiments)\b|"
                       r"(?:(?:pre-?trained|trained)\s+)?(?:model\s+)?(?:weights|checkpoints)\b|(?:source\s+)?code\s+(?:and|with)\b|"
                       r"(?:all\s+(?:[\w\-]+\s+)?|project\s+)artifacts\b",
                       re.I)  # (nor what a paper releases: "Pretrained model weights with the supplementary material",
# "all project artifacts")


# "a framework that detects X", "a method designed to stimulate X": what the thing does, as a gerund phrase
# (not what it achieves or is: "a method that achieves competitive performance", "that consists of")
_NOT_PURPOSE = (r"(?!(?:is|has|was|does|(?:achieve|outperform|surpass|attain|deliver|yield|show|demonstrate|require|"
                r"make|allow|bypass|consist|contain|comprise|include|operate|work|remain|become|reach|exhibit|rel[yi]|"
                r"need|encompass)(?:e?s)?|performs?(?=\s+(?:[a-z]+ly|well|better|best|worse|on|at|as|in|comparabl[ey]|"
                r"competitive|favorabl[ey]|similar|strong|poor)\b))\b)")  # (not "performs well"; but "performs X")
_AND_DOES = rf"(?:\s+(and)\s+{_NOT_PURPOSE}([a-z]+s))?\s+(.*)"  # ("detects and skips") what it does it to
_ADVERBS = r"(?:(?:\w+ly|better|further|also)\s+(?:and\s+\w+ly\s+)?)?"  # "that provably and efficiently reconstructs X",
# "schemes to better elicit X"
_MADE = r"(?:specifically\s+)?(?:designed|built|developed|tailored|intended|trained|dedicated|devoted|aimed|curated)"
_NOT_VERB = r"(?!(?:the|a|an|be|date|this|these|its|their|our|which|what|how|that)\b)"  # ("a benchmark to date")


_TRIES = rf"(?:(?:is|are)\s+(?:able|{_MADE})|aims?|seeks?|strives?|attempts?|tries|learns?)\s+to"  # ("which is able to
# implant X", "that learns to internalize X": what it does is implant, internalize)


def _does_rx(bare_to: str) -> str:
    """What a thing does: 'that detects X', 'that can detect X', 'designed to detect X', 'dedicated to detecting X',
    'which is able to detect X', 'that learns to detect X', or `bare_to` + 'detect X' ('the first framework to reshape X')."""
    return (rf"(?:,?\s+|\s*(?:—|--)\s*)(?:(?:that|which)\s+(?!{_TRIES}\b){_ADVERBS}{_NOT_PURPOSE}([a-z]+s)|"
            rf"(?:{_MADE}(?:\s+(?:with|by|from|on|using)(?:\s+[\w\-]+){{1,6}}?)?\s+(?:to|for(?=\s+[a-z]+ing\b))|as\s+an?\s+(?:[\w\-]+\s+)?(?:way|means|attempt)\s+to|"
            rf"(?:leveraging|using|utilizing|employing|harnessing)(?:\s+[\w\-]+){{1,6}}?\s+to|"  # ("leveraging LLMs to assess X")
            rf"(?:that|which)\s+(?:can|could|may|will)(?=\s+(?:\w+ly\s+)?{_NOT_PURPOSE}[a-z])|"
            rf"(?:that|which)\s+{_TRIES}|{bare_to})\s+"
            rf"{_ADVERBS}{_NOT_VERB}([a-z]+))"
            rf"{_AND_DOES}")


# "a framework to detect X", not "an approach to photorealistic view synthesis", "... to consistency distillation"
_NOUNISH = r"[a-z][\w\-]*(?:ic|[^e]al|ous|ity|ncy|ization|ision|ness|ment|ics|aint)"  # a noun or adjective ending, no
# verb ("an approach to constraint satisfaction" is no "Constrainting satisfaction")
_KIND_TO = rf"to(?=\s+(?:\w+ly\s+)?(?!{_NOUNISH}\b))"
_KIND_HEAD = rf"(?:[\w\-]+,?\s+){{0,3}}?{_SELF}s?"  # a kind of thing and up to three words before it ("reward model")
_PURPOSE = re.compile(rf"{_KIND_HEAD}{_does_rx(_KIND_TO)}", re.S)  # (_SELF: kinds a paper names)
_NAME_TO = r"(?<=,\s)to"
_NAME_DOES = re.compile(rf"(?:\s*\([^()]{{1,60}}\))?(?:\s+{_SELF}s?)?{_does_rx(_NAME_TO)}", re.S)  # right after a name: "an algorithm
# LAMIR that learns X", "the INO-SGD algorithm, which ...", "a novel module, Mod-Adapter, to predict X" (not "we apply X to images")
_NAME_KIND_TO = re.compile(rf"\s+{_SELF}s?{_does_rx(_KIND_TO)}", re.S)  # "the MathForge framework to improve X"
_NAMED_PURPOSE = re.compile(rf"(?:[\w\-]+,?\s+){{0,3}}?[a-z][\w\-]*{_does_rx(_KIND_TO)}", re.S)  # "PAS, a score designed to"
_GERUND = re.compile(r"[a-z]*[aeiouy][a-z]*ing")  # "dedicated to assessing" (not "to bring")
_BY = re.compile(r"[^.;:()]{0,60}?\bby\s+([a-z]+ing)\s+(.*)", re.S)
_DOUBLED = re.compile(r"[^aeiou]*[aeiou][^aeiouwxy]")  # map -> mapping, plan -> planning (not edit, model)
_DOUBLED_TOO = frozenset("embed format submit permit omit admit commit control compel propel refer prefer transfer "
                         "occur infer deter equip regret forget begin".split())  # (longer, stressed last or by usage)


def _gerund(verb: str, third_person: bool) -> str:
    """'detects' -> 'detecting', 'unifies' -> 'unifying', 'combines' -> 'combining', 'maps' -> 'mapping'."""
    if not third_person and _GERUND.fullmatch(verb):
        return verb
    base = singular(verb) if third_person else verb
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")) and len(base) > 2:
        return base[:-1] + "ing"
    if len(base) <= 4 and _DOUBLED.fullmatch(base) or base in _DOUBLED_TOO:
        return base + base[-1] + "ing"
    return base + "ing"


def _described(rest: str, name: str = "") -> str:
    """The noun phrase at the start of `rest` ("framework for graph clustering"), or, where that is a
    bare kind of thing followed by what it does, that ("framework that detects hallucinations in RAG
    systems through ..." -> "Detecting hallucinations in RAG systems"); "" if neither makes a title.
    What a phrase calls it is its title ("a new form of generation called any-process generation")."""
    called = None if name else _CALLED_TERM.match(rest)
    if called:
        p = _phrase(called.group(1))
        if _good(p) or len(p.split()) == 1 and "-" in p:
            return p
    p = _phrase(rest)
    if not _good(p, name) and name:
        p = _before_pointing(p)
    if _good(p, name) and not _KIND_ONLY.fullmatch(p):
        return p if name or len(p.split()) > SPECIFIC_WORDS else _with_clause(p, rest)
    rest = rest.replace("*", "")
    does = _does(_PURPOSE.match(rest) or name and _NAMED_PURPOSE.match(rest), name)  # "framework that plans through X"
    if not does:  # "an algorithm that achieves this by optimizing X", "that relies on representing X": how it does it
        by = _KIND_BY.match(rest)
        obj = _phrase(by.group(2), 8) if by else ""
        does = f"{by.group(1)} {obj}" if obj and len(obj.split()) >= 2 and _good(f"{by.group(1)} {obj}", name) else ""
    if does:
        return does
    if not _good(p, name) or _KIND_ONLY.fullmatch(p):
        more = _made_for(rest, name) or _unqualified(rest, name)  # ("approach to X", "framework comprising X and Y")
        if more:
            return more
    return p if _good(p, name) else ""


_POINTING = re.compile(_POINTS_BACK, re.I)


def _before_pointing(p: str) -> str:
    """A phrase cut before the modifier that points back ("benchmark of 90 tasks | capturing these three
    patterns"): at its participle or preposition; p where none comes before the pointing word."""
    words, pointing = p.split(), _POINTING.search(p)
    at = len(p[:pointing.start()].split()) if pointing else 0  # (the pointing word's index: "both issues", "these")
    cut = [j for j in range(2, at) if words[j].lower() in _CUT_BEFORE or words[j].endswith("ing")]
    if not cut:
        return p
    words = words[:cut[-1]]
    while words and (words[-1].lower() in _DANGLING or _ADJ_END.search(words[-1]) and not words[-1][:1].isupper()):
        words.pop()  # (nor on an adjective that needs what it is about: "pipeline notable | for its ...")
    return " ".join(words)


_CALLED_TERM = re.compile(r"(?:[\w\-]+\s+){1,5}?(?:called|termed|dubbed|coined)\s+[\"“]?(?=[a-z])(.*)", re.S)  # (a term, in lower
# case: a name is the paper's name)
_ADJECTIVES = re.compile(rf"(?:{_ADJ_RX},?\s+(?:and\s+)?)+")


def _unqualified(rest: str, name: str = "") -> str:
    """Where a list of adjectives took a phrase's room ("crowd-sourced, large-scale, human-preference dataset
    | of over 24,000 ..."): the phrase without them ("dataset of over 24,000 paired multi-turn interactions")."""
    m = _ADJECTIVES.match(rest)
    p = _phrase(re.sub(f"^{_FILLER}", "", rest[m.end():])) if m and "," in m.group(0) else ""
    return p if _good(p, name) and not _KIND_ONLY.fullmatch(p) else ""


_KIND_BY = re.compile(rf"{_KIND_HEAD}(?:\s+to\s+(?:this|that|the)\s+(?:problem|task|challenge))?,?\s+"
                      rf"(?:that|which)\s+(?:[a-z]+s\s+[^.;:()]{{0,40}}?\bby|rel(?:y|ies)\s+on)\s+([a-z]+ing)\s+(.*)", re.S)
_MADE_FOR = re.compile(rf"({_KIND_HEAD}\s+(?:to(?=\s+{_NOUNISH}\b)|comprising|consisting\s+of|featuring|"
                       rf"composed\s+of|(?:based|built|centered|centred|founded)\s+(?:on|upon)|grounded\s+in|"
                       rf"(?:derived|drawn|built|collected|curated)\s+from)|[\w\-]+(?:\s+[\w\-]+)?\s+(?:specifically\s+)?"
                       rf"(?:(?:tailored|designed|specialized|optimized|intended|built)\s+for|dedicated\s+to(?=\s+the\s)))\s+(.*)",
                       re.S)  # ("a vision-language model built on a Joint Embedding Predictive Architecture")


_BARE_IDEA = re.compile(r"(?:(?:a|an|the|this|our|simple|key|novel|new|basic|core|central|single)\s+)*(?:intuition|idea|"
                        r"observation|insight|premise|principle|assumption|hypothesis|finding)s?", re.I)


def _made_for(rest: str, name: str = "") -> str:
    """A thing and what it is for or made of, where _phrase cut before it: "approach to consistency
    distillation for offline RL" (a noun after "to"), "watermark tailored for diffusion language models",
    "dual-learner framework comprising a fast learner and a meta learner"."""
    m = _MADE_FOR.match(rest)
    if not m:
        return ""
    to = _phrase(m.group(2))
    if _BARE_IDEA.fullmatch(to):
        return ""  # ("a framework built on a simple intuition": which?)
    title = f"{m.group(1)} {to}"
    least = 1 if m.group(1).endswith(" for") else 2  # (not "suite comprising a dataset"; "designed for dLLMs")
    return title if len(_LEAD_ARTICLE.sub("", to).split()) >= least and _good(title, name) else ""


_RELATIVE = re.compile(rf"\s+(?:that|which)\s+(?:(?:first|then|also|further)\s+)?{_ADVERBS}{_NOT_PURPOSE}{_NOT_VERB}"
                       rf"([a-z]+)(?:\s+(and)\s+{_NOT_PURPOSE}([a-z]+s))?\s+(.*)", re.S)


def _with_clause(p: str, rest: str) -> str:
    """A short key phrase with what its relative clause says it does: "small language models that access
    parametric memory banks" -> "Small language models accessing parametric memory banks"."""
    at = rest.find(p)
    m = _RELATIVE.match(rest, at + len(p)) if at == 0 else None
    if not m or m.group(1).endswith("ed"):  # (not "that emerged")
        return p
    third = m.group(1).endswith("s") and not m.group(1).endswith("ss")  # ("a model that learns", "models that access")
    does = _doing(m.group(1), third, m.group(3) if m.group(2) and third else None, m.group(4), max_words=7)
    title = f"{p} {does[:1].lower()}{does[1:]}"
    return title if does and _good(title) and len(title.split()) <= CLAUSE_TITLE_WORDS else p


CLAUSE_TITLE_WORDS = 11


def _does(m: re.Match | None, name: str = "") -> str:
    """What a _DOES match says the thing does, as a gerund phrase, or ""."""
    if not m:
        return ""
    return _doing(m.group(1) or m.group(2), bool(m.group(1)), m.group(4) if m.group(3) else None, m.group(5), name)


def _doing(verb: str, third_person: bool, also: str | None, rest: str, name: str = "", max_words: int = 10) -> str:
    """'detects' (and 'skips') + what follows -> "Detecting (and skipping) X", or "" if that makes no title."""
    verb = _gerund(verb, third_person)
    if also:  # "detects and skips X" -> "Detecting and skipping X"
        verb += " and " + _gerund(also, True)
    second = None if third_person or also else _AND_BASE.match(rest)
    if second:  # "to define and operationalize X" -> "Defining and operationalizing X"
        verb, rest = f"{verb} and {_gerund(second.group(1), False)}", second.group(2)
    obj = _phrase(rest, max_words + 1 - len(verb.split()))  # (a title of at most 12 words: "Weighting and fusing X")
    more = _THEN_DOES.search(obj) or (_THEN_DOES_S if third_person else _THEN_DO).search(obj)
    if more and more.group(1).endswith("s") == third_person and not more.group(1).endswith(("ed", "ing")) \
            and not _ADJ_END.search(more.group(1)):  # (not "realistic and comprehensive MCP")
        # "creates a map and relocalizes a query image" -> "Creating a map and relocalizing a query image",
        # else what comes before ("modularizes X and makes it replaceable" -> "Modularizing X")
        both = f"{obj[:more.start()]} and {_gerund(more.group(1), third_person)}{obj[more.end(1):]}"
        obj = both if _good(both, name) else obj[:more.start()]
    control = _CONTROL.match(rest) if rest.startswith(obj) and len(obj.split()) <= 3 else None
    then = _phrase(control.group(2), 6) if control and control.start(1) + len(control.group(1)) == len(obj) else ""
    if _VAGUE_OBJECT.search(then) or _COUNTED.match(then.partition(" ")[2]):
        then = ""  # (not "to handle two key properties", "to address these issues": of what?)
    if then:  # "enables LLMs to think while reading" -> "Enabling LLMs to think"
        obj = f"{obj} to {then}"
    counted = _COUNTED_BACK.sub("", obj)  # "processes these two token categories for X" -> "two token categories for X"
    obj = counted if len(counted.split()) >= 4 else obj  # (not "Unifying two processes")
    if _VAGUE_OBJECT.search(obj):  # "overcomes these limitations by predicting X": how it does that, "Predicting X"
        by = _BY.match(rest)
        if not by:
            return ""
        verb, obj = by.group(1), _phrase(by.group(2), 8)
    g = f"{verb} {obj}"
    if not obj or _QUANTITY.search(obj):  # "Combining a large number" (of what, the cut lost)
        return ""
    if verb.split()[0] in _HAVING and not also and not more:  # "which introduces a structured reasoning pipeline":
        g = _LEAD_ARTICLE.sub("", obj)  # what it has is what it is ("Structured reasoning pipeline")
    words = [w for w in obj.split() if w.lower() not in ("the", "a", "an")]
    specific = len(words) >= 2 or len(words) == 1 and _COMPOUND.fullmatch(words[0])  # ("Strengthening multi-prompting")
    return g if specific and _good(g, name) else ""


_COMPOUND = re.compile(r"[a-z]+(?:-[a-z]+)+")


# "X and skips unwarranted Y": a verb in -s after "and", where a plural noun would be followed by a preposition or
# a clause ("gradients and features from Y"); not a function word in -s ("and its")
_THEN_DOES_S = re.compile(r"\s+and\s+(?!(?:its|this|thus|his|has|was|is|as|us|less|whereas|various|previous)\b)([a-z]+s)"
                          r"(?=\s+(?!(?:of|for|in|on|with|from|to|and|or|at|by|via|as|into|over|under|across|between|"
                          r"within|through|that|which|while)\b)[a-z])")
# "to mitigate X and preserve Y": after a bare verb, one of the verbs a purpose names most that no noun is
_THEN_DO = re.compile(r"\s+and\s+(improve|enhance|preserve|reduce|boost|accelerate|ensure|maintain|achieve|increase|"
                      r"mitigate|prevent|avoid|retain|promote|facilitate|strengthen|stabilize|alleviate|eliminate|"
                      r"minimize|maximize|obtain|identify|provide|enable)(?=\s+[a-z])")
_THEN_DOES = re.compile(r"\s+and\s+([a-z]+)(?=\s+(?:(?:the|a|an|its|their|it|them|each|all|any|this|these)\b|[A-Z]))")
_COUNTED_BACK = re.compile(r"^(?:these|those)\s+(?=(?:two|three|four|five|six)\s+\w)")
_CONTROL = re.compile(rf"(?:[\w\-]+\s+){{0,2}}([\w\-]+)\s+to\s+{_NOT_VERB}([a-z]+\s.*)", re.S)
_AND_BASE = re.compile(rf"and\s+{_NOT_VERB}([a-z]+(?:-[a-z]+)?)\s+(.*)", re.S)


# verbs that say what a thing is or has, not what it does ("ARMOR, which introduces a ... pipeline")
_HAVING = frozenset("introducing featuring providing offering".split())
_LEAD_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.I)
_QUANTITY = re.compile(rf"\b(?:a|an|the)\s+(?:\w+\s+)?(?:{'|'.join(_QUANTITY_NOUNS)})$", re.I)


def _tidy_long(long: str) -> str:
    """'TRAnsforming diffusion Cues to instance Edges' -> 'Transforming Diffusion Cues to Instance Edges':
    an expansion whose letters were capitalised to spell the acronym is re-cased; others stay as written."""
    words = long.split()
    if not any(_MIXED_CASE.fullmatch(w) for w in words):
        return long
    return " ".join(w if w.lower() in _DANGLING or _ACRONYM.fullmatch(w) else w[:1].upper() + w[1:].lower()
                    for w in words)  # (an acronym in it stays one: "Codec TAilored to MLLMs")


_ACRONYM = re.compile(r"[A-Z][A-Z0-9]+s?")
_MARKED = re.compile(r"(?<![\w])([A-Za-z][a-z]*)([A-Z])([a-z]*)(?![\w])")  # one inner capital: "GrAdient", "strategyY"


def _unmarked(p: str, text: str) -> str:
    """p less the capitals that mark an acronym's letters inside words ("Lightweight Efficient GrAdient Compression
    strategY" of LEGACY), where the text writes the word without them too ("gradient"); not "KeyFrames" where it
    writes only that."""
    def plain(m: re.Match) -> str:
        head, mark, tail = m.groups()
        if (head + tail).isupper():
            return m.group(0)  # (an acronym: "TO", "IS")
        word = head + mark.lower() + tail if tail or mark.lower() != head[-1] else head  # ("strategyY": one y too many)
        return word if re.search(rf"(?<![\w])[{word[0]}{word[0].swapcase()}]{re.escape(word[1:])}(?![\w])", text) \
            else m.group(0)
    return _MARKED.sub(plain, p)


_EPITHET = r"\s+the(?:\s+[A-Z][\w\-]*){1,3}"  # "Kevin the Kernel Writer"
_EPITHET_RX = re.compile(_EPITHET)
_AFTER_NAME = re.compile(rf"\)?(?:(?:\s+{_SELF})?\s*\([^()]{{0,60}}\)|\s+(?i:{_SELF}|net)(?=,)|{_EPITHET})?\s*"
                         rf"(?:(?:,|--|—|–|-(?=\s)|\s+is|\s+as)\s*(?:(?:a|an|the|our)\s+)|\s+(?:an?)\s+(?=[\w\-]+\s)|"
                         rf":\s*(?:a|an|the(?=\s+(?:first|largest|biggest|only|most)\b))\s+){_FILLER}(.*)", re.S)
# ("YuE (乐), a family of ...", "Kevin the Kernel Writer, the first model ...", "XQC: a sample-efficient actor-critic
# algorithm", not "X: the best model scores 8%")
_LONG_AFTER = re.compile(r"\s*\(([^()]{6,120})\)")
_TERMED_OR = re.compile(r"\b(?:termed|called|named|dubbed|coined)\s+(?:as\s+)?([^.,;:()]{6,120}?),?\s+or\s+[*_\"“]*$")
_LONG_NEXT = re.compile(r"\s*(?::|,|—|–|\s-{1,3}\s|-{2,3})\s*([A-Z][^.,;:()—–]{5,119}?)(?=\s*(?:[.,;:()—–]|--|\s-\s|$))")
# ("UML: Unpaired Multimodal Learner, a ...", "LINK, Learning INstance-level Knowledge", "SALAD—Sample-efficient ...—")
_SHORT_FOR = re.compile(r",?\s+(?:short for|which stands for|standing for)\s+([^.,;:()]{6,120})")
_NOUN_BEFORE = re.compile(rf"(?:a|an|the)\s+{_FILLER}([\w\- ]{{3,90}}?),?\s+"
                          rf"(?:\(?(?:called|termed|named|dubbed|coined|namely|abbreviated as|referred to as)|\()?\s*")
# ("a hybrid dual-path vision encoder (Hyden)", "a generic and unified tokenizer, namely UniFlow")
_DET_AT = re.compile(r"\b(?:a|an|the)\s")
_CLAUSE_WORD = re.compile(r"\b(?:that|which|whether|where|when|shows?|showed|demonstrates?|finds?|indicates?|suggests?|"
                          r"reveals?|confirms?|is|are|was|were|propose|introduce|present|develop|design)\b")
_KIND_AFTER = re.compile(rf"\)\s+((?i:{_SELF}|{_KINDS}))\b")
_INTO_ANOTHER = re.compile(r"\s(?:into|onto|to|as)\s+(?:a|an|the)\s")
_CLAUSE_END = re.compile(r"[,.;:()\[\]]")


def _noun_before(seg: str, name: str) -> str:
    """'... a conjoint framework called ' -> 'conjoint framework' (from the leftmost determiner), or "".
    Before a bare '(' only a whole phrase: not "a defense framework that combines fine-grained anonymization (X)"."""
    paren = seg.endswith("(")
    for d in _DET_AT.finditer(seg):
        m = _NOUN_BEFORE.fullmatch(seg, d.start())
        if m and _CLAUSE_WORD.search(m.group(1)):  # "a wide range of models show that X": a clause, not X's kind
            return ""
        if m and _INTO_ANOTHER.search(m.group(1)):  # "the multi-step process into a single-step approach called X":
            continue  # what X is is the second thing
        if m:
            p = _phrase(m.group(1))
            if paren and len(p.split()) < len(m.group(1).split()):
                continue
            return p if _good(p, name) else ""
    return ""


def _occurrences(text: str, name: str, limit: int = 6) -> list[tuple[int, int]]:
    """(start, end) of name as a whole token (not the 'FGDM' inside 'LR-FGDM'), with the emphasis
    around it ('__BTZSC__', '**Gaia2**': end after the closing marks)."""
    out, i, n = [], text.find(name), len(name)
    while i >= 0 and len(out) < limit:
        a, z = i, i + n
        while a and text[a - 1] in "*_":
            a -= 1
        while z < len(text) and text[z] in "*_" and (a < i or text[z] == "*"):
            z += 1
        b, c = text[a - 1:a] if a else " ", text[z:z + 1] or " "  # (at either end of the text: no neighbour)
        if not (b.isalnum() or b in "-_") and not (c.isalnum() or c in "-_"):
            out.append((i, z))
        i = text.find(name, i + n)
    return out


_POWERED = re.compile(r"(\w)\^([2-4])")


def descriptor(name: str, text: str) -> str:
    """What the abstract says its name is: 'X, a framework for Y' -> 'Framework for Y'."""
    occ = _occurrences(text, name)
    letters = _POWERED.sub(lambda m: m.group(1) * int(m.group(2)), name)  # "A^2FM" spells AAFM
    acro = _ONE_WORD.fullmatch(letters) and sum(c.isupper() for c in name) >= 2
    for pos, _ in occ:  # 1. the acronym's expansion, before or after it
        before, after = text[max(0, pos - 120):pos], text[pos + len(name):pos + len(name) + 200]
        if not acro:
            break
        if after.startswith(")") and before.rstrip().endswith("("):
            words = [w.strip("\"“”") for w in _CLAUSE_END.split(before.rstrip()[:-1])[-1].split()[-9:]]  # (quoted:
            # 'the so-called "predictive differential training" (PDT)')
            for k in range(1, len(words) + 1):  # the shortest expansion that spells the acronym
                if k == 1 and words[-1].count("-") < 1:
                    continue  # (one word only where it has parts: "Mixture-of-Memories (MoM)")
                long = " ".join(words[-k:]).strip("*_")  # ("*Dropping the Positional Embeddings ... (DroPE)")
                if _expands(long, letters):
                    kind = _KIND_AFTER.match(after) if _ADJ_END.search(long) else None  # what an adjective expansion
                    return _cap(_tidy_long(long) + (" " + kind.group(1) if kind else ""))  # qualifies: "(MO-LRN) kernel"
        if before.endswith(" ") and not after.startswith(")"):  # "Long Form X", unbracketed, in Title Case
            words = _CLAUSE_END.split(before)[-1].split()[-9:]
            longs = (" ".join(words[-k:]) for k in range(2, len(words) + 1))
            long = next((w for w in longs if name not in w and _title_case(w) and _expands(w, letters)), "")
            if long:
                return _cap(_tidy_long(long))
        # "X (Long Form)", "X: Long Form", "X, short for Long Form", "termed Long Form or X"
        for m in (_LONG_AFTER.match(after), _LONG_NEXT.match(after), _SHORT_FOR.match(after),
                  _TERMED_OR.search(before)):
            if m and _expands(m.group(1).strip(), letters) and not _LEAD_ARTICLE.match(m.group(1)):
                return _cap(_tidy_long(m.group(1).strip()))
    for _, end in occ:  # 2. the appositive: "X, a ..." / "X is a ..." / "X, a framework that does ...",
        m = _AFTER_NAME.match(text, end, end + 240)  # or what X does: "an algorithm X that learns ..."
        p = _described(m.group(1), name) if m else _does(_NAME_DOES.match(text, end, end + 240)
                                                          or _NAME_KIND_TO.match(text, end, end + 240), name)
        if p:
            return _cap(p)
        m = _EPITHET_RX.match(text, end, end + 80)
        if m:  # or what it is called: "Kevin the Kernel Writer" -> "Kevin: The Kernel Writer"
            return _cap(m.group(0).strip())
    for pos, end in occ:  # 3. the kind of thing it names: "a Half-Order (HO) fine-tuning paradigm for DM"
        m = _NAME_MODIFIES.match(text, end) if _DET_BEFORE.search(text, max(0, pos - 8), pos) else None
        p = _phrase(m.group(1)) if m else ""
        if _good(p, name) and not _KIND_ONLY.fullmatch(p):
            return _cap(p)
    for pos, _ in occ:  # 4. the noun phrase that introduces it: "a conjoint framework called X"
        p = _noun_before(text[max(0, pos - 120):pos], name)
        if p:
            return _cap(p)
    for pos, end in occ:  # 5. what it does, where a sentence opens with it: "FlexiCodec improves X with Y"
        ours = _OUR_KIND.search(text, max(0, pos - 40), pos) and text.startswith(",", end)
        if not pos or not (ours or _SENTENCE_OPEN.search(text, max(0, pos - 3), pos)):
            continue  # (an abstract's first word modifies its subject as often as it names it: "RNA molecules underlie")
        m = _SUBJECT_DOES.match(text, end + 1 if ours else end, end + 240)
        gain = m and _gerund(m.group(1), True) in _RESULTS and not _gained_by(m.group(4))
        if not m or m.group(1) in _NOT_VERBS or _gerund(m.group(1), True) in _MEANS or gain or _COUNTED.match(m.group(4)) \
                or _KIND.fullmatch(m.group(1)):
            continue  # (what it uses, gains or counts is not what it is for: "X leverages Y", "X improves Y"; nor is
            # a kind of thing a verb: "DeepWeightFlow models pave the way")
        p = _doing(m.group(1), True, m.group(3) if m.group(2) else None, m.group(4), name)
        if p:
            return _cap(p)
    return ""


_DET_BEFORE = re.compile(r"\b(?:a|an|the|our)\s+[*_]*$")
_NAME_MODIFIES = re.compile(rf"[*_]*\s*(?:\([^()]{{1,20}}\)\s+)?((?:[a-z][\w\-]*\s+){{1,3}}{_SELF}\s+(?:for|of|to|on|in)\s.*)",
                            re.S)  # (a kind with a modifier, and what it is for: not "the X framework, which ...")
_SENTENCE_OPEN = re.compile(r"[.!?]\s+$")
_OUR_KIND = re.compile(rf"(?:^|[.!?]\s+)Our\s+(?:[\w\-]+\s+)?{_SELF},\s+$")  # "Our algorithm, COMBRL, maximizes ..."
_KIND = re.compile(rf"{_SELF}s")
_NOT_VERBS = frozenset("thus also always perhaps sometimes its this plus as us less across towards whereas besides "
                       "afterwards nevertheless regardless unless".split())
_COUNTED = re.compile(r"(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|several|many)\b)", re.I)
_MEANS = _HAVING | frozenset("leveraging employing using utilizing exploiting spanning involving containing comprising "
                             "requiring relying adopting incorporating".split())
_RESULTS = frozenset("improving enhancing boosting reducing enabling increasing decreasing lowering raising "
                     "accelerating speeding overcoming".split())  # what it gains: a result, not what it is for
# what it gains, and how: "improves semantic preservation with a dynamic frame rate approach" (not "improves accuracy
# by 5%"): that says what it is for
_GAIN_BY = re.compile(rf"[^.;:()\d%]{{3,60}}?\s(?:with|via|through|using|by)\s+(?![\d+\-]){_DET}?{_FILLER}(.*)", re.S)


def _gained_by(rest: str) -> bool:
    """Does `rest` say how the gain is made, and specifically ("with a dynamic frame rate approach", not "with a
    new approach")?"""
    m = _GAIN_BY.match(rest)
    how = _phrase(m.group(1)) if m else ""
    return bool(how) and not _KIND_ONLY.fullmatch(how) and len(how.split()) >= 2


_SUBJECT_DOES = re.compile(rf"\s+(?:\w+ly\s+)?{_NOT_PURPOSE}([a-z]+s)\b{_AND_DOES}", re.S)


_KEY_VERBS = (r"(?:propose|introduce|present|develop|design|study|investigate|analy[sz]e|examine|explore|revisit|"
              r"characterize|establish|derive|formalize|consider|tackle|address|provide|put forward|offer|build|advocate for|"
              r"construct|curate|release|identify|uncover|demonstrate)")
_INTRO_OBJECT = (rf"[sd]?(?:\s+and\s+(?:\w+ly\s+)?[a-z]+)?\s+(?!(?:can|could|will|would|may|might|should|must|is|are|was|were|"
                 rf"has|have|had)\b)(?:(?:here|as a (?:corollary|consequence|byproduct|by-product))\s+)?{_DET}?{_FILLER}(.*)")
# (the object after a second verb: "we identify and characterize X"; none where the verb ends a relative
# clause: "the model we develop can be viewed as ...")
_WE_THIS = r"(?:[Ww]e|[Tt]his (?:paper|work|study|article))"  # who says what a paper does
_INTRO = re.compile(
    rf"\b(?:{_WE_THIS}|[Oo]ur (?:paper|work))\s+(?:(?:first|also|further|here|then|therefore|"
    rf"formally|systematically|theoretically|empirically|newly)\s+)?{_KEY_VERBS}{_INTRO_OBJECT}")
_AND_INTRO = re.compile(rf"\s+and\s+(?:then\s+|also\s+)?(?:propose|introduce|present|develop|design|build|construct|"
                        rf"curate|release){_INTRO_OBJECT}")  # "we address this challenge and present Y"
_BY_INTRO = re.compile(rf"(?<!which )(?<!that )\b{_WE_THIS}\s+[a-z]+s?\b[^.;:]{{0,60}}?\bby\s+(?:introducing|"
                       rf"proposing|presenting|developing|designing|conducting|performing|studying|"
                       rf"investigating|analy[sz]ing)\s+{_DET}?{_FILLER}(.*)")  # "This paper challenges the status quo by
# introducing a technique to learn X", "we aim to bridge this gap by conducting the first systematic study on X"
_WE = re.compile(r"\b(?:we|this paper|this work)\b|我们|本文", re.I)  # (and in Chinese: "we", "this paper")
_ASKS = re.compile(rf"\b{_WE_THIS}\s+asks?\s+(?:the question:?\s+)?(.*)")


def key_phrase(text: str, findings: bool = True) -> str:
    """The abstract's own statement of what it proposes or studies, as a short title (see the module's doc).
    `findings`: else also what it finds or asks (a named paper's descriptor says what the name is, not that)."""
    asked = kind = ""  # where it says nothing of that kind: what it finds ("we show that X"), else a bare
    sents = sentences(text)  # kind of thing ("Unified framework"), else whether ... ("Can X Y?")
    for s in sents:
        found = findings and _finding(s)
        if found:
            return _cap(found)
        intro = _INTRO.search(s)
        more = intro and _AND_INTRO.search(s, intro.end(1) - len(intro.group(1)))
        for m in (intro, more, _ASKS.search(s)):  # (a question is a title, never a teaser: that says what a paper does)
            p = m and (m.re is not _ASKS and _described(_HEAD_JUNK.sub("", m.group(1))) or _question(m.group(1)))
            if p and p.endswith("?"):
                asked = asked or p
            elif p and _KIND_ONLY.fullmatch(p):
                kind = p
                break
            elif p:  # what it proposes or studies, or how, why, what ...
                return _cap(p)
        if kind:
            break
    if not kind and not asked:  # no "we propose X": "This paper challenges the status quo by introducing X"
        by = (_described(_HEAD_JUNK.sub("", m.group(1))) for m in map(_BY_INTRO.search, sents) if m)
        p = next((p for p in by if p and not p.endswith("?") and not _KIND_ONLY.fullmatch(p)), "")
        if p:
            return _cap(p)
    if not findings:
        return _cap(kind)
    claim = next((c for c in map(_claim, sents) if c), "")
    return _cap(claim or kind or asked)


_PROBLEM = (r"(?:issue|problem|phenomen(?:on|a)|limitation|flaw|failure mode|vulnerabilit(?:y|ies)|bottleneck|pitfall|"
            r"paradox|trade-?off|effect|weakness|shortcoming|mismatch|bias|challenge|factor|cause)(?:e?s)?")
_FOUND = re.compile(rf"\b{_WE_THIS}\s+(?:\w+ly\s+|first\s+)?(?:identif(?:y|ies)|uncovers?|"
                    rf"reveals?|finds?|observes?|discovers?|exposes?|pinpoints?|highlights?)\s+(?:a|an|the)\s+"
                    rf"(?:[\w\-']+,?\s+){{0,5}}?{_PROBLEM}\b"
                    rf"[^:.;]{{0,60}}?:\s+(?!\(|first\b|(?:the\s+)?former\b)(.*)")
# "we identify a critical yet underexplored issue in RL training: low-probability tokens over-dominate": the finding is
# what follows the colon (not "two failure modes: X and Y", a list)
_FOUND_END = re.compile(r",\s+(?:where|which|in which|whereby|wherein|when|leading|causing|resulting|such that)\b|[;:]|"
                        r"\.(?!\d)|\s(?:-{1,3}|—)\s")  # (where the finding's own clause ends)


def _finding(sentence: str) -> str:
    """The problem or phenomenon a paper found, where it names it after a colon, in a noun phrase ("lazy agent
    behavior") or a short clause of its own ("low-probability tokens disproportionately influence model updates");
    "" if that runs on, points outside itself or lists."""
    m = _FOUND.search(sentence)
    if not m:
        return ""
    rest = _ACRONYM_PAREN.sub("", m.group(1))
    clause = _FOUND_END.split(rest, maxsplit=1)[0].strip()
    return _own_clause(_LEAD_ARTICLE.sub("", clause), 2)  # ("the incompatibility between X and Y")


_CLAIM = re.compile(rf"\b{_WE_THIS}\s+(?:\w+ly\s+)?(?:show|find|prove|demonstrate|argue|"
                    r"establish|observe|reveal|discover|hypothesi[sz]e|posit|conjecture)s?\s+that\s+"
                    r"((?:[^.;:,]|\.(?=\d))+)[.;:]?\s*$")
CLAIM_WORDS = 14


def _claim(sentence: str) -> str:
    """What a paper finds, where it says so in a short clause of its own: "we show that modern LLM pruning
    methods can be maliciously exploited" ("" if the clause runs on, points outside itself or lost a formula)."""
    m = _CLAIM.search(sentence)
    c = _ACRONYM_PAREN.sub("", m.group(1)).strip() if m else ""
    return _own_clause(_RELATIVE_AUX.sub(" ", c), 4)  # ("the features which emerge from X can be ..." -> "the
    # features can be ...")


def _own_clause(c: str, min_words: int) -> str:
    """c, if it is a short clause of its own: at most CLAIM_WORDS words, pointing outside itself nowhere, no
    parenthesis or dash a formula or an aside left, no dangling last word; else ""."""
    words = c.split()
    return c if min_words <= len(words) <= CLAIM_WORDS and not _OUTSIDE.search(c) and not _BROKEN.search(c) \
        and words[-1].lower() not in _DANGLING and not _URL_CUT.search(c) else ""


_BROKEN = re.compile(r"\s-|-\s|\(|\)")


_RELATIVE_AUX = re.compile(r"\s+(?:which|that|who)\s+[^,;]{3,60}?\s+(?=(?:can|could|is|are|was|were|will|may|might|must)\s)")
_QUESTION = re.compile(r"(?:how|why|what|whether)\s+(?!(?:to|is|are|was|were|do|does|can|if)\b)[^,.;:()\[\]—!?]+", re.I)
_OUTSIDE = re.compile(r"\b(?:this|these|those|such|above|aforementioned|former|latter|we|us|our|it|they|them)\b", re.I)
# a clause a parenthesis or a list interrupts ("how key architectural factors, hidden size, ... influence"), not
# one that ends at its comma ("how X affects Y, and ...", "how X affects Y, introducing ...")
_INTERRUPTED = re.compile(r"\s*(?:[(\[]|,(?!\s*(?:and|but|while|whereas|which|thereby|thus|so|as|we|with|by|from|"
                          r"through|[a-z]+ing)\b))")
QUESTION_WORDS = 12


def _question(rest: str) -> str:
    """What a paper studies, as the question it asks: "we investigate how MoE sparsity influences two
    capability regimes" -> "How MoE sparsity influences two capability regimes" ("" if it points outside
    itself or runs too long)."""
    rest = _ACRONYM_PAREN.sub("", _before_url(rest.replace("*", "")))
    m = _QUESTION.match(rest)
    if not m or _OUTSIDE.search(m.group(0)) or _INTERRUPTED.match(rest, m.end()):
        return ""  # (a clause an example or parenthesis interrupts: "how key architectural factors, such as ...")
    words = m.group(0).split()
    if len(words) > QUESTION_WORDS:
        cut = [i for i in range(5, QUESTION_WORDS + 1) if words[i].lower() in _CUT_BEFORE]
        words = words[:cut[0]] if cut else []
    while words and words[-1].lower() in _DANGLING:
        words.pop()
    if words and words[0].lower() == "whether":  # "whether transformers can learn X" -> "Can transformers learn X?"
        aux = next((i for i in range(2, min(len(words), 8)) if words[i] in _AUX), 0)
        words = [words[aux].capitalize()] + words[1:aux] + words[aux + 1:] if aux else []
        if words:
            words[-1] += "?"
    return " ".join(words) if len(words) >= 4 else ""


_AUX = frozenset("can could do does did is are was were will would should may might has have".split())


_KIND_ONLY = re.compile(rf"(?:{_ADJ_RX}(?:,\s+|\s+and\s+)(?:and\s+)?)+(?:[\w\-]+\s+){{0,2}}{_SELF}s?|"
                        rf"(?:[a-z]+ly\s+)?(?:[\w\-]+\s+)?{_SELF}s?", re.I)
# ("Unified framework", "Attention mechanism", "Training-free, plug-and-play decoding strategy", "Remarkably effective
# strategy")
_LEAD_DET = re.compile(r"^(?:(?:although|though|while|whereas|despite|since|because|as|when|given|with)\s+)?"
                       r"(?:(?:the|a|an)\s+)?", re.I)  # "Although diffusion models excel ..." -> diffusion models


def make_title(given: str | None, name: str | None, text: str, tags: list[str],
               known: frozenset[str] = frozenset(), cased: dict[str, str] | None = None) -> str:
    """The paper's title: the given one, else "Name: descriptor", else the abstract's key phrase (see the module's
    doc).  An acronym in it that the abstract defines and few abstracts use is spelled out (_spelled_out: `known`
    are the corpus's common names, `cased` how the corpus spells words not in lower case)."""
    if given and given.strip():
        return " ".join(given.split())
    title = _made_title(name, text, tags)
    head = f"{raised(name.strip('_*'))}: " if name else ""
    head = head if head and title.startswith(head) else ""  # (the descriptor starts after it: "BBQ: Information ...")
    return head + _spelled_out(title[len(head):], name or "", text, known, cased or {})


SPELLED_OUT_WORDS = 3  # the longest long form a title spells out


def _spelled_out(p: str, name: str, text: str, known: frozenset[str], cased: dict[str, str]) -> str:
    """p with each acronym the abstract defines as its long form of at most SPELLED_OUT_WORDS words whose initials
    spell it ("AMiD: Unified framework for KD" -> "... for knowledge distillation"), but for the name's own and those
    every reader of the field knows: common names (names.COMMON: LLM, RL, PPO) and the corpus's (`known`: names
    many abstracts use)."""
    if not _ACRONYM_IN.search(p):
        return p
    defined: dict[str, str] = {}
    for long, acro in acronym_pairs(text, keep=lambda a: a in p):
        defined.setdefault(acro, long)  # (its first definition)
    for acro, long in defined.items():
        words = long.split()
        forms = (acro, acro.rstrip("s"))
        if len(words) > SPELLED_OUT_WORDS or acro in name or any(a in known or a in COMMON for a in forms) \
                or _initials(long) not in {_letters(a) for a in forms}:
            continue  # (a long form whose words' initials spell the acronym, no looser one: not "skeleton-based
            # approaches (STAS)")
        plain = _plain_case(long, text, cased)
        at = re.compile(rf"(?<![\w\-]){re.escape(acro)}(?![\w\-])")
        p = at.sub(lambda m: _cap(plain) if m.start() == 0 else plain, p)
    return p


_ACRONYM_IN = re.compile(r"(?<![\w\-])[A-Z][\w\-]*[A-Z]")  # (a word with two capitals: any acronym)
_TITLE_WORD = re.compile(r"(?<![\w])[A-Z][a-z]+(?![\w])")  # ("Model-Based": two of them)


def _plain_case(long: str, text: str, cased: dict[str, str]) -> str:
    """A long form's capitalised words as the corpus writes them ("Bayesian"), else in lower case where the text
    writes them so or only capitalises them in the long form ("Vision Foundation Models" -> "vision foundation
    models"); "Fine-Grained" -> "fine-grained"."""
    rest = text.replace(long, " ")

    def case(m: re.Match) -> str:
        w, low = m.group(0), m.group(0).lower()
        if low in cased:
            return cased[low]
        plain = re.search(rf"(?<![\w\-]){low}(?![\w\-])", text) or not re.search(rf"(?<![\w\-]){w}(?![\w\-])", rest)
        return low if plain else w
    return _TITLE_WORD.sub(case, long)


# Chinese descriptors: the long form before the bracketed name ("称为思维链压缩（CoTC）"), after the last cue or mark
_CJK_CUT = re.compile(rf"[，,：:；。！？\s]|(?:{CJK_PROPOSE})了?|{CJK_CALLED}|即|一种|一个|一套")
# ... else the appositive after it ("ProtoKV，一种用于KV缓存压缩的新方法"), or what 名为 NAME 的 calls it
_CJK_APPOS = re.compile(r"[*_]*\s*(?:[，,：:]\s*(?:这是|它是|即)?|是|的)\s*(?:一种|一个|一套|一款)?([^，,：:；。！？()（）]{2,30})(?=[，,；。！？]|$)")


def _cjk_descriptor(name: str, text: str) -> str:
    """What a Chinese abstract says its name is: the long form it abbreviates, else the appositive after it."""
    pos = text.find(name)
    if pos < 0:
        return ""
    before = text[max(0, pos - 40):pos].rstrip()
    if before.endswith(("（", "(")):
        long = _CJK_CUT.split(before[:-1])[-1]
        if 2 <= len(long) <= 30 and CJK.search(long):
            return long
    m = _CJK_APPOS.match(text, pos + len(name))
    return m.group(1).strip() if m and CJK.search(m.group(1)) else ""


def _tag_topic(tags: list[str], name: str = "") -> str:
    """The paper's topic from its first two tags of more than one word ("Reasoning efficiency and verifiable
    rewards"), none holding its name; "" without such tags."""
    phrases = [t for t in tags if (" " in t or "-" in t) and not (name and name.lower() in t.lower())]
    return _cap(phrases[0]) + (f" and {phrases[1]}" if len(phrases) > 1 else "") if phrases else ""


def _made_title(name: str | None, text: str, tags: list[str]) -> str:
    if name:
        name = name.strip("_*")
        d = descriptor(name, text) or _cjk_descriptor(name, text)
        if " " in name and _KIND_ONLY.fullmatch(d):  # "Occupancy Reward Shaping" says more than "Reward-shaping approach"
            d = ""
        part = f"({name})"
        if not d and not (part in text and any(part in s for s in sentences(text) if _INTRO.search(s))):
            p = key_phrase(text, findings=False)  # what the abstract proposes or studies, where the name is not a part of
            # that ("we propose a framework that combines X (TRACE) with Y"): "SeedVR2: One-step diffusion-based VR model"
            d = p if p and not _KIND_ONLY.fullmatch(p) and not _VAGUE_HEAD.search(p) and name not in p else ""
        if not d and " " not in name:  # a coined word alone says nothing of the paper: its topic ("DECS: Reasoning
            d = _tag_topic(tags, name)  # efficiency and verifiable rewards")
        return f"{raised(name)}: {_unmarked(d, text)}" if d else raised(name)
    p = key_phrase(text)
    if p and not _KIND_ONLY.fullmatch(p):
        return p if _PROPER.fullmatch(p) else _term_title(p, text) or _specific(p, tags)  # (what it introduces by its
        # own proper name is specific)
    if not p:  # what it does, where it says so in no other way: "we encourage concise yet accurate reasoning"
        act = next((a for a in map(_act, sentences(text)) if a), "")
        if act:
            return _cap(act)
    first = sentences(text)[0] if text else ""
    subject = p or _phrase(_LEAD_DET.sub("", first), subject=True)  # the topic the abstract opens with: "Backdoor attacks pose ..."
    if _good(subject) and subject.split()[0].lower() not in _DANGLING and not _PART_OF.match(subject) \
            and not _FIELD_OF.match(subject):
        return _specific(_cap(subject), tags)
    loose = key_phrase(_THESE.sub("", text))  # "a framework for analyzing these explanations": the explanations
    if loose and not _KIND_ONLY.fullmatch(loose):  # the abstract spoke of ("these" points back, as a title cannot)
        return loose
    topic = _tag_topic(tags)
    if topic:
        return topic
    clause = next((c for c in _CLAUSE.split(first) if LETTER.search(c)), "").strip(_LEAD_MARKS + " ").rstrip(".")
    words = _before_url(clause).split()  # (not "::" of "::: generator.cli ..."; "We release code | at https://...")
    while words and words[-1].lower() in _DANGLING:
        words.pop()
    return shorten(" ".join(words) or clause or "Untitled", 80)  # its first clause with a word, at most 80 characters


_ACTS = re.compile(rf"\b{_WE_THIS}\s+(?:(?:\w+ly|also|further|then|here|instead)\s+)?(encourage|enable|accelerate|"
                   rf"unify|automate|compress|distill|align|stabilize|scale|extend|generalize|reformulate|recast|"
                   rf"reframe|decouple|disentangle|steer|calibrate|quantify|localize)\s+(.*)")  # (not "reduce X to Y",
# a proof's step; nor "bridge this gap", "mitigate this": what they point back to)


def _act(sentence: str) -> str:
    """What a paper does to something, as a gerund phrase ("we encourage concise yet accurate reasoning" ->
    "Encouraging concise yet accurate reasoning"), or ""."""
    m = _ACTS.search(sentence)
    return _doing(m.group(1), False, None, m.group(2)) if m else ""


_VAGUE_HEAD = re.compile(r"^(?:[\w\-']+\s+){0,2}?(?:question|abilit(?:y|ies)|innovations?|improvements?|balance|patterns?|"
                        r"problem|flaws?|investigation|potential|perspective|insights?|issues?|challenges?|causes?|"
                        r"sources?|reasons?|effects?|roles?|gap|needs?|limitations?|findings?|capabilit(?:y|ies)|ways?|aspects?|"
                        r"factors?|properties|phenomen(?:on|a)|behaviou?rs?|nature)"
                        r"(?:\s+(?:of|as|in|for|on|into|to|between|behind|that|which)\b|$)", re.I)
# (a key phrase that names no thing of the paper's own: "Key innovations", "LMs' ability", "Classic problem of X")
_THESE = re.compile(r"(?<=\s)(?:these|those|such)\s+(?=[a-z][\w\-]*s\b)")
_FIELD_OF = re.compile(r"(?:[\w\-]+\s+)?(?:area|field|domain|line|direction|topic|trend)\s+(?:of|in|within)\b", re.I)
# (where a subject is an area: "A burgeoning area within reinforcement learning is the design of agents ...")
_PART_OF = re.compile(r"(?:one|some|many|most|each|all|much|part)\s+of\b", re.I)  # "One of the core facets of X"
SPECIFIC_WORDS = 3  # a fallback title of at most this many words gets the paper's own topics added


def _term_title(p: str, text: str) -> str:
    """A short key phrase the abstract introduces as a term of its own, with what it says the term is, as a
    name's title says what the name is ("we introduce representation holonomy, a gauge-invariant statistic that
    ..." -> "Representation holonomy: Gauge-invariant statistic"), or ""."""
    if len(p.split()) > SPECIFIC_WORDS:
        return ""
    m = re.search(rf"(?<![\w\-]){re.escape(p)}(?=,\s+(?:a|an|which|that)\s)", text, re.I)
    d = descriptor(m.group(0), text) if m else ""
    more = word_set(d) - word_set(p) - _NOTHING_MORE  # ("a new form of generation called any-process generation")
    return f"{p}: {d}" if more and not _KIND_ONLY.fullmatch(d) else ""


_NOTHING_MORE = frozenset("form kind type variant class family version new novel of a an the".split())


def _specific(subject: str, tags: list[str]) -> str:
    """A field or a bare kind of thing ("Large language models", "Theoretical framework") is the title of
    many papers: add the paper's own first two topics, those the subject does not already name."""
    if len(subject.split()) > SPECIFIC_WORDS:
        return subject
    said, phrases = word_set(subject), []
    for t in tags:  # phrases only, none that shares the first word of an earlier one without covering it
        words = word_set(t)  # ("reasoning capabilities" and "reasoning abilities" say one thing)
        if len(words) > 1 and not words & said and not any(
                p.split()[0] == t.split()[0] and not word_set(p) <= words for p in phrases):
            phrases.append(t)
    own = distinct_terms(phrases, 2)
    return f"{subject}: {' and '.join(own)}" if own else subject


_FROM = re.compile(r"\bfrom(?:\s+[\w\-]+){1,4}$")  # ("repositioning the LLM from a data processor | to an algorithm designer")
_TO_THING = re.compile(r"\s+(?:a|an|the|its|their|[a-z][\w\-]*(?:ic|al|ive|ous|ful|ing))\s")  # (not "to integrate priors")
_PROPER = re.compile(r"[A-Z][\w\-]*(?:\s+(?:of|for|and|in|on|with|to|the|a|an|via|as)?\s*[A-Z][\w\-]*)+")
# (a proper name: "Type-Compliant Adaptation Cascades")
_CLAUSE = re.compile(r"\s*(?:-{2,}|—|;|:\s)\s*")  # "... solving problems---it is also about evaluating ..."


def teaser(text: str, limit: int = 200) -> str:
    """The key sentence: the one saying what the paper proposes, else the first 'we' sentence."""
    sents = sentences(text)
    if not sents:
        return ""
    pick = next((s for s in sents if _INTRO.search(s)), None) \
        or next((s for s in sents if _WE.search(s)), sents[0])
    at = sents.index(pick)
    pick = _AIM_BACK.sub("", pick)  # "We propose SphereAR to address this issue." -> "We propose SphereAR."
    if len(pick.split()) < TEASER_WORDS and at + 1 < len(sents) and pick[-1] not in CJK_STOPS:  # "This paper
        pick = f"{pick} {sents[at + 1]}"  # introduces X to address this limitation." says little alone: the sentence
        # after it too (not after a sentence of Chinese or Japanese, whose words no spaces separate)
    lead = _LEAD_BACK.match(pick)
    if lead:  # "To address this gap, we introduce X" -> "We introduce X": a card stands alone
        pick = pick[lead.end()].upper() + pick[lead.end() + 1:]
    return shorten(typeset(pick), limit)


# an opening that points back to sentences a teaser leaves out, or says nothing ("In this paper, "), before its subject
_LEAD_BACK = re.compile(
    r"(?:(?:To (?:[a-z]+ly )?[a-z]+(?: and [a-z]+)? (?:this|these|that|those|such|the above|both|the aforementioned)\b"
    r"[^,;.]{0,60}|To (?:address|tackle|overcome|bridge|fill|solve|mitigate|close|remedy|alleviate|resolve|handle|meet) "
    r"the (?:[a-z\-]+ )?(?:gaps?|challenges?|issues?|limitations?|problems?|shortcomings?|drawbacks?|bottlenecks?)|"
    r"To this end|To that end|"
    r"[Ii]n (?:this|the present|our) (?:paper|work|study|article)|Here(?:in)?|Then|Next|Moreover|Furthermore|Additionally|"
    r"Further|Finally|Therefore|Thus|Hence|Accordingly|Consequently|Specifically|In response|"
    r"(?:Motivated|Inspired|Guided|Driven|Prompted) by (?:this|these|that|those|such)\b[^,;.]{0,50}|"
    r"(?:Building|Based) (?:on|upon) (?:this|these|that|those|such)\b[^,;.]{0,50}|"
    r"In light of (?:this|these)\b[^,;.]{0,40}),?\s+)+(?=(?:we|this (?:paper|work|study|article)|our)\b)")
# ("To bridge this gap, in this paper, we": one opening after another)
# a purpose that points back, ending a sentence: "(designed) to address this challenge", "that tackles these issues"
_AIM_BACK = re.compile(
    r"(?:,\s*|\s+)(?:(?:designed|aimed|intended|proposed|developed|built|tailored)\s+)?(?:to|that)\s+(?:address|tackle|"
    r"overcome|bridge|fill|solve|mitigate|close|remedy|alleviate|resolve|handle|meet|answer|fix)(?:es|s)?\s+(?:this|"
    r"these|those|such|the above|the aforementioned|both)\b(?:\s+[a-z\-]+){0,3}?(?=\s*[.;])")


TEASER_WORDS = 12


def make_slugs(papers) -> list[str]:
    """readable-part + '-' + id[:6], unique in the corpus (longer id prefix on a clash)."""
    seen, out = set(), []
    for p in papers:
        base = slugify(p.name or p.title, 60) or "paper"
        n = 6
        slug = f"{base}-{p.id[:n]}"
        while slug in seen:
            n += 2
            slug = f"{base}-{p.id[:n]}" if n <= len(p.id) else f"{base}-{p.id}-{len(seen)}"
        seen.add(slug)
        out.append(slug)
    return out
