"""Normalizer: every LaTeX/Markdown quirk of the seeds becomes clean Markdown, safe HTML and plain text."""
from pathlib import Path

import pytest

from generator import markup
from generator.model import RawRecord, Source
from generator.normalize import normalize, paper_id
from generator.readers import read_inputs

SEEDS = Path(__file__).resolve().parent.parent / "abstracts"


def norm(text: str):
    (paper,) = normalize([RawRecord(text, Source("t.txt", 3), "ICLR 2026")])
    return paper


@pytest.mark.parametrize("raw, html, plain", [
    (r"a \textbf{bold} word", "a <strong>bold</strong> word", "a bold word"),
    (r"a \textit{why} b", "a <em>why</em> b", "a why b"),
    (r"an \emph{emphasis}", "an <em>emphasis</em>", "an emphasis"),
    (r"nested \textbf{\textit{x}}", "nested <strong><em>x</em></strong>", "nested x"),
    ("We introduce **Gaia2**, a benchmark", "We introduce <strong>Gaia2</strong>, a benchmark",
     "We introduce Gaia2, a benchmark"),
    ("``quoted'' text", "“quoted” text", "“quoted” text"),
    ('From ``Sure" to ``Sorry": a `span`', "From “Sure” to “Sorry”: a <code>span</code>", "From “Sure” to “Sorry”: a span"),
    ("problems---it is", "problems—it is", "problems—it is"),
    ("pages 3--5", "pages 3–5", "pages 3–5"),
    (r"code at \url{https://github.com/pixas/DECS}.",
     'code at <a href="https://github.com/pixas/DECS" rel="nofollow noopener">https://github.com/pixas/DECS</a>.',
     "code at https://github.com/pixas/DECS."),
    ("see https://g4splat.github.io.",
     'see <a href="https://g4splat.github.io" rel="nofollow noopener">https://g4splat.github.io</a>.',
     "see https://g4splat.github.io."),
    (r"50\% and a \& b", "50% and a &amp; b", "50% and a & b"),
    (r"reinforcement learning \citep{a,b}. In works \cite{c}, see", "reinforcement learning. In works, see",
     "reinforcement learning. In works, see"),  # (a citation dropped with the space before it)
    # Markdown's single-mark emphasis, at word boundaries only
    ("the *all-classes* knowledge, _deep research_ and *(i)*", "the <em>all-classes</em> knowledge, <em>deep"
     " research</em> and <em>(i)</em>", "the all-classes knowledge, deep research and (i)"),
    ("2*3*4, snake_case_name, F_0 and a * b * c", "2*3*4, snake_case_name, F_0 and a * b * c",
     "2*3*4, snake_case_name, F_0 and a * b * c"),
    # TeX's tie is a space; a lone "~" is "about"
    ("benchmarks~(AIME25) at 10~MHz, ~8% more", "benchmarks (AIME25) at 10 MHz, ~8% more",
     "benchmarks (AIME25) at 10 MHz, ~8% more"),
    # colour: the coloured words, not the colour's name
    (r"low \textcolor{blue}{where the dimension} is, \color{red}and \colorbox{yellow}{\textbf{key}}",
     "low where the dimension is, and <strong>key</strong>", "low where the dimension is, and key"),
    # TeX accents in every spelling a bibliography export uses, braces of the group dropped
    (r"Schr\"odinger, Schr\"{o}dinger and Schr{\"o}dinger", "Schrödinger, Schrödinger and Schrödinger",
     "Schrödinger, Schrödinger and Schrödinger"),
    (r"Fr\'{e}chet, {\'E}cole, na\"{\i}ve, Erd\H{o}s, Ko\v{c}isk\'y, Pe\~{n}a, gar\c{c}on",
     "Fréchet, École, naïve, Erdős, Kočiský, Peña, garçon", "Fréchet, École, naïve, Erdős, Kočiský, Peña, garçon"),
    (r"{\o}ksendal, Stra{\ss}e, \AA ngstr\"om, \L{}ukasz", "øksendal, Straße, Ångström, Łukasz",
     "øksendal, Straße, Ångström, Łukasz"),
    # math that holds only styled words is the author's emphasis, shown as text (not in the math font)
    (r"we introduce $\textbf{BeyondBench}$ with $\textbf{44 algorithmic tasks}$: the $\textit{Easy Suite}$ and"
     r" $\texttt{cadrille}$", "we introduce <strong>BeyondBench</strong> with <strong>44 algorithmic tasks</strong>:"
     " the <em>Easy Suite</em> and <code>cadrille</code>",
     "we introduce BeyondBench with 44 algorithmic tasks: the Easy Suite and cadrille"),
    # ... also nested, with a group glued to its word inside and punctuation between the styled words
    (r"$\textit{\textbf{Re}inforcement Learning with \textbf{Re}-solving}$, $\textbf{Rubrics as Rewards"
     r" (\textit{RaR})}$, $\textbf{\textit{Lumos{X}}}$ and $\textbf{Diffusion Scratchpad} (\textbf{\textit{DPad}})$",
     "<em><strong>Re</strong>inforcement Learning with <strong>Re</strong>-solving</em>, <strong>Rubrics as Rewards"
     " (<em>RaR</em>)</strong>, <strong><em>LumosX</em></strong> and <strong>Diffusion Scratchpad</strong>"
     " (<strong><em>DPad</em></strong>)",
     "Reinforcement Learning with Re-solving, Rubrics as Rewards (RaR), LumosX and Diffusion Scratchpad (DPad)"),
    # Markdown's bold italic, its other bold, and the letters of a name set in italics
    ("Descent (***PE-SGD***), __information overload__ and an M-*P*roduct of *Hy*perbolic factors; not __init__'s"
     " neighbour snake__case__name",
     "Descent (<strong><em>PE-SGD</em></strong>), <strong>information overload</strong> and an M-<em>P</em>roduct"
     " of <em>Hy</em>perbolic factors; not <strong>init</strong>'s neighbour snake__case__name",
     "Descent (PE-SGD), information overload and an M-Product of Hyperbolic factors; not init's neighbour"
     " snake__case__name"),
    # a bare TeX group of words (a stripped macro's argument) shows its words; a set, a list or a numbering its braces
    ("Applications to {explainable deepfake detection}, a drop of over {20 points}, weights in {-1, 0, 1}, pairs"
     " {Scenario, Probability} and three sources: {A} masking noise",
     "Applications to explainable deepfake detection, a drop of over 20 points, weights in {-1, 0, 1}, pairs"
     " {Scenario, Probability} and three sources: {A} masking noise",
     "Applications to explainable deepfake detection, a drop of over 20 points, weights in {-1, 0, 1}, pairs"
     " {Scenario, Probability} and three sources: {A} masking noise"),
])
def test_quirks(raw, html, plain):
    paper = norm(raw)
    assert paper.abstract_html == html
    assert paper.plain_text == plain


