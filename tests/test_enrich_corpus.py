"""Corpus-wide enrichment: categories, sub-topics, tags, related papers, determinism."""
import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

from conftest import benchmark
from generator.enrich import EnrichConfig, enrich
from generator.enrich.csvdata import DEV_CSV, paper_from_text, read_csv, read_seeds
from generator.enrich.related import top_k
from generator.enrich.taxonomy import load_taxonomy

ROOT = Path(__file__).resolve().parents[1]
SEEDS = next((d for d in (ROOT.parent / "shared" / "seeds", ROOT / "abstracts") if any(d.glob("*.txt"))), ROOT / "abstracts")
GRAPHS = "learning on graphs and other geometries & topologies"
NEURO = "applications to neuroscience & cognitive science"


@pytest.fixture(scope="module")
def seeds():
    return enrich(read_seeds(SEEDS))


def _find(papers, needle):
    return next(p for p in papers if needle in p.plain_text)


def test_seed_categories(seeds):
    assert _find(seeds, "hippocamp").category == NEURO
    assert _find(seeds, "Graph clustering is a fundamental task").category == GRAPHS
    assert _find(seeds, "ProtoKV").name == "ProtoKV"
    for p in seeds:
        assert p.category and p.categories[0][0] == p.category
        assert all(0 <= s <= 1 for _, s in p.categories)
        assert p.category_terms, p.title


def test_words_that_drove_a_category_are_words(seeds):
    """No one-letter term, nor digits or marks only, explains a category: not the "s" of "model's" (CRV's
    "latent reasoning, verification, llm, model, signal, s"); nor words any abstract may use ("model", "gap",
    "existing methods", "overcome", "comprises": related.telling_term)."""
    crv = _find(seeds, "Circuit-based Reasoning Verification (CRV)")
    assert crv.category_terms[:5] == ["latent reasoning", "verification", "llm reasoning", "signal", "computation"]
    assert "s" not in crv.category_terms and len(crv.category_terms) == 6
    for p in seeds:
        assert all(len(w) > 1 and not w.isdigit() for t in p.category_terms for w in t.split()), p.category_terms
        assert not {"model", "gap", "existing methods", "overcome", "comprises", "study"} & set(p.category_terms)


def test_seed_fields(seeds):
    slugs = [p.slug for p in seeds]
    assert len(set(slugs)) == len(slugs)
    for p in seeds:
        assert p.title and p.teaser and len(p.teaser) <= 201
        assert p.slug.endswith(p.id[:6]) and len(p.slug) <= 67
        assert len(p.related) <= 5 and all(r.id != p.id for r in p.related)
        assert all(r.shared for r in p.related)
    assert sum(bool(p.tags) for p in seeds) >= 30
    assert "LongBench" in _find(seeds, "ProtoKV").entities
    assert "reduction in reasoning tokens by over 50%" in _find(seeds, "a novel framework, DECS").results
    # 38 papers are too few to learn which words every abstract uses: a related paper is explained by words
    # of a topic, or not listed (on this seed: "conducted, implementation, making, needs" linked a dataset)
    shared = [s for p in seeds for r in p.related for s in r.shared]
    assert all(r.shared for p in seeds for r in p.related)
    assert not set(shared) & {"conducted", "implementation", "making", "needs", "consistently outperforms", "yields", "gap"}


def test_all_areas_reachable():
    tax = load_taxonomy()
    assert len(tax.areas) == 21
    probes = {
        "applications to robotics, autonomy, planning": "We train a robot manipulation policy for dexterous grasping and legged locomotion, with sim-to-real transfer to a humanoid robot and navigation.",
        "causal reasoning": "We study causal discovery: learning the causal graph (a DAG) from observational and interventional data, with identifiability of the structural causal model and treatment effect estimation.",
        "infrastructure, software libraries, hardware, systems, etc.": "We present a serving system with custom GPU kernels, pipeline parallelism and communication overlap for distributed training on a cluster, improving throughput and latency of the inference engine.",
        "applications to physical sciences (physics, chemistry, biology, etc.)": "We design a model for molecular property prediction and protein-ligand docking for drug discovery, trained on chemistry and materials data with crystal structures.",
        "learning on time series and dynamical systems": "We study multivariate time series forecasting with long-term forecasting horizons, modelling dynamical systems with a Koopman operator and irregularly sampled time-series.",
    }
    papers = enrich([paper_from_text(t) for t in probes.values()])
    for want, p in zip(probes, papers):
        assert want in [c for c, _ in p.categories], (want, p.categories)


