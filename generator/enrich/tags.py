"""Keyphrase tags: distinctive technical phrases, merged across spellings and acronyms.

Candidates are the corpus's 1-2 word TF-IDF terms.  A tag must look like a noun phrase: no stop or
generic word ("method", "accurate", "image"), no verb, adverb or bare adjective at either end
("ensures sufficient", "deep neural"), and a single word must be a specific technical noun that
is not too frequent in the corpus.  Phrases score above single words, and a single word that is
part of one of the paper's phrase tags is dropped ("flow matching" makes "flow" redundant).
A bigram that the abstracts almost always continue with the same word is shown whole ("deep
neural" -> "deep neural networks").  "LLMs", "LLM" and "large language models" become one tag
(acronym definitions found in the corpus), singular/plural forms merge, and a tag that only one
paper has is dropped (unless the corpus is tiny).  Tags are shown in the abstract's own spelling.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

import re

import numpy as np
import scipy.sparse as sp

from generator.slugs import slugify

from .names import acronym_pairs
from .text import STOP, lowered_text, one_idea, respelled, singular, spelled
from .vectors import row_numbers, top_in_rows

GENERIC = set("""
method methods approach approaches model models propose proposed performance results result task tasks data learning
existing novel framework frameworks training based using use used show shows demonstrate demonstrates experiments
experiment achieve achieves improve improves improved improvement new significantly significant state art different
various key challenge challenges problem problems paper work study studies extensive strong effective efficient
effectively efficiently existing prior previous recent recently approach performance outperforms outperform baseline
baselines benchmark benchmarks evaluation evaluate evaluations analysis code available github com https http
general generalization simple specifically leading large scale high quality low cost better best remains remain
including introduce introduces present presents provide provides enable enables enabling address addressing
step steps set sets way ways number time times level levels limited limitation limitations lack fail fails
capabilities capability ability abilities critical crucial important fundamental potential widely wide range
settings setting real empirical empirically theoretical theoretically design designed designs yields yield
paradigm principled robust robustness comprehensive diverse consistent consistently superior substantial
substantially compared comparison standard typically often across process processes mechanism mechanisms
module modules component components strategy strategies technique techniques tool tools pipeline pipelines
additionally furthermore moreover however finally first second third code publicly open source
""".split())


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ics"))


def _singular(term: str) -> str:
    words = term.split()
    w = words[-1]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is", "ics")):
        words[-1] = w[:-1]
    return " ".join(words)


def acronym_defs(texts: list[str], vocab: set[str] | None = None) -> list[list[tuple[str, str, bool]]]:
    """Per text, its acronym definitions: (acronym, long form), both lower case and singular, and whether the
    long form is a term: written in lower or sentence case (not a name), and not cut at a stop word ("and Selective
    Reset" of "Adaptive and Selective Reset (ASR)").  `vocab`: only acronyms that are corpus terms matter (the
    rest are not looked at)."""
    keep = None if vocab is None else (lambda a: a.lower() in vocab or _singular(a.lower()) in vocab)
    out = []
    for t in texts:
        defs = []
        for long, acro in acronym_pairs(t, keep):
            defs.append((_singular(acro.lower()), _singular(long.lower()),
                         _whole(long.lower()) and (long.islower() or long[0].isupper() and long[1:].islower())))
        out.append(defs)
    return out


def _whole(long: str) -> bool:
    """Is a lower-case long form whole: neither its first nor its last word a stop word ("and selective reset")?"""
    words = long.split()
    return words[0] not in STOP and words[-1] not in STOP


def acronym_map(texts: list[str], vocab: set[str] | None = None,
                defs: list[list[tuple[str, str, bool]]] | None = None) -> dict[str, str]:
    """lowercased acronym -> its most frequent lowercase long form ('llm' -> 'large language model'),
    where at least two abstracts define it so and no other meaning has half as many abstracts behind it
    ("ViT" is "visual instruction tuning" once and "vision transformer" twice: neither).  `defs`: acronym_defs's."""
    votes: dict[str, Counter] = defaultdict(Counter)  # (definitions written as terms)
    every: dict[str, Counter] = defaultdict(Counter)  # (and as names: "Vision Transformer (ViT)")
    for text_defs in acronym_defs(texts, vocab) if defs is None else defs:
        for acro, long, as_term in text_defs:
            if as_term:
                votes[acro][long] += 1
            if _whole(long):
                every[acro][long] += 1
    out = {}
    for a, c in sorted(votes.items()):
        if sum(c.values()) < 2:
            continue
        best = c.most_common(1)[0][0]
        if all(2 * n <= every[a][best] for long, n in every[a].items() if not one_idea(long, best, GENERIC)):
            out[a] = best
    return out


