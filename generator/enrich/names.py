"""The name an abstract introduces for its method, benchmark, model or dataset.

Candidates come from strong cues -- emphasis (**X**, *X*), "we propose X, a ...", "called X",
"our method, X", "Long Form (ACR)" -- each with a score; the best one wins, or None when no cue is
strong enough.  A single-word candidate must look coined (CamelCase, acronym, digits, hyphenated
caps) unless a cue puts it in a name slot; common field acronyms (LLM, RL, CoT...) never count.
"""
from __future__ import annotations

import os
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator

from generator.markup import MATH_PLAIN, MD_CHAR_REFS, flat

from .text import CJK

COMMON = frozenset("""
AI ML DL NLP CV RL LLM VLM MLLM LVLM LM LRM GPT CNN RNN GNN MLP ViT VAE GAN SGD RLHF RLVR RLAIF DPO PPO
GRPO SFT CoT ICL RAG KV QA VQA OOD IID SOTA API GPU TPU CPU NeRF PDE ODE SDE MDP POMDP LoRA MoE ReLU KL
PCA SVD BERT T2I T2V I2V TTS ASR OCR AUC ROC MSE MAE FID IoU mAP AP BLEU ROUGE PSNR SSIM LPIPS FLOPs ELBO
MCMC HMC NTK RKHS SAE UQ BO HPO NAS AGI VLA DiT CLIP IRL MARL LTL SMT SAT LP MILP QP TD PAC SNR DNN NN
I II III IV We Our In This The A An To It Its Transformer Transformers Adam AdamW However First Second
Third Finally Specifically Moreover Furthermore Additionally Experiments Existing Recent Unlike While
Building Based Using Through Motivated Inspired Empirically Extensive Overall Together Here Then Thus
Ours DNA RNA mRNA MRI fMRI CT EEG ECG EHR PET
""".split())  # ("termed Ours": a placeholder the authors left)
_FUNCTION = frozenset("""I We Our In This The A An To It Its However First Second Third Finally Specifically Moreover
Furthermore Additionally Experiments Existing Recent Unlike While Building Based Using Through Motivated Inspired
Empirically Extensive Overall Together Here Then Thus Large Deep Modern Current Standard Traditional""".split())
_JOINERS = ("of", "and", "for", "the", "as", "in", "to", "on", "with", "a")  # small words inside a name phrase
_SMALL = _JOINERS + ("by", "but", "via")  # small words a Title-Case name may hold
# a token: letters/digits with inner . + ' & and single hyphens ("Mono4DGS-HDR", "Llama-3.1-8B"), never "X---which"
_TOKEN = r"[A-Za-z0-9α-ωΑ-Ω][\w.+²³′'&^]*(?:-[\w.+²³′'&^]+)*(?<=[\w+²³′])"  # ("A^2TG": a superscript as the plain text writes it)
# the rest of a word of a name phrase, after its first character; a dot only inside a word ("Qwen2.5"): "we
# propose OFMU. Our method" names OFMU
_WORD_REST = r"(?:[\w+\-²³′'&]|\.(?=\w))*"
_CAPW = rf"[A-Z0-9]{_WORD_REST}"  # a capitalised word
_WORD = rf"(?:{_CAPW}|{'|'.join(_JOINERS)})"
# a Title-Case phrase of 1-5 words (inner small words allowed), or one coined token
_PHRASE = rf"[A-Za-z0-9α-ωΑ-Ω]{_WORD_REST}(?:\s+{_WORD}){{0,4}}?"
# a field acronym (LLM, MLLMs) is never the name a slot holds: "we propose the reasoning MLLM, Vision-R1"
_NOT_COMMON = r"(?!(?:" + "|".join(sorted(map(re.escape, COMMON), key=len, reverse=True)) + r")s?(?![\w\-]))"
_SLOT_END = re.compile(r"[*$\"”]*\s*(?:[,(:—–]|--|or\s|\.(?:\s|$))")
_ALIAS = re.compile(rf"[*$\"”]*,?\s+or\s+[*$]*({_TOKEN})")
_SHORT_FORM = re.compile(rf"[*$\"”]*\s*\(\s*({_TOKEN})\s+([A-Z][\w\-]*)\s*\)")
_TITLE_PHRASE = re.compile(rf"{_CAPW}(?:\s+(?:(?:of|and|for|as|to|but|by|via)\s+)?{_CAPW}){{0,4}}")
_CODED = re.compile(
    r"^(?:(?=.*[A-Za-z])(?:[A-Za-z]*[a-z0-9][A-Z].*|[A-Z][A-Z0-9]+.*|.*\d.*|[A-Za-z]+-[A-Z].*|[A-Z]-.*|[a-z]+[A-Z].*|"
    r"[α-ωΑ-Ω]-[A-Z].*)|[α-ωΑ-Ω]\^\d)$")  # (π-Flow, π^3)
_VERBS = r"(?:propose|introduce|present|develop|design|release|build|construct|curate|contribute|offer|create|establish|describe|formalize|instantiate|provide|train|unveil|collect)"
_SELF = r"(?:framework|method|approach|benchmark|dataset|model|algorithm|system|suite|library|toolkit|architecture|technique|pipeline|agent|paradigm|strategy|metric|loss|corpus|environment|protocol|family|estimator|optimizer|attack|defense|mechanism|module|network|policy|platform|recipe|objective|scheme|procedure|simulator|arena|leaderboard|engine)"
_VERB_STEMS = ("propos", "introduc", "present", "develop", "design", "releas", "build", "construct", "curat",
               "contribut", "offer", "creat", "establish", "describ", "formaliz", "instantiat", "provid", "train",
               "unveil", "collect", "annotat")
_VERB_FORMS = rf"(?:{'|'.join(_VERB_STEMS)}|open[\s\-]sourc)(?:e|es|ed|ing|s|d)?"  # ("we open source X")
_ADVERBS = ("also", "further", "then", "first", "here", "newly", "therefore")
_INTRO = re.compile(
    rf"\b(?i:(?:we|this (?:paper|work|study)|paper|work|and|by)\s+(?:(?:{'|'.join(_ADVERBS)})\s+)?"
    rf"{_VERB_FORMS}\b\s+(?:(?:it|this|them|these|these \w+ in)\s+)?(?:(?:with|as|a|an|the|our|new|novel|simple|unified|"
    rf"general|first|{_SELF})[\s,]+){{0,4}})"
    rf"[*$\"“]*((?=[A-Z0-9]|[a-z]+[A-Z]|[a-z]-|[α-ωΑ-Ω]-|(?<=\$)[a-z]{{4,}}\$){_PHRASE})[*$\"”]*!?(?=\s*(?:,|\(|--|—|–|-\s|:|\.(?!\w)|\s+(?:which|that|to|for|as|on|in|by|with|and|a|an|is|consists|{_SELF}s?)\b))")
_ACTED_ON = re.compile(r"\b(?:using|for|on|to|from|over|under)\s+(?:an?\s+|the\s+)?[*_]*$")
_STUDY_OF = re.compile(r"\b(?:investigation|study|analysis|examination|exploration|understanding|survey|"
                       r"characterization)\s+of\s+(?:the\s+)?[*_]*$")  # "the first investigation of opponent shaping (OS)"
