"""Parse abstract text with LaTeX/Markdown remnants into a small tree, and emit it three ways.

The tree has only what we build ourselves: text, strong, em, code, link (http/https only) and
math. `to_markdown` gives clean, escaped Markdown; `to_html` a safe HTML fragment (every character
of input escaped, math as sanitized MathML); `to_plain` the bare words.  Input is never HTML.
"""
from __future__ import annotations

import functools
import html
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import latex2mathml.converter

STYLE = {"textbf": "strong", "bf": "strong", "textit": "em", "emph": "em", "it": "em", "textsl": "em",
         "underline": "em", "texttt": "code", "textsc": "text", "textrm": "text", "textsf": "text",
         "text": "text", "mbox": "text", "textnormal": "text", "mathrm": "text"}
DROP = {"cite", "citep", "citet", "citealp", "ref", "eqref", "label", "footnote", "cref", "Cref",
        "color", "pagecolor", "vspace", "hspace", "begin", "end"}  # (\color{red} text: the text stays)
REFS = {"ref", "eqref", "cref", "Cref"}  # (of DROP's: references to a figure, a table, an equation)
SWITCH = {"bf": "strong", "it": "em", "em": "em", "sl": "em", "sc": "text", "rm": "text", "sf": "text", "tt": "text"}
COLORED = {"textcolor", "colorbox"}  # \textcolor{blue}{words}: the words, not "blue"
WORDS = {"eg": "e.g.", "ie": "i.e.", "etal": "et al.", "vs": "vs.", "etc": "etc.", "ldots": "…", "dots": "…",
         "LaTeX": "LaTeX", "TeX": "TeX", "textendash": "–", "textemdash": "—", "times": "×", "approx": "≈"}
# (words read so only since \item and \\ were: WORDS are also how the ids of older papers read them)
WORDS_MORE = {"item": "•", "textbullet": "•", "newline": " ", "linebreak": " ", "par": " ", "noindent": "",
              "textasciitilde": "~", "textperthousand": "‰", "textdegree": "°", "percent": "%"}
QUANTITIES = {"SI": 2, "qty": 2, "si": 1, "unit": 1}  # siunitx: \SI{5}{\percent}, \si{\milli\second} (arguments)
UNITS = {"percent": "%", "degree": "°", "celsius": "°C", "degreeCelsius": "°C", "per": "/", "squared": "²",
         "cubed": "³", "second": "s", "minute": "min", "hour": "h", "day": "d", "metre": "m", "meter": "m",
         "gram": "g", "litre": "L", "liter": "L", "byte": "B", "bit": "bit", "hertz": "Hz", "watt": "W", "joule": "J",
         "volt": "V", "ampere": "A", "kelvin": "K", "pico": "p", "nano": "n", "micro": "µ", "milli": "m", "centi": "c",
         "kilo": "k", "mega": "M", "giga": "G", "tera": "T", "peta": "P"}
ACCENTS = {"'": "\u0301", '"': "\u0308", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304", ".": "\u0307",
           "c": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b", "k": "\u0328", "r": "\u030a",
           "d": "\u0323", "b": "\u0331"}  # a letter-named accent only with braces: \v{c}, \c{c}, \H{o}