@lru_cache(maxsize=None)
def _worthy(term: str) -> bool:
    words = term.split()
    if any(w in GENERIC or w in STOP or w.isdigit() or len(w) < 2 for w in words):
        return False
    return len(words) == 2 or len(term) >= 4


# generic single words: never a tag on their own (they may still head a phrase: "image generation")
GENERIC_WORDS = set("""
image images frame frames point points flow flows feature features model models dynamic semantic reconstruction
accurate error errors form forms function functions human humans language text video videos audio data dataset datasets
parameter parameters network networks weights weight tokens token output outputs input inputs sample samples samples
action actions node nodes graph graphs agent agents environment environments reward rewards policy policies
representation representations prediction predictions knowledge structure structures information signal signals
object objects scene scenes view views layer layers head heads space spaces distribution distributions target targets
training inference generation evaluation optimization learning representation latent visual computational parallel
efficiency accuracy quality scale scaling size length order effect effects role behavior behaviors property properties
statistics statistic theory practice context contexts domain domains source sources user users query queries answer
answers question questions solution solutions system systems algorithm algorithms loss losses objective objectives
metric metrics score scores rate rates value values label labels class classes instance instances example examples
trajectory trajectories state states memory cost costs budget budgets step task tasks test tests signal world
realistic realism clinically requiring sufficient demonstrated cluster clusters matching generalist specialist
modality modalities multimodal region regions pixel pixels patch patches sequence sequences series step steps
effectiveness importance relationship relationships dimension dimensions annotation annotations development
alternative foundation community play evidence emergence reinforcement insight insights applicability condition
conditions architecture architectures characterization equation equations expression expressions evolution modeling
resolution vision discovery detection consistency complexity understanding processing computing programming
framework performance capability availability reliability validity utility quality diversity variety majority
generality simplicity feasibility necessity possibility opportunity difficulty practicality sensitivity stability
scalability flexibility interpretability transparency accessibility usability compatibility
interaction interactions operation operations application applications implementation implementations
contribution contributions direction directions improvement improvements assumption assumptions observation
observations finding findings perspective perspectives formulation formulations construction selection adaptation
integration combination composition distribution collection generation estimation approximation computation
analysis analyses investigation exploration design designs component components variant variants version versions
strategy strategies procedure procedures principle principles concept concepts factor factors aspect aspects
mechanism mechanisms pattern patterns phenomenon phenomena behaviour scenario scenarios regime regimes
setting settings level levels stage stages phase phases period degree extent amount portion fraction
advances advance advancement advancements modification modifications power reduction guidance variation variations
coherence art research case fraction usage change changes
notion notions innovation innovations addition additions literature requirement requirements methodology
methodologies definition definitions description descriptions extension extensions experience experiences
consequence consequences reference references configuration configurations enhancement enhancements family
families manner provider providers indicator indicators expectation expectations measurement measurements
connection connections relation relations position positions transition transitions capacity speed assessment
assessments variable variables vector vectors characteristic characteristics option options
researchers practitioners developers designers researcher practitioner developer designer
heavy minor pure everyday interior trustworthy greedy later figure figures element elements implication
implications list lists statement statements seed seeds table tables topic topics nature fidelity
superiority justification adoption efficacy existence creation publication presence quantity distinction basis richer
""".split())
# generic nouns that a specific modifier turns into a real topic ("diffusion model", "transfer learning")
_GENERIC_HEADS = set("""model models learning training data framework benchmark evaluation generalization
optimization analysis design pipeline mechanism strategy technique module tool task""".split())
# modifiers that make a phrase generic ("high-quality", "small fraction", "future research", "special case")
GENERIC_MODIFIERS = set("""
high-quality high-resolution small large future special higher lower state-of-the-art sota popular produce significant
various several different key main major novel new recent current typical common simple strong wide broad overall
specific particular certain real remarkable impressive superior extensive comprehensive practical competitive
promising good great better best poor low high long short whole entire additional further possible potential unique
core central vital valuable urgent rapid in-depth deeper powerful mild past actionable minimal findings ablation
multiple average
two-stage three-stage multi-stage systematic model-agnostic training-free real-world large-scale open-source unified
end-to-end plug-and-play lightweight general-purpose single final correct project order orders percentage
negligible experimental architectural desirable
""".split())  # (nor one a paper's kind of thing takes: "two-stage framework", "real-world dataset", "project page";
# nor an amount: "orders of magnitude", "percentage points")
# words that end a noun phrase badly (verbs, adverbs, determiners) or start one badly
VERBISH = set("""
require requires required ensure ensures ensured show shows showed shown demonstrate demonstrates achieve achieves
achieved enable enables enabled allow allows allowed remain remains provide provides provided outperform outperforms
leverage leverages leveraged lead leads led make makes made yield yields improve improves suffer suffers rely relies
exhibit exhibits struggle struggles fail fails capture captures involve involves offer offers reveal reveals
introduce introduces present presents propose proposes study studies consider considers focus focuses
help helps use uses make makes give gives take takes bring brings obtain obtains reach reaches
known given seen taken found done called termed named like unlike
""".split())
_BAD_END = re.compile(r"(?:ly|ed|ous|ful|ible|able|less|ive|ic|al|ary)$")
_BAD_START = re.compile(r"(?:ly|ing)$")
ING_NOUNS = set("""learning reasoning training modeling modelling sampling matching editing planning scaling tuning
fine-tuning pretraining pre-training prompting ranking clustering forecasting embedding encoding decoding pruning
rendering tracking grounding captioning watermarking unlearning steering routing hashing parsing retrieval
understanding processing computing programming inpainting denoising retrieval interval proposal potential logic
topic music arithmetic derivative alternative speed seed anomaly family assembly boundary vocabulary dictionary
summary variable table critic manifold""".split())
KEEP_ADJ = set("""neural causal optimal temporal spatial visual robotic semantic multimodal federated supervised
self-supervised unsupervised contrastive adversarial generative differential conformal equivariant bayesian
probabilistic stochastic continual variational autoregressive mechanistic theoretical statistical geometric
molecular physical medical clinical sequential hierarchical distributed masked graphical kernel
supervised semi-supervised weakly-supervised federated augmented retrieval-augmented pretrained pre-trained fine-tuned
structured constrained guided conditioned grounded embedded automated mixed directed undirected weighted labeled
labelled unlabeled unlabelled randomized quantized compressed sparsified regularized normalized personalized
centralized decentralized specialized localized generalized parameterized accelerated simulated shared""".split())