_KNOWN_AS = re.compile(r"\b(?:known|referred to) as(?: the)?\s*$|\bso-called\s*$")
_USING = re.compile(r"\b(?:using|based on|leveraging)\s+(?:an?\s+|the\s+)?[*_]*$")  # (any case: "using topological data analysis (TDA)")
# a name right after a preposition is what the work acts on ("an evaluation of A2A-MAS", "a variant of BANSA")
_PREP = r"(?:of|in|on|for|to|from|by|with|via|over|under|across|between|among|against|into|than)"
_INTRO2 = re.compile(
    rf"\b(?i:we|this (?:paper|work))\s+{_VERB_FORMS}\s+(?:a|an|the)\s+(?:[\w\-]+\s+){{0,6}}?(?!{_PREP}\s)(?:[a-z][\w\-]*,?|[\w\-]+,)\s+\(?"
    rf"[*$]*({_NOT_COMMON}(?=[A-Z0-9]|[a-z]+[A-Z]|[a-z]-|[α-ωΑ-Ω]-){_TOKEN})[*$]*(?=\s*(?:,|\(|\)|\.(?!\w)|\s+which|\s+that))")
_CALLED = re.compile(rf"\b(?:called|termed(?: as)?|dubbed|named|(?<=we )(?:term|call|dub|name)|coined|abbreviated as|namely|refer to (?:\w+ ){{0,3}}as(?: the)?|referred to as|denoted as)\s+[*$\"“'`]*({_PHRASE})")
_WITH = re.compile(rf"\b(?i:we|this (?:paper|work))\s+(?:address|tackle|solve|fill|bridge|close|overcome|mitigate|resolve|answer)\s+(?:[\w\-]+\s+){{1,4}}?(?:with|via|through)\s+(?:the\s+)?[*$\"“]*({_TOKEN})[*$\"”]*(?=\s*[,(.:])")
_OURS = re.compile(rf"\b(?i:our|the proposed|the resulting)\s+(?:\w+\s+)?(?:method|framework|model|approach|system|algorithm|benchmark|dataset|agent|recipe|pipeline|architecture|technique)s?,?\s+(?:the\s+)?[*$]*({_TOKEN})")
# "..., resulting in Tool-N1, a series of tool-calling models": a coined name described by an apposition
# ... unless the description says it is known already ("SAGA, a popular variance-reduced estimator"): prior work
_KNOWN = r"(?:popular|well-known|widely[\s\-]used|standard|classic|classical|common|prominent|leading|existing|recent|representative|state-of-the-art|conventional|traditional)"
_APPOSITIVE = re.compile(rf"(?<![\w\-.$}}])[*$]*({_TOKEN})[*$]*,\s+(?:a|an)\s+(?!{_KNOWN}\b)(?:[\w\-]+,?\s+){{0,6}}?{_SELF}s?\b")
APPOS = 6.0  # below the strong cues (6.5): an apposition names a thing, not always the paper's own
# "our proposed NarrLV is ...", "our LongWriter-Zero model": a coined name right after "our"
_OURS_COINED = re.compile(
    rf"\b(?i:our|the proposed)\s+(?:(?:proposed|new|novel|resulting)\s+)?[*$]*({_TOKEN})[*$]*(?=\s+(?:{_SELF}s?|is|are|"
    rf"achieves|outperforms|consistently|significantly|establishes|sets|improves|surpasses)\b)")
# a quoted name where the object goes: 'we introduce a "Noisy but Valid" hypothesis testing framework'
_QUOTED = re.compile(rf"\b(?i:we|this (?:paper|work))\s+{_VERB_FORMS}\s+(?:(?:a|an|the|our|new|novel)\s+)*"
                     r"[\"“]([A-Z][^\"“”]{2,40}?)[\"”]")
_PROJECT = re.compile(rf"\b(?i:the|our)\s+[*$]*({_TOKEN})[*$]*\s+project\b")  # a project's name
_PAREN = re.compile(rf"\(\s*[*$]*({_TOKEN})[*$]*\s*\)")
_REV_ACRO = re.compile(rf"(?:^|[.]\s+)[*$]*({_TOKEN})[*$]*\s*\(([^()]{{6,120}})\)")
_EMPH_ACRO = re.compile(rf"\(\s*({_TOKEN})\s*\)$")
_LOWER_PHRASE = re.compile(r"[a-z][\w\-]*(?:\s+[a-z][\w\-]*)+")
_EMPH_REV = re.compile(rf"({_TOKEN})\s*\([^()]{{3,80}}\)$")
_EMPH = re.compile(r"(\*\*?|__)([^*\n]{2,60}?)\1")  # **bold**, *italic* (a literal first char: a fast scan)
_UNDER = re.compile(r"(_)([^*_\n$]{2,60}?)_(?![\w$])")  # _italic_ (Markdown)


_WE_WORDS = ("we ", "this ")
_OUR_WORDS = ("our ", "the proposed ")
# each cue, its score, and the words (lower case; "w ": followed by white space) every match of it starts with
_CUES = ((_INTRO, 6.5, ("we ", "this ", "paper ", "work ", "and ", "by ")), (_INTRO2, 6.5, _WE_WORDS),
         (_CALLED, 7, ("call", "term", "dub", "name", "coined ", "abbreviated ", "refer", "denoted ")),
         (_OURS, 6.5, ("our ", "the proposed ", "the resulting ")), (_WITH, 6.5, _WE_WORDS),
         (_QUOTED, 6.5, _WE_WORDS))
# what must follow some first words: _INTRO's verb (or adverb) after "and", "by" ("and propose", "by introducing"),
# _CALLED's endings ("called ", "refer to ", "referred to ")
_THEN = {"and ": _ADVERBS + _VERB_STEMS, "by ": _ADVERBS + _VERB_STEMS, "call": ("ed ", " "), "term": ("ed ", " "),
         "dub": ("bed ", " "), "name": ("d ", " ", "ly "), "refer": (" to ", "red to ")}
_APPOS_ANCHOR = re.compile(r",\s+an?\s")
_APPOS_RUN = frozenset(".+²³′'&-*$^")


class _Triggers:
    """Finds a cue's matches by trying it only where one of its first words stands, which gives what
    rx.finditer(text) gives (every match starts at such a word) without running the regex over every
    character.  Texts whose lower-casing is not one char to one char, or that hold a character re's
    IGNORECASE equates with an ASCII letter (ı, İ, ſ), use finditer."""

    def __init__(self, text: str):
        self.text = text
        low = text.lower()
        ok = len(low) == len(text) and not any(c in text for c in "ıİſ")
        self.low = _spaced(low) if ok else None  # white space as " ": "we " finds "we\n" too
        self.words: dict[str, list[int]] = {}
        self.cache: dict[tuple[str, ...], list[int]] = {}

    def _word(self, w: str) -> list[int]:
        """Where w starts a word (lower case, spaces as they are in w)."""
        got = self.words.get(w)
        if got is None:
            low, got = self.low, []
            then = _THEN.get(w)
            i = low.find(w)
            while i >= 0:
                if not i or not (low[i - 1].isalnum() or low[i - 1] == "_"):
                    if then is None:
                        got.append(i)
                    else:
                        j = i + len(w)
                        while w[-1] == " " and low.startswith(" ", j):
                            j += 1
                        if low.startswith(then, j):
                            got.append(i)
                i = low.find(w, i + 1)
            self.words[w] = got
        return got

    def _starts(self, words: tuple[str, ...]) -> list[int]:
        out = self.cache.get(words)
        if out is None:
            out = self.cache[words] = sorted({i for w in words for i in self._word(w)})
        return out

    def any_between(self, words: tuple[str, ...], start: int, end: int) -> bool:
        """Might a match of a cue starting with words start in [start, end)?"""
        if self.low is None:
            return True
        starts = self._starts(words)
        i = bisect_left(starts, start)
        return i < len(starts) and starts[i] < end

    def scan(self, rx: re.Pattern, words: tuple[str, ...]) -> Iterator[re.Match]:
        if self.low is None:
            return rx.finditer(self.text)
        return _matches_at(rx, self.text, self._starts(words))

    def appositives(self) -> Iterator[re.Match]:
        """_APPOSITIVE's matches: each starts in the run of token characters before a ", a(n) "."""
        text = self.text
        starts = []
        for a in _APPOS_ANCHOR.finditer(text):
            r = c = a.start()
            while r and (text[r - 1].isalnum() or text[r - 1] == "_" or text[r - 1] in _APPOS_RUN):
                r -= 1
            starts.extend(range(r, c))
        return _matches_at(_APPOSITIVE, text, starts)