LETTERS = {"o": "ø", "O": "Ø", "ss": "ß", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
           "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}  # \o, {\ss}: letters TeX spells as commands
MATH_PLAIN = {
    "times": "×", "approx": "≈", "sim": "~", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "pm": "±",
    "cdot": "·", "to": "→", "rightarrow": "→", "leftarrow": "←", "infty": "∞", "in": "∈", "ll": "≪",
    "gg": "≫", "neq": "≠", "ne": "≠", "propto": "∝", "sum": "∑", "prod": "∏", "partial": "∂", "nabla": "∇",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π",
    "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ",
    "Omega": "Ω", "ell": "ℓ", "star": "⋆", "%": "%", "log": "log", "exp": "exp", "sqrt": "√",
}
MAX_MATH = 600  # longer "$...$" spans are text with stray dollars, not math
URL = re.compile(r"https?://[^\s<>\"{}|\\^`]+", re.IGNORECASE)
_SPECIAL = re.compile(r"[$\\*`_{]|https?://", re.IGNORECASE)  # where parse() must look closer
MATHML_TAGS = {"math", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msup", "msub", "msubsup", "mfrac",
               "msqrt", "mroot", "mover", "munder", "munderover", "mtable", "mtr", "mtd", "mstyle", "mpadded",
               "mphantom", "menclose", "semantics", "annotation", "mfenced", "merror"}
MATHML_ATTRS = {"xmlns", "display", "mathvariant", "stretchy", "fence", "separator", "lspace", "rspace",
                "accent", "accentunder", "movablelimits", "largeop", "symmetric", "columnalign", "rowspacing",
                "columnspacing", "linethickness", "width", "height", "depth", "notation", "form", "minsize",
                "maxsize", "displaystyle", "scriptlevel", "open", "close", "separators", "encoding"}
_SAFE_LENGTH = re.compile(r"^[0-9.\-]*(em|ex|px|pt|%|mu)?$|^[a-z\-]+$|^[A-Za-z0-9 .\-/:]+$")


@dataclass
class Node:
    kind: str  # text | strong | em | code | link | math | dmath
    text: str = ""  # text, code, math source, link url; an em's Markdown mark ("*", "_"; "" for \\emph)
    children: list["Node"] = field(default_factory=list)


_DOUBLED = re.compile(r"\\\\(?=[A-Za-z%$&_#{}])")


def undouble(text: str) -> str:
    """`$95.2\\\\%$` -> `$95.2\\%$`: collapse doubled backslashes before a symbol or letter."""
    return _DOUBLED.sub(r"\\", text) if "\\\\" in text else text


# Abstracts from publishers' APIs (Crossref's JATS, PubMed, HTML exports) carry inline HTML: a short list of
# tags is read as the TeX it means, when what they hold is plain; any other tag stays text, shown as written
_TAG_PLAIN = r"([^<>{}$\\&%#~^_]{1,200}?)"
_HTML_STYLE = re.compile(rf"<(?:jats:)?(i|em|italic|b|strong|bold)>{_TAG_PLAIN}</(?:jats:)?\1>", re.I)
_HTML_SCRIPT = re.compile(r"<(?:jats:)?(sub|sup)>([\w+\-−.,′' ]{1,20})</(?:jats:)?\1>", re.I)
_HTML_TITLE = re.compile(rf"<(?:jats:)?title>{_TAG_PLAIN}</(?:jats:)?title>", re.I)
_HTML_BLOCK = re.compile(r"</?(?:jats:)?(?:p|sec)>|<br\s*/?>", re.I)  # (no attributes: a <div style=...> is shown)


def from_html(text: str) -> str:
    """`H<sub>2</sub>O`, `<i>in vivo</i>`, `<jats:p>` ... read as `H$_{2}$O`, `\\emph{in vivo}`, a space."""
    if "<" not in text:
        return text
    text = _HTML_STYLE.sub(lambda m: ("\\emph{" if m.group(1).lower() in ("i", "em", "italic") else "\\textbf{")
                           + m.group(2) + "}", text)
    text = _HTML_SCRIPT.sub(lambda m: ("$_{" if m.group(1).lower() == "sub" else "$^{") + m.group(2).strip() + "}$", text)
    text = _HTML_TITLE.sub(lambda m: " " if m.group(1).strip().lower() in ("abstract", "summary") else f" {m.group(1).strip()}: ",
                           text)
    return _HTML_BLOCK.sub(" ", text)


def _matching_brace(s: str, open_at: int) -> int:
    """Index of the `}` closing the `{` at open_at, or -1."""
    depth = 0
    for i in range(open_at, min(len(s), open_at + 5000)):
        c = s[i]
        if c == "\\":
            continue
        if c == "{" and (i == 0 or s[i - 1] != "\\"):
            depth += 1
        elif c == "}" and s[i - 1] != "\\":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _find_math_end(s: str, start: int, closer: str, legacy: bool = False) -> int:
    """Pandoc's rule for `$`: it opens only before a non-space; the next unescaped `$` closes only after
    a non-space and before a non-digit, otherwise the opener was a literal dollar ("$5 and $10").  But
    a span that does not open with a digit is math before a digit too ("256$\\times$256", "FID$=$1.46"),
    one that holds a TeX command closes after a space too ("$\\frac{n}{\\varepsilon^2} \\cdot $ poly": a
    price holds none), and `$$` display math may have spaces and line breaks inside its marks.  (`legacy`:
    the rule before that, only for the ids of papers read before it.)"""
    loose = closer == "$$" and not legacy
    if start >= len(s) or (s[start].isspace() and not loose):
        return -1
    i = start
    while True:
        j = s.find(closer, i, start + MAX_MATH)
        if j < 0:
            return -1
        if s[j - 1] == "\\":
            i = j + 1
            continue
        after = j + len(closer)
        if loose:
            return j
        if s[j - 1].isspace() and (legacy or not _TEX_COMMAND.search(s, start, j)) \
                or (after < len(s) and s[after].isdigit() and (legacy or s[start].isdigit())):
            return -1
        return j


_COMMAND = re.compile(r"[A-Za-z]+\*?")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]{2,}")
# a bare group of words ("{explainable deepfake detection}", left where a macro was stripped); not a set or a list
# ("{-1, 0, 1}", "{Scenario, Probability}"), a numbering ("{1}", "{A}") or a group holding TeX
_GROUP = re.compile(r"\{([^{}\\$,\s][^{}\\$,\n]*[^{}\\$,\s])\}")
# math that holds only words in a text style ("$\textbf{44 algorithmic tasks}$", "$\textit{Easy Suite}$"): an
# author's emphasis, shown as text (in math it would be set in the math font, unemphasised); not \mathbf{x}
# (STYLE's text styles: neither a font switch nor a math style)
_TEXT_STYLE = rf"\\(?:{'|'.join(sorted(n for n in STYLE if n not in SWITCH and not n.startswith('math')))})\s*\{{"
_TEXT_MATH = re.compile(rf"(?:{_TEXT_STYLE})+\s*(?:[^{{}}\\$^_\s]|\\%)(?:[^{{}}\\$^_]|\\%)*(?:[^{{}}\\$^_\s]|\\%)\s*\}}+")
_TEXT_STYLE_OPEN = re.compile(_TEXT_STYLE)
_CLOSING = (".", ",", ";", ":", ")")  # what a dropped citation's space goes before
_BETWEEN_STYLED = frozenset(" ()[],;:.-–—/'!?")  # what may stand between styled words in such math
# a one-character group glued to its word ("\textbf{Lumos{X}}"): TeX prints the character, not the braces
_GLUED_GROUP = re.compile(r"\{([A-Za-z0-9])\}")
# a group of a figure and its TeX unit, or of one macro: "{0.2\%}", "{1.85$\times$}", "{\method}" (always with a
# backslash: a text with none makes its paper's id of what parse reads, and "{1}" may be a numbering)
_FIGURE_GROUP = re.compile(r"\{(\d[\d.,]*\s?(?:\\%|\$\\times\$|\\times)|\\[A-Za-z]+)\}")
# text-mode symbols written in math ("$< 1\textperthousand$"), which math rendering does not know: the symbol
_TEXT_SYMBOL = re.compile(r"\\(textperthousand|textdegree|textbullet|textendash|textemdash)(?![A-Za-z])\s*")
# Markdown's escapes of TeX's marks, which a Markdown export writes in math too ("\sum\_{t = 1}\^T", "(i\*)")
_MD_ESCAPED = re.compile(r"(?<!\\)\\([_^*])")