def test_emphasis_leaves_paper_ids_as_they_were():
    """Ids are made of the text with Markdown emphasis marks and TeX ties, as before these were parsed: a
    deployed digest's papers keep their ids, pages and first-seen dates when the code changes."""
    import hashlib
    raw = "Many devices need only *all-classes* knowledge and _deep research_ of a ViT~(ViT-B)."
    paper = norm(raw)
    assert paper.plain_text == "Many devices need only all-classes knowledge and deep research of a ViT (ViT-B)."
    assert paper.id == hashlib.sha1(raw.casefold().encode()).hexdigest()[:10] == paper_id(raw)


def test_doubled_backslash_math_becomes_mathml():
    paper = norm(r"accuracy ($95.2\\%$ vs. $55.0\\%$)")
    assert paper.plain_text == "accuracy (95.2% vs. 55.0%)"
    assert paper.abstract_md == r"accuracy ($95.2\%$ vs. $55.0\%$)"
    assert paper.abstract_html.count("<math") == 2 and "\\" not in paper.abstract_html
    assert "$" not in paper.abstract_html


def test_math_with_markdown_escapes_and_text_symbols_renders():
    """A Markdown export escapes TeX's marks in math too ("\\sum\\_{t = 1}\\^T", "(i\\*)"), and authors write
    text-mode symbols there ("$< 1\\textperthousand$"): the math renders as TeX means it, never showing a
    backslash; a styled letter alone stays math, a group that is not glued to a word keeps its braces."""
    paper = norm(r"a bound $\sum\_{t = 1}\^T \frac{1}{\sigma\_t\^2}$ at $x_q(i\*)$, error $< 1\textperthousand$,"
                 r" a vector $\textbf{x}$ and {A} masking")
    assert "\\" not in paper.abstract_html and paper.abstract_html.count("<math") == 4
    assert "<msubsup><mo>∑</mo>" in paper.abstract_html and "<msubsup><mi>σ</mi><mi>t</mi><mn>2</mn>" in paper.abstract_html
    assert "<mi>‰</mi>" in paper.abstract_html and "<mo>*</mo>" in paper.abstract_html
    assert paper.plain_text == "a bound ∑_t = 1^T 1/σ_t^2 at x_q(i*), error < 1‰, a vector x and {A} masking"