def test_user_taxonomy(tmp_path):
    tax = {"areas": [{"name": "Vision", "description": "images, video, detection, segmentation", "keywords": ["image", "segmentation"]},
                     {"name": "Language", "description": "text, language models, translation", "keywords": ["language model", "text"]}]}
    path = tmp_path / "tax.json"
    path.write_text(json.dumps(tax))
    papers = enrich([paper_from_text("We improve image segmentation of video frames with a detection head."),
                     paper_from_text("We pretrain a language model on text for translation.")],
                    EnrichConfig(taxonomy_path=path))
    assert [p.category for p in papers] == ["Vision", "Language"]
    tax["areas"][0]["name"] = "Computer vision"  # (edited while `serve` runs: the next build reads it anew)
    path.write_text(json.dumps(tax))
    again = enrich([paper_from_text("We improve image segmentation of video frames with a detection head.")],
                   EnrichConfig(taxonomy_path=path))
    assert again[0].category == "Computer vision"
    with pytest.raises(ValueError, match="tax2.json"):
        (tmp_path / "tax2.json").write_text("{}")
        load_taxonomy(tmp_path / "tax2.json")


def test_single_paper_and_given_values():
    p = paper_from_text("We propose FIRE, a reinitialization method. FIRE balances stability and plasticity.",
                        given_title="A Real Title", given_area="optimization")
    [p] = enrich([p])
    assert p.title == "A Real Title" and p.category == "optimization" and p.related == []
    spreadsheet = paper_from_text("We propose FIRE, a reinitialization method. FIRE balances stability and plasticity.",
                                  given_area="  Learning  Theory ")  # (as a spreadsheet may write it)
    assert enrich([spreadsheet])[0].categories[0] == ("learning theory", 1.0)


def test_a_given_titles_name_wins_over_what_the_abstract_seems_to_introduce():
    text = ("We introduce Layered Token Fusion (LTF), a training trick. Built on LTF, GenCompositor composes videos"
            " and beats the baselines.")
    [titled, untitled, position] = enrich([
        paper_from_text(text, given_title="GenCompositor: Generative Video Compositing with Diffusion Transformer"),
        paper_from_text(text.replace("GenCompositor", "VidComp")),
        paper_from_text("Position bias matters in ranking. We argue that the position of a document sways users.",
                        given_title="Position: Ranking Needs Care")])
    assert titled.name == "GenCompositor" and titled.slug.startswith("gencompositor-")
    assert untitled.name == "Layered Token Fusion"  # (no title: what the abstract introduces)
    assert position.name is None  # ("Position" opens the abstract's sentences only: no name)


def test_a_term_many_abstracts_write_is_no_name():
    """"a novel Reinforcement Learning approach" names no method where other abstracts write "reinforcement
    learning"; a coined two-word name that only its paper writes stays a name."""
    others = [paper_from_text(f"We study reinforcement learning for task {i} with a new reward on benchmark {i}.")
              for i in range(5)]
    field = paper_from_text("We propose a novel Reinforcement Learning approach that calibrates confidence. It helps.")
    coined = paper_from_text("We propose Active Reading, a framework where models study material. Active Reading helps.")
    papers = enrich(others + [field, coined])
    assert papers[-2].name is None and papers[-1].name == "Active Reading"
    assert enrich(others[:2] + [field])[-1].name == "Reinforcement Learning"  # (too few papers to tell)


