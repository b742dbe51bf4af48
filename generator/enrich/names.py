"""The name an abstract introduces for its method, benchmark, model or dataset.

Candidates come from strong cues -- emphasis (**X**, *X*), "we propose X, a ...", "called X",
"our method, X", "Long Form (ACR)" -- each with a score; the best one wins, or None when no cue is
strong enough.  A single-word candidate must look coined (CamelCase, acronym, digits, hyphenated
caps) unless a cue puts it in a name slot; common field acronyms (LLM, RL, CoT...) never count.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

COMMON = frozenset("""
AI ML DL NLP CV RL LLM VLM MLLM LVLM LM LRM GPT CNN RNN GNN MLP ViT VAE GAN SGD RLHF RLVR RLAIF DPO PPO
GRPO SFT CoT ICL RAG KV QA VQA OOD IID SOTA API GPU TPU CPU NeRF PDE ODE SDE MDP POMDP LoRA MoE ReLU KL
PCA SVD BERT T2I T2V I2V TTS ASR OCR AUC ROC MSE MAE FID IoU mAP AP BLEU ROUGE PSNR SSIM LPIPS FLOPs ELBO
MCMC HMC NTK RKHS SAE UQ BO HPO NAS AGI VLA DiT CLIP IRL MARL LTL SMT SAT LP MILP QP TD PAC SNR DNN NN
I II III IV We Our In This The A An To It Its Transformer Transformers Adam AdamW However First Second
Third Finally Specifically Moreover Furthermore Additionally Experiments Existing Recent Unlike While
Building Based Using Through Motivated Inspired Empirically Extensive Overall Together Here Then Thus
""".split())
_FUNCTION = frozenset("""I We Our In This The A An To It Its However First Second Third Finally Specifically Moreover
Furthermore Additionally Experiments Existing Recent Unlike While Building Based Using Through Motivated Inspired
Empirically Extensive Overall Together Here Then Thus Large Deep Neural Modern Current Standard Traditional""".split())
_SMALL = ("of", "and", "for", "the", "as", "in", "to", "on", "with", "a")
# a token: letters/digits with inner . + ' & and single hyphens ("Mono4DGS-HDR", "Llama-3.1-8B"), never "X---which"
_TOKEN = r"[A-Za-z0-9][\w.+²³′'&]*(?:-[\w.+²³′'&]+)*(?<=[\w+²³′])"
_WORD = r"(?:[A-Z0-9][\w.+\-²³′'&]*|of|and|for|the|as|in|to|on|with|a)"
# a Title-Case phrase of 1-5 words (inner small words allowed), or one coined token
_PHRASE = rf"[A-Za-z0-9][\w.+\-²³′'&]*(?:\s+{_WORD}){{0,4}}?"
_CAPW = r"[A-Z0-9](?:[\w+\-²³′'&]|\.(?=\w))*"
_SLOT_END = re.compile(r"[*$\"”]*\s*(?:[,(:—–]|--|or\s)")
_ALIAS = re.compile(rf"[*$\"”]*\s+or\s+[*$]*({_TOKEN})")
_TITLE_PHRASE = re.compile(rf"{_CAPW}(?:\s+(?:(?:of|and|for|as|to|but|by)\s+)?{_CAPW}){{0,4}}")
_CODED = re.compile(
    r"^(?=.*[A-Za-z])(?:[A-Za-z]*[a-z0-9][A-Z].*|[A-Z][A-Z0-9]+.*|.*\d.*|[A-Za-z]+-[A-Z].*|[A-Z]-.*|[a-z]+[A-Z].*)$")
_VERBS = r"(?:propose|introduce|present|develop|design|release|build|construct|curate|contribute|offer|create|establish|describe|formalize|instantiate|provide|train|unveil|collect)"
_SELF = r"(?:framework|method|approach|benchmark|dataset|model|algorithm|system|suite|library|toolkit|architecture|technique|pipeline|agent|paradigm|strategy|metric|loss|corpus|environment|protocol|family|estimator|optimizer|attack|defense|mechanism|module|network|policy|platform|recipe|objective|scheme|procedure|simulator|arena|leaderboard|engine)"
_VERB_FORMS = (r"(?:propos|introduc|present|develop|design|releas|build|construct|curat|contribut|offer|creat|establish|"
               r"describ|formaliz|instantiat|provid|train|unveil|collect|annotat)(?:e|es|ed|ing|s|d)?")
_INTRO = re.compile(
    rf"\b(?i:(?:we|this (?:paper|work|study)|paper|work|and|by)\s+(?:(?:also|further|then|first|here|newly|therefore)\s+)?"
    rf"{_VERB_FORMS}\b\s+(?:(?:it|this|them|these \w+ in)\s+)?(?:(?:with|as|a|an|the|our|new|novel|simple|unified|"
    rf"general|first|{_SELF})[\s,]+){{0,4}})"
    rf"[*$\"“]*((?=[A-Z0-9]|[a-z]+[A-Z]|[a-z]-){_PHRASE})[*$\"”]*(?=\s*(?:,|\(|--|—|–|-\s|:|\.|\s+(?:which|that|to|for|as|on|in|by|with|and|a|an|is|consists|{_SELF}s?)\b))")
_INTRO2 = re.compile(
    rf"\b(?i:we|this (?:paper|work))\s+{_VERB_FORMS}\s+(?:a|an|the)\s+(?:[a-z][\w\-]*\s+){{0,6}}?(?:[a-z][\w\-]*,?|[\w\-]+,)\s+\(?"
    rf"[*$]*((?=[A-Z0-9]|[a-z]+[A-Z]|[a-z]-){_TOKEN})[*$]*(?=\s*(?:,|\(|\)|\.|\s+which|\s+that))")
_CALLED = re.compile(rf"\b(?:called|termed(?: as)?|dubbed|named|coined|abbreviated as|namely|refer to (?:\w+ ){{0,3}}as(?: the)?|referred to as|denoted as)\s+[*$\"“'`]*({_PHRASE})")
_WITH = re.compile(rf"\b(?i:we|this (?:paper|work))\s+(?:address|tackle|solve|fill|bridge|close|overcome|mitigate|resolve|answer)\s+(?:[\w\-]+\s+){{1,4}}?(?:with|via|through)\s+(?:the\s+)?[*$\"“]*({_TOKEN})[*$\"”]*(?=\s*[,(.:])")
_OURS = re.compile(rf"\b(?i:our|the proposed|the resulting)\s+(?:\w+\s+)?(?:method|framework|model|approach|system|algorithm|benchmark|dataset|agent|recipe|pipeline|architecture|technique)s?,?\s+[*$]*({_TOKEN})")
_PAREN = re.compile(rf"\(\s*[*$]*({_TOKEN})[*$]*\s*\)")
_REV_ACRO = re.compile(rf"(?:^|[.]\s+)[*$]*({_TOKEN})[*$]*\s*\(([^()]{{6,120}})\)")
_EMPH_ACRO = re.compile(rf"\(\s*({_TOKEN})\s*\)$")
_EMPH = re.compile(r"(\*\*?)([^*\n]{2,60}?)\1")  # **bold**, *italic* (a literal first char: a fast scan)
_UNDER = re.compile(r"(_)([^*_\n$]{2,60}?)_(?![\w$])")  # _italic_ (Markdown)


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


def coined(tok: str) -> bool:
    """True if tok looks like a coined name rather than an ordinary word or a number."""
    c = _COINED.get(tok)
    if c is None:
        if len(_COINED) > 1_000_000:
            _COINED.clear()
            _PLAIN.clear()
        c = _COINED[tok] = _coined(tok)
        if not c:
            _PLAIN.add(tok)
    return c


def _coined(tok: str) -> bool:
    return bool(tok) and len(tok) <= 40 and tok not in COMMON and tok.rstrip("s") not in COMMON \
        and bool(_CODED.match(tok)) and not re.fullmatch(r"[\d.,%×x\-]+[A-Za-z]{0,2}|[A-Z]\d*|\d+[A-Za-z]*|[\d.]+[KMBkmb]|[\d.]+[A-Za-z]?-[a-z\-]+", tok)


def _namelike(phrase: str, slot: bool) -> bool:
    """A phrase in a name slot: coined token, or (slot=True) a short Title-Case phrase."""
    words = phrase.split()
    if not words or phrase in COMMON or words[0] in _FUNCTION or len(words) == 1 and phrase in COMMON:
        return False
    if len(words) == 1:
        return coined(phrase) or (slot and phrase[0].isupper() and len(phrase) >= 3)
    return slot and all(w[0].isupper() or w[0].isdigit() or w in _SMALL for w in words) \
        and words[-1][0].isupper()


def _abbreviates(long: str, acro: str) -> bool:
    """Does acro abbreviate the end of long?  'Circuit-based Reasoning Verification' ~ CRV."""
    letters = [c.lower() for c in acro if c.isalpha()]
    words = [w for w in re.split(r"[\s\-–]+", long) if w]
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


def _acronym_pair(long: str, acro: str) -> tuple[str, str] | None:
    """(long form trimmed to the abbreviated words, acronym) or None."""
    words = re.split(r"\s+", long.strip())
    n_letters = sum(c.isupper() for c in acro) or len(acro)
    for k in range(1, min(len(words), 9) + 1):
        tail = " ".join(words[-k:])
        if _abbreviates(tail, acro) and tail[0].lower() == acro[0].lower():
            if k >= max(1, n_letters - 3) or len(re.split(r"[\s\-]+", tail)) >= n_letters - 1:
                return tail, acro
    return None


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


def _clean(tok: str) -> str:
    if tok.isalnum():
        return tok
    tok = re.sub(r"\$\^?\{?(\w)\}?\$|\^\{?(\w)\}?", lambda m: m.group(1) or m.group(2), tok)  # A$^2$FM
    tok = tok.strip().strip("*_'\"`“”‘’,;:()[]$")
    return re.sub(r"['’]s$", "", tok).rstrip(".-").strip()


def _prefer(long: str, acro: str) -> str:
    """Papers go by their acronym, except a plain <=3-letter one for a Title-Case phrase
    ("Test-Time Matching (TTM)" -> Test-Time Matching; "Circuit-based ... (CRV)" -> CRV)."""
    title_case = all(w[0].isupper() or w in _SMALL for w in re.split(r"[\s\-]+", long) if w)
    return long if title_case and re.fullmatch(r"[A-Z0-9&]{2,3}", acro) else acro


def _prepare(md: str) -> str:
    """Drop TeX wrappers and letter-level emphasis (**V**ideo -> Video) that hide words."""
    text = re.sub(r"\\(?:text(?:bf|it)|underline|mathbf|mathrm)\{([^{}]*)\}", r"\1", md).replace("\\", "")
    text = re.sub(r"\$(\*+[^$*]+\*+)\$", r"\1", text)
    return re.sub(r"(?<=\w)(\*{1,2})(\w{1,3})\1|(\*{1,2})(\w{1,3})\3(?=\w)", lambda m: m.group(2) or m.group(4), text)


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


def candidates(text: str, tokens: Counter) -> list[tuple[float, int, str]]:
    """(score, position, name) for every cue found in a prepared abstract (see analyze)."""
    out: list[tuple[float, int, str]] = []
    pairs: dict[str, str] = {}
    for long, acro in acronym_pairs(text):
        if coined(acro):
            pairs.setdefault(acro, long)
    for m in _emphasis(text):
        inner = _clean(m.group(2))
        acro = _EMPH_ACRO.search(m.group(2).strip(" *$"))
        if acro and coined(_clean(acro.group(1))):
            out.append((9, m.start(), _clean(acro.group(1))))
        elif _namelike(inner, slot=len(m.group(1)) == 2 or coined(inner) or len(inner.split()) > 1):
            out.append((8 if len(m.group(1)) == 2 else 7, m.start(), inner))
    for rx, score in ((_INTRO, 6.5), (_INTRO2, 6.5), (_CALLED, 7), (_OURS, 6.5), (_WITH, 6.5)):
        for m in rx.finditer(text):
            tok = _clean(m.group(1))
            pm = _TITLE_PHRASE.match(text, m.start(1))
            if pm and pm.end() > m.end(1) and _SLOT_END.match(text, pm.end()):
                tok = _clean(pm.group(0))
                alias = _ALIAS.match(text, pm.end())  # "termed Long Form or ACR": the paper goes by ACR
                if alias and coined(_clean(alias.group(1))):
                    tok = _clean(alias.group(1))
            tail = text[m.end(1):m.end(1) + 3]
            if _namelike(tok, slot=True):
                out.append((score + (0.5 if _TAIL.match(tail) else 0), m.start(1), tok))
    for m in _rev_acros(text):
        tok = _clean(m.group(1))
        if coined(tok) and _abbreviates(m.group(2), tok):
            out.append((7, m.start(1), tok))
    for acro, long in pairs.items():
        pos = text.find(acro)
        end = text.find(". ", pos)  # the defining sentence only: a later "we propose Y" is not about it
        start = text.rfind(".", 0, pos) + 1
        sent = text[start:min(pos + 100, end if end >= 0 else len(text))]
        intro = _SENT_INTRO.search(sent)
        if intro and INTRO_REACH and pos - start - len(long) - intro.end() > INTRO_REACH:
            intro = None  # the verb introduces something else earlier in the sentence ("X, which consists of ...")
        named = any(s[2] in (acro, long) for s in out)
        if intro or named or _SELF_RX.search(text, pos, pos + 60):
            out.append((7 if intro or named else 5.5, pos, acro))
    # tokens already known to be ordinary words are dropped by one C-level set difference
    for raw in sorted(tokens.keys() - _PLAIN):
        if not coined(raw):
            continue
        tok, uses = _clean(raw), tokens[raw]
        if not coined(tok) or tok in pairs or _TERMLIKE.fullmatch(tok):
            continue  # defined acronyms, bare 2-letter caps and plural acronyms (FMs) are terms, not names
        pos = text.find(raw)
        in_intro = _in_intro(text, pos)
        if uses >= 2 or in_intro:
            out.append((3.75 + (1 if in_intro else 0) + 0.25 * min(uses, 4), pos, tok))
    longs = {long: acro for acro, long in pairs.items()}
    out = [(s, p, longs.get(n, n)) for s, p, n in out]  # an emphasised long form names its acronym
    return [(s, p, _prefer(pairs[n], n) if n in pairs else n) for s, p, n in out]


_TAIL = re.compile(r"[*$]*\s*[,(:—–-]")
_SENT_INTRO = re.compile(rf"\b(?:we|our|this (?:paper|work))\b[^.]*?\b{_VERBS}", re.I)
_SELF_RX = re.compile(_SELF, re.I)
_WE_RX = re.compile(r"\b(?:[Ww]e|[Tt]his (?:paper|work))\b")
_VERB_RX = re.compile(rf"\b{_VERBS}")


INTRO_REACH = 80  # chars between the introducing verb and the long form; tuned on half the dev file


def _in_intro(text: str, pos: int) -> bool:
    """Is pos inside an introducing sentence, after its 'we' ("... we introduce X ...")?"""
    start = text.rfind(".", 0, pos) + 1
    end = text.find(".", pos)
    seg = text[start:end if end >= 0 else len(text)]
    m = _WE_RX.search(seg, 0, pos - start + 1)
    return bool(m and _VERB_RX.search(seg, m.end()))
_TERMLIKE = re.compile(r"[A-Z]{1,2}|[A-Za-z]*[A-Z]s")
# the suffix of a resource derived from the main name: EmoPrefer-Data, Omni-RewardBench, MATRIX-11K
_DERIVED = re.compile(r"-(?:\d+(?:\.\d+)?[KkMB]|Data|Dataset|Bench|Set|Eval|Corpus|Instruct|SFT|RL|Train|Test)|"
                      r"-?(?:Bench|Data|Dataset|Eval|Corpus|Arena)")


BASE_MIN = 5.0  # a derived resource's base name needs at least this score
FIRST_W = 0.25  # bonus for the first strongly-cued name (0.5 helped one half, hurt the other)


def extract_name(md: str, common: frozenset[str] = frozenset(),
                 analyzed: tuple[str, Counter] | None = None) -> str | None:
    """The abstract's own coined name, or None.  `common`: corpus-frequent terms to refuse."""
    text, tokens = analyzed or analyze(md)
    best: dict[str, tuple[float, int]] = {}
    cands = [c for c in candidates(text, tokens) if c[2] not in COMMON and c[2] not in common and len(c[2]) >= 2]
    strong = [(pos, name) for score, pos, name in cands if score >= 6.5]
    first = min(strong)[1] if strong else None  # the first name a strong cue introduces: the main contribution
    for score, pos, name in cands:
        score += FIRST_W if name == first else 0
        uses = text.count(name) if " " in name else tokens[name]
        s = score + min(uses, 4) * 0.4 - pos / max(len(text), 1) - (0.5 if uses < 2 and not coined(name) else 0)
        if name not in best or s > best[name][0]:
            best[name] = (s, pos)
    if not best:
        return None
    name, (score, _) = max(best.items(), key=lambda kv: (kv[1][0], -kv[1][1], kv[0]))
    if score < 6:
        return None
    # a variant ("EmoPrefer-Data", "MATRIX-11K") points back to the base name when that is a candidate too
    base = [b for b, (s, _) in best.items() if s >= BASE_MIN and b != name and name.startswith(b) and len(b) >= 3
            and _DERIVED.fullmatch(name[len(b):])]
    return min(base, key=len) if base else name


def common_names(token_counts_per_paper: list[Counter]) -> frozenset[str]:
    """Coined-looking tokens shared by many abstracts (GPT-4o, ImageNet): never a paper's own name."""
    df = Counter()
    for toks in token_counts_per_paper:
        df.update(tok for tok in toks if coined(tok))
    floor = max(4, int(0.002 * len(token_counts_per_paper)))
    return frozenset(tok for tok, n in df.items() if n >= floor)