_SPACES = {c: " " for c in range(0x3001) if chr(c).isspace()}  # U+3000 is the last white-space character
_RARE_SPACES = "".join(chr(c) for c in _SPACES if c > 127)


def _spaced(text: str) -> str:
    """text with every white-space character as " " (the same length)."""
    text = text.replace("\n", " ").replace("\t", " ").replace("\r", " ").replace("\x0b", " ").replace("\x0c", " ")
    for c in "\x1c\x1d\x1e\x1f":
        if c in text:
            return text.translate(_SPACES)
    if not text.isascii() and any(c in text for c in _RARE_SPACES):
        return text.translate(_SPACES)
    return text


def _matches_at(rx: re.Pattern, text: str, starts) -> Iterator[re.Match]:
    """rx.finditer(text) when every match starts at one of the (sorted) starts."""
    end = 0
    for p in starts:
        if p >= end:
            m = rx.match(text, p)
            if m:
                end = max(m.end(), p + 1)
                yield m


def _emphasis(text: str):
    yield from _EMPH.finditer(text)
    if "_" in text:
        for m in _UNDER.finditer(text):
            if not m.start() or not (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_$\\"):
                yield m


_TOK_RX = re.compile(rf"(?<![\w\-]){_TOKEN}")


def token_counts(text: str) -> Counter:
    """How often each whole token occurs (names are counted by token, not by substring)."""
    return Counter(_TOK_RX.findall(text))


_COINED: dict[str, bool] = {}
_PLAIN: set[str] = set()  # tokens known not to be coined
_NAMELIKE: set[str] = set()  # tokens known to be coined


def coined(tok: str) -> bool:
    """True if tok looks like a coined name rather than an ordinary word or a number."""
    c = _COINED.get(tok)
    if c is None:
        if len(_COINED) > 1_000_000:
            _COINED.clear()
            _PLAIN.clear()
            _NAMELIKE.clear()
        c = _COINED[tok] = _coined(tok)
        (_NAMELIKE if c else _PLAIN).add(tok)
    return c


def _coined_tokens(tokens: Counter) -> set[str]:
    """The coined ones among tokens' keys; only unseen tokens are tested.  (set(keys).difference(big) costs
    len(keys); keys - big, which is set(keys).difference_update(big), would cost len(big).)"""
    for tok in set(tokens).difference(_PLAIN).difference(_NAMELIKE):
        coined(tok)
    return _NAMELIKE.intersection(tokens)


_NUMBERLIKE = re.compile(r"[\d.,%×x\-]+[A-Za-z]{0,2}|[A-Z]\d*|\d+[A-Za-z]*|[\d.]+[KMBkmb]|[\d.]+[A-Za-z]?-[a-z\-]+")


def _coined(tok: str) -> bool:
    return bool(tok) and len(tok) <= 40 and "$" not in tok and tok not in COMMON and tok.rstrip("s") not in COMMON \
        and bool(_CODED.match(tok)) and not _NUMBERLIKE.fullmatch(tok)


_GENERIC_WORD = re.compile(rf"(?i:{_SELF}|net|bench|data)s?")


_AMOUNT = re.compile(r"[+\-−]?\d[\d.,]*[%×x]?")  # a number, not a word ("3D", "4M")


def _namelike(phrase: str, slot: bool) -> bool:
    """A phrase in a name slot: coined token, or (slot=True) a short Title-Case phrase."""
    words = phrase.split()
    if not words or phrase in COMMON or words[0] in _FUNCTION or len(words) == 1 and phrase in COMMON:
        return False
    if len(words) == 1:
        return coined(phrase) or slot and phrase[0].isupper() and len(phrase) >= 3 and not _GENERIC_WORD.fullmatch(phrase)
    if "and" in words and coined(words[0]) and coined(words[-1]):
        return False  # two names ("Sci2Pol-Bench and Sci2Pol-Corpus"), not one
    if _AMOUNT.fullmatch(words[0]):
        return False  # a result ("we achieve **1.93 FID**"), not a name
    return slot and all(w[0].isupper() or w[0].isdigit() or w in _SMALL for w in words) \
        and (words[-1][0].isupper() or words[-1][0].isdigit())


_WORD_SPLIT = re.compile(r"[\s\-–]+")
_HYPHEN_SPLIT = re.compile(r"[\s\-]+")


def _abbreviates(long: str, acro: str) -> bool:
    """Does acro abbreviate the end of long?  'Circuit-based Reasoning Verification' ~ CRV."""
    letters = [c.lower() for c in acro if c.isalpha()]
    words = [w for w in _WORD_SPLIT.split(long) if w]
    if len(letters) < 2 or not words:
        return False
    text = " ".join(words).lower()
    pos, first = 0, None
    for c in letters:
        j = text.find(c, pos)
        if j < 0:
            return False
        first = j if first is None else first
        pos = j + 1
    return first == 0 or text[first - 1] == " " and sum(1 for w in words if w[0].isalpha()) >= 1


def _expands(long: str, acro: str) -> bool:
    """Does `long` expand the acronym: the same first letter, and the rest of its letters in order (_abbreviates)?"""
    return bool(long) and long[0].lower() == acro[0].lower() and _abbreviates(long, acro)


def _acronym_pair(long: str, acro: str) -> tuple[str, str] | None:
    """(long form trimmed to the abbreviated words, acronym) or None."""
    words = long.split()
    n_letters = sum(c.isupper() for c in acro) or len(acro)
    for k in range(1, min(len(words), 9) + 1):
        tail = " ".join(words[-k:])
        if _expands(tail, acro):
            if k >= max(1, n_letters - 3) or len(_HYPHEN_SPLIT.split(tail)) >= n_letters - 1:
                return _spelled_tail(words, k, acro) or tail, acro
    return None


def _spelled_tail(words: list[str], k: int, acro: str) -> str | None:
    """A longer run of the words before "(ACR)" than the last k, which abbreviate it, whose initials spell it letter
    for letter: "Rubrics as Rewards (RaR)", not "Rewards"; "Proximal Policy Optimization (PPO)", not "Policy
    Optimization" (p, p and o in order)."""
    letters = _letters(acro)
    return next((t for t in (" ".join(words[-j:]) for j in range(k + 1, min(len(words), 9) + 1))
                 if t[0].lower() == acro[0].lower() and _initials(t) == letters), None)


def _initials(phrase: str) -> str:
    """The first letters of a phrase's words, in lower case ("Rubrics as Rewards" -> "rar")."""
    return "".join(w[0] for w in _WORD_SPLIT.split(phrase.lower()) if w and w[0].isalpha())


def _letters(acro: str) -> str:
    """An acronym's letters, in lower case ("RaR" -> "rar", "A^2FM" -> "afm")."""
    return "".join(c for c in acro.lower() if c.isalpha())


_CLAUSE = re.compile(r"[.;:,()\[\]]")


def _words_before(text: str, pos: int, n: int = 10) -> str:
    """Up to n words right before pos, within the same clause."""
    chunk = _CLAUSE.split(text[max(0, pos - 160):pos].replace("*", "").replace("_", " "))[-1]
    return " ".join(chunk.split()[-n:])


def acronym_pairs(text: str, keep=None) -> Iterator[tuple[str, str]]:
    """(long form, acronym) for every 'Long Form (ACR)' definition in text.
    `keep(acronym)`: skip the (costlier) long-form check for acronyms the caller does not need."""
    for m in _PAREN.finditer(text):
        acro = _clean(m.group(1))
        if keep is not None and not keep(acro):
            continue
        pair = _acronym_pair(_words_before(text, m.start()), acro)
        if pair:
            yield pair


_SUPERSCRIPT = re.compile(r"\$\^\{?(\w)\}?\$|\^\{(\w)\}")
_MATH_LETTER = re.compile(r"\$(\w)\$")  # "Top-$k$": a letter set in math, no superscript
_POSSESSIVE = re.compile(r"['’]s$")


def _clean(tok: str) -> str:
    if tok.isalnum():
        return tok
    if "^" in tok or "$" in tok:
        tok = _MATH_LETTER.sub(r"\1", _SUPERSCRIPT.sub(lambda m: "^" + (m.group(1) or m.group(2)), tok))  # A$^2$FM, A^{2}FM -> A^2FM
    tok = tok.strip().strip("*_'\"`“”‘’,;:()[]$")
    if tok.endswith("s"):
        tok = _POSSESSIVE.sub("", tok)
    return tok.rstrip(".-").strip()


_SHORT_CAPS = re.compile(r"[A-Z0-9&]{2,3}")


def _title_case(long: str) -> bool:
    return all(w[0].isupper() or w in _SMALL for w in _HYPHEN_SPLIT.split(long) if w)


def _prefer(long: str, acro: str) -> str:
    """Papers go by their acronym, except a plain <=3-letter one for a Title-Case phrase
    ("Test-Time Matching (TTM)" -> Test-Time Matching; "Circuit-based ... (CRV)" -> CRV)."""
    return long if _title_case(long) and _SHORT_CAPS.fullmatch(acro.replace("^", "")) else acro  # (M^2R too)


_TIE = re.compile(r"(?<=\S)~(?=\S)")
_TEX_SUPERSCRIPT = re.compile(r"(?<=[A-Za-z0-9])\$\^\{?([A-Za-z0-9]{1,3})\}?\$")
_MATH_NAME = re.compile(r"\$(\\?[A-Za-z]{1,6})\^\{?([A-Za-z0-9]{1,3})\}?\$")


# a Greek letter in math that starts a name: "$\\pi$-Flow" (Markdown may escape the dash) -> "π-Flow", as the plain text
_GREEK_NAME = re.compile(r"\$\\([A-Za-z]{2,10})\$\\?-(?=[A-Z])")


def _greek_name(m: re.Match) -> str:
    letter = MATH_PLAIN.get(m.group(1), "")
    return letter + "-" if len(letter) == 1 and letter.isalpha() else m.group(0)


def _math_name(m: re.Match) -> str:
    """'$T^3$' -> 'T^3', '$\\pi^3$' -> 'π^3' (a name written as a formula, as the plain text writes it)."""
    base = m.group(1)
    return (MATH_PLAIN.get(base[1:], base[1:]) if base.startswith("\\") else base) + "^" + m.group(2)


_MATH_CARET = re.compile(r"\$[^$]*\^[^$]*\$")
# TeX styles left inside math ("$\\textbf{\\textit{MrRoPE}}$"): bold and italic read as emphasis, the others as text
_TEX_STYLES = ((re.compile(r"\\textbf\{([^{}]*)\}"), r"**\1**"), (re.compile(r"\\(?:textit|emph)\{([^{}]*)\}"), r"*\1*"),
               (re.compile(r"\\(?:text(?:tt|rm|sf|sc|up|normal)?|underline|math(?:bf|rm|tt|sf))\{([^{}]*)\}"), r"\1"))
_MATH_EMPH = re.compile(r"\$(\*+[^$*]+\*+)\$")
_LETTER_EMPH = re.compile(r"(?<=\w)(\*{1,2})(\w{1,4})\1|(\*{1,2})(\w{1,4})\3(?=\w)")
# what Markdown escaping (markup.escape_md) writes for characters of the text, and a code span (\\texttt{X})
_CHAR_REF = re.compile("|".join(map(re.escape, MD_CHAR_REFS)))
_CODE = re.compile(r"`([^`\n]+)`")
_ONE_TOKEN = re.compile(r"[A-Za-z][\w\-]*")  # a word in code (\\texttt{cadrille}): set apart, as a word in math is


def _prepare(md: str) -> str:
    """The abstract's Markdown (normalize's abstract_md) as its writer typed it, less what hides words:
    Markdown's escapes, TeX wrappers and letter-level emphasis (**V**ideo -> Video)."""
    text = md
    if "&" in text:
        text = _CHAR_REF.sub(lambda m: MD_CHAR_REFS[m.group(0)], text)
    if "`" in text:
        text = _CODE.sub(lambda m: f"${m.group(1)}$" if _ONE_TOKEN.fullmatch(m.group(1)) else m.group(1), text)
    if "~" in text:
        text = _TIE.sub(" ", text)  # TeX's tie: "Label Proportions~(LLP)"
    if "\\" in text:
        for _ in range(2):  # (nested: \\textbf{\\textit{X}})
            for rx, to in _TEX_STYLES:
                text = rx.sub(to, text)
    if "$\\" in text:
        text = _GREEK_NAME.sub(_greek_name, text)
    if "^" in text:  # "A$^2$Search", "$\\pi^3$" -> "A^2Search", "π^3", as the plain text writes them; no name in a
        text = _TEX_SUPERSCRIPT.sub(r"^\1", _MATH_NAME.sub(_math_name, text))  # formula ("$O(s^4)$")
        text = _MATH_CARET.sub(lambda m: m.group(0).replace("^", " ^ "), text)
    if "\\" in text:
        text = text.replace("\\", "")
    if "*" not in text:
        return text
    if "$" in text:
        text = _MATH_EMPH.sub(r"\1", text)
    return _LETTER_EMPH.sub(lambda m: m.group(2) or m.group(4), text)


def _rev_acros(text: str):
    """'ACR (Long Form)' at a sentence start: only tried where a sentence starts with a token and '('."""
    i = text.find("(")
    while i >= 0:
        j = text.rfind(". ", 0, i) + 1
        m = _REV_ACRO.match(text, j if j else 0)
        if m and m.start(2) - 1 <= i:
            yield m
        i = text.find("(", i + 1)


def analyze(md: str) -> tuple[str, Counter]:
    """The prepared text and its token counts (computed once per abstract, shared by extractors)."""
    text = _prepare(md)
    return text, token_counts(text)


def candidates(text: str, tokens: Counter, skip: frozenset[str] = frozenset()) -> list[tuple[float, int, str]]:
    """(score, position, name) for every cue found in a prepared abstract (see analyze).
    `skip`: names the caller refuses anyway (corpus-common tokens), not worth scoring by frequency."""
    out: list[tuple[float, int, str]] = []
    pairs: dict[str, str] = {}
    terms: set[str] = set()  # defined acronyms of problems and families of methods
    for long, acro in acronym_pairs(text, keep=coined):
        pairs.setdefault(acro, long)
    at = _Triggers(text)
    for acro, long in _introduced_parens(text, at):
        pairs.setdefault(acro, long)
    for m in _emphasis(text):
        if _KNOWN_AS.search(text, max(0, m.start() - 30), m.start()):
            continue  # "a failure known as the *Reversal Curse*": a name others gave, set in italics
        bold = len(m.group(1)) == 2
        inner = _clean(m.group(2))
        # "**Long Form (ACR)**" names ACR, "**ACR (Long Form)**" too
        acro = _EMPH_ACRO.search(m.group(2).strip(" *$")) or _EMPH_REV.match(m.group(2).strip(" *$"))
        if acro and coined(_clean(acro.group(1))):
            # "**open-ended deep research (OEDR)**" is a problem the paper tackles, not its name
            problem = acro.re is _EMPH_ACRO and _LOWER_PHRASE.fullmatch(m.group(2).strip(" *$")[:acro.start()].strip())
            out.append((6 if problem else 8 if bold else 7, m.start(), _clean(acro.group(1))))
        elif _namelike(inner, slot=bold or coined(inner) or len(inner.split()) > 1) \
                and (coined(inner) or not tokens[inner.lower()]):  # "**Robustness** means ...": a word, used as one
            out.append((8 if bold else 7, m.start(), _versioned(text, m.end(), inner)))
    for rx, score, words in _CUES:
        for m in at.scan(rx, words):
            tok = _clean(m.group(1))
            pm = _TITLE_PHRASE.match(text, m.start(1))
            end = m.end(1)
            if pm and pm.end() > end and _SLOT_END.match(text, pm.end()) \
                    and not (coined(tok) and text.startswith(" for ", end)):  # "FedTDP for Federated ... (F-TDP)"
                tok, end = _clean(pm.group(0)), pm.end()
            alias = _ALIAS.match(text, end)  # "termed Long Form(,) or ACR (for short)": the paper goes by ACR
            if alias and coined(_clean(alias.group(1))):
                tok = _clean(alias.group(1))
            short = _SHORT_FORM.match(text, end)  # "Neural Indicator Sampling (NI Sampling)"
            if short and tok.endswith(" " + short.group(2)) and coined(short.group(1)) \
                    and _abbreviates(tok[:-len(short.group(2))], short.group(1)):
                tok = f"{short.group(1)} {short.group(2)}"
            head, epithet, _ = tok.partition(" the ")
            if epithet and tokens[head] >= 2:  # "Kevin the Kernel Writer ... Kevin shows": the name is Kevin
                tok = head
            phrase, _, last = tok.rpartition(" ")
            if " " in phrase and last.isupper() and coined(last) and _expands(phrase, last):
                tok = last  # "Our method, Multi-LLM Adaptive Conformal Inference MACI, ...": an acronym unbracketed
            first, joined, second = tok.partition(" and ")
            if joined and coined(first) and coined(second):  # two names: their shared base, else the first
                tok = _shared_base(first, second) or first  # "we propose Sci2Pol-Bench and Sci2Pol-Corpus": Sci2Pol
            tail = text[m.end(1):m.end(1) + 3]
            if _namelike(tok, slot=True) or _math_word(text, m.start(1), m.end(1)):
                # the start of a defined phrase names what the phrase stands for: "called Stein variational
                # negotiated reasoning (SVNR)" names SVNR, not Stein
                tok = next((a for a, long in pairs.items() if len(long) > len(tok) and text.startswith(long, m.start(1))),
                           None) or _defined_after(text, m.start(1), tok, pairs) or tok
                out.append((score + (0.5 if _TAIL.match(tail) else 0), m.start(1), tok))
    for m in at.scan(_OURS_COINED, _OUR_WORDS):
        tok = _clean(m.group(1))
        if coined(tok) and tok not in pairs:  # "Parameter-Efficient Tuning (PET) ... our PET strategy": a term
            out.append((6.5, m.start(1), tok))
    for m in at.appositives():
        tok = _clean(m.group(1))
        if coined(tok) and tok not in pairs and not _TERMLIKE.fullmatch(tok):
            out.append((APPOS, m.start(1), tok))
    if " project" in text:
        for m in _PROJECT.finditer(text):  # "the goal of the OpenThoughts project is ..."
            tok = _clean(m.group(1))
            if coined(tok) and not _TERMLIKE.fullmatch(tok):
                out.append((6.5, m.start(1), tok))
    for m in _rev_acros(text):
        tok = _clean(m.group(1))
        if coined(tok) and _abbreviates(m.group(2), tok):
            out.append((7, m.start(1), tok))
    for acro, long in pairs.items():
        pos = _find_token(text, acro)
        end = text.find(". ", pos)  # the defining sentence only: a later "we propose Y" is not about it
        start = text.rfind(".", 0, pos) + 1
        sent = text[start:min(pos + 100, end if end >= 0 else len(text))]
        intro = _SENT_INTRO.search(sent, 0, pos - start)  # the verb comes before the acronym it introduces
        if intro and INTRO_REACH and pos - start - len(long) - intro.end() > INTRO_REACH:
            intro = None  # the verb introduces something else earlier in the sentence ("X, which consists of ...")
        at = max(0, pos - len(long) - 40), max(0, text.rfind(long, 0, pos))
        if long[:1].isupper() and _ACTED_ON.search(text, *at) or _USING.search(text, *at) or _STUDY_OF.search(text, *at):
            terms.add(acro)  # "we introduce a critic for Soft Actor–Critic (SAC)": what the work uses or acts on
            continue
        if not intro and not _component(text, pos):
            intro = _PASSIVE_INTRO.match(text, pos + len(acro))  # "Online Navigation Refinement (ONR), ... is introduced"
        if not intro and long.endswith("s") and not text[:start].strip() and _FIELD_AFTER.match(text, pos + len(acro)):
            terms.add(acro)  # "Audio Language Models (ALM) have emerged as ...": the field an abstract opens with
            continue
        if not intro and _TERM_AFTER.match(text, pos + len(acro)) \
                or _MODIFIER_AFTER.match(text, pos + len(acro)) and not _title_case(long):
            terms.add(acro)  # "reference-based super-resolution (RefSR) methods": a family ("a novel RefSR method")
            continue
        named = any(s[2] in (acro, long) for s in out)
        if not intro and _CAMEL.fullmatch(long) and text.lstrip("*_ ").startswith(long):
            intro = True  # the abstract opens with its one-word CamelCase name: "MambaVoiceCloning (MVC) asks whether ..."
        if intro or named:
            out.append((7, pos, acro))
        elif not _TERMLIKE.fullmatch(acro) and _SELF_RX.search(text, pos, pos + 60) \
                and (not long.islower() or _APPOS_KIND.match(text, pos + len(acro))):
            out.append((5.5, pos, acro))  # "high-resolution (HR)" is a term, even next to "method"; so is a field
            # in lower case that "is a paradigm" ("multitask learning (MTL)"), but not "(AdaBack), a ... algorithm"
    longs = {long: acro for acro, long in pairs.items()}
    for raw in sorted(_coined_tokens(tokens)):
        tok, uses = _clean(raw), tokens[raw]
        if tok in skip and tok not in longs or not coined(tok) or tok in pairs or _TERMLIKE.fullmatch(tok):
            continue  # defined acronyms, bare 2-letter caps and plural acronyms (FMs) are terms, not names
        pos = text.find(raw)
        in_intro = _in_intro(text, pos)
        if uses >= 2 or in_intro:
            out.append((3.75 + (1 if in_intro else 0) + 0.25 * min(uses, 4), pos, tok))
    out = [(s, p, _strip_generic(n)) for s, p, n in out]
    out = [(s, p, longs.get(n, n)) for s, p, n in out]  # an emphasised long form names its acronym
    if "s)" in text:  # "Concept Bottleneck Models (CBMs)": a later "CBM" is one of that class, not the paper's
        terms.update(m.group(1) for m in _PLURAL_DEF.finditer(text))
    if terms:
        out = [c for c in out if c[2] not in terms]
    return [(s, p, _pair_name(text, pairs[n], n) if n in pairs else n) for s, p, n in out]


# a release number written after a name: "**Pusa** V1.0", "Segment Anything Model (SAM) 3"
_VERSION = re.compile(r"\)?\s+([Vv]\d+(?:\.\d+)*|\d{1,2}\.\d+|\d{1,2}(?!\s+(?:times|fold|of|to|and|or|[a-z]+s)\b))"
                      r"(?=[\s,;:)]|\.(?!\d))")  # (a bare number is no release before "times" or a plural: "3 models")


_RUN_TO_ACRO = re.compile(r"[^\s().,;:]+(?:\s+[^\s().,;:]+){1,8}\s+\(([^()\s]+)\)")


def _defined_after(text: str, start: int, tok: str, pairs: dict[str, str]) -> str | None:
    """The acronym that the run of words from `start` ends by defining, where it begins with tok, a plain word:
    "called Multimodal Large Language Model-assisted Evolutionary Search (MLES)" names MLES, whose
    shortest long form ("Model-assisted Evolutionary Search") starts later than the cue's word."""
    if coined(tok):  # ("we propose FedTDP for Federated Trajectory Data Preparation (F-TDP)": a name of its own)
        return None
    m = _RUN_TO_ACRO.match(text, start)
    if m and m.group(1) in pairs and m.group(1)[0].casefold() == tok[0].casefold():
        return m.group(1)
    return None


def _versioned(text: str, end: int, name: str) -> str:
    """name with the release number that follows it at end, if any."""
    m = _VERSION.match(text, end)
    return f"{name} {m.group(1)}" if m else name


def _pair_name(text: str, long: str, acro: str) -> str:
    """The name a 'Long Form (ACR)' definition gives: _prefer's, but the acronym with the release number
    written after the definition ("(SAM) 3": the long form has none)."""
    pos = text.find(f"({acro})")
    named = _versioned(text, pos + len(acro) + 1, acro) if pos >= 0 else acro
    return named if named != acro else _prefer(long, acro)


_APPOS_KIND = re.compile(rf"\)?,\s+(?:a|an)\s+[^.;:()]{{0,50}}?\b{_SELF}\b")
# what follows a defined acronym: a problem ("(MTSAD) problem") or a family ("(RefSR) methods")
_CAMEL = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+")  # one word of capitalised parts: MambaVoiceCloning
# kinds of things a paper proposes, besides _SELF's: "the multi-output low-rank nonstationary (MO-LRN) kernel"
_KINDS = (r"kernel|formulation|model(?:l)?ing|layer|operator|regularizer|regularization|prior|sampler|solver|head|block|"
          r"decoder|encoder|tokenizer|score|index|criterion|principle|representation|embedding|distance|divergence|test|"
          r"initialization|adapter|attention|transformer|classifier|detector|planner|controller|memory|search|sampling|"
          r"decoding|training|tuning|distillation|alignment|prompting|reasoning|learning|guidance")
# "(FIM) approximation", "(NAR) audio diffusion": a term that modifies a noun (not a verb, function word or kind)
_MODIFIER_AFTER = re.compile(rf"\)\s+(?!(?:to|that|which|and|or|for|with|as|in|on|by|at|from|into|via|is|are|was|were|has|have|"
                             rf"can|could|may|might|will|would|should|must|does|do|not|also|then|thus|only|both|we|it|its|"
                             rf"where|while|when|whose|under|over|than|through|across|between|of|the|a|an|"
                             rf"{_SELF}|{_KINDS})\b)[a-z]+(?<!s)(?<!ed)(?<!ly)\b(?!-)")
_FIELD_AFTER = re.compile(r"\)\s+(?:have|are|remain|show|offer|excel|achieve|struggle|suffer|face|enable|rely|"
                          r"often|typically|increasingly|now|still)\b")
_TERM_AFTER = re.compile(rf"\)\s+(?:(?i:setting|problem|task|scenario|regime)s?|(?i:{_SELF})s)\b")
_TITLE_WORDS = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)*")  # "Camera-Aware MLLM": the head is no name alone
_GENERIC = re.compile(rf"(?i:{_SELF}|net)")  # a kind of thing, not a name ("ByteFlow Net")