_VERB_CTX = re.compile(r"\b(?:we|which|that|it|to|also|then|they|and thus)\s+([a-z]{3,})\b")
_NOUN_SHAPE = re.compile(r"(?:tion|sion|ment|ness|ity|ism|ance|ence|ogy|ics|sis|ure|[^l]y|er|or|ist|ship|hood|[\d\-])$")
_COMPARATIVE = set("better larger smaller higher lower faster greater stronger longer wider deeper fewer easier "
                   "under over other rather whether however together never".split())
VERB_SAMPLE = 3000  # abstracts scanned for verb usage (the first ones: deterministic, bounded cost)


# "we X", "models can X": a verb (the looser _VERB_CTX also catches "to images", "that social")
_STRICT_VERB_CTX = re.compile(r"\b(?:we|they|can|cannot|may|might|will|would|could|should|must)\s+"
                              r"(?:(?:also|further|then|not|first|now|still|often|only|thus)\s+)?([a-z]{3,})\b(?!-)")
_NOUN_CTX = re.compile(r"\b(?:the|a|an|its|their|our|each|every|such)\s+([a-z]{3,})\b(?!-)")
_THAN = re.compile(r"\b([a-z]{3,}er)\s+than\b")  # a comparative: "simpler than", "weaker than"


def verb_words(texts: list[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Words the corpus uses as verbs ("we characterize", "which accelerates", "to bridge"), and the
    words that are no topic: the verbs it never puts after a determiner ("highlight", "suggest",
    "generate") and the comparatives ("simpler than", "weaker than")."""
    verbs, strict, nouns, than, lows = Counter(), Counter(), Counter(), set(), []
    for t in texts[:VERB_SAMPLE]:
        low = t.lower()
        lows.append(low)
        verbs.update(_VERB_CTX.findall(low))
        strict.update(_STRICT_VERB_CTX.findall(low))
        nouns.update(_NOUN_CTX.findall(low))
        if " than" in low:
            than.update(_THAN.findall(low))
    words = " ".join(lows)  # a comparative's adjective is a word of the corpus ("weaker": "weak"; not "power")
    than = {w for w in than if any(f" {a} " in words for a in _adjectives(w))}
    few = 2 if len(texts) >= 100 else 1
    base = {w for w, n in strict.items() if n >= few and nouns[w] + nouns[w + "s"] < few}
    verbs = frozenset(w for w, n in verbs.items() if n >= few)
    return verbs, frozenset(base | than | {w for w in verbs if w.endswith("s") and (w[:-1] in base or w[:-2] in base)})


def _adjectives(comparative: str) -> list[str]:
    """What a comparative's adjective may be: weaker -> weak, simpler -> simple, easier -> easy."""
    w = comparative
    return [w[:-2], w[:-1]] + ([w[:-3] + "y"] if w.endswith("ier") else [])


def _nounlike(word: str, verbs: frozenset[str]) -> bool:
    """A single word that can be a tag: a technical noun, not a verb, adjective or comparative."""
    if word in ING_NOUNS:
        return True
    if word in verbs or word + "s" in verbs or word in _COMPARATIVE or word in GENERIC_WORDS:
        return False
    return bool(_NOUN_SHAPE.search(word)) and len(word) >= 4


def verb_gerund(w: str, verb_only: frozenset[str]) -> bool:
    """An -ing word of a verb that is no topic ("hindering", "enabling"; not "merging", "forgetting", ING_NOUNS): no
    sub-topic label (a tag refuses every -ing word but ING_NOUNS: _head_ok)."""
    if not w.endswith("ing") or w in ING_NOUNS:
        return False
    stem = w[:-3]
    return any(b in verb_only for b in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""))


def participle(w: str) -> bool:
    """A past participle, not one of the field's adjectives ("demonstrated", "calibrated"; not "supervised")."""
    return w.endswith("ed") and w not in KEEP_ADJ


@lru_cache(maxsize=None)
def _modifier_ok(w: str) -> bool:
    """Can w open a 2-word tag?  Not a verb, generic word, generic modifier or participle ("demonstrated")."""
    return w not in VERBISH and _worthy(w) and w not in GENERIC_MODIFIERS \
        and not (_BAD_START.search(w) and w not in ING_NOUNS) and not participle(w)


@lru_cache(maxsize=None)
def _head_ok(w: str, single: bool) -> bool:
    """Can w end a tag (single: be one)?  A noun: no verb, adverb, bare adjective or generic word."""
    if w in VERBISH or (_BAD_END.search(w) or w.endswith("ing")) and w not in ING_NOUNS:
        return False
    if "-" in w and w.rsplit("-", 1)[-1] in GENERIC_WORDS:
        return False
    if single:
        return _worthy(w) and w not in GENERIC_WORDS and w not in GENERIC_MODIFIERS
    return not (w in STOP or w.isdigit() or len(w) < 2 or w in GENERIC_MODIFIERS
                or w in GENERIC and w not in _GENERIC_HEADS)


def _tag_worthy(term: str) -> bool:
    """Does a canonical (singular, lowercase) 1-2 word term look like a specific noun phrase?
    (Decided word by word, so a corpus of 20,000 abstracts checks each word once, not each bigram.)"""
    words = term.split()
    if len(words) == 1:
        return _head_ok(words[0], True)
    return all(_modifier_ok(w) for w in words[:-1]) and _head_ok(words[-1], False)


def surface_forms(keys: list[str], texts: list[str], rows: list[list[int]],
                  lowered: dict[int, str] | None = None) -> dict[str, str | None]:
    """How the abstracts spell a tag: 'chain thought' -> 'chain-of-thought' (most common form);
    None when the words never stand side by side (a bigram across a dropped stop word).
    `lowered`: a cache of lowercased texts by index, shared between calls."""
    out: dict[str, str | None] = {}
    lowered = {} if lowered is None else lowered
    for key, docs in zip(keys, rows):
        words = key.split()
        if len(words) != 2:  # a word (plural if the abstracts mostly say so), or an acronym's long form
            low = " ".join(lowered_text(texts, d, lowered) for d in docs[:20])
            plural = low.count(key + "s")
            out[key] = key + "s" if plural > low.count(key) - plural else key
            continue
        a, b = words
        forms = [f"{a}{j}{b}{s}" for j in (" ", "-", " of ", "-of-") for s in ("s", "")]
        low = [lowered_text(texts, d, lowered) for d in docs[:20]]
        counts = [(sum(t.count(f) for t in low), -i, f) for i, f in enumerate(forms)]
        best = max(counts)
        joined = sum(t.count(f"{a} and {b}") for t in low)  # "image and text": two topics, not one
        out[key] = best[2] if best[0] > joined and not (" of " in best[2] and _cut_short(best[2], low)) else None
    return out


_GOES_ON = re.compile(r"[ \-](?:[a-z][a-z\-]*)")


def _cut_short(form: str, low: list[str]) -> bool:
    """Do the abstracts nearly always go on after `form` with a word of the same noun phrase?  Then it
    is the start of a longer one ("distribution of model [outputs]"), not a phrase ("curse of dimensionality")."""
    total = on = 0
    for t in low:
        i = t.find(form)
        while i >= 0:
            total += 1
            m = _GOES_ON.match(t, i + len(form))
            on += bool(m) and m.group(0)[1:] not in STOP and m.group(0)[1:] not in VERBISH
            i = t.find(form, i + 1)
    return on >= 0.7 * total


def _extend(key: str, texts: list[str], docs: list[int], lowered: dict[int, str]) -> str:
    """'deep neural' -> 'deep neural network' when the abstracts nearly always go on with that word."""
    total, nxt = 0, Counter()
    for d in docs[:20]:
        n, words = continuations(key, lowered_text(texts, d, lowered))
        total += n
        nxt.update(words)
    return continued(key, total, nxt)


_BEFORE = re.compile(r"([a-z][a-z\-]*[a-z]) $")


def _preceded(key: str, texts: list[str], docs: list[int], lowered: dict[int, str]) -> str:
    """The word before key, where the abstracts nearly always write one and the same ("relative policy
    optimization" -> "group relative policy optimization", "acyclic graph" -> "directed acyclic graph")."""
    total, before = 0, Counter()
    for d in docs[:20]:
        low = lowered_text(texts, d, lowered)
        i = low.find(key)
        while i >= 0:
            total += 1
            m = _BEFORE.search(low, max(0, i - 30), i)
            if m:
                before[m.group(1)] += 1
            i = low.find(key, i + 1)
    word = _usual(before, total)  # (not a generic word, but "novel view synthesis": not "novel two-stage framework")
    return f"{word} {key}" if word and not (word in GENERIC and (word != "novel" or key.split()[-1] in GENERIC)) \
        and word not in _VAGUE_BEFORE and not word.endswith("ly") else key


_VAGUE_BEFORE = frozenset("single simple unified same different specific typical given two three multiple".split())


def grown(key: str, texts: list[str], docs: list[int], lowered: dict[int, str], times: int = 2) -> str:
    """_extend up to `times` words: "rotary" -> "rotary position" -> "rotary position embedding"."""
    for _ in range(times):
        longer = _extend(key, texts, docs, lowered)
        if longer == key:
            break
        key = longer
    return key


def continuations(key: str, low: str) -> tuple[int, Counter]:
    """How often a lowercased text has key followed by a word, and which words follow ("process" and
    "processes" as one)."""
    nxt, total = Counter(), 0
    i = low.find(key + " ")
    while i >= 0:
        total += 1
        m = _NEXT.match(low, i + len(key) + 1)
        if m:
            nxt[singular(m.group(0))] += 1
        i = low.find(key + " ", i + 1)
    return total, nxt


def continued(key: str, total: int, nxt: Counter) -> str:
    """key and the word that follows it in at least 70% of its uses (twice at least), if that word may
    end a phrase; else key."""
    word = _usual(nxt, total)
    return f"{key} {word}" if word and not _BAD_END.search(word) else key


def _usual(words: Counter, total: int) -> str:
    """The word of `words` in at least 70% of a phrase's `total` uses (twice at least), if it may stand in a
    phrase (no stop word, no verb); else "".  (The word after a phrase or before it: continued, _preceded.)"""
    if not words:
        return ""
    word, n = words.most_common(1)[0]
    return word if n >= 0.7 * total and n >= 2 and word not in STOP and word not in VERBISH else ""


_NEXT = re.compile(r"[a-z][a-z\-]*[a-z]")
PHRASE_WEIGHT = 1.6  # PHRASE_WEIGHT and DF_GAMMA tuned on half the dev file, checked on the other
DF_GAMMA = 0.75  # scores x log(1 + df)^gamma: prefer phrases the corpus uses often
MAX_DF_SINGLE = 0.05  # a single word in more than 5% of abstracts is too broad for a tag
SPELLING_SAMPLE, SPELLING_TEXTS = 3, 4000  # abstracts per tag, and in all, read for how tags are spelled


def _tag_keys(terms: list[str], df: list[int], acr: dict[str, str], verbs: tuple[frozenset[str], frozenset[str]],
              single_cap: float) -> tuple[dict[str, int], np.ndarray]:
    """Each term's tag key (its singular, or the acronym's long form) as a number in the returned
    keys (first-seen order), -1 for a term that cannot be a tag.  Terms are 1-2 words ("w" or "w1 w2"),
    so the checks of _tag_worthy are made word by word, each word's once.  `verbs`: see verb_words;
    a verb-only word is in no tag ("findings highlight", "enhances reasoning")."""
    verbs, verb_only = verbs
    keys: dict[str, int] = {}
    col_key = np.full(len(terms), -1, np.int64)
    ends: dict[str, tuple[str, bool, bool]] = {}  # last word -> its singular, can it end a phrase, be a tag alone
    for c, (t, f) in enumerate(zip(terms, df)):
        first, _, last = t.rpartition(" ")
        if last not in ends:
            s = _singular(last)
            ends[last] = (s, _head_ok(s, False) and last not in verb_only and s not in verb_only
                          and not (last.endswith("s") and last in verbs),  # "algorithm recovers"
                          _head_ok(s, True) and _nounlike(s, verbs) and last not in verb_only)
        singular, ends_phrase, alone = ends[last]
        k = f"{first} {singular}" if first else singular
        long = acr.get(k) or acr.get(t)
        if long:
            if long not in GENERIC_MODIFIERS:  # ("SOTA" is defined as "state-of-the-art": no topic)
                col_key[c] = keys.setdefault(long, len(keys))
        elif (ends_phrase and _modifier_ok(first) and first not in verb_only and not (last in verbs and _plural(first))) \
                if first else (alone and f <= single_cap):  # (a plural and a verb: "findings indicate", "llms excel")
            col_key[c] = keys.setdefault(k, len(keys))
    return keys, col_key


def _top_keys(S: sp.csr_matrix, boost: np.ndarray, m: int) -> list[list[int]]:
    """Per row of S: its (at most) m columns of highest value x boost, best first, ties by column."""
    S = S.tocsr()
    S.sort_indices()
    pos, _ = top_in_rows(row_numbers(S), S.data * boost[S.indices], m)
    cols = S.indices[pos].tolist()
    ends = np.cumsum(np.minimum(np.diff(S.indptr), m)).tolist()
    return [cols[a:b] for a, b in zip([0] + ends, ends)]


@dataclass
class TagModel:
    """The tags of a fitted corpus, to give a paper placed later the tags it ranks highest among them."""

    col_key: np.ndarray  # TF-IDF column -> tag key (-1: none)
    names: list[str]  # key -> its name
    boost: np.ndarray  # key -> score factor
    forms: dict[int, str]  # key -> the tag shown, for the keys some fitted paper has
    per_paper: int
    verb_only: frozenset[str] = frozenset()  # see verb_words
    acronyms: dict[str, str] = field(default_factory=dict)  # see acronym_map
    acronym_cols: dict[str, list[int]] = field(default_factory=dict)  # acronym -> the columns of its long form

    def rhetoric(self, term: str) -> bool:
        """Does a corpus term hold a verb ("highlight urgent") or an abstract's rhetoric ("urgent need")?"""
        return any(w in self.verb_only or w in GENERIC_MODIFIERS for w in term.split())

    def label_ok(self, term: str) -> bool:
        """Can a 1-2 word corpus term name a group of papers?  Not generic, no verb ("consume", "reach", "hindering"),
        no rhetoric ("urgent need"), no acronym beside its own long form ("fine-tuning sft")."""
        words = term.split()
        if not _worthy(term) or self.rhetoric(term):
            return False
        if len(words) == 1:  # not an adverb, a participle or a bare adjective ("semantically", "calibrated", "neural")
            return not (term.endswith("ly") or participle(term) or _BAD_END.search(term) and term not in ING_NOUNS
                        or verb_gerund(term, self.verb_only))
        return not any(_singular(other) in self.acronyms.get(_singular(acro), "").split()
                                         for acro, other in (words, words[::-1]))

    def spelled_out(self, term: str) -> str:
        """A corpus term with its acronyms written out ("marl" -> "multi-agent reinforcement learning")."""
        return " ".join(self.acronyms.get(_singular(w), w) for w in term.split()) if self.acronyms else term

    def own_meanings(self, X: sp.csr_matrix, defs: list[list[tuple[str, str, bool]]]) -> sp.csr_matrix:
        """X less, in each row, the acronyms its abstract defines as something else than the corpus does: a paper's
        "Segment Anything Model (SAM)" is no "sharpness-aware minimization", its "automatic speech recognition
        (ASR)" no "attack success rate".  `defs`: acronym_defs of the rows' texts."""
        drop = [(i, c) for i, row in enumerate(defs) for acro, long, _ in row
                if acro in self.acronym_cols and not one_idea(self.spelled_out(long), self.acronyms[acro], GENERIC)
                for c in self.acronym_cols[acro]]
        if not drop:
            return X
        X = X.tocsr(copy=True)
        X.sort_indices()
        for i, c in drop:
            a, b = X.indptr[i], X.indptr[i + 1]
            at = a + int(np.searchsorted(X.indices[a:b], c))
            if at < b and X.indices[at] == c:
                X.data[at] = 0
        X.eliminate_zeros()
        return X

    def _ranked(self, X: sp.csr_matrix) -> list[list[int]]:
        """Per row: up to 2 x per_paper keys, best first; a word is dropped where a phrase holding it ranks."""
        cols = np.flatnonzero(self.col_key >= 0)
        G = sp.csr_matrix((np.ones(len(cols), np.float32), (cols, self.col_key[cols])),
                          shape=(len(self.col_key), len(self.names)))
        words_of = [k.split() if " " in k else [] for k in self.names]
        out = []
        for top in _top_keys((X @ G).tocsr(), self.boost, self.per_paper * 3):
            words = {w for k in top for w in words_of[k]}
            out.append([k for k in top if words_of[k] or self.names[k] not in words][:self.per_paper * 2])
        return out

    def tags(self, picks: list[list[int]]) -> list[list[str]]:
        """Keys -> the distinct tags shown, in order."""
        out = []
        for p in picks:
            seen, tags = set(), []
            for k in p:
                f = self.forms.get(k)
                if f and f not in seen:
                    seen.add(f)
                    tags.append(f)
            out.append(tags)
        return out

    def place(self, X: sp.csr_matrix, texts: list[str]) -> list[list[str]]:
        """Tags for rows of X (TF-IDF over the fitted terms of `texts`) among the fitted corpus's tags."""
        ranked = self._ranked(self.own_meanings(X, acronym_defs(texts, set(self.acronym_cols))))
        return self.tags([[k for k in p if k in self.forms][:self.per_paper] for p in ranked])


def assign_tags(X: sp.csr_matrix, terms: np.ndarray, texts: list[str], per_paper: int = 5,
                min_papers: int = 2) -> tuple[list[list[str]], TagModel]:
    """Top tags per paper from its TF-IDF row (X: the corpus TF-IDF over `terms`), and the model
    that places later papers among these tags."""
    vocab = set(terms.tolist())
    defs = acronym_defs(texts, vocab)
    acr = acronym_map(texts, vocab, defs)
    verbs = verb_words(texts)
    n = X.shape[0]
    df = np.bincount(X.indices, minlength=len(terms)) if X.nnz else np.zeros(len(terms), int)
    single_cap = max(3, MAX_DF_SINGLE * n) if n >= 50 else n
    keys, col_key = _tag_keys(terms.tolist(), df.tolist(), acr, verbs, single_cap)
    cols = np.flatnonzero(col_key >= 0)
    key_names = np.array(sorted(keys, key=keys.get), dtype=object)
    phrase = np.array([" " in k for k in key_names], dtype=bool)
    kdf = np.bincount(col_key[cols], weights=df[cols], minlength=len(keys))  # (upper bound of) key df
    boost = np.where(phrase, PHRASE_WEIGHT, 1.0) * np.log1p(kdf) ** DF_GAMMA
    acro_cols = defaultdict(list)  # acronym -> the columns that stand for its long form ("llm", "llms")
    for c in cols.tolist():
        t = terms[c]
        a = _singular(t) if _singular(t) in acr else t
        if " " not in t and a in acr:
            acro_cols[a].append(c)
    model = TagModel(col_key, key_names.tolist(), boost, {}, per_paper, verbs[1], acr, dict(acro_cols))
    picks = model._ranked(model.own_meanings(X, defs))
    floor = min_papers if n >= 20 else 1
    pool = picks
    while True:  # keep only tags that at least `floor` papers end up with
        counts = Counter(k for p in picks for k in p)
        kept = [[k for k in p if counts[k] >= floor] for p in pool]
        new = [p[:per_paper] for p in kept]
        if new == picks:
            break
        picks, pool = new, kept
    used = sorted({k for p in picks for k in p})
    docs = defaultdict(list)
    for i, p in enumerate(picks):
        for k in p:
            docs[k].append(i)
    lowered: dict[int, str] = {}
    full = {k: _extend(key_names[k], texts, docs[k], lowered) if phrase[k] else key_names[k] for k in used}
    taken = set(full.values())
    for k in used:  # "relative policy optimization" -> "group relative policy optimization"
        longer = _preceded(full[k], texts, docs[k], lowered) if phrase[k] else full[k]
        if longer not in taken:
            taken.add(longer)
            full[k] = longer
    forms = surface_forms([full[k] for k in used], texts, [docs[k] for k in used], lowered)
    model.forms = {k: forms[full[k]] for k in used if forms[full[k]]}
    # as the abstracts spell the words: "generative AI", "Markov decision process", "GPT-4" (a few of each tag's)
    sample = sorted({d for k in used for d in docs[k][:SPELLING_SAMPLE]})[:SPELLING_TEXTS]
    cased = spelled({w for f in model.forms.values() for w in f.split()}, (texts[d] for d in sample))
    model.forms = {k: respelled(f, cased) for k, f in model.forms.items()}
    # one spelling for one tag page: "vision-language model" and the "vision language model" a phrase grew into
    # are one tag (the page address render.terms_of gives them), spelled as the tag of more papers spells it
    spelling: dict[str, str] = {}
    for k in sorted(model.forms, key=lambda k: (-len(docs[k]), k)):
        model.forms[k] = spelling.setdefault(slugify(model.forms[k]), model.forms[k])
    return model.tags(picks), model