def test_math_with_commands_and_currency_dollars():
    paper = norm(r"costs $9 USD and runs in $\mathcal{O}(n^2)$ time")
    assert "<math" in paper.abstract_html and "$9 USD" in paper.abstract_html
    assert paper.plain_text == "costs $9 USD and runs in O(n^2) time"


def test_math_whose_dollars_are_escaped_is_math_and_prices_stay_prices():
    """"\\$p(\\boldsymbol{y} | x\\_t)\\$": an author escaped the dollars as Markdown's, and the span holds TeX
    (a command, an index or a power): math.  "\\$5 and \\$10", "\\$ x \\$" and a price beside an index are text."""
    paper = norm(r"learn a surrogate for \$p(\boldsymbol{y} | \boldsymbol{x}\_t)\$. A \$x^2\$ term.")
    assert paper.abstract_html.count("<math") == 2 and "$" not in paper.abstract_html
    assert paper.plain_text == "learn a surrogate for p(y | x_t). A x^2 term."
    for text in (r"It costs \$5 and \$10 a run.", r"pay \$5, item\_name \$3 today", r"a \$ x\_1 \$ sign"):
        paper = norm(text)
        assert "<math" not in paper.abstract_html and paper.plain_text.count("$") == 2, text


def test_references_figure_groups_and_macros_leave_no_brackets_or_braces():
    """A dropped reference takes the sub-figure it names and brackets that held only it ("training
    (\\cref{fig:intro}(a,b))." reads "training."); a group of a figure and its TeX unit, or of one macro, shows
    without braces ("{0.2\\%}", "{1.85$\\times$}", "{\\method}").  Ids are made as before."""
    import hashlib
    text = (r"It is impractical to train (\cref{fig:intro}(a,b)), and heads differ (\cref{fig:teaser}). Table~\ref{t} "
            r"shows a {0.2\%} gain, a {1.85$\times$} speedup, and that {\method} converges.")
    paper = norm(text)
    assert paper.plain_text == ("It is impractical to train, and heads differ. Table shows a 0.2% gain, a 1.85× speedup, "
                                "and that method converges.")
    assert "{" not in paper.abstract_html and "()" not in paper.abstract_html
    was = markup.to_plain(markup.parse(text, legacy=True), legacy=True)
    assert paper.id == hashlib.sha1(was.casefold().encode()).hexdigest()[:10]


def test_a_tex_command_between_digits_is_math_and_ids_stay_as_they_were():
    """"256$\\times$256" and "11.4$\\pm$2.1": a span that opens with a TeX command is math before a digit
    too (currency "$5 and $10" still is not); a math symbol outside math reads as its symbol.  The ids
    are those the papers had before: made of the text as it was read then."""
    import hashlib
    paper = norm(r"Trained at 256$\times$256 it scores 11.4$\pm$2.1\% (\pm 0.3) for $5 and $10 a run.")
    assert paper.plain_text == "Trained at 256×256 it scores 11.4±2.1% (± 0.3) for $5 and $10 a run."
    assert paper.abstract_html.count("<math") == 2 and "$5 and $10" in paper.abstract_html
    was = "Trained at 256$×256 it scores 11.4pm$2.1% (pm 0.3) for $5 and $10 a run."  # (as the parser read it before)
    assert paper.id == hashlib.sha1(was.casefold().encode()).hexdigest()[:10]
    assert norm(r"Trained at 256$\times$256.").id != norm("Trained at 256×256.").id  # (two texts, two papers)