def _styled_words(tex: str) -> bool:
    r"""Math that holds only words in text styles (_TEXT_MATH), also nested, with bare groups inside and
    punctuation between: "\textit{\textbf{Re}inforcement Learning with \textbf{Re}-solving}",
    "\textbf{Diffusion Scratchpad} (\textbf{\textit{DPad}})"; a letter outside a style is math."""
    if _TEXT_MATH.fullmatch(tex):
        return True
    stack: list[bool] = []  # open groups: True for a text style's, False for bare braces
    letters, i = 0, 0
    while i < len(tex):
        m = _TEXT_STYLE_OPEN.match(tex, i)
        if m:
            stack.append(True)
            i = m.end()
            continue
        c = tex[i]
        if c == "{":
            stack.append(False)
        elif c == "}":
            if not stack:
                return False
            stack.pop()
        elif c == "\\" and tex[i + 1:i + 2] in ("%", "&"):
            i += 1
        elif c in "\\$^_" or (True not in stack and c not in _BETWEEN_STYLED):
            return False
        elif c.isalnum():
            letters += 1
        i += 1
    return not stack and letters >= 2


def _math(kind: str, tex: str, legacy: bool) -> Node:
    """A math node ("math" or "dmath") of every notation ($...$, \\(...\\), an environment): its TeX read as
    _math_tex reads it (the legacy reading, which ids are made of, as written)."""
    return Node(kind, tex if legacy else _math_tex(tex))


def _math_tex(tex: str) -> str:
    """A math span's TeX with Markdown's escapes undone and text-mode symbols as their characters."""
    if "\\" not in tex:
        return tex
    tex = _MD_ESCAPED.sub(r"\1", tex)
    return _TEXT_SYMBOL.sub(lambda m: WORDS_MORE.get(m.group(1)) or WORDS[m.group(1)], tex)


# one letter in a text style, written against the rest of its word: an acronym's letter picked out
# ("$\textbf{D}$elay-$\textbf{T}$ransformer"), text; standing alone ("a vector $\textbf{x}$") it is math
_TEXT_LETTER = re.compile(rf"(?:{_TEXT_STYLE})+\s*[A-Za-z]\s*\}}+")
# \"o, \"{o}, \'{\i}, \v{c}: an accent on a letter (\i, \j: the dotless letters TeX accents)
_ACCENT = re.compile(r"\\(?:(['\"`^~=.])|([cvuHkrdb])(?=\{))(?:\{\s*(\\?[A-Za-z])\s*\}|(\\?[A-Za-z]))")
_ESCAPED_OPEN = re.compile(r"[^\s\d.,]")  # (math opens with no space, and no digit: "\$5 and \$10" are prices)
_ESCAPED_MATH = re.compile(r"\\[A-Za-z]{2,}|\\?[_^]\{?\w")  # what makes "\$...\$" math: a command, a sub- or superscript
# a display-math environment written outside $...$ ("\\begin{equation} L \\le \\frac{1}{n} \\end{equation}"): math
_MATH_ENV = re.compile(r"\\begin\{(equation|align|aligned|gather|gathered|multline|eqnarray|displaymath|split|"
                       r"alignat|flalign|cases|array|[pbvBV]?matrix)(\*?)\}")
_WRAPPERS = ("equation", "displaymath")  # environments that only display their body
# environments latex2mathml does not know, as ones it does that set them alike
_ENV_ALIAS = re.compile(r"\\(begin|end)\{(aligned|eqnarray\*?)\}")
# an environment's marks (and an array's column spec), for plain text
_ROW_END = re.compile(r"\s*\\\\\s*")
_STARRED_ENV = re.compile(r"\\(begin|end)\{([A-Za-z]+)\*\}")
_ENV_MARK = re.compile(r"\\(?:begin|end)\{[A-Za-z]+\*?\}(?:\{[lcr|]*\})?")
MAX_DEPTH = 20  # nesting of \textbf{\emph{...}}: deeper input is kept as text, never a RecursionError


_HTML_REF = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")  # (html.unescape names it, or keeps it)


def _html_char(m: re.Match) -> str:
    """The character an HTML reference names (escaped where it is a mark of ours: "&#42;" is a star, not
    emphasis), unless it names none, or a control or format character (clean_text drops those)."""
    c = html.unescape(m.group(0))
    if not c or "\ufffd" in c or any(unicodedata.category(x)[0] == "C" for x in c):
        return m.group(0)
    return "".join("\\" + x if x in _MARKS else x for x in c)


_MARKS = frozenset("\\`*_{}[]$~^")


def _command_text(name: str, legacy: bool) -> str:
    """What a command with no argument reads as: its word (\\eg), its symbol (\\pm outside math: ±, but for
    `legacy`), else its name (an author's macro: \\GRACE)."""
    if not legacy and name in WORDS_MORE:
        return WORDS_MORE[name]
    return WORDS.get(name) or (None if legacy else MATH_PLAIN.get(name)) or name


def _unit(tex: str) -> str:
    """An siunitx unit as text: `\\milli\\second` -> `ms`, `\\metre\\per\\second` -> `m/s`, `\\percent` -> `%`."""
    s = re.sub(r"\\([A-Za-z]+)\s*", lambda m: UNITS.get(m.group(1), m.group(1)), tex)
    return _SPACES.sub(" ", re.sub(r"[{}\\]", "", s)).strip()