def _strip_generic(name: str) -> str:
    """'ByteFlow Net', 'AbsTopK SAE' -> the coined word: the rest says what kind of thing it is."""
    head, _, tail = name.partition(" ")
    if tail and " " not in tail and coined(head) and not _TITLE_WORDS.fullmatch(head) \
            and (tail in COMMON or _GENERIC.fullmatch(tail)):
        return head
    return name


_INTRO_OBJECT = re.compile(
    rf"\b(?i:we|this (?:paper|work))\s+(?:\w+\s+)?{_VERB_FORMS}\s+(?:(?:a|an|the|our|new|novel)\s+)*"
    rf"([^.;:,()]{{3,100}}?)\s*$")


_LETTER_DIGIT = re.compile(r"[A-Z][1-9]")


def _introduced_parens(text: str, at: _Triggers) -> Iterator[tuple[str, str]]:
    """(name, object) for "we introduce <object> (Name)" where Name does not spell out the object
    ("the Adaptive Transfer Scaling Law (ATLAS)", "a Chain-of-Thought reasoning framework in 3D scenes (SceneCOT)")."""
    for m in _PAREN.finditer(text):
        name = _clean(m.group(1))
        letter_digit = _LETTER_DIGIT.fullmatch(name)  # "Tool-integrated verification (T1)": T1 names it
        if not (coined(name) or letter_digit) or _TERMLIKE.fullmatch(name):
            continue
        start = max(text.rfind(". ", 0, m.start()) + 1, m.start() - 160)
        if not at.any_between(_WE_WORDS, start, m.start()):
            continue
        obj = _INTRO_OBJECT.search(text, start, m.start())
        if obj and " " in obj.group(1).strip() and (not letter_digit or obj.group(1).lstrip("*")[:1] == name[0]):
            yield name, obj.group(1).replace("*", "").strip()  # ("we introduce GEPA (Genetic-Pareto)" is the other way round)