def test_top_k_is_sparse_and_correct():
    rng = np.random.RandomState(0)
    X = sp.random(300, 50, density=0.1, random_state=rng, format="csr")
    from sklearn.preprocessing import normalize
    X = normalize(X)
    dense = (X @ X.T).toarray()
    np.fill_diagonal(dense, -1)
    got = top_k(X, 3, min_score=-1)
    for i in range(0, 300, 37):
        assert [j for j, _ in got[i]][0] == int(np.argmax(dense[i]))


@pytest.mark.skipif(not DEV_CSV.exists(), reason="dev csv not available")
def test_dev_subtopics_mentions_determinism():
    papers = read_csv()[:600]
    hide = lambda ps: [dataclasses.replace(p, given_title=None, given_area=None) for p in ps]  # noqa: E731
    a, b = enrich(hide(papers)), enrich(hide(papers))
    assert [x.to_dict() for x in a] == [y.to_dict() for y in b]
    big = max({p.category for p in a}, key=lambda c: sum(p.category == c for p in a))
    labels = {p.subtopic for p in a if p.category == big}
    assert len(labels) >= 3 and None not in labels
    tags = [t for p in a for t in p.tags]
    assert all(tags.count(t) >= 2 for t in set(tags))  # no tag that only one paper has
    assert "llms" not in tags and "llm" not in tags  # merged into their long form
    assert any(p.subtopic for p in a)
    shared = {t for p in a for r in p.related for t in r.shared}
    assert "LLMs" in shared and "llms" not in shared  # shared terms spelled as the abstracts spell them
    assert not shared & {"models llms", "fine-tuning sft", "models mllms"}  # nor pairs the tokenizer joined


def test_subtopic_labels_name_each_idea_once():
    from generator.enrich.text import distinct_terms as label_terms
    assert label_terms(["flow matching", "flow", "matching", "shortcut", "velocity"], 3) == \
        ["flow matching", "shortcut", "velocity"]
    # a phrase later in the ranking takes the place of the words it covers, first where the first stood
    assert label_terms(["depth", "camera pose", "depth estimation", "lighting"], 3) == \
        ["depth estimation", "camera pose", "lighting"]
    assert label_terms(["backdoor", "attacks", "backdoor attacks", "injection"], 3) == ["backdoor attacks", "injection"]
    assert label_terms(["motion", "motions", "policies", "policy", "focus", "loss"], 3) == ["motion", "policies", "focus"]
    assert label_terms(["analysis", "loss", "losses", "patch", "patches"], 3) == ["analysis", "loss", "patch"]
    assert label_terms([], 3) == []
    # words of one stem are one idea ("differential privacy", "differentially private"); a longer word that
    # is another one is not ("image", "ImageNet"; "classifier", "classical"; "transfer", "transformer")
    assert label_terms(["differential privacy", "differentially private", "leakage", "sampling", "sampler"], 3) == \
        ["differential privacy", "leakage", "sampling"]
    assert label_terms(["attack success", "attackers", "watermark", "watermarking", "generative models", "generation"],
                       4) == ["attack success", "watermark", "generative models"]
    assert label_terms(["image generation", "ImageNet", "classifier", "classical", "transfer", "transformer"], 6) == \
        ["image generation", "ImageNet", "classifier", "classical", "transfer", "transformer"]
    from generator.enrich.text import spelled  # labels are spelled as the abstracts spell their words
    texts = ["LLMs fail. We train LLMs with GRPO and a Bayesian prior.", "Policy gradients help llms. Policy is key.",
             "Our LLMs use GRPO-style updates and Bayesian inference; the policy is fixed."]
    assert spelled({"llms", "grpo", "bayesian", "policy", "absent"}, texts) == \
        {"bayesian": "Bayesian", "grpo": "GRPO", "llms": "LLMs"}  # ("Policy" only opens sentences)