def parse(text: str, depth: int = 0, legacy: bool = False) -> list[Node]:
    """Parse one paragraph into nodes; any text that is not recognised markup stays text.  `legacy`:
    as before `$\\times$` between digits was math, a math symbol outside math its symbol, `{\\bf x}` a
    font switch, `\\citep[..]{..}` dropped whole and `&mdash;` a character reference (the text a paper's id is
    made of: normalize.paper_key)."""
    if depth > MAX_DEPTH:
        return [Node("text", text)]
    if not depth and not legacy and "&" in text:
        text = _HTML_REF.sub(_html_char, text)  # "whether&mdash;or": the character it names
    out: list[Node] = []
    buf: list[str] = []
    i, n = 0, len(text)
    low = text.lower()
    aligned = len(low) == n  # (lowercasing keeps every position but for a few letters such as 'İ')

    def flush():
        if buf:
            out.append(Node("text", "".join(buf)))
            buf.clear()

    def put(s: str):
        if s == "~" and not legacy:  # a literal "~" (\textasciitilde): a node of its own, which _typography
            flush()  # does not read as a tie
            out.append(Node("text", s))
        else:
            buf.append(s)

    while i < n:
        c = text[i]
        if c == "$":
            display = text.startswith("$$", i)
            closer = "$$" if display else "$"
            start = i + len(closer)
            end = _find_math_end(text, start, closer, legacy)
            if end > start and text[start:end].strip():
                flush()
                tex = text[start:end].strip()
                if not display and not legacy and (_styled_words(tex) or _TEXT_LETTER.fullmatch(tex)
                                                   and text[end + 1:end + 2].isalpha()):
                    out.extend(parse(tex, depth + 1, legacy))  # "$\textbf{BeyondBench}$": bold words, not math
                else:
                    out.append(_math("dmath" if display else "math", tex, legacy))
                i = end + len(closer)
                continue
            buf.append(c)
            i += 1
            continue
        if c == "\\" and i + 1 < n:
            nxt = text[i + 1]
            if nxt in "([":
                closer = "\\)" if nxt == "(" else "\\]"
                end = text.find(closer, i + 2, i + 2 + MAX_MATH)
                if end > i + 2:
                    flush()
                    out.append(_math("math" if nxt == "(" else "dmath", text[i + 2:end].strip(), legacy))
                    i = end + 2
                    continue
            end = text.find("\\$", i + 2, i + 2 + MAX_MATH) if nxt == "$" and not legacy else -1
            if end > i + 2 and _ESCAPED_OPEN.match(text, i + 2) and not text[end - 1].isspace() \
                    and "$" not in text[i + 2:end] and _ESCAPED_MATH.search(text, i + 2, end):
                flush()  # math whose dollars were escaped as Markdown's: "\$p(\boldsymbol{y} | \boldsymbol{x}\_t)\$"
                out.append(_math("math", text[i + 2:end].strip(), legacy))  # (not a price: "\$5 and \$10")
                i = end + 2
                continue
            m = _MATH_ENV.match(text, i) if nxt == "b" and not legacy else None
            end = text.find(f"\\end{{{m.group(1)}{m.group(2)}}}", m.end(), i + MAX_MATH) if m else -1
            if end > 0:
                flush()
                stop = text.index("}", end) + 1
                body = text[m.end():end].strip() if m.group(1) in _WRAPPERS else text[i:stop]
                out.append(_math("dmath", body, legacy))
                i = stop
                continue
            m = _ACCENT.match(text, i) if nxt in ACCENTS else None
            if m:
                letter = (m.group(3) or m.group(4)).lstrip("\\")
                i = _unbrace(text, buf, i, m.end())
                buf.append(unicodedata.normalize("NFC", letter + ACCENTS[m.group(1) or m.group(2)]))
                continue
            if nxt in ",;:!":
                buf.append(" ")
                i += 2
                continue
            if not nxt.isalnum():  # \% \& \_ \< and friends: the character itself; \\ a line break, a space
                put(" " if nxt == "\\" and not legacy else nxt)
                i += 2
                continue
            m = _COMMAND.match(text, i + 1, i + 40)
            if m:
                name = m.group(0).rstrip("*")
                j = m.end()
                while not legacy and name in DROP and j < n and text[j] == "[" and "]" in text[j:j + 120]:
                    j = text.index("]", j) + 1  # \citep[see][p. 3]{key}: its optional arguments too
                has_arg = j < n and text[j] == "{"
                if not legacy and name in SWITCH and not has_arg and buf and buf[-1].endswith("{"):
                    close = _matching_brace(text, i - 1)  # {\bf words}: TeX's old font switch, for its group
                    if close > 0:
                        buf[-1] = buf[-1][:-1]
                        flush()
                        kids = parse(text[j:close].lstrip(), depth + 1, legacy)
                        out.extend([Node(SWITCH[name], children=kids)] if SWITCH[name] != "text" else kids)
                        i = close + 1
                        continue
                close = _matching_brace(text, j) if has_arg else -1
                if close > 0 and name in DROP and not legacy and text[i - 1] == "~" and buf and buf[-1].endswith("~"):
                    buf[-1] = buf[-1][:-1]  # "work~\cite{x}", "Fig.~\ref{f}": the tie goes with what it ties
                    after = text[close + 1:close + 3]
                    if buf[-1].endswith(".") and after[:1] == "." and after != "..":
                        buf[-1] = buf[-1][:-1]  # ("see Fig.~\ref{f}." ends "see Fig.", not "see Fig..")
                if name in LETTERS and close in (-1, j + 1):  # \ss, {\o}, \L{}; TeX skips the space after \AA
                    end = j if close < 0 else close + 1
                    i = _unbrace(text, buf, i, end)
                    buf.append(LETTERS[name])
                    if close < 0 and i == end:
                        while i < n and text[i] == " ":
                            i += 1
                    continue
                if has_arg and close < 0 and not legacy and name in STYLE:
                    i = j + 1  # "\textit{spatial IDs to ..." with no closing brace: the words, without "textit{"
                    continue
                if close == j + 1 and not legacy and name not in COLORED and name not in ("url", "href"):
                    if name not in DROP and name not in STYLE:  # \GRACE{}: a macro the author defined for a
                        put(_command_text(name, legacy))  # name, the braces ending it
                    i = close + 1  # (\textbf{}: nothing to show)
                    continue
                if close > 0:
                    inner = text[j + 1:close]
                    flush()
                    if name in DROP:
                        if not legacy and name in REFS:  # "training (\cref{fig:intro}(a,b))": neither "((a,b))" nor "()"
                            close = _past_reference(text, close, out)
                        if not legacy and out and out[-1].kind == "text" and text[close + 1:close + 2] in _CLOSING:
                            out[-1].text = out[-1].text.rstrip(" ")  # ("learning \citep{x}. In": "learning. In")
                    elif name in COLORED and close + 1 < n and text[close + 1] == "{":
                        close2 = _matching_brace(text, close + 1)
                        if close2 > 0:
                            out.extend(parse(text[close + 2:close2], depth + 1, legacy))
                            close = close2
                    elif name == "url":
                        out.append(_link(inner.strip(), None))
                    elif name == "href" and close + 1 < n and text[close + 1] == "{":
                        close2 = _matching_brace(text, close + 1)
                        if close2 > 0:
                            out.append(_link(inner.strip(), parse(text[close + 2:close2], depth + 1, legacy)))
                            close = close2
                    elif name in QUANTITIES and not legacy:  # \SI{5}{\percent}: "5%", \SI{3}{\milli\second}: "3 ms"
                        unit, number = inner, False
                        if QUANTITIES[name] == 2 and text.startswith("{", close + 1) \
                                and (end := _matching_brace(text, close + 1)) > 0:
                            out.extend(parse(inner, depth + 1, legacy))
                            unit, close, number = text[close + 2:end], end, True
                        unit = _unit(unit)
                        buf.append(" " + unit if number and unit not in ("%", "°") else unit)
                    elif STYLE.get(name) == "code":
                        out.append(Node("code", inner))
                    elif STYLE.get(name) in ("strong", "em"):
                        out.append(Node(STYLE[name], children=parse(inner, depth + 1, legacy)))
                    else:
                        out.extend(parse(inner, depth + 1, legacy))
                    i = close + 1
                    continue
                put(_command_text(name, legacy))
                i = j
                continue
        if c == "{" and not legacy and ((m := _GROUP.match(text, i))
                                        or i and text[i - 1].isalnum() and (m := _GLUED_GROUP.match(text, i))):
            buf.append(m.group(1))  # "{FlashLLA}", "{20 points}", "Lumos{X}": a TeX group, whose braces TeX does not print
            i = m.end()
            continue
        if c == "{" and not legacy and (m := _FIGURE_GROUP.match(text, i)):
            flush()  # "{0.2\%}", "{1.85$\times$}", "{\method}": a group of a figure or a macro, whose braces TeX does not print
            out.extend(parse(m.group(1), depth + 1, legacy))
            i = m.end()
            continue
        if c == "*" and text.startswith("***", i) and not legacy:
            end = text.find("***", i + 3, i + 3 + MAX_EMPHASIS)
            if end > i + 3 and not text[i + 3].isspace() and not text[end - 1].isspace():
                flush()  # "***PE-SGD***": bold and italic
                out.append(Node("strong", children=[Node("em", "*", parse(text[i + 3:end], depth + 1, legacy))]))
                i = end + 3
                continue
        if c == "_" and text.startswith("__", i) and not legacy:
            end = _emphasis_end(text, i, "__")
            if end > 0:
                flush()  # "__undifferentiated computation__": Markdown's other bold
                out.append(Node("strong", children=parse(text[i + 2:end], depth + 1, legacy)))
                i = end + 2
                continue
        if c == "*" and text.startswith("**", i):
            end = text.find("**", i + 2)
            if end > i + 2 and not text[i + 2].isspace():
                flush()
                out.append(Node("strong", children=parse(text[i + 2:end], depth + 1, legacy)))
                i = end + 2
                continue
        if c in "*_":
            end = _emphasis_end(text, i)
            if end < 0 and c == "*" and not legacy and (m := _LETTER_EMPHASIS.match(text, i)) \
                    and not (i and text[i - 1].isalnum()):
                end = m.end() - 1  # "$\ell_1$-*P*roduct", "*Hy*perbolic": the letters a name is made of
            if end > 0:
                flush()
                out.append(Node("em", c, parse(text[i + 1:end], depth + 1, legacy)))
                i = end + 1
                continue
        if c == "`" and not text.startswith("``", i) and (legacy or not (i and text[i - 1] == "`")):
            end = text.find("`", i + 1, i + 80)
            quote = text.find("'", i + 1, i + 80)
            if end > i + 1 and (quote < 0 or end < quote):
                flush()
                out.append(Node("code", text[i + 1:end]))
                i = end + 1
                continue
        if c in "hH" and text[i:i + 4].lower() == "http":
            m = URL.match(text, i)
            if m:
                url = _trim_url(m.group(0))
                flush()
                out.append(_link(url, None))
                i += len(url)
                continue
        # plain text up to the next character that may open markup (at least where _SPECIAL matches)
        if aligned:
            j = n
            for ch in "$\\*`_{":
                k = text.find(ch, i + 1, j)
                if k >= 0:
                    j = k
            k = low.find("http", i + 1, j + 3)
            if 0 <= k < j:
                j = k
        else:
            j = _SPECIAL.search(text, i + 1)
            j = j.start() if j else n
        buf.append(text[i:j])
        i = j
    flush()
    return out