def test_display_math_environments_render_inside_and_outside_dollars():
    """\\begin{equation}, {align*}, {array} written outside $...$ are display math (their \\frac no longer read
    "1{n}"); {aligned} inside $$...$$ renders too (latex2mathml knows it as {align*}).  Plain text lists the rows
    ("a = b, c = d", not "beginaligned a &= b c &= d endaligned"); ids stay as they were (the legacy reading)."""
    paper = norm(r"The bound is \begin{equation} L \le \frac{1}{n} \end{equation} for our method.")
    assert paper.abstract_html.count("<mfrac>") == 1 and "tex" not in paper.abstract_html
    assert paper.plain_text == "The bound is L ≤ 1/n for our method."
    assert paper.id == paper_id("The bound is L le 1{n} for our method.")
    paper = norm(r"We show that $$\begin{aligned} a &= b \\ c &= d \end{aligned}$$ holds, as \begin{align*} x &= 1"
                 r" \\ y &= 2 \end{align*} does.")
    assert paper.abstract_html.count("<mtable") == 2 and 'class="tex"' not in paper.abstract_html
    assert paper.plain_text == "We show that a = b, c = d holds, as x = 1, y = 2 does."
    assert r"\begin{align}" in paper.abstract_md and "ast" not in paper.abstract_md  # ({align*}'s star is no emphasis)
    assert paper.id == paper_id(r"We show that beginaligned a &= b c &= d endaligned holds, as x &= 1 \ y &= 2 does.")
    unclosed = norm(r"An \begin{equation} never closed.")
    assert "<math" not in unclosed.abstract_html and unclosed.plain_text == "An never closed."


def test_old_font_switches_and_optional_citation_arguments():
    """{\\bf words}, {\\it words}, {\\sc xor}: TeX's old font switches style their group; \\citep[see][p. 3]{key}
    goes with its optional arguments.  Ids stay as they were (the legacy reading)."""
    paper = norm(r"It is not even {\bf identifiable}, {\it not a single one} is {\sc xor} \citep[RADLADS;][]{gold2025} here.")
    assert paper.abstract_html == ("It is not even <strong>identifiable</strong>, <em>not a single one</em> is xor"
                                   "  here.")
    was = "It is not even {bf identifiable}, {it not a single one} is {sc xor} citep[RADLADS;][]{gold2025} here."
    assert paper.id == paper_id(was)


def test_an_authors_name_macro_with_empty_braces_reads_as_its_name():
    """\\GRACE{} is a macro the author defined for the paper's name: the page shows GRACE (it showed nothing);
    an empty style (\\textbf{}) shows nothing, and ids stay as they were (the legacy reading dropped both)."""
    paper = norm(r"We introduce \GRACE{} (Generative Representation), typeset in \LaTeX{}; \textbf{}\cite{x}it works.")
    assert paper.plain_text == "We introduce GRACE (Generative Representation), typeset in LaTeX; it works."
    assert paper.abstract_md == "We introduce GRACE (Generative Representation), typeset in LaTeX; it works."
    assert paper.id == paper_id("We introduce (Generative Representation), typeset in ; it works.")


def test_a_style_command_left_open_shows_its_words():
    """"\\textit{spatial IDs to ..." without its closing brace: the words, not "textit{spatial"."""
    paper = norm(r"VLMs encode locations by binding \textit{spatial IDs to textual activations, then reason.")
    assert paper.plain_text == "VLMs encode locations by binding spatial IDs to textual activations, then reason."
    assert paper.id == paper_id("VLMs encode locations by binding textit{spatial IDs to textual activations, then reason.")


def test_a_tie_before_a_dropped_citation_or_reference_goes_with_it():
    """"work~\\cite{x}", "Fig.~\\ref{f}.": the tie goes with the dropped command (no stray "~", no "Fig.."); a tie
    between words is still a space.  Ids stay as they were (the legacy reading keeps the ties)."""
    paper = norm(r"As shown in prior work~\cite{smith2020}, transformers fail; see Fig.~\ref{fig:1}. Table~3 shows it.")
    assert paper.plain_text == "As shown in prior work, transformers fail; see Fig. Table 3 shows it."
    assert paper.abstract_html == paper.abstract_md == paper.plain_text
    assert paper.id == paper_id("As shown in prior work~, transformers fail; see Fig.~. Table~3 shows it.")


def test_latex_single_quotes_close_curly_on_the_page():
    """`strong' is ‘strong’ on the page and in plain text (not ‘strong'); apostrophes (model's, models') and ``x''
    are as they were.  The id reads the straight close, as it did."""
    raw = "the `strong' results of the models' and the model's ``best'' runs, not `tokens)''"
    paper = norm(raw)
    page = "the ‘strong’ results of the models' and the model's “best” runs, not ‘tokens)”"
    assert paper.abstract_html == paper.abstract_md == page
    assert paper.plain_text == page and paper.id == paper_id(page.replace("’", "'"))