def test_corpus_text_skips_the_address_pattern_only_where_it_cannot_match():
    from generator.enrich.text import _URL, corpus_text
    texts = ["Plain text, e.g. an AI model.", "HTTPS://A.B/c", "ftp://x", "See WWW.Example.ORG.", "x.Com", "y.IO",
             "z.ai", "w.Net", "foo.\u0130o", "bar.a\u0131", "a.NET b.ai", "No address: 3.5 io ai com.", "dots...and.more", ""]
    for text in texts:
        assert corpus_text(text) == _URL.sub(" ", text), text


@pytest.fixture(scope="module")
def dev():
    """The 2,120 dev papers enriched with their titles and areas hidden."""
    if not DEV_CSV.exists():
        pytest.skip("dev csv not available")
    return enrich([dataclasses.replace(p, given_title=None, given_area=None) for p in read_csv()])


def test_no_dev_paper_is_named_by_a_placeholder_or_a_formula(dev):
    """'termed Ours' (left by the authors) and '$\\ell_2$-SAM' (a subscript) named two dev papers "Ours" and "ell_2"."""
    from generator.markup import MATH_PLAIN
    names = [p.name for p in dev if p.name]
    assert len(names) > 1000 and "Ours" not in names and not [n for n in names if n.partition("_")[0] in MATH_PLAIN]


def test_subtopics_group_papers_by_shared_ideas(dev):
    """Two papers of one sub-topic share an author keyword (which the enrichment never reads) clearly more
    often than two papers of different sub-topics of their category: 1.58 times as often on the dev file;
    1.36 times when k-means clustered the TF-IDF rows themselves, by the words every abstract uses."""
    quality = benchmark("quality")
    assert quality.subtopic_lift(dev, {p.id: p.keywords for p in dev})["subtopic_keyword_lift"] >= 1.45
    sizes = Counter((p.category, p.subtopic) for p in dev if p.subtopic)
    for cat in {c for c, _ in sizes}:  # no sub-topic that holds most of its category
        assert max(n for (c, _), n in sizes.items() if c == cat) < 0.6 * sum(n for (c, _), n in sizes.items() if c == cat)


def test_the_map_puts_similar_discs_near_each_other(dev):
    """A paper shares an author keyword (never read by the enrichment) with its 10 nearest papers on other
    discs of the map 2.7 times as often as with any paper on another disc; with the places shuffled, 1."""
    quality = benchmark("quality")
    keywords = {p.id: p.keywords for p in dev}
    assert quality.map_lift(dev, keywords)["map_neighbour_keyword_lift"] >= 1.8
    places = [p.position for p in dev]
    assert all(isinstance(v, int) and v >= 0 for xy in places for v in xy) and len(set(places)) == len(dev)
    shuffled = random.Random(0).sample(places, len(places))
    moved = [dataclasses.replace(p, position=xy) for p, xy in zip(dev, shuffled)]
    assert quality.map_lift(moved, keywords)["map_neighbour_keyword_lift"] < 1.3


