"""A user's own taxonomy (extra.digest.taxonomy in mkdocs.yml), as people write them: its errors, its
names, and how papers that it does not cover are categorised."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import build_project, make_project

from generator.check import check_inputs
from generator.cli import main
from generator.enrich import EnrichConfig, enrich
from generator.enrich.categories import keyword_terms
from generator.enrich.csvdata import paper_from_text
from generator.enrich.taxonomy import UNMATCHED, load_taxonomy
from generator.slugs import category_slug, collection_slug

BIO = """name: Biology venue
areas:
  - name: Molecular biology
    description: Genes, proteins, DNA, RNA, gene expression, protein structure and folding.
    keywords: [protein, gene, dna, rna, genome]
  - name: Neuroscience
    description: Brains, neurons, cognition, neural recordings, behaviour.
    keywords: [brain, neuron, cortex, fmri]
"""

RL = "We train an agent with reinforcement learning to maximise reward in sparse-reward games."
GENES = "We measure gene expression of 300 genes and predict protein folding from the genome."
OFF = "We compile SQL queries into vectorised code that runs faster on column stores."


@pytest.mark.parametrize("text, says", [
    ('areas:\n  - name: A\n    description: "unterminated\n', "t.yml:4:1: not valid YAML: found unexpected end of stream"),
    ('areas:\n  - name: A\n   description: x\n', "t.yml:3:4: not valid YAML: expected <block end>"),
    ('{"areas": [{"name": "A"},]}', "t.json:1:26: not valid JSON: Expecting value"),
    ('{"areas": [{"name": "A", "keywords": 3}]}', "t.json: areas[0] ('A'): 'keywords' must be a list"),
    ('{"areas": [{"name": "A", "description": ["images", "video"]}]}', "t.json: areas[0] ('A'): 'description' must be text, not list"),
    ('{"areas": [{"name": {"en": "A"}}]}', "t.json: areas[0] needs a 'name' (text)"),
    ('{"areas": [{"name": "Biology"}, {"name": "biology"}]}', "areas 'Biology' and 'biology' would share one page (biology)"),
    ('{"areas": [{"name": "Vision/Language"}, {"name": "Vision & Language"}]}', "would share one page (vision-language)"),
    ('{"areas": []}', "t.json: expected a non-empty list 'areas'"),
])
def test_a_bad_taxonomy_file_is_named_with_its_line_or_entry(tmp_path, text, says):
    path = tmp_path / ("t.yml" if text.startswith("areas:") else "t.json")
    path.write_text(text, "utf-8")
    with pytest.raises(ValueError) as exc:
        load_taxonomy(path)
    assert says in str(exc.value)


def test_what_a_taxonomy_file_may_hold(tmp_path):
    """A byte-order mark, an empty description, bare names, numbers as names, keywords as one text;
    keys it does not read are reported, not an error."""
    path = tmp_path / "t.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"areas": [
        {"name": "Vision", "description": None, "colour": "red"}, "Language  models", 2024,
        {"name": "Robots", "keywords": "robot, manipulation"}]}).encode())
    tax = load_taxonomy(path)
    assert [(a.name, a.description, a.keywords) for a in tax.areas] == [
        ("Vision", "", ()), ("Language models", "", ()), ("2024", "", ()), ("Robots", "", ("robot", "manipulation"))]
    assert tax.notes == ("areas[0] ('Vision'): key(s) colour not read (an area has description, keywords, name)",)


def test_every_area_name_gets_a_page_of_its_own():
    assert category_slug("Learning on graphs") == "learning-on-graphs"
    assert category_slug("神经科学").startswith("area-") and category_slug("神经科学") != category_slug("🧬")
    assert category_slug("Map") == "map-area" and category_slug("Index") == "index-area"  # (the collection's own pages)
    assert collection_slug("ICLR 2026") == "iclr-2026" and collection_slug("Papers") == "papers-collection"
    assert collection_slug("第一届研讨会").startswith("collection-")


def test_papers_a_taxonomy_does_not_cover_are_other_not_its_first_area(tmp_path):
    """An abstract with none of the areas' words is 'Other' (or the taxonomy's own catch-all), and an
    area it has no word of is never among its secondary categories."""
    path = tmp_path / "bio.yml"
    path.write_text(BIO, "utf-8")
    genes, off = enrich([paper_from_text(GENES), paper_from_text(OFF)], EnrichConfig(taxonomy_path=path))
    assert genes.category == "Molecular biology" and [c for c, _ in genes.categories] == ["Molecular biology"]
    assert "protein" in genes.category_terms and any("gene" in t for t in genes.category_terms)
    assert (off.category, off.categories, off.category_terms) == (UNMATCHED, [(UNMATCHED, 1.0)], [])
    path.write_text(BIO + "  - name: Other topics\n    description: anything else\n", "utf-8")
    off, = enrich([paper_from_text(OFF)], EnrichConfig(taxonomy_path=path))
    assert off.category == "Other topics"


def test_areas_given_by_name_only_are_reachable(tmp_path):
    path = tmp_path / "t.yml"
    path.write_text("- Computer vision\n- Reinforcement learning\n- Databases\n", "utf-8")
    rl, db = enrich([paper_from_text(RL), paper_from_text(OFF.replace("SQL", "database SQL"))],
                    EnrichConfig(taxonomy_path=path))
    assert (rl.category, db.category) == ("Reinforcement learning", "Databases")
    assert rl.category_terms[0] == "Reinforcement learning"


def test_the_words_that_drove_a_category_are_whole_words():
    text = "The model generates internal learnable states; gene expression of two genes."
    assert keyword_terms(text, ("gene", "rna")) == ["gene"]  # not "generates", "internal", "learnable"


def test_a_site_on_a_taxonomy_of_awkward_names_links_right(tmp_path, capsys):
    """Names with no Latin letters, names of the collection's own pages, markup: a page each, every
    link resolving; a given area the taxonomy does not have is reported at its line."""
    from test_site import crawl
    project = make_project(tmp_path / "p")
    (project / "areas.yml").write_text(
        "areas:\n  - name: 神经科学\n    keywords: [neural, neurons, brain]\n  - name: Map\n    keywords: [map, maps]\n"
        "  - name: <b>Learning</b> & {{ x }}\n    keywords: [learning, reinforcement]\n  - name: 🧬\n", "utf-8")
    (project / "abstracts" / "given.csv").write_text(
        "title,abstract,primary_area\nA given one,We study how place cells in the brain encode space and time "
        "across many sessions of neural recordings.,Cell biology\n", "utf-8")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "\nextra:\n  digest:\n    taxonomy: areas.yml\n", "utf-8")
    assert build_project(project) == 0
    err = capsys.readouterr().err
    assert "given.csv:2: warning: area 'Cell biology' is not one of areas.yml's" in err
    site = project / "site"
    assert crawl(site) == []
    cats = {p["category"] for p in json.loads((site / "data" / "papers.json").read_text("utf-8"))["papers"]}
    for name in cats:
        assert (site / "iclr-2026" / category_slug(name) / "index.html").is_file(), name
    assert (site / "iclr-2026" / "map" / "index.html").read_text("utf-8").count('class="pd-map"') == 1
    assert "<b>Learning</b>" not in (site / "index.html").read_text("utf-8")
    cwd = Path.cwd()
    try:  # check reads the taxonomy too
        import os
        os.chdir(project)
        (project / "areas.yml").write_text("areas:\n  - name: [x\n", "utf-8")
        assert main(["check"]) == 2
    finally:
        os.chdir(cwd)
    assert "areas.yml:3:1: error: not valid YAML" in capsys.readouterr().out


def test_check_reports_what_the_taxonomy_does_not_have(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.csv").write_text("abstract,primary_area\nWe study gene expression in yeast cells "
                                           "under heat stress.,Cell biology\n", "utf-8")
    (tmp_path / "bio.yml").write_text(BIO, "utf-8")
    report = check_inputs([tmp_path / "in"], taxonomy=tmp_path / "bio.yml").report()
    assert any("a.csv:2: warning: area 'Cell biology' is not one of bio.yml's" in line for line in report)