def _find_token(text: str, tok: str) -> int:
    """Where tok first stands as a whole token (HDR in "... range (HDR)", not in "Mono4DGS-HDR"), else -1."""
    pos = text.find(tok)
    while pos >= 0:
        end = pos + len(tok)
        if (not pos or not (text[pos - 1].isalnum() or text[pos - 1] in "-_")) and \
                (end == len(text) or not (text[end].isalnum() or text[end] in "-_")):
            return pos
        pos = text.find(tok, pos + 1)
    return text.find(tok)


def _math_word(text: str, start: int, end: int) -> bool:
    """A lower-case word set in math where a name goes ("we propose $cadrille$, a ... model"): a styled name."""
    return text[start - 1:start] == "$" and text[end:end + 1] == "$" and text[start:end].isalpha() \
        and text[start:end].islower() and end - start >= 4 and text[start:end] not in MATH_PLAIN  # (not "$\\alpha$")


_TAIL = re.compile(r"[*$]*\s*[,(:—–-]")
_SENT_INTRO = re.compile(rf"\b(?:we|our|this (?:paper|work))\b[^.]*?\b{_VERBS}", re.I)
_PASSIVE_INTRO = re.compile(rf"\),?(?:\s+(?:a|an)\s+[^.;()]{{0,60}}?)?\s+(?:is|are)\s+(?:\w+ly\s+)?"
                            rf"(?:{_VERBS}d|developed|built|presented|proposed|introduced)\b")