MAX_EMPHASIS = 200  # characters a Markdown *emphasis* or _emphasis_ may span


def _emphasis_end(text: str, i: int, mark: str = "") -> int:
    """Where the Markdown emphasis that text[i] ('*' or '_', single, or `mark`: "__") opens closes, or -1:
    the mark must open at a word's start and close at a word's end, on one line ("a *new* idea", "_deep
    research_", "__bold__"; not 2*3*4, snake_case_name, snake__case__name, F_0 or a "**" pair)."""
    c, n = text[i], len(text)
    k = len(mark) or 1
    if i + k >= n or text[i + k].isspace() or text[i + k] == c or i and (text[i - 1].isalnum() or text[i - 1] in c + "\\"):
        return -1
    line_end = text.find("\n", i, i + 2 + MAX_EMPHASIS)
    limit = line_end if line_end >= 0 else i + 2 + MAX_EMPHASIS
    j = text.find(mark or c, i + k + 1, limit)
    while j > 0:
        after = text[j + k] if j + k < n else " "
        if not text[j - 1].isspace() and text[j - 1] != c and after != c and not after.isalnum():
            return j
        j = text.find(mark or c, j + 1, limit)
    return -1


_LETTER_EMPHASIS = re.compile(r"\*[A-Za-z]{1,4}\*(?=[a-z])")