def test_structural_commands_line_breaks_and_siunitx_quantities_read_as_text():
    """\\item is a bullet, \\\\ and \\newline a space, \\textasciitilde a "~" (not a tie), \\SI{5}{\\percent} "5%" and
    \\SI{3.5}{\\milli\\second} "3.5 ms" (not "item", "newline", "5{percent}").  Ids stay as they were (legacy)."""
    paper = norm(r"\begin{itemize} \item first \item second \end{itemize} then a \\ line break and \newline another,"
                 r" and 5\textasciitilde{}10 at \SI{5}{\percent}, \SI{3.5}{\milli\second} in \si{\metre\per\second}.")
    assert paper.plain_text == ("• first • second then a line break and another, and 5~10 at 5%, 3.5 ms in m/s.")
    assert "5&#126;10 at 5%," in paper.abstract_md and " ms in m/s." in paper.abstract_md
    assert "\\\\" not in paper.abstract_md and "item" not in paper.abstract_md
    assert paper.id == paper_id("item first item second then a \\ line break and newline another, and 510 at"
                                " 5{percent}, 3.5{millisecond} in metrepersecond.")
    hostile = norm(r"\SI{1}{<img src=x onerror=alert(1)>} and \si{\unit}{<b>x</b>} \item <i>")
    assert not [tag for tag in ("<img", "<b>", "<i>") if tag in hostile.abstract_html or tag in hostile.abstract_md]


def test_html_character_references_read_as_their_characters():
    """"whether&mdash;or" (text copied from a web page) reads "whether—or"; a reference stays data: "&#60;script&#62;"
    is text on the page, "&#42;&#42;x&#42;&#42;" two stars and not emphasis, a control character's reference stays as
    written; ids stay as they were (the legacy reading keeps the references)."""
    raw = "It is a question whether&mdash;or to what extent&mdash;&#60;script&#62; &#42;&#42;x&#42;&#42; helps&#7;."
    paper = norm(raw)
    assert paper.plain_text == "It is a question whether—or to what extent—<script> **x** helps&#7;."
    assert "<script>" not in paper.abstract_html and "&lt;script&gt;" in paper.abstract_html
    assert "<strong>" not in paper.abstract_html and "\\*\\*x\\*\\*" in paper.abstract_md
    assert paper.id == paper_id(raw)


def test_url_trailing_punctuation_and_brace():
    paper = norm(r"Code: \url{https://anonymous.4open.science/r/LR-FGDM/}. And (https://x.org/a_(b)).")
    assert paper.links == ["https://anonymous.4open.science/r/LR-FGDM/", "https://x.org/a_(b)"]


def test_markdown_is_escaped_and_keeps_our_constructs():
    paper = norm("We introduce **Gaia2** with <img src=x onerror=alert(1)> tags and [x](javascript:alert(1)) * stars")
    assert paper.abstract_md.startswith("We introduce **Gaia2** with &lt;img src&#61;x onerror&#61;alert(1)&gt; tags")
    assert "\\[x\\]" in paper.abstract_md and "\\*" in paper.abstract_md
    assert "<img" not in paper.abstract_html and "&lt;img" in paper.abstract_html
    assert "href=\"javascript" not in paper.abstract_html


def test_exclamation_before_a_url_stays_text_not_an_image():
    """"Wow!https://..." is an exclamation and a link: in the Markdown, "!" and then the link's "[" would
    make an image that loads from the URL wherever papers.json's abstract is rendered."""
    import markdown
    paper = norm("Try it!https://example.com/demo_(1) and ![a](b)!http://x.org")
    html = markdown.markdown(paper.abstract_md)
    assert "<img" not in html
    assert html.count("<a ") == 2 and "Try it!<a " in html
    assert paper.links == ["https://example.com/demo_(1)", "http://x.org"]


def test_non_http_url_command_is_text():
    paper = norm(r"see \url{javascript:alert(1)} now")
    assert "<a" not in paper.abstract_html and paper.links == []


def test_mathml_is_sanitized():
    html = markup.to_html(markup.parse(r"$\href{javascript:alert(1)}{x}$ and $\text{<script>alert(1)</script>}$"))
    assert "javascript" not in html and "<script" not in html