def test_tags_shared_terms_and_labels_are_words_a_reader_can_use(dev):
    """A tenth of the abstracts link their code: "https github" must not be what they share; nor is
    the "o" of O(n) or a citation's "et al"."""
    from generator.enrich.text import corpus_text
    assert corpus_text("Code: https://github.com/a/b-c. See www.x.org/y, a-b.github.io and FLUX-1.dev.") \
        == "Code:   See     and FLUX-1.dev."
    papers = dev
    shared = [s for p in papers for r in p.related for s in r.shared]
    words = {w for t in shared + [t for p in papers for t in p.tags] for w in t.split()}
    assert words and not words & {"https", "http", "com", "www", "org", "io"}  # ("GitHub issues" are a topic)
    from generator.slugs import slugify  # one spelling per tag: not "vision-language model" and "vision language model"
    names = {t for p in papers for t in p.tags}
    assert len({slugify(t) for t in names}) == len(names)
    assert not words & {"like", "unlike"}  # (not "domains like")
    from generator.enrich.related import _BOILERPLATE
    assert not [s for s in shared if set(s.split()) & {"s", "e", "o"} or set(s.split()) <= _BOILERPLATE]
    assert not [s for s in shared if len(s) == 1 or s in ("et", "al", "et al")]
    from generator.enrich.related import telling_term  # (nor the "vs." of "X vs. Y")
    assert not telling_term("vs") and not telling_term("versus") and telling_term("diffusion")
    from generator.enrich.tags import GENERIC_MODIFIERS  # no rhetoric: "urgent need", "findings highlight"
    labels = [p.subtopic for p in papers if p.subtopic]
    assert not [t for t in shared + labels for w in t.replace(",", "").split() if w in GENERIC_MODIFIERS | {"highlight"}]
    links = [r for p in papers for r in p.related]
    assert all(r.shared for r in links) and sum(len(r.shared) == 4 for r in links) > 0.8 * len(links)
    # no link explained by words any abstract may use: "consistently outperforms", "conducted, making, needs"
    from generator.enrich.related import _vague
    assert not [s for r in links for s in r.shared if all(_vague(w) for w in s.lower().split())]
    labels = [p.subtopic.split(", ") for p in papers if p.subtopic]
    assert len(set(map(tuple, labels))) > 20
    from generator.enrich.tags import KEEP_ADJ, ING_NOUNS, _BAD_END  # no adverb, participle or adjective alone
    assert not [t for label in labels for t in label if t.endswith("ly") or t.endswith("ed") and t.lower() not in KEEP_ADJ]
    assert not [t for label in labels for t in label if _BAD_END.search(t) and t not in ING_NOUNS]  # ("neural", "visual")
    assert any("LLMs" in label for label in labels) and not any("llms" in label for label in labels)
    # each idea once, in sub-topic labels, shared terms and the words that drove a category: not
    # "flow matching, flow, matching"
    for terms in labels + [r.shared for p in papers for r in p.related] + [p.category_terms for p in papers]:
        words = [set(t.replace("-", " ").split()) for t in terms]
        assert not any(i != j and w <= v for i, w in enumerate(words) for j, v in enumerate(words)), terms
    # nor an acronym beside its long form ("ICL, in-context learning", "MARL, multi-agent reinforcement learning")
    pairs = [("ICL", "in-context learning"), ("RAG", "retrieval-augmented generation"), ("TTA", "test-time adaptation"),
             ("RL", "reinforcement learning"), ("MARL", "multi-agent reinforcement learning")]
    assert not [t for t in labels + [r.shared for p in papers for r in p.related] for a, b in pairs if a in t and b in t]


@pytest.mark.skipif(not DEV_CSV.exists(), reason="needs ../shared/data/iclr2026_dev.csv")
def test_the_shipped_category_model_is_made_by_one_command_from_the_dev_file(tmp_path):
    """`python -m generator.enrich.train_categories` reproduces generator/data/category_model.json: byte for byte
    with the library releases the file records, and otherwise the same classes, terms and decisions."""
    from generator.enrich.categories import MODEL_PATH, CategoryModel, category_probs
    from generator.enrich.text import corpus_text
    from generator.enrich.vectors import build_corpus
    from generator.enrich.train_categories import main
    main(["--out", str(tmp_path / "model.json")])
    new, shipped = CategoryModel.from_json(tmp_path / "model.json"), CategoryModel.from_json(MODEL_PATH)
    assert set(shipped.trained_with) == {"numpy", "scipy", "scikit-learn"}
    if new.trained_with == shipped.trained_with:
        assert (tmp_path / "model.json").read_bytes() == MODEL_PATH.read_bytes()
    assert new.classes == shipped.classes
    assert len(set(new.terms) ^ set(shipped.terms)) <= 0.002 * len(new.terms)
    papers = read_csv(DEV_CSV)
    corpus = build_corpus([corpus_text(p.plain_text) for p in papers])
    taxonomy = load_taxonomy()
    agree = (category_probs(corpus, None, taxonomy, new)[0].argmax(1)
             == category_probs(corpus, None, taxonomy, shipped)[0].argmax(1)).mean()
    assert agree >= 0.99, agree