_SUBFIGURE = re.compile(r"\([a-z0-9]{1,3}(?:\s*[,\-–]\s*[a-z0-9]{1,3}){0,3}\)")  # "(a,b)", "(d-i)", "(c)"


def _past_reference(text: str, close: int, out: list[Node]) -> int:
    """Where a dropped reference ends, its '}' at close: past the sub-figure it names ("\\cref{fig:x}(a,b)"), and past
    the ')' of brackets that held only it, whose '(' is dropped from out ("training (\\cref{fig:x})." -> "training.")."""
    m = _SUBFIGURE.match(text, close + 1)
    end = m.end() - 1 if m else close
    if text.startswith(")", end + 1) and out and out[-1].kind == "text" and out[-1].text.endswith("("):
        out[-1].text = out[-1].text[:-1].rstrip(" ")
        end += 1
    return end


def _unbrace(text: str, buf: list[str], start: int, end: int) -> int:
    """Where parsing goes on after a TeX letter at text[start:end]: past the '}' of a group that holds
    only it ({\\"o}, {\\ss}), whose '{' is dropped from buf."""
    if start and text[start - 1] == "{" and text.startswith("}", end) and buf and buf[-1].endswith("{"):
        buf[-1] = buf[-1][:-1]
        return end + 1
    return end


def _trim_url(url: str) -> str:
    """Drop trailing punctuation that ends the sentence, keeping balanced brackets."""
    while url and url[-1] in ".,;:!?'\")]}*":
        if url[-1] in ")]}" and url.count({")": "(", "]": "[", "}": "{"}[url[-1]]) >= url.count(url[-1]):
            break
        url = url[:-1]
    return url


def _link(url: str, label: list[Node] | None) -> Node:
    if not re.match(r"https?://", url, re.IGNORECASE):
        return Node("text", url) if label is None else Node("em", children=label)
    return Node("link", url, label or [Node("text", url)])


_BACKTICK = re.compile(r"`(?=\w)")
_QUOTED = re.compile(r"`(?=\w)((?:[^`'\n]|'(?=\w))*)'(?![\w'])")  # `single quotes' (not the apostrophe of model's)
_TEX_OPENED = re.compile(r'“([^“”"\n]{1,200})"')  # ``quoted" (TeX's opening, a straight closing quote): “quoted”
_SPACES = re.compile(r"\s+")


_TIE = re.compile(r"(?<=[^\s~])~(?=[^\s~])")  # TeX's tie, "benchmarks~(AIME25", "10~MHz" (not "~8%": about)


@functools.lru_cache(maxsize=1024)  # to_markdown, to_html and to_plain each ask for the same text
def _typography(s: str, tie: bool = True, quotes: bool = True) -> str:
    """TeX's ties, dashes and quotes as characters.  (`quotes`: `x' -> ‘x’, not ‘x' as ids read it.)"""
    if tie and "~" in s:
        s = _TIE.sub(" ", s)
    if "--" in s:
        s = s.replace("---", "—").replace("--", "–")
    if "`" in s:
        s = s.replace("``", "“")
        s = _BACKTICK.sub("‘", _QUOTED.sub(r"‘\1’", s) if quotes and "'" in s else s)
        if quotes and '"' in s:
            s = _TEX_OPENED.sub(r"“\1”", s)
    if "''" in s:
        s = s.replace("''", "”")
    if s.isprintable() and "  " not in s:
        return s  # fast path: no whitespace but single spaces (any other is not printable)
    return _SPACES.sub(" ", s)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # (Markdown's own placeholders are \x02...\x03)
_INDENT = re.compile(r"^(?: {4,}| *\t)[ \t]*", re.MULTILINE)  # what Markdown reads as a code block
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]])")
# Characters some Markdown dialects treat specially ($ math, ~~ ^^ == marks, | tables) but that
# Python-Markdown cannot backslash-escape: written as character references, which every engine shows
# as the character itself and none parses as syntax.
_MD_ENTITY = {"$": "&#36;", "~": "&#126;", "^": "&#94;", "=": "&#61;", "|": "&#124;"}
_MD_ENTITY_RE = re.compile("[" + re.escape("".join(_MD_ENTITY)) + "]")
# every character reference escape_md writes, and the character it stands for (for readers of the Markdown)
MD_CHAR_REFS = {"&amp;": "&", "&lt;": "<", "&gt;": ">", **{ref: c for c, ref in _MD_ENTITY.items()}}
_MD_LINE_START = re.compile(r"^(\s*)([#>+-]|\d+[.)])", re.MULTILINE)


def escape_md(s: str) -> str:
    """Escape text so that Markdown shows it verbatim (and never as HTML, links, lists or attributes)."""
    if not s.isprintable():  # (a printable string has no control characters)
        s = _CONTROL.sub(" ", s)
    if s[:1] in (" ", "\t") or "\n" in s:
        s = _INDENT.sub(" ", s)  # one space: it may separate this text from what precedes it
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if any(c in s for c in "\\`*_{}[]"):
        s = _MD_SPECIAL.sub(r"\\\1", s).replace("!\\[", "\\!\\[")
    if any(c in s for c in _MD_ENTITY):
        s = _MD_ENTITY_RE.sub(lambda m: _MD_ENTITY[m.group(0)], s)
    if "\n" in s:
        return _MD_LINE_START.sub(_md_line_start, s)
    m = _MD_LINE_START.match(s)  # (without a newline only the very start is a line start)
    return s if m is None else _md_line_start(m) + s[m.end():]