_SELF_RX = re.compile(_SELF, re.I)
_WE_RX = re.compile(r"\b(?:[Ww]e|[Tt]his (?:paper|work))\b")
_VERB_RX = re.compile(rf"\b{_VERBS}")


INTRO_REACH = 80  # chars between the introducing verb and the long form; tuned on half the dev file


def _in_intro(text: str, pos: int) -> bool:
    """Is pos inside an introducing sentence, after its 'we' ("... we introduce X ...")?"""
    start = text.rfind(".", 0, pos) + 1
    end = text.find(".", pos)
    m = _WE_RX.search(text, start, pos + 1)
    return bool(m and _VERB_RX.search(text, m.end(), end if end >= 0 else len(text)))


_PLURAL_RX = r"[A-Za-z][\w\-]*[A-Z]s"  # a class ("Reasoning Reward Models (ReasRMs)", FMs, SE-GNNs), not one model
# terms rather than names: bare 1-2 capitals ("imitation learning (IL)": none of the dev file's 824 "Name: ..."
# titles), plural acronyms, an acronym with a lower-case word ("SR-kernel")
_TERMLIKE = re.compile(rf"[A-Z]{{1,2}}|{_PLURAL_RX}|[A-Z]{{2,}}(?:-[a-z]+)+")
# the suffix of a resource derived from the main name: EmoPrefer-Data, Omni-RewardBench, MATRIX-11K
_DERIVED = re.compile(r"-(?:\d+(?:\.\d+)?[KkMB]|Data|Dataset|Bench|Set|Eval|Corpus|Instruct|SFT|RL|Train|Test)|"
                      r"-?(?:Bench|Data|Dataset|Eval|Corpus|Arena)")