def test_identity_is_stable_and_merges_duplicates():
    a = RawRecord("Same abstract  text.", Source("a.txt", 3), "ICLR 2026")
    b = RawRecord("same abstract text.", Source("b.txt", 7), "ICLR 2026")
    (paper,) = normalize([a, b])
    assert [s.file for s in paper.sources] == ["a.txt", "b.txt"]
    assert paper.id == paper_id("Same abstract text.")


def test_seeds_leave_no_latex_or_dollar_in_the_readable_text():
    papers = normalize(read_inputs([SEEDS]).records)
    assert len(papers) == 38
    for p in papers:
        assert "\\textbf" not in p.plain_text and "\\\\%" not in p.abstract_md
        assert "$" not in p.plain_text and "\\" not in p.plain_text
        assert "\\" not in p.abstract_html.replace("<math", "")
    flexi = next(p for p in papers if "FlexiCodec" in p.plain_text)
    assert flexi.links == ["https://flexicodec.github.io"]


def test_leading_control_characters_never_make_a_code_block():
    """Control characters become spaces; four of them at a line start must not indent a code block."""
    import markdown
    html = markdown.markdown(markup.escape_md("\x01\x01\x01\x01\x01Gaia2 is a benchmark"))
    assert html == "<p>Gaia2 is a benchmark</p>"


def test_bold_and_italic_text_commands_inside_math_read_as_their_text():
    """`$\\textbf{FARTrack}$` (a real ICLR abstract) gave "bfFARTrack": `\\text` ate `\\textbf`'s start."""
    from generator.markup import math_plain
    assert math_plain(r"\textbf{FARTrack}") == "FARTrack"
    assert math_plain(r"\textit{F}ast") == "Fast"
    assert math_plain(r"\text{ms}") == "ms"


def test_a_one_digit_power_in_a_name_is_raised():
    """Plain text writes `A$^2$FM` flat, as `A^2FM`; a title sets it as TeX does."""
    from generator.markup import raised
    assert raised("A^2FM") == "A²FM"
    assert raised("M^3-IRT") == "M³-IRT"
    assert raised("D^24FAD") == "D²4FAD"  # (one digit: `D$^2$4FAD`)
    assert raised("GPT-4o") == "GPT-4o"


@pytest.mark.parametrize("tex, text", [
    (r"\mathcal{O}\left(\frac{k}{\varepsilon}\log(nd)\right)", "O(k/ε log(nd))"),
    (r"\widetilde{O}(T^{2/3})", "O(T^2/3)"),
    (r"\tfrac{a+b}{2}", "(a+b)/2"),
    (r"\Theta(\log N)", "Θ(log N)"),
    (r"L\Vert x\Vert^2, w^\top x, 0.87\uparrow", "L‖ x‖^2, w^⊤ x, 0.87↑"),
    # text styles in math read as their text (the page said "textttcadrille", "emphattention", "bmb")
    (r"\texttt{cadrille}", "cadrille"),
    (r"\text{\emph{attention scaling}}", "attention scaling"),
    (r"\bm{b} + \underline{S}", "b + S"),
    # fractions with braces inside, of one character, and of fractions
    (r"\frac{k^{3/2}}{\varepsilon^2} + \frac12 + \frac{\frac{a}{b}}{c}", "(k^3/2)/ε^2 + 1/2 + (a/b)/c"),
])
def test_math_reads_as_text_where_the_page_shows_words(tex, text):
    """The plain text of math (teasers, the search index, a page's description): fractions as a/b,
    sizes and letter accents dropped, operators set apart, arrows and norms as symbols; the ids of
    papers read as before (math_plain's legacy reading)."""
    from generator.markup import math_plain
    assert math_plain(tex) == text
    paper = norm(f"We bound it by ${tex}$ in all cases.")
    assert paper.plain_text == f"We bound it by {text} in all cases."
    assert paper.id == paper_id(f"We bound it by {math_plain(tex, legacy=True)} in all cases.")