def _md_line_start(m: re.Match) -> str:
    return m.group(1) + m.group(2)[:-1] + "\\" + m.group(2)[-1]


@functools.lru_cache(maxsize=4096)
def md_math(tex: str) -> str:
    """TeX for a `$...$` span of Markdown, rewritten (same rendering in TeX) so that a Markdown engine
    without math support finds in it no HTML, link, image, emphasis, code span or event attribute."""
    tex = _STARRED_ENV.sub(r"\\\1{\2}", tex)  # (\begin{align*}: numbering is all the star changes)
    tex = tex.replace("<", "\\lt ").replace(">", "\\gt ").replace("`", "'").replace("*", "\\ast ")
    tex = re.sub(r"\]\s*([(\[:])", r"]{}\1", tex)  # [x](y), [x][y], [x]: y are never links
    tex = re.sub(r"(?i)\b(o)(n\w*\s*=)", r"\1{}\2", tex)  # {onclick=...} is never an attribute list
    return re.sub(r"(?<!\\)\$", r"\\$", tex)


def to_markdown(nodes: list[Node]) -> str:
    """Clean Markdown: our constructs as Markdown, every input character escaped."""
    parts = []
    for node in nodes:
        if node.kind == "text":
            parts.append(escape_md(_typography(node.text)))
        elif node.kind == "strong":
            parts.append(f"**{to_markdown(node.children)}**")
        elif node.kind == "em":
            parts.append(f"*{to_markdown(node.children)}*")
        elif node.kind == "code":
            parts.append("`" + node.text.replace("`", "'") + "`")
        elif node.kind == "link":
            # Always [label](target): the target percent-encoded so that nothing in it can end the
            # link or start another one ([x](javascript:...) inside a URL's text stays text).
            target = re.sub(r"[()\[\]<>\"'`*_\\ ]", lambda m: f"%{ord(m.group(0)):02X}", node.text)
            if parts and parts[-1].endswith("!"):  # ("!" and then a link would be an image)
                parts[-1] = parts[-1][:-1] + "\\!"
            parts.append(f"[{to_markdown(node.children)}]({target})")
        else:
            fence = "$$" if node.kind == "dmath" else "$"
            parts.append(fence + md_math(node.text) + fence)
    return "".join(parts).strip()


@functools.lru_cache(maxsize=4096)  # many spans repeat: `\times`, `k`, `^2`
def mathml(tex: str, display: bool = False) -> str | None:
    """TeX to sanitized MathML (whitelisted elements and attributes), or None if it fails."""
    tex = _ENV_ALIAS.sub(lambda m: f"\\{m.group(1)}{{align*}}", tex)
    try:
        raw = latex2mathml.converter.convert(tex, display="block" if display else "inline")
        root = ET.fromstring(raw)
    except Exception:  # latex2mathml raises many kinds on malformed TeX
        return None
    for el in root.iter():
        tag = el.tag.split("}")[-1]
        if tag not in MATHML_TAGS:
            return None
        for attr in list(el.attrib):
            value = el.attrib[attr]
            if attr not in MATHML_ATTRS or (attr != "xmlns" and not _SAFE_LENGTH.match(value)):
                del el.attrib[attr]
    ET.register_namespace("", "http://www.w3.org/1998/Math/MathML")
    out = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    return out.replace("\n", " ")


def to_html(nodes: list[Node]) -> str:
    """A safe HTML fragment: escaped text, our own tags only, math as MathML."""
    parts = []
    for node in nodes:
        if node.kind == "text":
            parts.append(html.escape(_typography(node.text), quote=False))
        elif node.kind in ("strong", "em"):
            parts.append(f"<{node.kind}>{to_html(node.children)}</{node.kind}>")
        elif node.kind == "code":
            parts.append(f"<code>{html.escape(node.text)}</code>")
        elif node.kind == "link":
            parts.append(f'<a href="{html.escape(node.text, quote=True)}" rel="nofollow noopener">'
                         f"{to_html(node.children)}</a>")
        else:
            rendered = mathml(node.text, node.kind == "dmath")
            parts.append(rendered if rendered is not None
                         else f'<code class="tex">{html.escape(node.text)}</code>')
    return "".join(parts).strip()


@functools.lru_cache(maxsize=4096)
def math_plain(tex: str, legacy: bool = False) -> str:
    """Readable plain text for a TeX span: `95.2\\%` -> `95.2%`, `\\times` -> `×`, `\\frac{k}{\\varepsilon}`
    -> `k/ε`, `\\left(` -> `(`.  `legacy`: as before fractions, sizes and spaced operators (ids: to_plain)."""
    s = re.sub(r"\\(?:mathcal|mathbf|mathrm|mathbb|boldsymbol|text|textbf|textit|mathit|operatorname)(?![A-Za-z])\s*",
               "", tex)  # (a whole command name: `\\text` must not eat the start of `\\textbf`)
    if not legacy:
        if "\\begin" in s:  # an environment's rows, as a list: "a = b, c = d"
            s = _ROW_END.sub(", ", _ENV_MARK.sub(" ", s)).replace("&", " ")
        s = _SIZES.sub("", s)
        for _ in range(3):  # (fractions nested deeper than one level of braces)
            s = _FRAC.sub(_fraction, s)
    s = re.sub(r"\\([A-Za-z]+|%)", lambda m: _symbol(m, legacy), s)
    s = re.sub(r"\\[,;:! ]", " ", s).replace("\\", "")
    return re.sub(r"\s+", " ", s.replace("{", "").replace("}", "")).strip()