_PLURAL_DEF = re.compile(r"\(([A-Z][A-Za-z0-9\-]*[A-Z])s\)")
_DESCRIBES = re.compile(r"-(?:[a-z]+(?:ed|al|ent|ant|ive|ous|ble|ions|ments)|aware|free|agnostic|specific|invariant|"
                        r"like|inducing|preserving|enhancing)$")  # "WGM-based", "Pareto-optimal" (not "C-voting")
_DASHED = re.compile(r"–\w")  # "Micro" of "Micro–Macro Retrieval": a part of a name, not one


BASE_MIN = 5.0  # a derived resource's base name needs at least this score
FIRST_W = 0.25  # bonus for the first strongly-cued name (0.5 helped one half, hurt the other)


def extract_name(md: str, common: frozenset[str] = frozenset(),
                 analyzed: tuple[str, Counter] | None = None) -> str | None:
    """The abstract's own coined name, or None.  `common`: corpus-frequent terms to refuse."""
    text, tokens = analyzed or analyze(md)
    best: dict[str, tuple[float, int]] = {}
    cands = [c for c in candidates(text, tokens, common) if c[2] not in COMMON and not _refused(c[2], common) and len(c[2]) >= 2
             and not _TERMLIKE.fullmatch(c[2]) and not _DESCRIBES.search(c[2]) and not _DASHED.match(text, c[1] + len(c[2]))
             and c[2].partition("_")[0] not in MATH_PLAIN]  # ("$\\ell_2$-SAM": no name "ell_2")
    strong = [(pos, name) for score, pos, name in cands if score >= 6.5]
    cued = {name for _, name in strong}
    first = min(strong)[1] if strong else None  # the first name a strong cue introduces: the main contribution
    built = set()  # names introduced on top of an earlier resource: never a variant of it
    for score, pos, name in cands:
        score += FIRST_W if name == first else 0
        if first is not None and name != first and score >= 6.5 and _component(text, pos):
            score -= COMPONENT_P
        if score >= 6.5 and _builds_on(text, pos):
            score += BUILDS_ON_W
            built.add(name)
        uses = text.count(name) if " " in name else tokens[name]
        s = score + min(uses, 4) * 0.4 - pos / max(len(text), 1) - (0.5 if uses < 2 and not coined(name) else 0)
        if name not in best or s > best[name][0]:
            best[name] = (s, pos)
    if not best:
        return _uncued(text, tokens, common)
    name, (score, _) = max(best.items(), key=lambda kv: (kv[1][0], -kv[1][1], kv[0]))
    if score < 6:
        return _uncued(text, tokens, common)
    if _resource(name):  # "FigureBench ... AutoFigure": a dataset or benchmark made for the work its sibling names
        kin = [n for n in cued if n in best and not _resource(n) and _kin(n, name)
               and not _RESOURCE_AFTER.match(text, best[n][1] + len(n))]  # (not "the SpatialT2I dataset")
        if kin:
            name = max(kin, key=lambda n: (best[n][0], -best[n][1], n))
    # a variant ("EmoPrefer-Data", "MATRIX-11K", a later "MrRoPE-Pro") points back to its base name
    first_at = {}
    for _, pos, n in cands:
        first_at[n] = min(pos, first_at.get(n, pos))
    base = [b for b, (s, _) in best.items() if b != name and len(b) >= 3 and name.startswith(b) and name not in built
            and _is_variant(name[len(b):], b in cued, s, first_at[b] < first_at[name], _background(text, b))]
    name = min(base, key=len) if base else name
    return _exclaimed(text, _MODEL_SIZE.sub("", name))


_TITLE_HEAD = re.compile(r"\s*([^:]{1,50}?)\s*:\s+\S")  # "GenCompositor: Generative video compositing ..."
_SENTENCE_OPENS = re.compile(r"(?:^|[.!?:]\s*)$")


def titled_name(title: str | None, text: str) -> str | None:
    """The name a given title opens with ("GenCompositor: ..." -> GenCompositor), where the abstract writes it
    too, not only to open a sentence ("Position: ..." is no name); None otherwise.  A real title wins over
    what the abstract seems to introduce."""
    m = _TITLE_HEAD.match(title or "")
    if not m:
        return None
    name = m.group(1).strip()
    if len(name) > 2 and name[0] == name[-1] and name[0] in "*_":  # (**Name**: Markdown emphasis)
        name = name.strip(name[0])
    if not name or len(name.split()) > 4:
        return None
    for spelling in dict.fromkeys((flat(name), name)):  # ("A²FM: ..." over an abstract's "A$^2$FM": A^2FM)
        for found in re.finditer(rf"(?<![\w\-]){re.escape(spelling)}(?![\w\-])", text):
            if not _SENTENCE_OPENS.search(text, max(0, found.start() - 3), found.start()):
                return spelling
    return None


_OWN_WORK = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Tt]his (?:paper|work|study))\b")


def _background(text: str, name: str) -> bool:
    """Does the abstract define name as an acronym in a sentence about the field, not its own work
    ("Graph retrieval-augmented generation (GraphRAG) has emerged as ...")?"""
    at = text.find(f"({name})")
    if at < 0:
        return False
    start = max(text.rfind(". ", 0, at), text.rfind("? ", 0, at), text.rfind("! ", 0, at)) + 1
    end = text.find(". ", at)
    return not _OWN_WORK.search(text, start, end if end >= 0 else len(text))