@pytest.mark.parametrize("raw, text, maths", [
    ("DUPA reaches FID$=$1.46 at 256$\\times$256 for $5 or $10.", "DUPA reaches FID=1.46 at 256×256 for $5 or $10.", 2),
    ("a low cost ($<$10ms) and $>$1M hours", "a low cost (<10ms) and >1M hours", 2),
    ("take the form\n$$\n\\textrm{error} \\le d,\n$$\nwhere $d$ is", "take the form error ≤ d, where d is", 2),
])
def test_math_marks_that_pandocs_currency_rule_left_as_text(raw, text, maths):
    """A `$...$` span not opening with a digit is math before a digit too ("FID$=$1.46"; "$5 or $10" stays
    money), and `$$` display math may hold line breaks inside its marks; ids as they were read before."""
    paper = norm(raw)
    assert paper.plain_text == text and paper.abstract_html.count("<math") == maths
    old = markup.to_plain(markup.parse(raw, legacy=True), legacy=True)
    assert paper.id == paper_id(old) and old != text


def test_styled_letters_stay_math():
    """A styled letter or formula in math is mathematics (a bold vector, a roman operator), and stays MathML;
    only words in a text style come out of it.  The paper's id is made as before either way."""
    paper = norm(r"a vector $\textbf{x}$, $\mathbf{A}$, $\text{poly}\log n$ and $\textbf{Easy}_2$")
    assert paper.abstract_html.count("<math") == 4
    assert norm(r"we introduce $\textbf{BeyondBench}$ with $\textit{Easy Suite}$").id == "e687863b44"  # (before)


def test_a_styled_letter_against_its_word_is_text():
    """An acronym's letters picked out in math ("$\\textbf{D}$elay") are bold text in their words, not a math
    letter beside them; the id is made as before."""
    raw = r"we propose $\textbf{DT-CORL}$ ($\textbf{D}$elay-$\textbf{T}$ransformer $\textbf{C}$onstrained) for $\textbf{x}$ in $\textbf{x}$-space"
    paper = norm(raw)
    assert "(<strong>D</strong>elay-<strong>T</strong>ransformer <strong>C</strong>onstrained)" in paper.abstract_html
    assert paper.abstract_html.count("<math") == 2  # (a bold x alone, and before a dash, is a vector)
    assert paper.plain_text == "we propose DT-CORL (Delay-Transformer Constrained) for x in x-space"
    old = markup.to_plain(markup.parse(raw, legacy=True), legacy=True)
    assert paper.id == paper_id(old)


def test_math_closed_after_a_space():
    """A span holding TeX is math even where its closing mark follows a space; a price is not."""
    paper = norm(r"using $\frac{n}{2} \cdot $ poly bits, for $5 and $10")
    assert paper.abstract_html.startswith("using <math") and paper.abstract_html.endswith("</math> poly bits, for $5 and $10")
    assert paper.plain_text == "using n/2 · poly bits, for $5 and $10"


def test_characters_that_show_nothing_go_joiners_stay_and_ids_read_them_as_before():
    """A soft hyphen or a zero-width space (text from PDFs) was a space: "inves tigate"; now it goes. Zero-width
    joiners (Persian words, emoji sequences) stay. The id is the one the old reading gave."""
    paper = norm("we inves\u00adtigate elec\u00adtrical net\u200bworks, \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 "
                 "and \U0001F469\u200d\U0001F467 in \u202eorder.")
    assert paper.plain_text == ("we investigate electrical networks, \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 and "
                                "\U0001F469\u200d\U0001F467 in order.")
    assert "investigate" in paper.abstract_html and "\u200c" in paper.abstract_md
    assert paper.id == norm("we inves tigate elec trical net works, \u0645\u06cc \u062e\u0648\u0627\u0647\u0645 and "
                            "\U0001F469 \U0001F467 in  order.").id


def test_a_given_title_is_read_as_text_like_an_abstract():
    """OpenReview titles carry TeX: pages, feeds and the search show 'α-DPO', not '$\\alpha$-DPO'."""
    given = {r"$\alpha$-DPO: Robust  Preference Alignment": "α-DPO: Robust Preference Alignment",
             r'Huxley-G\"odel Machine': "Huxley-Gödel Machine", r"A$^2$FM: An Agent Model": "A²FM: An Agent Model",
             "A^2TG and MEGS^{2}: Gaussians": "A²TG and MEGS²: Gaussians",
             r"\textbf{InfoRMIA}: Membership <b>Inference</b>": "InfoRMIA: Membership Inference", "  ": None,
             "A <img src=x> title": "A <img src=x> title",
             "{% include '/etc/passwd' %} -- {{ 7*7 }}": "{% include '/etc/passwd' %} -- {{ 7*7 }}",  # (no TeX: as written)
             "``Noisier'' Noise Contrastive Estimation": "“Noisier” Noise Contrastive Estimation",
             'From ``Sure" to ``Sorry": Refusals': "From “Sure” to “Sorry”: Refusals",
             r"PHyCLIP: $\ell_1$-Product of Factors": "PHyCLIP: ℓ₁-Product of Factors"}
    papers = normalize([RawRecord(f"Abstract number {i} about a method.", Source("t.csv", i + 2), "ICLR 2026", title=t,
                                  keywords=("$k$-center", r"Amari $\alpha$-divergences", "  "))
                        for i, t in enumerate(given)])
    assert [p.given_title for p in papers] == list(given.values())
    assert papers[0].keywords == ["k-center", "Amari α-divergences"]  # (the authors' keywords likewise)