_POWER = re.compile(r"\^(?:(\d)|\{(\d)\})")
SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_RAISED = str.maketrans("0123456789", SUPERSCRIPT_DIGITS)


def raised(name: str) -> str:
    """A name with a one-digit power as TeX sets it, where plain text writes it flat: `A^2FM` -> `A²FM`,
    `M^3-IRT` -> `M³-IRT`, `MEGS^{2}` -> `MEGS²` (one digit only: `D$^2$4FAD` reads `D^24FAD`, `D²4FAD`)."""
    return _POWER.sub(lambda m: (m.group(1) or m.group(2)).translate(_RAISED), name)


_INDEX = re.compile(r"(?<=[^\W\d_])_(?:(\d)|\{(\d)\})(?![\w{])")  # ("ℓ_1", "x_{0}"; not "x_12", "snake_case_1a")
SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉"
_LOWERED = str.maketrans("0123456789", SUBSCRIPT_DIGITS)


def typeset(text: str) -> str:
    """Plain text with its one-digit powers raised and one-digit indices lowered, as TeX sets them, for
    reading (a card's teaser): `TV-ℓ_1` -> `TV-ℓ₁`, `Θ(1/Δ^2)` -> `Θ(1/Δ²)`."""
    if "_" in text:
        text = _INDEX.sub(lambda m: (m.group(1) or m.group(2)).translate(_LOWERED), text)
    return raised(text) if "^" in text else text


_FLAT = {ord(c): f"^{d}" for d, c in enumerate(SUPERSCRIPT_DIGITS)}


def flat(name: str) -> str:
    """A raised name as plain text writes it: `A²FM` -> `A^2FM` (raised's inverse)."""
    return name.translate(_FLAT)


MATH_MORE = {"Vert": "‖", "uparrow": "↑", "downarrow": "↓", "top": "⊤", "mathord": "", "mid": "|", "prime": "′",
             "lVert": "‖", "rVert": "‖", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈",
             "rceil": "⌉", "circ": "∘", "otimes": "⊗", "oplus": "⊕", "subseteq": "⊆", "subset": "⊂", "cup": "∪",
             "cap": "∩", "forall": "∀", "exists": "∃", "emptyset": "∅", "Rightarrow": "⇒", "mapsto": "↦",
             "gt": ">", "lt": "<"}
# (symbols read so only since fractions were: MATH_PLAIN's are also how the ids of older papers read them)
_SIZES = re.compile(r"\\(?:left|right|[Bb]igg?[lr]?|middle|mathsf|mathscr|mathfrak|textrm|widetilde|tilde|widehat|hat|"
                    r"bar|overline|underline|vec|dot|texttt|textsf|textsc|textup|textnormal|textmd|mathtt|mathnormal|"
                    r"emph|bm|mbox|hbox|ensuremath)(?![A-Za-z])\s*")  # (sizes, and styles and accents of a letter)
_FRAC_ARG = r"(\{(?:[^{}]|\{[^{}]*\})*\}|\w)"  # {a}, {k^{3/2}} (one level of braces inside), or one character: \frac12
_FRAC = re.compile(rf"\\[dt]?frac\s*{_FRAC_ARG}\s*{_FRAC_ARG}")


def _fraction(m: re.Match) -> str:
    """`\\frac{a}{b}` -> `a/b`, its parts' own fractions first (`\\frac{\\frac{a}{b}}{c}` -> `(a/b)/c`)."""
    num, den = (_FRAC.sub(_fraction, arg[1:-1] if arg.startswith("{") else arg) for arg in m.groups())
    return f"{_grouped(num)}/{_grouped(den)}"


def _grouped(part: str) -> str:
    """A fraction's part as text: in parentheses if it is more than one term (`(a+b)/2`, not `a/b`)."""
    part = part.strip()
    return f"({part})" if re.search(r"[+\-\s/]", part) else part


def _symbol(m: re.Match, legacy: bool) -> str:
    """A TeX command's plain text: its symbol, or an operator's name set apart from a term before it
    (`k/ε log(n)`, `n log n`; not `(log n)`)."""
    name = m.group(1)
    out = MATH_PLAIN.get(name, MATH_MORE.get(name, name) if not legacy else name)
    at = m.start()
    before = m.string[at - 1] if at else " "
    spaced = not legacy and len(out) > 1 and out.isalpha() and (before.isalnum() or before in ")]}")
    return f" {out}" if spaced else out


def to_plain(nodes: list[Node], marks: bool = False, legacy: bool = False) -> str:
    """The bare words.  `marks`: keep the marks of Markdown *emphasis* and _emphasis_, and TeX's ties;
    `legacy`: math read as before fractions and sizes were (what paper ids are made of, as they were
    before these were parsed: an id does not change with the code; normalize.paper_key)."""
    parts = []
    for node in nodes:
        if node.kind == "text":
            parts.append(_typography(node.text, tie=not marks, quotes=not legacy))
        elif node.kind == "em" and marks and node.text:
            parts.append(node.text + to_plain(node.children, marks, legacy) + node.text)
        elif node.kind in ("strong", "em", "link"):
            parts.append(to_plain(node.children, marks, legacy))
        elif node.kind == "code":
            parts.append(node.text)
        else:
            parts.append(math_plain(node.text, legacy))
    s = "".join(parts)
    if s.isprintable() and "  " not in s:
        return s.strip()  # fast path: no whitespace but single spaces (any other is not printable)
    return _SPACES.sub(" ", s).strip()


def links(nodes: list[Node]) -> list[str]:
    """Every link target in the tree, in order, without repeats."""
    found: list[str] = []
    for node in nodes:
        if node.kind == "link" and node.text not in found:
            found.append(node.text)
        found.extend(u for u in links(node.children) if u not in found)
    return found