_PART = re.compile(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+[A-Za-z]*")
_RESOURCE_PARTS = frozenset("Bench Benchmark QA Data Dataset Set Eval Corpus Arena Suite".split())
_SIZE_PART = re.compile(r"\d+(?:\.\d+)?[KkM]")  # (358K examples; 4B is a model's size)


_RESOURCE_AFTER = re.compile(r"[*$]*(?:\s+|,\s+(?:a|an|the)\s+(?:[\w\-]+\s+){0,4}?)(?:dataset|benchmark|corpus)s?\b")


def _resource(name: str) -> bool:
    """Does the name say it is a dataset or benchmark (FigureBench, UIS-QA, AesCode-358K)?"""
    return any(p in _RESOURCE_PARTS or _SIZE_PART.fullmatch(p) for p in _PART.findall(name))


def _kin(a: str, b: str) -> bool:
    """Is a named after resource b: a shared start (UIS-Digger, UIS-QA), or b's own words inside a (FigureBench, AutoFigure)?"""
    stem = "".join(p for p in _PART.findall(b) if p not in _RESOURCE_PARTS and not _SIZE_PART.fullmatch(p))
    return len(os.path.commonprefix([a, b])) >= 3 or len(stem) >= 3 and stem in a


_MODEL_SIZE = re.compile(r"(?<=[A-Za-z])-\d+(?:\.\d+)?B$")  # "AesCoder-4B": the model is AesCoder, in any size


def _exclaimed(text: str, name: str) -> str:
    """A name the abstract always writes with its exclamation mark keeps it ("we introduce WoW!, ... WoW! provides")."""
    uses = text.count(name)
    return name + "!" if uses >= 2 and text.count(name + "!") == uses else name


# a sentence's subject, after an opening phrase ("On average, FastVMT achieves ...")
_SUBJECT = re.compile(rf"(?:^|[.;!?]\s+)(?:[A-Z][^.;,]{{0,30}},\s+)?(?:[Oo]ur\s+)?[*$]*({_TOKEN})[*$]*\s+[a-z]+s\b")


def _uncued(text: str, tokens: Counter, common: frozenset[str]) -> str | None:
    """Where no English cue introduces a name: a Chinese one, else a lone sentence subject."""
    return _cjk_named(text, common) or _lone_subject(text, tokens, common)


_LATIN_NAME = r"([A-Za-z0-9α-ωΑ-Ω][A-Za-z0-9.+&^²³′'\-]*(?<=[A-Za-z0-9+²³′]))"
# a Chinese abstract's cue: "我们提出了", "本文引入", "名为"/"称为" ("called"; the name may then precede 的)
CJK_PROPOSE = "提出|引入|介绍|构建|设计|开发|发布|推出"  # "propose", "introduce", "build", "design", "release"
CJK_CALLED = "名为|称为|称之为|简称|命名为"  # "named", "called", "for short"
_CJK_CUE = re.compile(rf"(?:{CJK_PROPOSE}|({CJK_CALLED}))了?")
# the Latin name that follows within the clause, maybe in (full-width) brackets or quotes: "提出了基于电路的推理
# 验证（CRV）", "提出 ProtoKV，一种", "本文提出Gaia2"
_CJK_NAME = re.compile(rf"[^。！？；，,:：]{{0,40}}?[（(「“《*\s]*{_LATIN_NAME}")
# what may follow the name: punctuation, the end, or the kind of thing it is ("ProtoKV方法"); not 的 ("基于 LLM 的方法"
# is a method based on LLMs)
_CJK_AFTER = re.compile(r"\s*(?:[）)」”》*，,。：:；;、]|$|方法|框架|模型|基准|数据集|算法|系统|架构|机制|策略|范式|工具)")
# Japanese names before the verb: "ProtoKVを提案する", "CRV（回路ベース推論検証）を導入", "Gaia2と呼ぶ"
_JA_NAMED = re.compile(rf"{_LATIN_NAME}[*」”]*\s*(?:[（(][^）)]{{0,40}}[）)])?\s*(?:を(?:提案|導入|開発|構築|紹介|提示)|と(?:呼ぶ|名付け))")


def _cjk_named(text: str, common: frozenset[str]) -> str | None:
    """The first coined Latin name a Chinese or Japanese cue introduces ("我们提出了 ProtoKV，一种…" -> ProtoKV)."""
    if text.isascii() or not CJK.search(text):  # (an English abstract: _JA_NAMED would try every word)
        return None
    found = [(n.start(1), n.group(1)) for m in _CJK_CUE.finditer(text) if (n := _CJK_NAME.match(text, m.end()))
             and (m.group(1) or _CJK_AFTER.match(text, n.end()))]
    found += [(m.start(1), m.group(1)) for m in _JA_NAMED.finditer(text)]
    return next((tok for _, tok in sorted(found) if coined(tok) and not _refused(tok, common)), None)


def _lone_subject(text: str, tokens: Counter, common: frozenset[str]) -> str | None:
    """Where nothing introduces a name: a coined name written once, as a sentence's subject ("On average,
    FastVMT achieves a 3.43x speedup"), as an abstract names its method when it never says "we propose X"."""
    for m in _SUBJECT.finditer(text):
        tok = m.group(1)
        if tokens[tok] == 1 and coined(tok) and tok not in common and not _TERMLIKE.fullmatch(tok):
            return tok
    return None


def _shared_base(a: str, b: str) -> str | None:
    """The name two derived resources share (Sci2Pol of Sci2Pol-Bench and Sci2Pol-Corpus), if any."""
    base = os.path.commonprefix([a, b]).rstrip("-")
    if len(base) >= 3 and _DERIVED.fullmatch(a[len(base):]) and _DERIVED.fullmatch(b[len(base):]):
        return base
    return None


def _is_variant(suffix: str, cued: bool, score: float, earlier: bool, background: bool = False) -> bool:
    """Is base+suffix a variant of base?  A derived resource (-Bench, -Data, -11K) of a cued or frequent
    base (not a field's term the abstract defines as background: "GraphRAG-Bench" is no GraphRAG), or any
    hyphenated suffix (-Pro, -Uni) after the base was introduced."""
    hyphen = suffix[0] == "-"
    if _DERIVED.fullmatch(suffix):
        return cued or hyphen and score >= BASE_MIN and not background
    return hyphen and cued and earlier


COMPONENT_P = 1.0  # a later name introduced as a part loses this (0.5 to 1.5 alike on the even rows)
_COMPONENT = re.compile(r"(?<![\w\-])(?i:stage|step|phase|module|component|first(?:ly)?|second(?:ly)?|begin|start|"
                        r"specifically|also|additionally|within|inside)\b")


BUILDS_ON_W = 1.0  # a name introduced on top of the paper's earlier resource ("Building on this dataset, we propose X")
_BUILDS_ON = re.compile(r"(?i:building (?:on|upon)|leveraging|based on|using|with|on top of|trained on|powered by|"
                        r"equipped with|armed with|grounded in|from) (?i:this|these|the|our|such) (?:[\w\-]+ ){0,3}?"
                        r"(?i:dataset|data|resource|corpus|task|benchmark)s?,\s+(?i:we)\b")


# "X, a family of models trained on D": X is built on a resource
_TRAINED_ON = re.compile(r"[^\s,]+[*]*,\s+(?:a|an)\s+[^.;:()]{0,100}?\b(?:trained|fine-?tuned|post-trained|built) (?:up)?on\b")


def _builds_on(text: str, pos: int) -> bool:
    """Is the name at pos built on what the paper made first?  Its sentence opens with that ("Building on this
    dataset, we train X"), or its description says so ("X, a family of models trained on D")."""
    dot = text.rfind(". ", 0, pos)
    return bool(_BUILDS_ON.match(text, dot + 2 if dot >= 0 else 0, pos) or _TRAINED_ON.match(text, pos))


def _component(text: str, pos: int) -> bool:
    """Is the name at pos introduced as a part or a follow-up ("In stage 1, we introduce X", "We first propose X")?"""
    start = text.rfind(". ", 0, pos) + 1
    return bool(_COMPONENT.search(text, start, pos))


def common_names(token_counts_per_paper: list[Counter]) -> frozenset[str]:
    """Coined-looking tokens shared by many abstracts (GPT-4o, ImageNet): never a paper's own name."""
    df = Counter()
    for toks in token_counts_per_paper:
        df.update(_coined_tokens(toks))
    floor = common_floor(len(token_counts_per_paper))
    return frozenset(tok for tok, n in df.items() if n >= floor)


def common_floor(n: int) -> int:
    """In how many of n abstracts a token or term is common."""
    return max(4, int(0.002 * n))


def _refused(name: str, common: frozenset[str]) -> bool:
    """Is the name a corpus-common token, or a two-word term many abstracts write in any case (`common` holds
    those in lower case: "We propose a novel Reinforcement Learning approach" names no method of its own)?"""
    return name in common or name.count(" ") == 1 and name.lower() in common