def test_words_a_line_end_split_are_mended_and_ids_stay_as_they_were(tmp_path):
    """Text pasted from a PDF: a hyphen at a line end joins a word's halves where they make a word of
    the list (generator/data/words.txt), and stays where the word is hyphenated; wrapped lines joined
    by a space ("geom- etry") are mended only where the halves make a word.  Ids are those of the text
    as it was read before."""
    import hashlib
    raw = ("A consis-\ntent gain in self-\nsupervised pro-\ncess geom- etry, pre- and post-training, "
           "state-of-the-\nart, first- to second-order, data- centric.")
    paper = norm(raw)
    assert paper.plain_text == ("A consistent gain in self-supervised process geometry, pre- and post-training, "
                                "state-of-the-art, first- to second-order, data-centric.")
    assert paper.id == hashlib.sha1(" ".join(raw.casefold().split()).encode()).hexdigest()[:10]
    # a text file's wrapped lines, read as a paragraph
    (tmp_path / "a.txt").write_text("ICLR 2026 Papers\n\nWe report a consis-\ntent and pre-\ndictable gain "
                                    "over twenty runs of the same model on two tasks.\n", "utf-8")
    papers = normalize(read_inputs([tmp_path]).records)
    assert papers[0].plain_text.startswith("We report a consistent and predictable gain")


@pytest.mark.skipif(not (Path(__file__).resolve().parents[2] / "shared" / "data" / "iclr2026_dev.csv").exists(),
                    reason="the dev CSV is not there")
def test_the_word_list_is_made_from_the_dev_csv_by_its_command(tmp_path):
    import subprocess
    import sys
    from generator.words import WORDS_PATH
    out = tmp_path / "words.txt"
    subprocess.run([sys.executable, "-m", "generator.words", "--out", str(out)], check=True,
                   cwd=Path(__file__).resolve().parents[1])
    assert out.read_bytes() == WORDS_PATH.read_bytes()


def test_inline_html_from_publishers_apis_reads_as_what_it_means_and_ids_stay_as_they_were():
    """Crossref's JATS and HTML exports: a short list of inline tags is read as the TeX it means (sub- and
    superscripts as math, italics, bold, paragraphs as spaces, an "Abstract" heading dropped); any other
    tag stays text, escaped on the page; the id is that of the text as it was read before."""
    import hashlib
    raw = ("<jats:title>Abstract</jats:title><jats:p>We study H<sub>2</sub>O with <b>MolGNN</b> <i>in vivo</i>"
           " and <jats:italic>SparseDoc</jats:italic>.</jats:p> <script>alert(1)</script>")
    paper = norm(raw)
    assert paper.plain_text == "We study H_2O with MolGNN in vivo and SparseDoc. <script>alert(1)</script>"
    assert paper.abstract_md.startswith("We study H$_{2}$O with **MolGNN** *in vivo* and *SparseDoc*.")
    assert "<msub>" in paper.abstract_html and "<strong>MolGNN</strong>" in paper.abstract_html
    assert "&lt;script&gt;" in paper.abstract_html and "<script" not in paper.abstract_html
    assert paper.id == hashlib.sha1(raw.casefold().encode()).hexdigest()[:10]
    assert normalize([RawRecord(ABSTRACT_FOR_TITLE, Source("t.csv", 2), "X", title="<i>In vivo</i> imaging")])[0] \
        .given_title == "In vivo imaging"


ABSTRACT_FOR_TITLE = "We image cells in living tissue over weeks with a new microscope and report what we see."
