"""Per-abstract extractors: names, titles, results, entities, tags, slugs."""
from pathlib import Path

import pytest
import numpy as np

from generator import markup
from generator.enrich.csvdata import paper_from_text, read_seeds
from generator.enrich.entities import extract_entities
from generator.enrich.names import acronym_pairs, extract_name
from generator.enrich.results import extract_results
from generator.enrich.tags import acronym_map
from generator.slugs import slugify
from generator.enrich.text import sentences, shorten
from generator.enrich.titles import make_slugs, make_title, teaser

ROOT = Path(__file__).resolve().parents[1]
SEEDS = next((d for d in (ROOT.parent / "shared" / "seeds", ROOT / "abstracts") if any(d.glob("*.txt"))), ROOT / "abstracts")


@pytest.mark.parametrize("text, name", [
    (r"We introduce a white-box method: \textbf{Circuit-based Reasoning Verification (CRV)}. We hypothesize that"
     " attribution graphs of correct CoT steps differ.", "CRV"),
    ("We introduce **Gaia2**, a benchmark for evaluating large language model agents in realistic environments.", "Gaia2"),
    ("We propose LoRA-Pre, a low-rank optimizer for efficient pre-training. LoRA-Pre reduces memory.", "LoRA-Pre"),
    ("In this paper we present FlexiCodec, a neural audio codec with a dynamic frame rate. FlexiCodec works.", "FlexiCodec"),
    ("We propose C-voting, a test-time scaling strategy for recurrent models. C-voting selects the answer.", "C-voting"),
    ("To close this gap we introduce Omni-Reward, a step toward omni-modal reward modeling.", "Omni-Reward"),
    ("We propose Test-Time Matching (TTM), an iterative self-training algorithm.", "Test-Time Matching"),
    ("Motivated by this observation, we propose ProtoKV that separately processes these two token categories"
     " for KV cache compression. Experiments on LongBench demonstrate that ProtoKV achieves 2.11% higher accuracy.",
     "ProtoKV"),
])
def test_names(text, name):
    assert extract_name(paper_from_text(text).abstract_md) == name


@pytest.mark.parametrize("text", [
    "Large language models (LLMs) are widely used. We study how their calibration changes under fine-tuning"
    " and show that GPT-4o and Llama-3.1-8B behave differently on MMLU.",
    "Graph clustering is a fundamental task. We analyse spectral methods and prove a bound on their error.",
    # rules from the dev file's failures (issue #3)
    # a family of methods named by its field acronym, even when "a novel RefSR method" is proposed
    "Reference-based super-resolution (RefSR) methods offer an alternative. In addition, we propose a novel RefSR"
    " method designed for plant imagery. RefSR helps.",
    # a defined two-letter term next to "method"
    "Such methods fail between the high-resolution (HR) image and the low-resolution (LR) image. Our method"
    " restores HR details from LR inputs with SR-kernel estimation; the SR-kernel matters.",
    # a class of models only
    "We study Reasoning Reward Models (ReasRMs), which formulate reward modeling as reasoning. ReasRMs help.",
    # a generic word in a name slot
    "We introduce Bench, a suite of tasks for agents.",
    # a name right after a preposition is what the work acts on, not what it introduces
    "Class imbalance hurts detection. We propose a fine-grained variant of CCDB, which balances classes per"
    " instance. Our variant beats CCDB.",
    # an ordinary word emphasised where it is defined, and used as a word elsewhere
    "Current methods face a robustness-retention trade-off. **Robustness** means the model resists reactivation"
    " of erased concepts. **Retention** means unrelated concepts are preserved. We improve robustness and retention.",
    # markup remnants: a number with TeX math ("10.67$\\times$") is no name
    "Federated tuning is costly. We show that progressive growth helps: training becomes **10.67$\\times$** faster"
    " and uses **4.59$\\times$** less memory than full tuning.",
    # a word and what it describes ("-based", "-optimal") is no name; nor is a part of a dashed compound
    "We design variance-reduction methods, including P-POTS, a **Pareto-optimal** t-sampler. Pareto-optimal"
    " sampling helps.",
    "Finally, experiments demonstrate that all of our WGM-based methods are competitive. WGM-based methods help.",
    # one of a class the abstract defines in the plural
    "Defenses that inhibit reconstruction by Model Inversion Attacks (MIAs) do not reduce leakage. Models that"
    " memorize their data remain robust to MIA reconstruction, yet others are reconstructed by MIA. We provide"
    " evidence that privacy under MIA arises from non-robust features, as do recent MIA defenses.",
])
def test_no_name_rather_than_a_wrong_one(text):
    assert extract_name(text) is None


def test_seed_names():
    papers = read_seeds(SEEDS)
    names = {extract_name(p.abstract_md) for p in papers}
    assert {"ProtoKV", "CRV", "FIRE", "Gaia2", "LoRA-Pre", "FlexiCodec", "C-voting"} <= names


def test_a_phrase_cut_never_reads_past_its_last_word():
    """A long phrase whose last word is an "and" after a gerund is cut, not read past its end (an IndexError
    stopped the build)."""
    text = "We propose RECALL, a framework for w0 w1 w2 w3 w4 w5 w6 evaluating and (ii) more."
    assert make_title(None, "RECALL", text, []).startswith("RECALL: Framework for w0")


def test_titles():
    text = "We propose FIRE, a principled reinitialization method that balances stability and plasticity."
    assert make_title(None, "FIRE", text, []) == "FIRE: Balancing stability and plasticity"  # what it does
    assert make_title(None, "FIRE", "We propose FIRE, a reinitialization method for continual learning.", []) \
        == "FIRE: Reinitialization method for continual learning"  # (no bare kind: "Reinitialization method")
    assert make_title("Given Title: Wins", "FIRE", text, []) == "Given Title: Wins"
    # the long form an alias names; what a sentence that opens with the name says it does (not what it uses or counts)
    lr = "We propose a graph method, termed Low-Rank Few-Shot Graph Diffusion Model or LR-FGDM. LR-FGDM works."
    assert make_title(None, "LR-FGDM", lr, []) == "LR-FGDM: Low-Rank Few-Shot Graph Diffusion Model"
    styli = "We present StyliTruth. StyliTruth separates the style-relevant and truth-relevant subspaces. It works."
    assert make_title(None, "StyliTruth", styli, []) == "StyliTruth: Separating the style-relevant and truth-relevant subspaces"
    for said in ("MathNet spans 40 countries.", "MathNet leverages deep reinforcement learning.",
                 "MathNet thus serves as a strong baseline.", "MathNet achieves strong results on many tasks.",
                 "MathNet improves semantic preservation with a new approach."):
        assert make_title(None, "MathNet", "We release MathNet. " + said, []) == "MathNet", said
    armor = "To this end, we propose ARMOR, which introduces a structured three-step reasoning pipeline: (1) ..."
    assert make_title(None, "ARMOR", armor, []) == "ARMOR: Structured three-step reasoning pipeline"  # what it has
    crv = "We introduce a white-box method: Circuit-based Reasoning Verification (CRV). It works."
    assert make_title(None, "CRV", crv, []) == "CRV: Circuit-based Reasoning Verification"
    # an expansion that ends on an adjective keeps the kind of thing it qualifies
    molrn = "To scale, we propose the multi-output low-rank nonstationary (MO-LRN) kernel, which models spectra."
    assert make_title(None, "MO-LRN", molrn, []) == "MO-LRN: Multi-output low-rank nonstationary kernel"
    # nor the first of two things a verb relates ("streamline the multi-step process into a ... approach called X")
    kg = "By fine-tuning, we streamline the multi-step process into a single-step KG generation approach called Distill-KG."
    assert make_title(None, "Distill-KG", kg, []) == "Distill-KG: Single-step KG generation approach"
    # a noun phrase before the name is not one that runs into the verb that introduces it
    adamw = "Finally, we re-design the optimization and propose AdamW-GS by re-coupling the beneficial components."
    assert make_title(None, "AdamW-GS", adamw, []) == "AdamW-GS"  # (not "AdamW-GS: Optimization and propose")
    # a long form re-cased from its spelling capitals keeps its acronyms
    cotam = "Motivated by this, we propose an image Codec TAilored to MLLMs (CoTAM) designed to protect features."
    assert make_title(None, "CoTAM", cotam, []) == "CoTAM: Codec Tailored to MLLMs"  # (not "Mllms")
    # a power in a name is set raised, and its letter counts as many times in the long form ("A^2TG": AATG)
    a2tg = "We introduce adaptive anisotropic textured Gaussians (A^2TG), a novel representation. It works."
    assert make_title(None, "A^2TG", a2tg, []) == "A²TG: Adaptive anisotropic textured Gaussians"
    a2fm = "We present Adaptive Agent Foundation Model (A^2FM), a unified framework. It works."
    assert make_title(None, "A^2FM", a2fm, []) == "A²FM: Adaptive Agent Foundation Model"  # (not "Agent Foundation Model")
    assert make_title(None, "MAS^2", "We introduce MAS^2, which works.", []) == "MAS²"
    # an acronym the abstract defines is spelled out where few abstracts use it (not LLM, nor the corpus's common
    # names), by a long form of at most three words whose initials spell it, in lower case but for proper names
    kd = ("Knowledge distillation (KD) compresses large language models (LLMs). We propose AMiD, a unified framework"
          " for KD with LLMs. AMiD adapts Vision Foundation Models (VFMs) and Gaussian Processes (GPs).")
    assert make_title(None, "AMiD", kd, []) == "AMiD: Unified framework for knowledge distillation with LLMs"
    assert make_title(None, "AMiD", kd, [], known=frozenset({"KD"})) == "AMiD: Unified framework for KD with LLMs"
    gps = "We propose a method for VFMs with GPs. It works on Vision Foundation Models (VFMs) and Gaussian Processes (GPs)."
    assert make_title(None, None, gps, [], cased={"gaussian": "Gaussian"}) == \
        "Method for vision foundation models with Gaussian processes"
    sd = "Speculative decoding (SD) is fast. Skeleton-based approaches (STAS) are slow. We unlock parallelism in SD and STAS."
    assert make_title(None, "SpecBranch", sd.replace("We unlock", "We propose SpecBranch, which unlocks"), []) \
        == "SpecBranch: Unlocking parallelism in speculative decoding and STAS"  # (no loose long form)
    plain = "Existing methods are slow. In this work we propose a spectral method for graph clustering with guarantees."
    assert make_title(None, None, plain, []).startswith("Spectral method for graph clustering")
    # a phrase ending on what something is for runs on to say what for (within a few words more)
    geometry = ("Existing methods face two limitations. In this paper, we identify accurate geometry as the"
                " fundamental prerequisite for effectively exploiting generative models to enhance 3D scene reconstruction.")
    assert make_title(None, None, geometry, []) == \
        "Accurate geometry as the fundamental prerequisite for effectively exploiting generative models"
    assert teaser(plain).startswith("We propose a spectral method")  # (not "In this work", which says nothing)
    # a teaser stands alone on a card: no opening that points back to sentences it leaves out
    assert teaser("Agents are unsafe. To address these critical gaps, we introduce NewtonBench, a benchmark of 324"
                  " tasks.") == "We introduce NewtonBench, a benchmark of 324 tasks."
    assert teaser("Codecs are slow. Thus, this work studies fast codecs with guarantees for every rate and every"
                  " bandwidth.") == "This work studies fast codecs with guarantees for every rate and every bandwidth."
    assert teaser("To address this, the model is retrained. We find it helps.") == "We find it helps."
    assert teaser("Physics matters. To answer this, we introduce PICABench, which evaluates physical realism.") \
        == "We introduce PICABench, which evaluates physical realism."  # (to answer what?)
    for lead in ("To systematically evaluate this threat, ", "To understand and mitigate this phenomenon, ",
                 "To bridge the gap, ", "To address the challenges, "):
        assert teaser(f"Agents are unsafe. {lead}we introduce GhostBench, a benchmark for agents.") \
            == "We introduce GhostBench, a benchmark for agents.", lead
    assert teaser("RL is slow. To further accelerate learning, we introduce CBRL, which grows the task complexity.") \
        .startswith("To further accelerate learning")  # (what it is for, in its own words: no pointer back)
    short = "Codecs are slow. This paper introduces FlexiCodec to address this. FlexiCodec merges similar frames."
    assert teaser(short) == "This paper introduces FlexiCodec. FlexiCodec merges similar frames."  # (address what?)
    # ... nor a purpose that points back, nor one opening after another
    assert teaser("AR fails. We propose SphereAR to address this issue. It constrains all inputs to a sphere of fixed"
                  " radius.") == "We propose SphereAR. It constrains all inputs to a sphere of fixed radius."
    assert teaser("Issues abound. We introduce NuSA-CL, a lightweight memory-free continual learning framework designed"
                  " to address this challenge.") == "We introduce NuSA-CL, a lightweight memory-free continual learning framework."
    assert teaser("Gaps exist. To bridge this gap, in this paper, we introduce MetaTuner, a framework that integrates"
                  " prompt optimization and fine-tuning.") == \
        "We introduce MetaTuner, a framework that integrates prompt optimization and fine-tuning."
    assert teaser("Small models fail. Driven by this question, we present Tina, a family of tiny reasoning models.") == \
        "We present Tina, a family of tiny reasoning models."
    # a one-digit power or index as TeX sets it, not as plain text writes it flat
    assert teaser(paper_from_text("Denoising is hard. We propose a TV-$\\ell_1$ framework whose error is"
                                  " $\\Theta(1/\\Delta^2)$ for every noise level.").plain_text) == \
        "We propose a TV-ℓ₁ framework whose error is Θ(1/Δ²) for every noise level."
    # a field or a bare kind of thing is the title of many papers: the paper's own topics are added
    opening = "Large language models are everywhere. They still fail at formal proofs."
    assert make_title(None, None, opening, ["large language models", "formal proof", "llms", "proof search"]) \
        == "Large language models: formal proof and proof search"
    assert make_title(None, None, "We present a theoretical framework. It is general.", ["sample complexity"]) \
        == "Theoretical framework: sample complexity"
    noising = "Discrete diffusion models sample slowly. We propose learnable noising. It speeds up few-step generation."
    assert make_title(None, None, noising, ["discrete diffusion", "target model", "learnable noising"]) \
        == "Learnable noising: discrete diffusion and target model"  # (a short key phrase too, not what it says)
    # ... each saying its own thing: not two on one first word ("reasoning capabilities and reasoning abilities")
    scaling = "We revisit the scaling of data. It is costly."
    assert make_title(None, None, scaling, ["reasoning capabilities", "reasoning abilities", "formal proof"]) \
        == "Scaling of data: reasoning capabilities and formal proof"
    assert make_title(None, None, scaling, ["reinforcement learning", "reinforcement learning with verifiable rewards",
                                            "formal proof"]) \
        == "Scaling of data: reinforcement learning with verifiable rewards and formal proof"  # (one covers the other)
    # an abbreviation's dots end no phrase
    iid = "Teachers leak labels. To understand this, we consider finite random i.i.d. datasets where nothing generalizes."
    assert make_title(None, None, iid, []) == "Finite random i.i.d. datasets"
    part = "One of the core facets of Bayesianism is updating prior beliefs. Priors are hard to set."  # (no subject)
    assert make_title(None, None, part, ["neural network", "latent variable"]) == "Neural network and latent variable"
    # a problem a paper found and names after a colon is its subject, in a phrase or a short clause of its own
    found = ("RL helps LLMs reason. In this study, we identify a critical yet underexplored issue in RL training: "
             "low-probability tokens disproportionately influence model updates due to their large gradient magnitudes.")
    assert make_title(None, None, found, []) == ("Low-probability tokens disproportionately influence model updates due to "
                                                 "their large gradient magnitudes")  # (was "Critical yet underexplored issue ...")
    factor = ("Curricula help little. This work identifies a critical factor constraining these methods: the "
              "incompatibility between the ascending data quality order and the decaying learning rate (LR) schedule.")
    assert make_title(None, None, factor, ["large language models"]) == ("Incompatibility between the ascending data "
                                                                         "quality order and the decaying learning rate schedule")
    # what "a simple yet powerful alternative: X" proposes is X; "prior-based" is no "prior work" pointing elsewhere
    alternative = ("As large language models are pretrained on web corpora, data selection matters. In this work, we propose"
                   " a simple yet powerful alternative: a prior-based data filtering method that estimates token priors.")
    assert make_title(None, None, alternative, ["large language models"]) == "Prior-based data filtering method"
    # not the report of results, nor "as a novel solution" (to what?)
    report = "MDPs are hard. Third, we provide experimental results showcasing the superior performance of our approach."
    assert not make_title(None, None, report, ["policy optimization"]).startswith("Experimental results")
    nids = "Audits are hard. To enable such audits, this work introduces natural identifiers (NIDs) as a novel solution to them."
    assert make_title(None, None, nids, ["differential privacy"]).startswith("Natural identifiers: ")
    # a phrase ends where a second verb begins ("we investigate X and propose Y"), not at "and design"
    assert make_title(None, None, "Pruning is hard. We investigate redundancy within Transformer-based models and propose"
                      " an entropy-based pruning strategy.", []) == "Redundancy within Transformer-based models"
    assert make_title(None, None, "Art is hard. We introduce a compositional AND–OR template for art and design.", []) \
        == "Compositional AND–OR template for art and design"
    # what "a novel algorithmic perspective: X" proposes is X
    assert make_title(None, None, "MORL is hard. In this paper, we explore a novel algorithmic perspective: leveraging"
                      " reward-free reinforcement learning (RFRL) for MORL.", ["reward function"]) \
        == "Leveraging reward-free reinforcement learning for MORL"
    # a list of adjectives that opens with an adverb and its adjective ("theoretically grounded, resource-efficient")
    assert make_title(None, None, "Data matters. We present a theoretically grounded, resource-efficient framework for"
                      " data selection and reweighting.", ["reference model"]) \
        == "Theoretically grounded, resource-efficient framework for data selection and reweighting"
    # an adverb and its adjective before an acronym modify the subject that follows
    dp = ("Differentially private (DP) transfer learning, i.e., fine-tuning a pretrained model on private data, is the"
          " standard. We focus on two hyperparameters.")
    assert make_title(None, None, dp, ["differential privacy"]) == "Differentially private transfer learning"
    # an area is no subject, and "all three" points back to what the title leaves out
    area = ("A burgeoning area within reinforcement learning (RL) is the design of sequential decision-making agents"
            " centered around large language models (LLMs). They explore poorly.")
    assert make_title(None, None, area, ["reinforcement learning", "large language models"]) \
        == "Reinforcement learning and large language models"
    three = "Here we build a theory unifying all three methods of discrete diffusion as one process."
    assert not make_title(None, None, three, ["discrete diffusion"]).startswith("Theory unifying all three")
    # no noun made a verb, no artifact released, no bare kinds of thing
    assert make_title(None, None, "Safety matters. We propose a novel approach to constraint satisfaction in RL"
                      " algorithms, focusing on safety.", []) == "Approach to constraint satisfaction in RL algorithms"
    assert not make_title(None, None, "Point processes are common. We provide the pretrained model weights with the"
                          " supplementary material.", ["event sequences"]).startswith("Pretrained model weights")
    assert not make_title(None, None, "MoEs are sparse. In this paper, we propose a novel perspective and methodological"
                          " framework to study this question.", ["mixture-of-experts"]).startswith("Perspective")
    assert make_title(None, "RelayFormer", "We propose RelayFormer, which partitions inputs into fixed-size sub-images and"
                      " introduces Global-Local Relay tokens.", []) \
        == "RelayFormer: Partitioning inputs into fixed-size sub-images and introducing Global-Local Relay tokens"
    # a finding whose subject a relative clause qualifies: the clause left out
    infonce = ("Contrastive learning is the bedrock of unsupervised learning. In this paper we show that the embedding of the"
               " features which emerge from InfoNCE training can be well approximated by a multivariate Gaussian distribution.")
    assert make_title(None, None, infonce, []) == ("The embedding of the features can be well approximated by a multivariate"
                                                   " Gaussian distribution")  # (was "Contrastive learning")
    # what a paper introduces by a proper name of its own needs no topics added (as "Large language models" does)
    tacs = "Composing LLMs is hard. We introduce Type-Compliant Adaptation Cascades (TACs), a framework for workflows."
    assert make_title(None, None, tacs, ["large language models", "joint distribution"]) == "Type-Compliant Adaptation Cascades"
    lazy = "Agents debate. We identify a critical limitation: lazy agent behavior, in which one agent dominates."
    assert make_title(None, None, lazy, []) == "Lazy agent behavior"
    for said in ("we identify two key failure modes: overfitting near the camera and underfitting far from it.",
                 "we identify a critical limitation: it dominates the other agent.",  # (points outside itself)
                 "we identify a critical limitation: agents that dominate one another in long debates over many rounds "
                 "of discussion with no end in sight."):  # (runs on)
        assert not make_title(None, None, "Agents debate. Here " + said, []).startswith(("Overfitting", "It ", "Agents that")), said
    # a key phrase that points back ("these explanations") names what it points to, before any tag does
    back = ("Previous work has explored the complexity of deriving two types of explanations: sufficient reasons and"
            " contrastive reasons. In this study, we introduce a unified framework for analyzing these explanations,"
            " demonstrating that they can all be characterized through one value function.")
    assert make_title(None, None, back, ["neural network"]) == "Unified framework for analyzing explanations"
    assert make_title(None, None, "We present a theoretical framework that explains simplicity bias in deep"
                      " networks. It is general.", []) == "Explaining simplicity bias in deep networks"
    mdm = ("Masked diffusion models (MDMs) are new. In this work, we ask what types of reasoning problems MDMs can"
           " provably solve and how efficiently. We derive tight bounds for each.")
    assert teaser(mdm) == "We derive tight bounds for each."  # (what it does: the question it asks is no teaser)
    # no question where a list interrupts the clause or it points outside itself; no finding that runs on,
    # points outside itself or lost a formula
    for clause in ("how key architectural factors, hidden size and depth, influence inference cost", "how this bias arises"):
        assert not make_title(None, None, f"Scaling is hard. We study {clause}. It is general.", []).startswith("How")
    for said in ("we show that it fails badly in every case", "we show that this bound, under mild assumptions, is tight",
                 "we find that the $\\epsilon$-predictive sufficient predictor is optimal in every setting we tried"):
        clause = said.split(" that ")[1]
        assert not make_title(None, None, f"Pruning is common. Here {said}.", []).lower().startswith(clause[:8]), said


@pytest.mark.parametrize("text, want", [
    # what a paper studies, as the question it asks
    ("Sparsity matters. We investigate how MoE sparsity influences two distinct capability regimes: memorization.",
     "How MoE sparsity influences two distinct capability regimes"),
    ("Masked diffusion models (MDMs) are new. In this work, we ask what types of reasoning problems MDMs can provably"
     " solve and how efficiently. We derive tight bounds for each.",
     "What types of reasoning problems masked diffusion models can provably solve and how efficiently"),
    # ... and where it says nothing else, whether it holds, as a question
    ("Serving is costly. Then we investigate whether existing inference optimization techniques are valid for RLLMs.",
     "Are existing inference optimization techniques valid for RLLMs?"),
    ("Serving is costly. Then we investigate whether existing inference optimization techniques are valid for RLLMs."
     " We propose a scheduler for long reasoning traces.", "Scheduler for long reasoning traces"),
    # a phrase ends where a clause with a subject of its own begins; "we advocate for"
    ("We present the first graph based modular speech model for explicit reasoning and we will open source the model.",
     "Graph based modular speech model for explicit reasoning"),
    ("In this paper, we advocate for a new paradigm that assesses AI systems' evaluation of games.",
     "Assessing AI systems' evaluation of games"),
    # where it proposes nothing, what it finds, said in a short clause of its own
    ("Pruning is common. We show that modern LLM pruning methods can be maliciously exploited. We then study defenses.",
     "Modern LLM pruning methods can be maliciously exploited"),
    ("Claude is deployed widely. We find that Claude 3.5 Sonnet exhibits alignment faking without verbalizing deceptive"
     " reasoning.", "Claude 3.5 Sonnet exhibits alignment faking without verbalizing deceptive reasoning"),
    # what it proposes after "and"; how a method does what it does; what a kind of thing is based on
    ("In this paper, we address this challenge and present the first constrained decoding method for diffusion models,"
     " one that handles grammars.", "Constrained decoding method for diffusion models"),
    ("We propose a novel algorithm that achieves this by optimizing the policy against a distilled critic for partial"
     " action chunks.", "Optimizing the policy against a distilled critic"),
    ("We introduce a novel approach based on contrastive preference learning that bypasses value estimation.",
     "Approach based on contrastive preference learning"),
    # a kind of thing and what it is for, where the phrase would stop at one word
    ("We propose a novel approach to consistency distillation for offline reinforcement learning that incorporates"
     " rewards.", "Approach to consistency distillation for offline reinforcement learning"),
    ("We introduce the first watermark tailored for diffusion language models (DLMs), an emergent paradigm.",
     "Watermark tailored for diffusion language models"),
    # the object of a second verb; an adverb before what a thing does; no object where the verb ends a clause
    ("We introduce and study the problem of consistent low-rank approximation, in which rows arrive.",
     "Consistent low-rank approximation"),
    ("Widths are tuned by hand. This paper challenges the status quo by introducing an easy-to-use technique to learn"
     " an unbounded width of a layer during training.", "Learning an unbounded width of a layer during training"),
    ("Companies deploy watermarks. In this work, we aim to bridge this gap by conducting the first systematic study on"
     " user-level attribution of AI-generated content.", "Systematic study on user-level attribution of AI-generated"
     " content"),
    ("We propose a new framework that can effectively detect label noise in large datasets.",
     "Detecting label noise in large datasets"),  # (what it can do, as what it does)
    ("We study several problems in differentially private domain discovery, where each user holds a subset of items.",
     "Differentially private domain discovery"),  # (what the problems are in, not the first words cut off)
    ("We develop and employ structured, tag-based schemes to better elicit underlying implicit intents to write or"
     " cite.", "Eliciting underlying implicit intents to write or cite"),
    ("Bayesian priors are hard to set. The model we develop can be viewed as a neural process over a BNN's weights.",
     "Bayesian priors"),
    # what a phrase calls it; the topic it revisits; no answer to a question asked before
    ("To address this, we propose a new form of generation called any-process generation, which extends MDM.",
     "Any-process generation"),
    ("This paper revisits the topic of rotation estimation via special unitary matrices.", "Rotation estimation"),
    ("Large reasoning models consume many tokens. By penalizing reasoning tokens, we encourage concise yet accurate"
     " reasoning. Experiments confirm it.", "Encouraging concise yet accurate reasoning"),  # (what it does, nothing else)
    ("Which functions can be activations? This article explores polynomial bases of activations for deep networks.",
     "Polynomial bases of activations for deep networks"),  # (an article says what it does as a paper does)
    ("Can small models match large ones? In this work, we provide a positive and constructive answer. Models compress.",
     "Can small models match large ones"),
    # a term of its own the abstract introduces, with what it says the term is (not what "both paradigms" are)
    ("Paths matter. We introduce representation holonomy, a gauge-invariant statistic that measures path dependence.",
     "Representation holonomy: Gauge-invariant statistic"),
    ("We propose log-linear attention, a mechanism that balances linear attention's efficiency and the"
     " expressiveness of softmax attention.",
     "Log-linear attention: Balancing linear attention's efficiency and the expressiveness of softmax attention"),
    ("We propose syntactic diversification, which paraphrases the forget queries into new structures prior to"
     " unlearning.", "Syntactic diversification: Paraphrasing the forget queries into new structures"),  # (not "prior")
    # a formula is no part of a title, as the plain text writes it: not "... tensor X⋆∈ R^n × n × k", "... over R^d"
    ("We study the problem of recovering a low-tubal-rank tensor X_⋆∈ R^n × n × k from noisy linear measurements"
     " under the t-product framework.", "Recovering a low-tubal-rank tensor"),
    ("We study the problem of sampling from strongly log-concave distributions over R^d using the Poisson midpoint"
     " discretization.", "Sampling from strongly log-concave distributions"),
])
def test_titles_without_a_name(text, want):
    assert make_title(None, None, text, []) == want


def test_a_teaser_is_cut_at_a_clause_end_and_never_after_a_word_that_leads_on():
    """A teaser longer than its room ends where a clause does, if one ends in its last two fifths, and never
    on "by", "the", "and" or an item's number; a short one is whole."""
    decs = ("In this work, we introduce a novel framework, DECS, built on our theoretical discovery of two previously "
            "unaddressed flaws in current length rewards: (1) the erroneous penalization of essential exploratory "
            "tokens and (2) the inadvertent rewarding of partial redundancy.")
    assert teaser(decs) == ("We introduce a novel framework, DECS, built on our theoretical discovery of two previously "
                            "unaddressed flaws in current length rewards…")
    grape = ("We propose GrAPE, a method that aligns each layer's feedback matrix by projecting the error of the "
             "forward pass onto a learned subspace, and trains deep networks without backpropagation at a fraction "
             "of the memory.")
    cut = teaser(grape, 120)
    assert cut.endswith("…") and cut[:-1].split()[-1] not in {"by", "the", "and", "of", "a", "onto"}, cut
    assert shorten("We study (1) the first and (2) the second of many things here.", 30) == "We study (1) the first…"
    assert teaser("We propose X, a short method.") == "We propose X, a short method."


def test_chinese_abstracts_get_sentences_a_teaser_and_a_title():
    """Sentences of Chinese (or Japanese) end at 。！？ without a space; the teaser is the one where "we" (我们) say
    what the paper does, and a title without a name is the first sentence, not the first 80 characters."""
    text = ("大语言模型在复杂推理任务上表现出色，但其推理过程往往冗长且低效。现有方法难以缩短推理长度。为了解决这一问题，"
            "我们提出了一种新的推理压缩方法，称为思维链压缩（CoTC）。实验表明，CoTC将推理长度减少了50%！")
    assert sentences(text)[1:] == ["现有方法难以缩短推理长度。", "为了解决这一问题，我们提出了一种新的推理压缩方法，称为思维链压缩（CoTC）。",
                                   "实验表明，CoTC将推理长度减少了50%！"]
    assert teaser(text) == "为了解决这一问题，我们提出了一种新的推理压缩方法，称为思维链压缩（CoTC）。"
    assert make_title(None, None, text, []) == "大语言模型在复杂推理任务上表现出色，但其推理过程往往冗长且低效。"


@pytest.mark.parametrize("text, name, title", [
    # Chinese: "we propose X, a ...", "called <long form>（ACR）", "a method named X", "this paper proposes X"
    ("键值缓存成为长文本推理的内存瓶颈。为此，我们提出了 ProtoKV，一种用于KV缓存压缩的新方法。ProtoKV 在 LongBench 上最好。",
     "ProtoKV", "ProtoKV: 用于KV缓存压缩的新方法"),
    ("推理过程往往冗长。我们提出了一种新的推理压缩方法，称为思维链压缩（CoTC）。实验表明，CoTC将推理长度减少了50%！",
     "CoTC", "CoTC: 思维链压缩"),
    ("我们提出了基于电路的推理验证（CRV），一种白盒验证方法。实验表明CRV优于基线。", "CRV", "CRV: 基于电路的推理验证"),
    ("在这项工作中，我们提出了一种名为 C-voting 的测试时投票方法。", "C-voting", "C-voting: 测试时投票方法"),
    ("本文提出Gaia2，一个面向智能体的基准。Gaia2包含1000个任务。", "Gaia2", "Gaia2: 面向智能体的基准"),
    # Japanese: the name before the verb ("X を提案する")
    ("本研究では、KVキャッシュ圧縮のためのProtoKVを提案する。ProtoKVは高速である。", "ProtoKV", "ProtoKV"),
    ("我々はCRV（回路ベース推論検証）を導入する。", "CRV", "CRV"),
    # no name: what the method is based on (基于 X 的, X を用いた), a dataset it is tested on, a common term
    ("我们提出了一种基于 Mamba 的新架构，在ImageNet上取得了更好的结果。", None, None),
    ("我们提出了一种基于LLM的方法来解决这个问题。", None, None),
    ("我们提出了一种新的训练方法，在 CIFAR-10 上提高了准确率。", None, None),
    ("本研究では、Transformerを用いた新しい手法を提案する。", None, None),
])
def test_chinese_and_japanese_names_and_titles(text, name, title):
    """A Chinese or Japanese abstract's cue (我们提出了, 本文提出, 名为, を提案する) introduces a Latin name; its title
    says what the name is, in the abstract's own words: the long form it abbreviates or the appositive after it."""
    assert extract_name(text) == name
    if name:
        assert make_title(None, name, text, []) == title


def test_results_say_what_they_measure():
    """A figure in brackets after "on X" is on X (and so is the next "and Y (...)"); any claim followed by "on
    X" is on X; a bare "+3.4%" carries what the text says it measures, or is left out; a starting value
    ("from 0% to ...") is no result; percentage points stay points ("+3.4%p")."""
    assert extract_results("C-voting outperforms HRM on Sudoku-extreme (95.2% vs. 55.0%) and Maze (78.6% vs. 74.5%).") \
        == ["95.2% vs. 55.0% on Sudoku-extreme", "78.6% vs. 74.5% on Maze"]
    assert extract_results("It reaches 4.9% higher accuracy on Sudoku-hard than voting.") == ["4.9% higher accuracy on Sudoku-hard"]
    assert extract_results("Scores: 72.50% (+10.73%) on AIME24 and 62.29% (+12.79%) on AIME25.") == [
        "+10.73% on AIME24", "+12.79% on AIME25"]
    assert extract_results("It gains +26.5% on in-domain data, and large safety gains (+37%) at no cost.") == [
        "+26.5% on in-domain data", "+37% large safety gains"]
    assert extract_results("Our steering raises safety by up to +20% overall.") == ["raises safety by up to +20%"]
    assert extract_results("It beats the baselines (+8%) and also (+3.1%).") == []  # (over what, not what)
    assert extract_results("The hint boosts pass rates (from 0% to non-zero).") == []
    assert extract_results("It improves accuracy by up to +3.4%p over routing.") == ["improves accuracy by up to +3.4%p"]


def test_results():
    text = ("Our method is 81× faster than the baseline, improves detection by +5.1 AP, reaches 95.2% vs 55.0% for"
            " the prior best, and uses over 50% fewer tokens.")
    got = extract_results(text)
    for want in ("81× faster", "+5.1 AP", "95.2% vs 55.0%", "over 50% fewer tokens"):
        assert any(want in g for g in got), (want, got)
    assert extract_results("We study the theory of learning.") == []
    # what each claim is about, whole; ranges; deltas on a benchmark
    text = ("It gives a 1.2×–1.5× speedup and 2.24x to 4.32x speedups, a 5.4× computational cost reduction, an"
            " 8× efficiency gain, 24% less training time, 80% fewer expensive calls, a 3.43× speedup without loss,"
            " +17.0 on HumanEval, +1.83 higher PSNR, 83.4% on MATH500 and 6.4–14.2% higher average accuracy.")
    assert extract_results(text, limit=20) == [
        "1.2×–1.5× speedup", "2.24x to 4.32x speedups", "5.4× computational cost reduction", "8× efficiency gain",
        "24% less training time", "80% fewer expensive calls", "3.43× speedup", "+17.0 on HumanEval", "+1.83 higher PSNR",
        "83.4% on MATH500", "6.4–14.2% higher average accuracy"]
    # claims whose number comes last: what changed and how much, from what to what
    text = ("It improves overall score by 11.5% over base models and reduces GPU memory usage by up to 82%, with"
            " relative gains exceeding 85.7% and average accuracies of 65.4%; the speedup rises from 2.35x to 2.58x,"
            " and correctness (in pure CUDA) from 56% to 82%.")
    assert extract_results(text, limit=20) == [
        "improves overall score by 11.5%", "reduces GPU memory usage by up to 82%", "relative gains exceeding 85.7%",
        "average accuracies of 65.4%", "speedup rises from 2.35x to 2.58x", "from 56% to 82%"]
    assert extract_results("The error drops by 12% when the model improves by training longer.") == []
    # a qualifier that bounds the figure, a drop and a range's upper end stay with it
    text = ("The best model achieves less than 50% accuracy, pruning costs only 0.85% accuracy drop, and the"
            " average improvement of 3.5%–12.69% holds below 30% pass@1.")
    assert extract_results(text) == ["less than 50% accuracy", "only 0.85% accuracy drop",
                                     "average improvement of 3.5%–12.69%", "below 30% pass@1"]
    text = ("It improves up to 13.4% in challenging situations, achieves an AUROC of 92.8% and an 80% attack success"
            " rate, and improves class-specific accuracy by up to 13.92%; the rest reduced 7.8%.")
    assert extract_results(text) == ["improves up to 13.4% in challenging situations", "AUROC of 92.8%",
                                     "80% attack success rate", "improves class-specific accuracy by up to 13.92%"]
    # a bound written as a sign, what a gain or a change is in (one or two words before it), stays with the figure
    text = ("It achieves $\\gt 4$% accuracy gain, up to 70% accuracy gains, 39% token reduction, up to +64.91%"
            " performance improvement, $\\geq 90\\%$ accuracy and ~8% more tokens.")
    assert extract_results(markup.to_plain(markup.parse(text)), limit=20) == [
        "> 4% accuracy gain", "up to 70% accuracy gains", "39% token reduction", "+64.91% performance improvement",
        "≥ 90% accuracy", "~8% more tokens"]
    # no number inside a name or a formula, and no bare factor that says not what it multiplies
    assert extract_results("Boltz-1x folds it; the cost is d+1 over {-1, +1}; LTD reaches 2.24x and 4.32x.") == []
    # what an amount is "of"; a unit is a whole word ("30 APIs" is no "30 AP")
    text = ("It draws on a tool library of 30 APIs, reaches a PSNR score of 37dB and improves the metric by an"
            " average of 4.8 points.")
    assert extract_results(text) == ["PSNR score of 37dB", "average of 4.8 points"]
    # a metric by its acronym or Title-Case name ("lower" what?)
    text = "It gives 3.2% lower RMS error, 14% higher Attack Success Rates (ASR) over GCG, and +6.1% FG-ARI on COCO."
    assert extract_results(text) == ["3.2% lower RMS error", "14% higher Attack Success Rates (ASR)", "+6.1% FG-ARI on COCO"]
    assert extract_results("It yields gains of over 2 mIoU on VOC.") == ["gains of over 2 mIoU on VOC"]  # (an amount in a unit)
    assert extract_results("It reaches 82.4% overall execution pass rate and a 93% defense success rate.") == \
        ["82.4% overall execution pass rate", "93% defense success rate"]  # (a rate named by what it counts)
    # what a change is in, a whole phrase of at most three words (not "in average", nor the start of a longer one)
    text = ("It gives a 20x reduction in attention computation, a 12.6% improvement in image generation tasks, a 6.9%"
            " improvement in average over six tasks, and a 3% gain in long video understanding benchmarks.")
    assert extract_results(text) == ["20x reduction in attention computation",
                                     "12.6% improvement in image generation tasks", "6.9% improvement", "3% gain"]
    # ... and a bare comparative, than what method, where the abstract names it
    assert extract_results("DES-LOC can communicate 170x less than DDP and runs 2x faster than the previous best"
                           " method.") == ["170x less than DDP", "2x faster"]
    assert extract_results("It gives a 3.6% improvement on ImageNet and a 10x speedup on the Travelling Salesman"
                           " Problem.") == ["3.6% improvement on ImageNet", "10x speedup"]
    # a change in what, by how much (the seed that introduces DECS)
    assert extract_results("DECS can achieve a dramatic reduction in reasoning tokens by over 50% across seven"
                           " benchmarks, and an improvement in accuracy of 12%.") == \
        ["reduction in reasoning tokens by over 50%", "improvement in accuracy of 12%"]
    # a range written with a minus sign (the FFDP seed)
    assert extract_results("It cuts time by upto 6 − 7× while reducing peak memory consumption by 20 − 59%.") == \
        ["cuts time by upto 6 − 7×", "reducing peak memory consumption by 20 − 59%"]
    # ... a figure or a change, over what method ("over the X baseline": no method's name alone)
    assert extract_results("RAPPO attains helpfulness 0.693 (+34.8% over DPO), reduces the gap by 85% versus GSPO,"
                           " and gives a 2.8x decoding speedup over MLA and a 12% gain over the Mask baseline.") == \
        ["+34.8% over DPO", "reduces the gap by 85% versus GSPO", "2.8x decoding speedup over MLA", "12% gain"]


def test_entities():
    text = ("We evaluate on CIFAR-10, COCO and ImageNet, on AIME and LongBench, and on HumanoidBench with SAC;"
            " our backbone is Llama-3.1-8B.")
    got = extract_entities(text)
    for want in ("CIFAR-10", "COCO", "ImageNet", "AIME", "LongBench", "HumanoidBench", "Llama-3.1-8B"):
        assert want in got
    assert "ProtoKV" not in extract_entities("ProtoKV beats baselines on LongBench.", own_name="ProtoKV")
    # one family, one spelling
    assert extract_entities("We fine-tune LLaMA-2-7B and Llama-2-7B on GSM8K.") == ["Llama-2-7B", "GSM8K"]
    # a version as the family's makers write it, a size with a capital B: one model, one page
    assert extract_entities("We tune Qwen-2.5-7b, Qwen2.5-7B, Llama3.1-8B and GPT5-mini.") == \
        ["Qwen2.5-7B", "Llama-3.1-8B", "GPT-5-mini"]
    assert extract_entities("We scale up to Mixtral-8×7B-Instruct.") == ["Mixtral-8x7B-Instruct"]  # (not "Mixtral-8")
    # a release written with a space: its version, its variant (not a score after a name)
    assert extract_entities("We test Claude-4 Sonnet, Kimi-K2, LLaMA 3 and Gemini 2.5 Pro on HMMT.") == \
        ["Claude-4 Sonnet", "Kimi-K2", "Llama-3", "Gemini-2.5 Pro", "HMMT"]
    assert not any("34" in e for e in extract_entities("Compared with GPT-4o, Qwen 34.97% and GPT 12.5%."))
    assert extract_entities("Views from Replica, ScanNet++, Tanks and Temples and Mip-NeRF 360.") == \
        ["Replica", "ScanNet++", "Tanks and Temples", "Mip-NeRF 360"]


def test_acronym_long_forms():
    """A definition's long form is the shortest run of words ending before "(ACR)" that abbreviates it, or a
    longer one whose words' initials spell it letter for letter ("Policy Optimization" abbreviates PPO too)."""
    pairs = lambda text: list(acronym_pairs(text))
    assert pairs("We use Proximal Policy Optimization (PPO) here.") == [("Proximal Policy Optimization", "PPO")]
    assert pairs("We propose Rubrics as Rewards (RaR), a method.") == [("Rubrics as Rewards", "RaR")]
    assert pairs("It reaches an 80% attack success rate (ASR).") == [("attack success rate", "ASR")]  # (no number)
    assert pairs("We train Circuit-based Reasoning Verification (CRV) probes.") == \
        [("Circuit-based Reasoning Verification", "CRV")]


def test_acronym_merge():
    texts = ["Large language models (LLMs) reason.", "We study large language models (LLMs) at scale."]
    assert acronym_map(texts)["llm"] == "large language model"
    # an acronym the abstracts define two ways, neither twice as often as the other, stands for neither
    vit = ["We probe visual instruction tuning (ViT) data.", "We prune vision transformers (ViT).",
           "A Vision Transformer (ViT) encodes patches."]
    assert "vit" not in acronym_map(vit)
    assert "vit" not in acronym_map(vit[:1] * 2 + vit[1:])  # (2 against 2)
    assert acronym_map(vit[:1] * 2 + vit[1:2])["vit"] == "visual instruction tuning"  # (2 against 1)
    # ... one idea spelled two ways is one meaning
    dp = ["We study differential privacy (DP).", "Under differential privacy (DP), noise is added.",
          "Differentially private (DP) training is slow.", "A differentially private (DP) mean.",
          "Demographic parity (DP) is a fairness notion."]
    assert acronym_map(dp)["dp"] == "differential privacy"


def test_tags_keep_an_abstracts_own_meaning_of_an_acronym():
    """A paper that defines an acronym otherwise than the corpus does gets no tag of the corpus's meaning:
    "Segment Anything Model (SAM)" is no "sharpness-aware minimization"; "Markov decision problem (MDP)" is
    "Markov decision process" (generic words aside).  Papers placed later are read the same way."""
    from generator.enrich.tags import assign_tags
    from generator.enrich.vectors import build_corpus
    texts = [f"Sharpness-aware minimization (SAM) flattens the loss of {w} models. SAM helps {w} tasks with"
             f" Markov decision processes (MDPs)." for w in ("image", "video", "audio", "molecule", "protein", "text")]
    texts += ["We present Segment Anything Model (SAM) 3 for image segmentation. SAM segments video and image"
              " scenes as a Markov decision problem (MDP). MDP and SAM are fast."] * 2
    X, terms = build_corpus(texts).tfidf(min_df=2, max_df=1.0)
    tags, model = assign_tags(X, terms, texts, 5)
    assert all("sharpness-aware minimization" in t for t in tags[:6]), tags
    assert not any("sharpness-aware minimization" in t for t in tags[6:]), tags
    assert all("Markov decision processes" in t for t in tags), tags
    placed = model.place(X[6:], texts[6:])
    assert placed == tags[6:]
    assert "sharpness-aware minimization" in model.place(X[6:], texts[:1])[0]  # (read as the corpus means it)
    # ... a definition cut at a stop word too: "Adaptive and Selective Reset (ASR)" is read "and Selective Reset"
    texts = [f"Jailbreaks of {w} models: the attack success rate (ASR) of {w} prompts rises, and ASR is high."
             for w in ("image", "video", "audio", "molecule", "protein", "text")]
    texts += ["Test-time adaptation with Adaptive and Selective Reset (ASR) keeps image models stable; ASR is fast."] * 2
    X, terms = build_corpus(texts).tfidf(min_df=2, max_df=1.0)
    tags, _ = assign_tags(X, terms, texts, 5)
    assert all("attack success rate" in t for t in tags[:6]) and not any("attack success rate" in t for t in tags[6:])


def test_slugs_unique_and_readable():
    a = paper_from_text("We propose FIRE, a method.")
    b = paper_from_text("We propose FIRE, another method.")
    a.name = b.name = "FIRE"
    b.id = a.id[:6] + "zzzzzz"
    s = make_slugs([a, b])
    assert s[0].startswith("fire-") and len(set(s)) == 2
    assert slugify("Réseau & Graphs: a Study!") == "reseau-graphs-a-study"
    assert slugify("Learning on graphs and other geometries & topologies", 40) == "learning-on-graphs-and-other-geometries"


def test_a_plus_and_a_greek_letter_are_words_of_a_slug():
    # HumanEval and HumanEval+ (EvalPlus) are two benchmarks: two entity pages, two paper addresses
    assert [slugify(s) for s in ("HumanEval", "HumanEval+", "MBPP+", "C++", "SFT+RL")] == \
        ["humaneval", "humaneval-plus", "mbpp-plus", "c-plus-plus", "sft-plus-rl"]
    assert [slugify(s) for s in ("π-Flow", "α-DPO", "ΣΔ")] == ["pi-flow", "alpha-dpo", "sigma-delta"]  # (not "flow")


# --- names: how papers introduce names (cues), and what must not be taken for one ---------------------

@pytest.mark.parametrize("text, name", [
    ("To this end, we introduce Splat and Distill, a framework that instills 3D awareness into 2D models.",
     "Splat and Distill"),
    ("In this work, we propose MLP Memory, a lightweight parametric module. MLP Memory learns retrieval.", "MLP Memory"),
    ("We introduce Mono4DGS-HDR, the first system for high dynamic range (HDR) videos. Mono4DGS-HDR is fast.",
     "Mono4DGS-HDR"),
    ("Our method, AbstRaL---which promotes abstract reasoning---uses RL. AbstRaL improves robustness.", "AbstRaL"),
    ("We address this gap with DanceTogether, the first end-to-end diffusion framework for duets.", "DanceTogether"),
    ("We fill this gap by introducing VideoMind, a novel video-language agent. VideoMind reasons.", "VideoMind"),
    ("We propose the INO-SGD algorithm, which down-weights data. INO-SGD is simple.", "INO-SGD"),
    (r"To address this gap, we propose $\textbf{Occupancy Reward Shaping(ORS)}$, a reward-shaping approach.",
     "Occupancy Reward Shaping"),
    ("We propose the _Relational Transformer (RT)_, a cell-level architecture. RT transfers zero-shot.",
     "Relational Transformer"),
    # a derived resource points back to the main name
    ("We propose Omni-Reward, a step toward omni-modal reward modeling. We introduce Omni-RewardBench, a benchmark,"
     " and Omni-RewardData, a dataset, to train Omni-Reward.", "Omni-Reward"),
    # rules from the dev file's failures (issue #3)
    # a decimal point does not end a name, and a field acronym (MLLM) never fills the name slot
    ("Recent work proposes a latent architecture Huginn-3.5B, which thinks in latent space. Leveraging these"
     " insights, we propose Latent Thinking Optimization (LTO), a probabilistic algorithm. LTO improves reasoning.",
     "Latent Thinking Optimization"),
    ("To address this issue, we propose the reasoning MLLM, Vision-R1, to improve multimodal reasoning. We first"
     " construct a dataset. Then we propose Progressive Thinking Suppression Training (PTST) strategy for Vision-R1."
     " Vision-R1 achieves strong results.", "Vision-R1"),
    # a name the abstract introduces wins over a frequent term it merely contains (ASCII art vs ASCIIEval)
    ("In this work, we select ASCII art as a representative artifact. ASCII art depicts concepts through"
     " characters. We frame the problem as a recognition task, and construct a novel benchmark, ASCIIEval. Models"
     " struggle with ASCII art.", "ASCIIEval"),
    # a later, emphasised part ("*Long Form (ACR)*") does not outrank the bold name introduced first
    ("We introduce **LearnIR**, a learnable diffusion posterior sampling framework, enabling *Diffusion Posterior"
     " Sampling Correction (DPSC)* that maintains consistency. LearnIR is fast.", "LearnIR"),
    # "**Name (expansion)**"; later variants (-Uni, -Pro) point back to it
    ("In this paper, we propose ***MrRoPE (Mixed-radix RoPE)***, a generalized encoding formulation. Based on this"
     " theory, we introduce two training-free extensions, ***MrRoPE-Uni*** and ***MrRoPE-Pro***, which leverage"
     " radix conversion. MrRoPE-Pro works.", "MrRoPE"),
    ("To address this, we introduce __BTZSC__, a comprehensive benchmark of 22 datasets. Modern rerankers,"
     " exemplified by _Qwen3-Reranker-8B_, set a new state of the art.", "BTZSC"),
    # a part introduced later ("In stage 1, ...", "We begin by introducing ...") is not the paper's name
    ("We introduce Dyna-Mind, a two-stage training framework that teaches agents to simulate. In stage 1, we"
     " introduce Reasoning with Simulations (ReSim), which trains the agent. In stage 2, ReSim traces are used."
     " ReSim helps.", "Dyna-Mind"),
    # a class of models (plural acronym) is not a name; the family member is
    ("We introduce a new class of generative reward models, Reasoning Reward Models (ReasRMs), which formulate"
     " reward modeling as reasoning. We train a family of ReasRMs, RM-R1. RM-R1 features a chain-of-rubrics"
     " mechanism, and RM-R1 outperforms larger models.", "RM-R1"),
    # "our proposed X is", "our X model"
    ("Current benchmarks use simple prompts. To the best of our knowledge, our proposed NarrLV is the first"
     " benchmark to evaluate narrative expression.", "NarrLV"),
    ("Experiments show that our LongWriter-Zero model, trained from Qwen2.5-32B, outperforms SFT methods.",
     "LongWriter-Zero"),
    # a kind-of-thing word after a coined name is not part of it
    ("We introduce **ByteFlow Net**, a new architecture that removes tokenizers entirely.", "ByteFlow"),
    ("To address this issue, we propose AbsTopK SAE, a new variant derived from the sparsity constraint.", "AbsTopK"),
    # "we introduce <object> (Name)" where Name does not spell the object out
    ("We introduce the Adaptive Transfer Scaling Law (ATLAS) for both monolingual and multilingual pretraining,"
     " which outperforms existing scaling laws.", "ATLAS"),
    ("We first introduce a Chain-of-Thought reasoning framework in 3D scenes (SceneCOT), decoupling a complex"
     " reasoning task into simpler problems.", "SceneCOT"),
    ("To address these challenges, we introduce the FingerTip 20K benchmark. We collected 20K demonstrations.",
     "FingerTip 20K"),
    # "X, a series of ... models"
    ("In this work, we explore rule-based reinforcement learning, resulting in Nemotron-Research-Tool-N1, a series"
     " of tool-calling reasoning models. Nemotron-Research-Tool-N1 is trained with a binary reward.",
     "Nemotron-Research-Tool-N1"),
    # "Long Form, or ACR for short"; "Long Form (Short Form)"
    ("Our model is termed Prompt-guided Pooling LLaVA, or PPLLaVA for short. Specifically, PPLLaVA consists of"
     " three core components.", "PPLLaVA"),
    ("Based on this, we propose Neural Indicator Sampling (NI Sampling), a general sampling order optimization"
     " framework.", "NI Sampling"),
    # a passive introduction
    ("To address these issues, Online Navigation Refinement (ONR), a new mission, is introduced that refines routes."
     " For these challenges, we contribute: (1) Online map association dataset (OMA), the first ONR benchmark.",
     "Online Navigation Refinement"),
    # a problem the paper tackles, emphasised, is not its name
    ("This paper tackles **open-ended deep research (OEDR)**, a complex challenge. To address these challenges, we"
     " introduce **WebWeaver**, a novel dual-agent framework. WebWeaver sets a new state of the art on OEDR.",
     "WebWeaver"),
    # two names joined by "and" are not one name: two derived resources name the project they share
    ("We propose Sci2Pol-Bench and Sci2Pol-Corpus, the first benchmark and training dataset for policy brief"
     " generation. Sci2Pol-Bench has 18 tasks.", "Sci2Pol"),
    ("We propose FlowBench and GraphCorpus, a benchmark and a corpus. FlowBench has 18 tasks.", "FlowBench"),
    # prior work described as known ("X, a popular ...") is not the paper's name; its own technique is
    ("The gradient estimator is based on SAGA, a popular variance-reduced gradient estimator. We then introduce"
     " the Recursive-Gradient technique to improve the error bound. SAGA and SVRG are compared.", "Recursive-Gradient"),
    # a number with TeX math does not outrank the name, and a TeX tie (~) is no part of a name
    (r"Federated tuning is costly: **10.67$\times$** more memory. We propose DevFT, a resource-efficient approach."
     " DevFT works.", "DevFT"),
    (r"We propose Adaptive Label Smoothing~(ALS), a simple regularizer. ALS helps.", "Adaptive Label Smoothing"),
    # letter-level emphasis of up to four letters
    ("In this paper, we introduce SCRIBES (**SCRI**pt-**B**ased Semi-Structured Content **E**xtraction at"
     " Web-**S**cale), a reinforcement learning framework.", "SCRIBES"),
    ("We introduce Mono4DGS-HDR, the first system for reconstructing renderable 4D high dynamic range (HDR) scenes"
     " from unposed monocular low dynamic range (LDR) videos. Mono4DGS-HDR handles HDR well, and HDR is hard.",
     "Mono4DGS-HDR"),
    # what the paper builds on its own first resource is its main contribution (and its title's name)
    ("To mitigate this gap, we introduce HydraFake, a dataset that contains diversified deepfakes. Building on this"
     " resource, we propose Veritas, a multi-modal large language model based deepfake detector. Veritas reasons"
     " step by step.", "Veritas"),
    ("We introduce K-step GUI Transition, a self-supervised task. Building on this task, we propose GUI-Shift, a"
     " reinforcement learning framework for GUI agents.", "GUI-Shift"),
    # an abstract that opens by defining its one-word CamelCase name
    ("MambaVoiceCloning (MVC) asks whether the conditioning path of diffusion-based TTS can be made fully SSM-only."
     " MVC uses gated bidirectional Mamba encoders.", "MambaVoiceCloning"),
    # more ways to name: "by"/"but" in a Title-Case name, "we term/formalize these as", a quoted name, the
    # project's name, "we open source"
    ("We study whether models learn from descriptions, a process we term Programming by Backprop (PBB). PBB works.",
     "Programming by Backprop"),
    ("A few heads matter. We formalize these as Expert Heads, identified via activation frequency. Expert Heads"
     " generalize.", "Expert Heads"),
    ('Judges are noisy. We introduce a "Noisy but Valid" hypothesis testing framework to address this.',
     "Noisy but Valid"),
    ("The goal of the OpenThoughts project is to create open datasets. Our OpenThoughts2-1M dataset led to strong"
     " models.", "OpenThoughts"),
    ("We evaluate rule engines for AI governance. We open source GAVEL and provide a rule creation tool.", "GAVEL"),
    # ... but a field's hyphenated Title-Case term at the start is no name
    ("Category-Agnostic Pose Estimation (CAPE) localizes keypoints on unseen categories. CAPE is hard.", None),
    # a name and its epithet; a model built on the paper's own dataset is no variant of it, nor second to it
    ("We present Kevin the Kernel Writer, the first model trained with multi-turn RL for CUDA kernels. Kevin shows"
     " gains. Kevin improves.", "Kevin"),
    ("We introduce ReWatch, a large-scale dataset for video reasoning. Building on this dataset, we develop"
     " ReWatch-R1 by post-training a strong baseline LVLM. ReWatch-R1 achieves state-of-the-art results.",
     "ReWatch-R1"),
    ("We introduce three resources. **VisCode-Multi-679K** is a large-scale dataset of 679K samples. Finally, we"
     " present **VisCoder2**, a family of multi-language visualization models trained on VisCode-Multi-679K."
     " VisCoder2 outperforms baselines.", "VisCoder2"),
    # "via" inside a Title-Case name; a plural acronym is a class of models, with a hyphen too
    ("We study black-box optimization. Our approach, *Thompson Sampling via Fine-Tuning*, adapts LLMs to the"
     " posterior.", "Thompson Sampling via Fine-Tuning"),
    ("Explanations provided by Self-explainable Graph Neural Networks (SE-GNNs) are fundamental for understanding"
     " the model's inner workings. We show that SE-GNNs explanations can be misleading, and SE-GNNs can be fooled.",
     None),
    # where nothing introduces a name: a coined name written once, as a sentence's subject
    ("We design an optimization scheme that reuses gradients across diffusion steps. On average, FastVMT achieves"
     " a 3.43x speedup without degrading fidelity.", "FastVMT"),
    ("We design an optimization scheme that reuses gradients across diffusion steps. Unlike FastVMT, it keeps"
     " fidelity.", None),
    # ... and not what follows a finding ("Building on this, we introduce ..." may add a part)
    ("We propose Gogo, a speech codec. Building on the granularity-ordering property of Gogo, we introduce"
     " GogoSpeech, a two-stage speech language model. Gogo is fast.", "Gogo"),
    # a superscript in a name, as the plain text writes it; none in a formula
    ("In this paper, we present A$^2$Search, an annotation-free, end-to-end training framework.", "A^2Search"),
    ("We introduce adaptive anisotropic textured Gaussians (A$^{2}$TG), a novel representation.", "A^2TG"),
    ("We introduce $\\pi^3$, a feed-forward neural network. In contrast, $\\pi^3$ employs an equivariant design.", "π^3"),
    ("To address this issue, we develop $\\mathbf{T^3}$, a simple yet effective method that detects deviation.",
     "T^3"),
    ("On the algorithmic side, we design a new tester with query complexity $\\widetilde{O}(s^4)$, independent of"
     " the dimension.", None),
    ("We propose Micro–Macro Retrieval (M^2R), a novel retrieve-while-generate framework to fill this gap.",
     "Micro–Macro Retrieval"),  # (a Title-Case phrase over a short acronym, as "Test-Time Matching (TTM)")
    # a letter and a digit name what the sentence introduces, when the letter starts it; not a listed item
    ("To address this limitation, we propose Tool-integrated verification (T1), a two-stage framework.", "T1"),
    ("We introduce **T**rust **T**he **T**ypical **(T3)**, a framework that treats safety as OOD detection.",
     "Trust The Typical"),
    ("We introduce a benchmark of three tasks (Q1), (Q2) and (Q3) for planning.", None),
    # a lower-case word set in math where a name goes is a styled name; a Greek letter is not
    ("Leveraging advances in VLMs, we propose $cadrille$, a multimodal CAD reconstruction model.", "cadrille"),
    # the name as the build's Markdown writes it (normalize escapes it, keeps TeX in math, \\texttt as code)
    ("Leveraging VLMs, we propose $\\texttt{cadrille}$, a multimodal CAD reconstruction model.", "cadrille"),
    ("We present **Ctrl&Shift**, an end-to-end diffusion framework for object manipulation.", "Ctrl&Shift"),
    ("To address this, we propose \\texttt{MCPMark}, a benchmark of realistic MCP use.", "MCPMark"),
    ("In this paper, we propose $\\textbf{\\textit{MrRoPE (Mixed-radix RoPE)}}$, a generalized encoding.", "MrRoPE"),
    ("We introduce \\GRACE{} (Generative Representation Learning via Contrastive Policy Optimization).", "GRACE"),
    # a Greek letter in math that starts a name, as the page writes it
    ("To address this limitation, we propose $\\alpha$-DPO, which reformulates preference alignment.", "α-DPO"),
    ("We introduce $\\pi$-Flow, a policy-based few-step generator. $\\pi$-Flow is fast.", "π-Flow"),
    ("We act with an $\\varepsilon$-Greedy policy on three tasks.", None),
    # a defined name right after "for", "using"...: what the work uses or acts on, not what it introduces
    ("We introduce a sequence-conditioned critic for Soft Actor–Critic (SAC) that models trajectory context.", None),
    ("To this end, we propose FedTDP for Federated Trajectory Data Preparation (F-TDP), where data are split.", "FedTDP"),
    # a field in lower case that "is a paradigm" is a term; a method "(X), a ... algorithm" a name
    ("Among these, *multitask learning* (MTL) is a powerful paradigm that leverages similarities among tasks. MTL"
     " accomplishes this by learning a shared representation.", None),
    ("We address this by introducing adaptive backtracking (AdaBack), a per-sample curriculum learning algorithm. We show"
     " that AdaBack reliably solves problems. On two benchmarks, we find that AdaBack enables models to solve them.",
     "AdaBack"),
    # two capitals define a term, not a name ("imitation learning (IL)"; none of the dev file's "Name: ..." titles)
    ("We study the problem of training a risk-sensitive agent through imitation learning (IL). Unlike standard IL, we"
     " match the expert's return distribution.", None),
    ("In this work, we establish the benefits of weight normalization (WN). We prove that WN converges fast.", None),
    # a defined term that modifies a noun is a term; a defined name before the kind of thing it is, a name
    ("In this work, we integrate text generation with non-autoregressive (NAR) audio diffusion in one Transformer.", None),
    ("To address this, we develop a method integrating synthetic electronic medical record (EMR) construction.", None),
    ("To scale, we propose the multi-output low-rank nonstationary (MO-LRN) kernel, which models spectra.", "MO-LRN"),
    # a letter set in math inside a name is the letter, not a superscript
    ("We introduce the first framework for *Top-$k$ Learning-to-Defer*, which allocates queries to experts.",
     "Top-k Learning-to-Defer"),
    # what the method uses, a property ("-inducing", "-aware"), and a field's common word are no names
    ("This paper introduces the first summarization method based on global structure awareness using topological"
     " data analysis (TDA). The method summarizes text efficiently.", None),
    ("Instead, we identify a more general condition, referred to as DPO-inducing, that characterizes when it works.",
     None),
    ("RNA molecules underlie regulation. We model RNA sequence and RNA structure jointly, so RNA design improves.", None),
    # a name others gave, what the paper studies, and the field an abstract opens with; but "by X (ACR)" is its method
    ("Despite their capabilities, LLMs exhibit a failure known as the *Reversal Curse*, where they struggle.", None),
    ("In this paper, we present the first investigation of opponent shaping (OS) with LLM-based agents. Existing OS"
     " algorithms cannot be applied.", None),
    ("Audio Language Models (ALM) have emerged as the dominant paradigm for speech. ALM decoding is slow, and ALM"
     " training is costly.", None),
    ("In this work, we break this bottleneck by *Dropping the Positional Embeddings of LMs after training (DroPE)*."
     " Our simple method is motivated by theory.", "DroPE"),
    # a placeholder the authors left is no name
    ("Building on this insight, we propose cyclical reflection token scheduling (termed Ours), a decoding strategy.", None),
    ("This paper introduces an information-theoretic notion called $\\alpha$-predictive sufficiency.", None),
    # a release number written after the name is part of it; the long form has none
    ("In this work, we present **Pusa** V1.0, a versatile model that leverages timestep adaptation.", "Pusa V1.0"),
    ("We present Segment Anything Model (SAM) 3, a unified model that detects objects. SAM 3 delivers a 2x gain.",
     "SAM 3"),
    ("We present **Pusa** 3 times faster than before.", "Pusa"),
    ("In this work, we present **Pusa** V1.0 achieves fine-grained temporal control.", "Pusa V1.0"),
    # a name the abstract always writes with its exclamation mark keeps it
    ("To address this gap, we introduce WoW!, the first open platform for world models. WoW! provides a unified"
     " planning strategy.", "WoW!"),
    # a benchmark made for the method its sibling name names: the method; not a dataset the paper also builds
    ("To evaluate this, we introduce FigureBench, the first large-scale benchmark for scientific illustrations. We"
     " then propose AutoFigure, the first agentic framework that generates illustrations.", "AutoFigure"),
    ("We present **AesCode-358K**, a large-scale instruction-tuning dataset. We propose agentic reward feedback."
     " Notably, our AesCoder-4B surpasses GPT-4o.", "AesCoder"),
    ("We introduce SpatialGenEval, a new benchmark to evaluate the spatial intelligence of T2I models. To show its"
     " utility, we also construct the SpatialT2I dataset of 15,400 text-image pairs.", "SpatialGenEval"),
    ("We introduce CoNavBench, a benchmark for collaborative navigation. We also propose NavCraft, a data"
     " generation pipeline.", "CoNavBench"),
    # a benchmark for a field's term the abstract defines as background is its own name, not that term
    ("Graph retrieval-augmented generation (GraphRAG) has emerged as a powerful paradigm. Recent studies report that"
     " GraphRAG frequently underperforms vanilla RAG. Is GraphRAG really effective? To address this, we propose"
     " GraphRAG-Bench, a comprehensive benchmark designed to evaluate GraphRAG models. GraphRAG-Bench features a"
     " comprehensive dataset. We investigate when GraphRAG surpasses traditional RAG.", "GraphRAG-Bench"),
    # a name that ends its sentence: the next sentence's first word is not part of it
    ("Gradients conflict. To address these challenges, we propose OFMU. Our method enforces forgetting via an inner"
     " maximization step. OFMU outperforms existing unlearning methods.", "OFMU"),
    ("To address this challenge, we present AFD-Instruction. This dataset encompasses two key components.",
     "AFD-Instruction"),
    # a result set in bold is no name
    ("We model pixel space diffusion with neural fields. Thanks to the lightweight neural field representation in"
     " PixNerd, we achieve **1.93 FID** on ImageNet 256x256 and nearly **8x lower latency**. We also extend our"
     " PixNerd framework to text-to-image applications.", "PixNerd"),
    # an acronym written after its long form without brackets
    ("We reformulate conformal inference. Our method, Multi-LLM Adaptive Conformal Inference MACI, leverages"
     " ensembles to produce more accurate factuality scores.", "MACI"),
    # the first word of a defined phrase names what the phrase stands for
    ("We develop a reasoning framework. Based on it, we develop an algorithm called Stein variational negotiated"
     " reasoning (SVNR), which uses Stein variational gradient descent. Experiments show that SVNR surpasses"
     " baselines.", "SVNR"),
    # ... also where the acronym's shortest long form starts later, its letters set in bold
    ("This work introduces an approach for programmatic policy discovery, called **M**ultimodal Large **L**anguage"
     " Model-assisted **E**volutionary **S**earch (MLES). MLES uses multimodal large language models as policy"
     " generators.", "MLES"),
])
def test_name_cues(text, name):
    assert extract_name(paper_from_text(text).abstract_md) == name


def test_name_that_ends_its_sentence():
    """As the seed-format reader keeps TeX in math: "named $\\textit{Sparsity Forcing}$." names Sparsity Forcing."""
    text = ("We reinforce token sparsity through a simple RL-based post-training framework named"
            " $\\textit{Sparsity Forcing}$. Our method explores the trade-off. Across benchmarks, Sparsity Forcing"
            " raises the ratio.")
    assert extract_name(text) == "Sparsity Forcing"


def test_field_acronym_defined_up_front_is_not_the_name():
    text = ("Multivariate time-series anomaly detection (MTSAD) faces a trade-off between accuracy and transparency."
            " We propose PGRF-Net, a novel architecture for MTSAD.")
    assert extract_name(text) == "PGRF-Net"


def test_cue_scan_equals_finditer():
    """Cues are tried only where their first words stand: the same matches as scanning every character."""
    from generator.enrich import names
    texts = []
    for sep in (" ", "  ", "\n", "\t", "\u2009", "\xa0", "\u3000"):
        for subj in ("we", "We", "WE", "this paper", "This Work", "and", "by", "Our", "the proposed", "The resulting"):
            for verb in ("propose", "also introduce", "call", "termed", "dubbed", "named", "namely", "refer to it as",
                         "referred to as", "address this gap with", "method,"):
                texts.append(f"Prior work fails. {subj}{sep}{verb} FooNet, a method (FN). Our{sep}FooNet model works,"
                             f" and{sep}by{sep}introducing BarSet, a dataset.")
    texts += ["thıs paper proposes FooNet, a method.", "İn this work we propose FooNet, a method."]
    for text in texts:
        at = names._Triggers(text)
        for rx, _, words in names._CUES + ((names._OURS_COINED, 0, names._OUR_WORDS),):
            assert [m.span() for m in at.scan(rx, words)] == [m.span() for m in rx.finditer(text)], (text, rx.pattern)
        assert [m.span() for m in at.appositives()] == [m.span() for m in names._APPOSITIVE.finditer(text)], text


# --- titles: "Name: complete descriptor", never a broken phrase -------------------------------------

@pytest.mark.parametrize("name, text, want", [
    ("TRACE", "We present TRACE (TRAnsforming diffusion Cues to instance Edges), showing that diffusion models"
              " secretly annotate instance edges.", "TRACE: Transforming Diffusion Cues to Instance Edges"),
    ("FFDP", "In this work, we propose FFDP, a set of IO-aware non-GEMM fused kernels supplemented with a distributed"
             " framework for image registration.", "FFDP: Set of IO-aware non-GEMM fused kernels"),
    ("Gaia2", "We introduce Gaia2, a benchmark for evaluating large language model agents in realistic, asynchronous"
              " environments.", "Gaia2: Benchmark for evaluating large language model agents"),
    ("FGDM", "LR-FGDM first employs a novel Few-Shot Graph Diffusion Model (FGDM) as a node-level generative method.",
     "FGDM: Few-Shot Graph Diffusion Model"),
    # a name's epithet, where the abstract says no more; what follows a name as a kind of thing is no verb
    ("Kevin", "We present Kevin the Kernel Writer, the first model trained with multi-turn RL for CUDA kernels. Kevin"
              " shows gains.", "Kevin: The Kernel Writer"),
    ("Kevin", "We present Kevin the Kernel Writer, a model for writing fast CUDA kernels. Kevin shows gains.",
     "Kevin: Model for writing fast CUDA kernels"),
    ("DeepWeightFlow", "Ensembles can be generated in minutes. DeepWeightFlow models pave the way for more efficient"
                       " generation.", "DeepWeightFlow"),
    ("CoCo", "To address these issues, we propose a conjoint framework called CoCo, which captures compactness.",
     "CoCo: Conjoint framework"),
    # a bare kind of thing described by what it does: that, as a gerund phrase
    ("LUMINA", "We propose LUMINA, a novel framework that detects hallucinations in RAG systems through"
               " context-knowledge signals.", "LUMINA: Detecting hallucinations in RAG systems"),
    ("R-HORIZON", "To address this, we propose R-HORIZON, a method designed to stimulate long-horizon reasoning"
                  " behaviors in LRMs through query composition.",
     "R-HORIZON: Stimulating long-horizon reasoning behaviors in LRMs"),
    ("PreciseCache", "We propose PreciseCache, a plug-and-play framework that detects and skips truly redundant"
                     " computations.", "PreciseCache: Detecting and skipping truly redundant computations"),
    # the name in emphasis (Markdown's __x__ as the seed files have it)
    ("BTZSC", "To address this, we introduce __BTZSC__, a benchmark of 22 public datasets for zero-shot text"
              " classification.", "BTZSC: Benchmark of 22 public datasets for zero-shot text classification"),
    ("LAMIR", "This paper introduces an algorithm LAMIR that learns an abstracted model of an imperfect information"
              " game directly from interaction.", "LAMIR: Learning an abstracted model of an imperfect information game"),
    ("EdgeCape", "We introduce EdgeCape, a novel framework that overcomes these limitations by predicting the graph's"
                 " edge weights in order to optimize localization.", "EdgeCape: Predicting the graph's edge weights"),
    ("UltraViCo", "We propose UltraViCo, a training-free, plug-and-play method that suppresses attention for tokens"
                  " beyond the training window via a constant decay factor.",
     "UltraViCo: Suppressing attention for tokens beyond the training window"),
    ("YuE", "We tackle lyrics-to-song generation by introducing YuE (乐), a family of open-source music generation"
            " foundation models. Specifically, it scales.", "YuE: Family of open-source music generation foundation models"),
    # an en dash inside a compound is no clause break; nor is a phrase that ends before its point
    ("EmoReAlM", "We introduce EmoReAlM, a benchmark designed to evaluate MLLMs for cue–emotion associations,"
                 " hallucinations and modality agreement.", "EmoReAlM: Evaluating MLLMs for cue–emotion associations"),
    ("FeatureBench", "We introduce FeatureBench, a benchmark designed to evaluate agentic coding performance in"
                     " end-to-end, feature-oriented software development.",
     "FeatureBench: Evaluating agentic coding performance in end-to-end, feature-oriented software development"),
    # (a list of adjectives is one phrase: not "... in end-to-end")
    ("VibeVoice", "We present VibeVoice , a novel model designed to synthesize expressive, long-form speech with multiple"
                  " speakers.", "VibeVoice: Synthesizing expressive, long-form speech with multiple speakers"),
    ("UltraViCo", "We propose UltraViCo, a training-free, plug-and-play method. It works.",
     "UltraViCo: Training-free, plug-and-play method"),  # (a bare kind with its adjectives, where nothing better is said)
    # what it is for: "the first framework to ...", "dedicated to ...", ", to ...", "that provably and efficiently ..."
    ("REdit", "We propose REdit, the first framework to actively reshape neural circuits before editing, thereby"
              " modulating interference.", "REdit: Reshaping neural circuits before editing"),
    ("GhostEI-Bench", "We introduce GhostEI-Bench, the first benchmark dedicated to assessing mobile agents under"
                      " environmental injection attacks.", "GhostEI-Bench: Assessing mobile agents under environmental injection attacks"),
    ("Mod-Adapter", "Specifically, we propose a novel module, Mod-Adapter, to predict concept-specific modulation"
                    " direction.", "Mod-Adapter: Predicting concept-specific modulation direction"),
    ("SipIt", "We introduce SipIt, the first algorithm that provably and efficiently reconstructs the exact input text"
              " from hidden activations.", "SipIt: Reconstructing the exact input text from hidden activations"),
    ("ParaBench", "We propose ParaBench, a new benchmark designed to evaluate both text and image output modalities.",
     "ParaBench: Evaluating both text and image output modalities"),
    ("Dyslexify", "We introduce Dyslexify - a method to defend CLIP models against typographic attacks.",
     "Dyslexify: Defending CLIP models against typographic attacks"),
    ("SHARP", "We present SHARP, an approach to photorealistic view synthesis from a single image.",
     "SHARP: Approach to photorealistic view synthesis from a single image"),  # (not "Photorealisticing view synthesis")
    ("PAS", "In this work, we propose PAS, a novel score designed to estimate the transferability of a source domain"
            " set and a pre-trained feature extractor to a target task.",
     "PAS: Estimating the transferability of a source domain set"),  # (a kind of thing that is not one of _SELF)
    ("StreamingThinker", "We instantiate this paradigm with StreamingThinker*, a framework that enables LLMs to think"
                         " while reading through streaming CoT generation.", "StreamingThinker: Enabling LLMs to think"),
    # a second verb after the first's object, whatever follows it; not a plural noun, nor "its"
    ("T^3", "We develop T^3, a simple yet effective method that detects excessive belief deviation and truncates"
            " trajectories during training.",
     "T³: Detecting excessive belief deviation and truncating trajectories during training"),
    ("FastX", "We propose FastX, which reuses gradients and features from previous steps.",
     "FastX: Reusing gradients and features from previous steps"),
    # adjectives joined by "and" before a bare kind say no more than the kind: what it does
    ("TRACED", "We propose TRACED, a cost-efficient and model-agnostic framework that leverages trajectory statistics for"
               " more accurate caption error detection.",
     "TRACED: Leveraging trajectory statistics for more accurate caption error detection"),
    # "from X to Y" whole
    ("LLM-DAS", "We propose LLM-DAS, which repositions the LLM from a data processor to an algorithmist.",
     "LLM-DAS: Repositioning the LLM from a data processor to an algorithmist"),
    ("TimeLag", "We propose TimeLag, a novel framework for structure learning from time series to integrate lag priors.",
     "TimeLag: Framework for structure learning from time series"),  # (what it is for: not "from X to Y")
    # what a thing is used for, after an object of a few words; not where that says "of what?"
    ("DyTrim", "We propose DyTrim, which leverages baseline images to guide data pruning.",
     "DyTrim: Leveraging baseline images to guide data pruning"),
    ("CIAR", "We propose CIAR, which utilizes on-device self-verification to handle two key properties.",
     "CIAR: Utilizing on-device self-verification"),
    ("Copy-Paste", "We propose Copy-Paste, which embeds contextual fragments into responses.",
     "Copy-Paste: Embedding contextual fragments into responses"),  # (not "Embeding")
    ("INO-SGD", "We propose the INO-SGD algorithm, which strategically reweights data within each batch to improve"
                " performance.", "INO-SGD: Reweighting data within each batch"),
    ("FreeCache", "First, we propose FreeCache, a Key-Value (KV) approximation caching technique that reuses stable KV"
                  " projections.", "FreeCache: Key-Value approximation caching technique"),
    ("P2P", "We introduce P2P, the first flexible, LLM-based multi-agent framework that generates high-quality,"
            " HTML-rendered academic posters directly from research papers.",
     "P2P: Generating high-quality, HTML-rendered academic posters directly from research papers"),
    ("ATLAS", "Abstract. We introduce the Adaptive Transfer Scaling Law (ATLAS) for pretraining.",
     "ATLAS: Adaptive Transfer Scaling Law"),  # (the noun phrase before "(X)", though its initials spell no ATLAS)
    ("TRACE", "We propose a unified defense framework that combines fine-grained anonymization (TRACE) with"
              " inference-preventing optimization (RPS).", "TRACE"),  # (not the framework TRACE is a part of)
    ("Turbo-DDCM", "We propose Turbo-DDCM, a method that combines a large number of noise vectors at each step.",
     "Turbo-DDCM: Combining a large number of noise vectors at each step"),
    # what a kind of thing is made of, not where that is a bare kind of thing
    ("BEAM", "We introduce BEAM, a benchmark comprising 100 conversations and 2,000 validated questions.",
     "BEAM: Benchmark comprising 100 conversations and 2,000 validated questions"),
    ("SpeechJudge", "We introduce SpeechJudge, a comprehensive suite comprising a dataset, a benchmark, and a reward"
                    " model.", "SpeechJudge: Comprehensive suite"),
    # what it does after its acronym; "as a way to"; "the largest ..." after a colon
    ("Guided Flow Policy", "We introduce Guided Flow Policy (GFP), which couples a multi-step flow-matching policy with"
                           " a distilled one-step actor.",
     "Guided Flow Policy: Coupling a multi-step flow-matching policy with a distilled one-step actor"),
    ("TinyChange", "We introduce the TinyChange benchmark as a way to measure the sensitivity of audit methods.",
     "TinyChange: Measuring the sensitivity of audit methods"),
    ("EgoDex", "We collect EgoDex: the largest and most diverse dataset of dexterous human manipulation to date.",
     "EgoDex: Largest and most diverse dataset of dexterous human manipulation"),
    # a list of adjectives that leaves no room for what follows; one that a cut leaves alone
    ("Search Arena", "We introduce Search Arena, a crowd-sourced, large-scale, human-preference dataset of over 24,000"
                     " paired multi-turn user interactions with search-augmented LLMs.",
     "Search Arena: Dataset of over 24,000 paired multi-turn user interactions"),
    ("DRBench", "We introduce DRBench, a benchmark for evaluating AI agents on complex, open-ended deep research tasks.",
     "DRBench: Benchmark for evaluating AI agents"),
    ("TinyChange", "We introduce the TinyChange benchmark as a way to measure the sensitivity of audit methods in the"
                   " context of small, realistic model changes.", "TinyChange: Measuring the sensitivity of audit methods"),
    # adjectives no ending shows, and an adverb's; "featuring"; "designed for" one word; "the X framework to";
    # "Our algorithm, X, does"
    ("HUMAINE", "We introduce HUMAINE, a framework for multidimensional, demographically aware measurement of"
                " human-AI interaction.",
     "HUMAINE: Framework for multidimensional, demographically aware measurement of human-AI interaction"),
    ("MisinfoTask", "We introduce MisinfoTask, a novel dataset featuring complex, realistic tasks designed to evaluate"
                    " robustness.", "MisinfoTask: Dataset featuring complex, realistic tasks"),
    ("ParallelBench", "We propose ParallelBench, the first benchmark specifically designed for dLLMs, featuring"
                      " realistic tasks.", "ParallelBench: Benchmark specifically designed for dLLMs"),
    ("MathForge", "We propose a two-dual MathForge framework to improve mathematical reasoning by targeting harder"
                  " questions.", "MathForge: Improving mathematical reasoning"),
    ("COMBRL", "We study exploration. Our algorithm, COMBRL, greedily maximizes a weighted sum of the extrinsic reward"
               " and model epistemic uncertainty.", "COMBRL: Maximizing a weighted sum of the extrinsic reward"),
    # what it was made to do, by whom; a hyphenated second verb; a word that starts like a verb ("help-seeking")
    ("CounselBench", "We present CounselBench, a large-scale benchmark developed with 100 mental health professionals"
                     " to evaluate and stress-test large language models (LLMs) in realistic help-seeking scenarios.",
     "CounselBench: Evaluating and stress-testing large language models in realistic help-seeking scenarios"),
    # what it is derived from; an empty parenthesis; a long noun phrase before "called"
    ("LEXam", "We introduce LEXam, a novel benchmark derived from 340 law exams spanning 116 law school courses.",
     "LEXam: Benchmark derived from 340 law exams spanning 116 law school courses"),
    ("Latent Denoising Tokenizer", "We introduce the Latent Denoising Tokenizer (), a simple yet highly effective"
                                   " tokenizer trained to reconstruct clean images from latent embeddings.",
     "Latent Denoising Tokenizer: Reconstructing clean images from latent embeddings"),
    ("AlphaSteer", "We present a theoretically grounded and empirically effective activation steering method called"
                   " AlphaSteer.", "AlphaSteer: Theoretically grounded and empirically effective activation steering method"),
    # what it gains where the sentence says how, not a result
    ("FlexiCodec", "This paper introduces FlexiCodec to address this limitation. FlexiCodec improves semantic"
                   " preservation with a dynamic frame rate approach.",
     "FlexiCodec: Improving semantic preservation with a dynamic frame rate approach"),
    ("FlexiCodec", "This paper introduces FlexiCodec to address this limitation. FlexiCodec improves speech quality by"
                   " 12% on LibriSpeech.", "FlexiCodec"),
    # how it does what it does; a counted object the sentence before introduced
    ("UniRoute", "We propose UniRoute, a new approach to this problem that relies on representing each LLM as a feature"
                 " vector.", "UniRoute: Representing each LLM as a feature vector"),
    ("ProtoKV", "We propose ProtoKV that separately processes these two token categories for KV cache compression.",
     "ProtoKV: Processing two token categories for KV cache compression"),
    ("JointDiff", "We propose JointDiff, a diffusion framework that unifies these two processes.",
     "JointDiff: Diffusion framework"),  # (not "Unifying two processes")
    # a second verb of the same form, what it does too; unless that points outside itself
    ("FastForward", "We propose FastForward, a method that creates a map representation and relocalizes a query image"
                    " on-the-fly.", "FastForward: Creating a map representation and relocalizing a query image on-the-fly"),
    ("PRD", "We propose PRD, which modularizes the MLLM's reasoning component and makes it easily replaceable.",
     "PRD: Modularizing the MLLM's reasoning component"),
    ("RECALL", "We propose RECALL, a multi-modal adversarial framework for systematically evaluating and compromising"
               " the robustness of unlearned models.",  # (two gerunds share their object: no cut between them)
     "RECALL: Multi-modal adversarial framework for systematically evaluating and compromising the robustness"),
    ("TrimR", "We propose TrimR, a verifier-based framework to trim reasoning and enhance test-time scaling.",
     "TrimR: Trimming reasoning and enhancing test-time scaling"),  # (a bare verb after "to X and")
    ("RM-R1", "We design RM-R1, a reasoning-oriented training pipeline and train a family of reward models.",
     "RM-R1: Reasoning-oriented training pipeline"),  # (a second verb of the paper's own: what it did next)
    # a name of several words says more than a bare kind of thing
    ("Occupancy Reward Shaping", "We propose Occupancy Reward Shaping (ORS), a reward-shaping approach. It works.",
     "Occupancy Reward Shaping"),
    # expansions: one hyphenated word, "short for"; the noun phrase before "(termed X)"
    ("MoM", "We introduce a novel architecture called Mixture-of-Memories (MoM). MoM utilizes multiple memory states.",
     "MoM: Mixture-of-Memories"),
    ("UML", "We introduce UML: Unpaired Multimodal Learner, a modality-agnostic training paradigm.",
     "UML: Unpaired Multimodal Learner"),
    ("LINK", "To address these issues, we propose LINK, Learning INstance-level Knowledge. It works.",
     "LINK: Learning INstance-level Knowledge"),
    ("TIPO", "TIPO (Text-to-Image Prompt Optimization) introduces an efficient approach for prompt refinement.",
     "TIPO: Text-to-Image Prompt Optimization"),  # (a name that opens the abstract)
    ("DroPE", "We break this bottleneck by *Dropping the Positional Embeddings of LMs after training (DroPE)*.",
     "DroPE: Dropping the Positional Embeddings of LMs after training"),
    ("MergOPT", "We propose a novel merging-aware optimizer (abbreviated as MergOPT) that injects shifts.",
     "MergOPT: Merging-aware optimizer"),
    ("UniFlow", "We propose a generic and unified tokenizer, namely UniFlow, by adapting any visual encoder.",
     "UniFlow: Unified tokenizer"),
    ("CLAP", "We propose a joint pre-training method for images and point clouds, termed CLAP, short for Curvature"
             " sampLing and leArnable Prototype. Specifically, it works.", "CLAP: Curvature Sampling and Learnable Prototype"),
    ("ReDDiT", "In this study, we propose a rehashing noise approach for discrete diffusion transformer (termed ReDDiT),"
               " with the aim to extend absorbing states.",
     "ReDDiT: Rehashing noise approach for discrete diffusion transformer"),
    ("RefineBench", "We introduce RefineBench, a benchmark of 1,002 challenging problems across 11 domains.",
     "RefineBench: Benchmark of 1,002 challenging problems across 11 domains"),  # (not "Benchmark of 1")
    # the kind of thing a name modifies, and what it is for ("a Half-Order (HO) fine-tuning paradigm for DM")
    ("Half-Order", "We propose the Recursive Likelihood Ratio (RLR) optimizer, a Half-Order (HO) fine-tuning paradigm"
                   " for DM. The HO gradient estimator enables rearrangement.", "Half-Order: Fine-tuning paradigm for DM"),
    ("Half-Order", "We study the Half-Order fine-tuning paradigm, which is fast.", "Half-Order"),
    # nothing descriptive to say: the name alone rather than a broken fragment, or a result for a purpose
    ("BIRD", "Results on BIRD: the most recent flagship model GPT-5 completes only 8.67% of tasks.", "BIRD"),
    ("PGX", "We introduce PGX, a framework that achieves competitive performance on three benchmarks.", "PGX"),
    ("FlexiCodec", "This paper introduces FlexiCodec to address this limitation. FlexiCodec improves semantic"
                   " preservation with a new approach.", "FlexiCodec"),  # (how, but not specifically)
    # no word on what the name is: what the abstract says it proposes, unless that names nothing of its own
    ("SeedVR2", "Video restoration with diffusion is slow. In this work, we present a one-step diffusion-based video"
                " restoration model trained with adversarial post-training. On real-world benchmarks SeedVR2 matches"
                " multi-step models.", "SeedVR2: One-step diffusion-based video restoration model"),
    ("OmniNet", "Omni-modal models are hard to build. We identify the key innovations behind strong omni-modal"
                " understanding. OmniNet reaches the best score on six benchmarks.", "OmniNet"),
    ("GAMMA", "We propose a framework that pairs fine-grained anonymization (GAMMA) with a fast optimizer. GAMMA"
              " leaks less.", "GAMMA"),  # (a part of what is proposed)
    # what the abstract finds, or a phrase of another clause, says nothing of what the name is
    ("e3", "Test-time scaling helps. Surprisingly, we find that most existing reasoning models do not extrapolate well."
           " We identify three key ingredients as part of our recipe e3.", "e3"),
    ("Token Distillation", "In this paper, we propose Token Distillation and show that it learns embeddings for new"
                           " tokens quickly. Experimental results with a wide range of open-weight models show that"
                           " Token Distillation outperforms strong baselines.", "Token Distillation"),
    # a cut never leaves a phrase that needs its "of" or "on" ("with a focus")
    ("VenusX", "This study introduces VenusX, the first benchmark designed to assess protein representation learning"
               " with a focus on fine-grained intra-protein functional understanding.",
     "VenusX: Assessing protein representation learning"),
    # a list of adjectives before a capitalised noun; what a thing performs; what it leverages something to do
    ("WebArbiter", "To address these challenges, we introduce WebArbiter, a reasoning-first, principle-inducing WebPRM"
                   " that formulates reward modeling as text generation.", "WebArbiter: Reasoning-first, principle-inducing WebPRM"),
    ("PRPO", "To address the training challenge, we propose PRPO, which performs parallel optimization across reward"
             " dimensions, disentangling conflicts.", "PRPO: Performing parallel optimization across reward dimensions"),
    ("PRPO", "To address the training challenge, we propose PRPO, which performs well across reward dimensions.", "PRPO"),
    ("GeoDiv", "We introduce GeoDiv, a framework leveraging large language and vision-language models to assess"
               " geographical diversity along two complementary axes: the index.",
     "GeoDiv: Assessing geographical diversity along two complementary axes"),
    # two verbs leave less room for their object, cut before a preposition ("at" too)
    ("TripleSumm", "We propose a novel architecture, TripleSumm, which adaptively weights and fuses the contributions of"
                   " the three modalities at the frame level.", "TripleSumm: Weighting and fusing the contributions of"
                                                                " the three modalities"),
    # an appositive that lost its comma; a list of adjectives, and one more after "and"; what an initiative is to do
    ("EHR-ChatQA", "To address this, we introduce EHR-ChatQA an interactive database question answering benchmark that"
                   " evaluates agents.", "EHR-ChatQA: Interactive database question answering benchmark"),
    ("RMT", "To address these challenges, we propose RMT, a framework for efficient, adaptive, and unified reinforcement"
            " mid-training with various innovative components.",
     "RMT: Framework for efficient, adaptive, and unified reinforcement mid-training"),
    ("OmniVinci", "We introduce OmniVinci, an initiative to build a strong, open-source, omni-modal LLM. We study it.",
     "OmniVinci: Building a strong, open-source, omni-modal LLM"),
    # capitals that mark an acronym's letters inside words go, where the abstract writes the word without them
    ("U-MARVEL", "We present U-MARVEL (Universal MultimodAl RetrieVal via Embedding Learning). It improves retrieval"
                 " of multimodal data.", "U-MARVEL: Universal Multimodal Retrieval via Embedding Learning"),
    ("LEGACY", "We present a Lightweight Efficient Gradient Compression strategyY or LEGACY for TO models; as a strategy,"
               " it adapts.", "LEGACY: Lightweight Efficient Gradient Compression strategy"),
    ("Nar-KFC", "We propose Nar-KFC (Narrating KeyFrames Capturing) for video QA.", "Nar-KFC: Narrating KeyFrames Capturing"),
    # a quoted expansion; no filler left of "simple but effective"
    ("PDT", "In this paper, we propose the so-called \"predictive differential training\" (PDT) for accelerated learning.",
     "PDT: Predictive differential training"),
    ("KeepLoRA", "This paper presents a simple but effective approach called KeepLoRA to effectively balance these"
                 " objectives.", "KeepLoRA"),
    # a kind of thing and what it is built on or dedicated to; not a bare idea
    ("VL-JEPA", "We introduce VL-JEPA, a vision-language model built on a Joint Embedding Predictive Architecture (JEPA)."
                " It predicts embeddings.", "VL-JEPA: Vision-language model built on a Joint Embedding Predictive Architecture"),
    ("UWBench", "We introduce UWBench, the first open-source benchmark dedicated to the principled evaluation of unbiased"
                " watermarking methods.", "UWBench: Open-source benchmark dedicated to the principled evaluation of"
                                          " unbiased watermarking methods"),
    ("Self-Harmony", "We propose Self-Harmony, a framework built on a simple intuition. It works.", "Self-Harmony"),
    # what a thing is able to do, or learns to do, is what it does
    ("MLP Memory", "In this work, we propose MLP Memory, a lightweight parametric module that learns to internalize"
                   " retrieval patterns without explicit document access.",
     "MLP Memory: Internalizing retrieval patterns without explicit document access"),
    ("Daze", "We propose a new attack, Daze, which is able to reliably and stealthily implant backdoors into RL agents.",
     "Daze: Implanting backdoors into RL agents"),
    # a description cut before what points back; what a name does, after a dash
    ("BLIND-ACT", "We develop BLIND-ACT, a benchmark of 90 tasks capturing these three patterns. Built on OSWorld,"
                  " BLIND-ACT provides realistic environments.", "BLIND-ACT: Benchmark of 90 tasks"),
    ("AbstRaL", "Our method, AbstRaL—which promotes abstract reasoning in LLMs using RL on granular abstraction data—"
                "significantly mitigates performance degradation.", "AbstRaL: Promoting abstract reasoning in LLMs"),
    # what it enables, cut at "during"; an object of one hyphenated word
    ("Hierarchical Balancing Optimization",
     "We introduce Hierarchical Balancing Optimization (HBO), a novel method that enables LLMs to autonomously"
     " adjust data allocation during fine-tuning both across datasets (globally) and within each individual"
     " dataset (locally).", "Hierarchical Balancing Optimization: Enabling LLMs to autonomously adjust data allocation"),
    ("PromptHub", "To overcome this deficiency, we introduce PromptHub, a framework that holistically strengthens"
                  " multi-prompting through locality-aware fusion, concentration and alignment.",
     "PromptHub: Strengthening multi-prompting"),
    # an acronym written after its long form without brackets; but "Malenia NIGT" spells no "NIGT and Malenia"
    ("MACI", "Our method, Multi-LLM Adaptive Conformal Inference MACI, leverages ensembles to produce more accurate"
             " factuality scores.", "MACI: Multi-LLM Adaptive Conformal Inference"),
    ("NIGT", "We introduce two new algorithms, Rennala NIGT and Malenia NIGT, which implement asynchronous policy"
             " gradient aggregation.", "NIGT"),
])
def test_name_titles(name, text, want):
    assert make_title(None, name, text, []) == want


def test_a_coined_name_the_abstract_says_nothing_of_gets_its_tags_topic():
    """'We introduce a novel framework, DECS, built on ...': nothing says what DECS is, so the title says what the
    paper is about (its first two tags of more than one word, none holding the name), not "DECS" alone; a name of
    several words says enough; without such tags the name stands alone."""
    text = ("In this work, we introduce a novel framework, DECS, built on our theoretical discovery of two flaws in "
            "current length rewards. Experiments show DECS can achieve a reduction in reasoning tokens by over 50%.")
    tags = ["reinforcement learning", "reasoning", "reasoning efficiency", "DECS rewards", "verifiable rewards"]
    assert make_title(None, "DECS", text, tags) == "DECS: Reinforcement learning and reasoning efficiency"
    assert make_title(None, "DECS", text, ["reasoning", "tokens"]) == "DECS"
    assert make_title(None, "Rennala NIGT", "We introduce Rennala NIGT, which implements aggregation.", tags) == \
        "Rennala NIGT"


def test_an_acronym_after_the_opening_subject_ends_it():
    """'Large language models (LLMs) acquire ...': the subject, not the sentence, is the fallback title."""
    text = "Large language models (LLMs) acquire extensive prior knowledge during pretraining. We study fine-tuning."
    assert make_title(None, None, text, ["reinforcement learning", "supervised fine-tuning"]) == \
        "Large language models: reinforcement learning and supervised fine-tuning"


def test_gerunds():
    from generator.enrich.titles import _gerund
    third = "maps edits models unifies processes combines frees detects steers plans leverages".split()
    assert [_gerund(v, True) for v in third] == ["mapping", "editing", "modeling", "unifying", "processing",
                                                 "combining", "freeing", "detecting", "steering", "planning",
                                                 "leveraging"]
    assert [_gerund(v, False) for v in ("stimulate", "map", "learn", "tie")] == ["stimulating", "mapping", "learning",
                                                                                "tying"]


def test_key_phrase_titles_are_complete_phrases():
    text = ("Scaling laws describe how performance improves with data. We study this phenomenon in a canonical model."
            " We propose a spectral method for graph clustering that scales to billions of edges.")
    assert make_title(None, None, text, []) == "Spectral method for graph clustering"  # not the anaphoric "this phenomenon"
    assert make_title(None, None, "Retrieval helps. We propose a framework that unifies retrieval and generation for"
                      " open-domain QA.", []) == "Unifying retrieval and generation for open-domain QA"
    # no statement of its own: the topic the abstract opens with, up to its verb, no dangling number or dash
    assert make_title(None, None, "Test-time scaling aims to improve reasoning. Results are mixed.", []) \
        == "Test-time scaling"
    assert make_title(None, None, "-Gaussian certifiability is studied here.", []) == "Gaussian certifiability"
    assert make_title(None, None, "Inference-time control in diffusion models—adapting generated outputs—is hard."
                      " Results follow.", []) == "Inference-time control in diffusion models"  # an em dash breaks
    assert make_title(None, None, "Reasoning is not just about solving problems---it is also about evaluating which"
                      " solutions are correct.", []) == "Reasoning is not just about solving problems"
    assert make_title(None, None, "We introduce ε-Gaussian certifiability, a notion.", []) == "ε-Gaussian certifiability"
    assert make_title(None, None, "“Trajectory trees” are a tool. It works.", []) == "Trajectory trees"  # no stray quote
    # a second verb ("define and operationalize"), an aside ("as a corollary"), a clause ("for how ...")
    assert make_title(None, None, "Data leaks. We present a framework to formally define and operationalize data"
                      " minimization: for a prompt, the least revealing disclosure.", []) == \
        "Defining and operationalizing data minimization"
    assert make_title(None, None, "Margins matter. We derive as a corollary a law of robustness for classification"
                      " that extends earlier results.", []) == "Law of robustness for classification"
    # a short key phrase with what its relative clause says it does
    assert make_title(None, None, "Scale matters. We introduce small language models that access large hierarchical"
                      " parametric memory banks. They work.", []) == \
        "Small language models accessing large hierarchical parametric memory banks"
    assert make_title(None, None, "Policies drift. We propose a tractable computational framework that tracks and"
                      " leverages curvature information during policy updates.", []) == \
        "Tractable computational framework tracking and leveraging curvature information during policy updates"
    # a finding or a limitation is what a paper reports, not what it is about
    assert make_title(None, None, "We identify a critical limitation. We propose a spectral method for graph"
                      " clustering.", []) == "Spectral method for graph clustering"
    assert make_title(None, None, "We study the model’s “inner voice”, a signal.", []) == "Model’s “inner voice”"
    assert make_title(None, None, "Although diffusion models are strong, sampling is slow. Results follow.", []) \
        == "Diffusion models"
    assert make_title(None, None, "Animation of humanoid characters is hard. Results follow.", []) \
        == "Animation of humanoid characters"  # (the article "A" is a word, not a letter of the next one)
    assert make_title(None, None, "We study theoretical analysis of two. It holds.", []) == "Theoretical analysis"
    # what the paper reports is not what it is about: not "Main findings"
    assert make_title(None, None, "Compression methods improve the efficiency of reasoning models. With empirical"
                      " verification, we present three main findings that generalize across models.", []) \
        == "Compression methods"
    for p in read_seeds(SEEDS):
        title = make_title(None, extract_name(p.abstract_md), p.plain_text, [])
        last = title.split()[-1].lower()
        assert last not in ("a", "an", "the", "of", "and", "with", "for", "to", "in"), title


@pytest.mark.parametrize("raw, want", [
    # a title is never marks only: not "::" of a mkdocstrings directive left in a dump
    ("::: generator.cli mkdocstrings directive and a list of things. Documentation sites render such directives"
     " in many ways. Results across twelve sites follow.",
     "generator.cli mkdocstrings directive and a list of things"),
    # a URL is a unit: its ":" cuts no phrase ("Bare URL https"), a phrase stops before it ("Code at https")
    ("Bare URL https://en.wikipedia.org/wiki/Foo_(bar) is where the definition lives. Links are rendered in many"
     " ways. Results across twelve sites follow.", "Bare URL"),
    (r"We release code at \url{https://github.com/x/y}.", "We release code"),
    ("Learning text representations is fundamental. Pretraining choices differ across encoders. We release all"
     " project artifacts at https://hf.co/MLMvsCLM to foster further research.", "Learning text representations"),
    # no stray mark an HTML remnant left ("Hidden <")
    ("Hidden <!-- x --> text is a problem for converters. Comments are stripped in many ways. Results across"
     " twelve sites follow.", None),
])
def test_titles_are_words_not_marks_or_cut_urls(raw, want):
    import re
    p = paper_from_text(raw)
    title = make_title(None, extract_name(p.abstract_md), p.plain_text, [])
    assert re.search(r"[^\W\d_]", title) and not re.search(r"https?$|://", title) and title[-1].isalnum(), title
    assert want is None or title == want


# --- tags: technical noun phrases, not generic words, verbs or fragments ------------------------------

def test_tag_worthiness():
    from generator.enrich.tags import _tag_worthy
    for good in ("diffusion model", "reinforcement learning", "test-time scaling", "language model", "flow matching",
                 "plasticity"):
        assert _tag_worthy(good), good
    for bad in ("accurate", "image", "frame", "model", "ensures sufficient", "algorithms require", "high-quality",
                "small fraction", "demonstrated proficiency", "semantic", "deep neural", "helps image",
                "notion", "manner", "literature", "requirement", "reference", "innovation",
                "two-stage framework", "training-free framework", "real-world dataset", "project page", "final answer",
                "orders magnitude", "percentage point", "negligible overhead", "experimental evaluation",
                "architectural changes", "high-fidelity", "desirable properties"):
        assert not _tag_worthy(bad), bad


def test_tags_prefer_phrases_and_drop_their_words():
    from generator.enrich.tags import assign_tags
    from generator.enrich.vectors import build_corpus
    texts = [f"We study flow matching for {w} generation. Flow matching with diffusion models helps {w} tasks."
             for w in ("image", "video", "audio", "molecule", "protein", "text")] * 4
    X, terms = build_corpus(texts).tfidf(min_df=2, max_df=1.0)
    tags, _ = assign_tags(X, terms, texts, 5)
    assert all("flow matching" in t for t in tags)
    assert not any("flow" in t or "matching" in t or "helps" in " ".join(t) for t in tags), tags


def test_verbs_and_rhetoric_make_no_tag():
    """A verb (by how the corpus uses it) or an abstract's rhetoric is in no tag: "findings highlight",
    "enhances reasoning", "llms excel", "urgent need"; nouns the corpus also uses as verbs stay."""
    from generator.enrich.tags import _tag_keys, verb_words
    texts = ["We highlight that models can generate text and we enhance reasoning. The model learns to learn.",
             "These findings highlight it; which enhances reasoning. LLMs excel, and we model the data.",
             "We study the support of the model and a diffusion model; this enhances it.",
             "Models can excel; they highlight an urgent need and the design of a world model.",
             "It is simpler than a simple baseline and has more statistical power than it."] * 30
    verbs, verb_only = verb_words(texts)
    assert {"highlight", "enhance", "enhances", "generate", "excel", "simpler"} <= verb_only  # (and comparatives)
    assert "power" not in verb_only  # ("power than": no adjective "pow" or "powe")
    assert "model" in verbs and not {"model", "support", "design"} & verb_only  # nouns too ("the model")
    terms = ["findings highlight", "enhances reasoning", "llms excel", "urgent need", "diffusion model",
             "world model", "reasoning", "central role", "valuable insights", "agents learn"]
    keys, col_key = _tag_keys(terms, [5] * len(terms), {}, (verbs, verb_only), 100)
    assert set(keys) == {"diffusion model", "world model", "reasoning"}


def test_tag_spellings_are_phrases_not_coordinations_or_cut_phrases():
    from generator.enrich.tags import surface_forms
    texts = ["We pair image and text. The curse of dimensionality bites; the distribution of model outputs shifts.",
             "Image and text again, and image-text pairs; the curse of dimensionality; distribution of model logits.",
             "Flow matching and the chain of thought (CoT) help."]
    keys = ["image text", "curse dimensionality", "distribution model", "chain thought", "flow matching"]
    got = surface_forms(keys, texts, [[0, 1], [0, 1], [0, 1], [2], [2]])
    assert got == {"image text": None, "curse dimensionality": "curse of dimensionality",
                   "distribution model": None, "chain thought": "chain of thought", "flow matching": "flow matching"}


def test_a_tag_gets_the_word_the_abstracts_always_write_before_it():
    from generator.enrich.tags import _preceded
    texts = ["We train with group relative policy optimization; novel view synthesis and a novel two-stage framework.",
             "Group relative policy optimization (GRPO) helps novel view synthesis; a novel two-stage framework.",
             "Trust region policy optimization and proximal policy optimization differ in novel view synthesis."]
    low: dict[int, str] = {}
    assert _preceded("relative policy optimization", texts, [0, 1, 2], low) == "group relative policy optimization"
    assert _preceded("view synthesis", texts, [0, 1, 2], low) == "novel view synthesis"
    assert _preceded("two-stage framework", texts, [0, 1], low) == "two-stage framework"  # ("novel" says nothing)
    assert _preceded("policy optimization", texts, [0, 1, 2], low) == "policy optimization"  # (relative, region ...)
    assert _preceded("acyclic graph", ["A directed acyclic graph.", "Any directed acyclic graph."], [0, 1], {}) \
        == "directed acyclic graph"


def test_group_labels_skip_verbs_rhetoric_and_an_acronym_beside_its_long_form():
    from generator.enrich.tags import TagModel
    model = TagModel(np.zeros(0, np.int64), [], np.zeros(0), {}, 5, frozenset({"consume"}),
                     {"sft": "supervised fine-tuning", "t2i": "text-to-image"})
    assert [t for t in ("fine-tuning sft", "text-to-image t2i", "consume", "urgent need", "safety", "flow matching",
                        "sft checkpoints", "image editing") if model.label_ok(t)] == ["safety", "flow matching", "sft checkpoints",
                                                                               "image editing"]
    # nor, in one label, an acronym and its long form as two of its terms ("MARL, multi-agent reinforcement learning")
    from generator.enrich.text import distinct_terms
    model = TagModel(np.zeros(0, np.int64), [], np.zeros(0), {}, 5, frozenset(),
                     {"marl": "multi-agent reinforcement learning", "rl": "reinforcement learning",
                      "rlvr": "reinforcement learning with verifiable reward"})
    assert distinct_terms(["marl", "multi-agent reinforcement learning", "offline rl", "offline reinforcement learning",
                           "coordination"], 3, model.spelled_out) == ["marl", "offline rl", "coordination"]
    assert distinct_terms(["rlvr", "verifiable rewards", "reasoning"], 2, model.spelled_out) == ["rlvr", "reasoning"]


def test_tags_are_spelled_as_the_abstracts_spell_them():
    from generator.enrich.tags import assign_tags
    from generator.enrich.vectors import build_corpus
    texts = [f"Markov decision processes model {w} robots. We solve each Markov decision process with a "
             f"Gaussian mixture policy, as generative AI does for {w} scenes." for w in
             ("kitchen", "farm", "road", "drone", "warehouse", "hospital")] * 4
    X, terms = build_corpus(texts).tfidf(min_df=2, max_df=1.0)
    tags, _ = assign_tags(X, terms, texts, 5)
    shown = {t for ts in tags for t in ts}
    assert "Gaussian mixture policy" in shown and any(t.startswith("Markov decision") for t in shown), shown
    assert not [t for t in shown if "markov" in t or "gaussian" in t], shown  # (lowercased words only at sentence starts)


def _mention_texts():
    names = ["ProtoKV", "Gaia2", "LoRA-Pre", None, "FlexiCodec", "Gaia2 Lite"]
    texts = ["We introduce ProtoKV, a cache for long contexts; unlike LoRA-Pre it keeps every head.",
             "Gaia2 is a benchmark of agents. ProtoKV-style caches (not ProtoKV itself) help.",
             "LoRA-Pre pre-trains low-rank adapters; we evaluate on Gaia2 Lite and Gaia2.",
             "A study of FlexiCodec, ProtoKV and LoRA-Pre, and of pre-LoRA-Pre methods.",
             "FlexiCodec compresses speech.",
             "Gaia2 Lite is a smaller Gaia2."]
    return names, texts, [f"id{i}" for i in range(len(names))]


def test_mentions_link_whole_names_of_other_papers():
    from generator.enrich.related import mentions
    names, texts, ids = _mention_texts()
    out = mentions(names, texts, ids)
    assert out[0] == ["id2"]  # LoRA-Pre; its own name is no mention
    assert out[1] == ["id0"]  # ProtoKV (at the end; "ProtoKV-style" is no whole word)
    assert out[2] == ["id1", "id5"]
    assert out[3] == ["id0", "id2", "id4"]
    assert out[5] == ["id1"]


def test_a_name_that_is_an_ordinary_word_links_no_paper():
    """A paper wrongly named "Navigation" is not mentioned by every abstract on vision-and-language Navigation:
    more texts write the word in any case (df) than write it as a name; a coined name ("Gaia2"), or one that
    the texts write only as a name ("Muddit"), still links."""
    from generator.enrich.related import mentions
    names = ["Navigation", "Muddit", "Gaia2", None, None]
    texts = ["We study Navigation agents.", "We introduce Muddit, a diffusion model.",
             "Gaia2 is a benchmark of agents.", "Vision-and-Language Navigation, unlike Muddit, tests Gaia2.",
             "Robot navigation and navigation maps."]
    df = {"navigation": 5, "muddit": 2, "gaia2": 2}.get  # (as a corpus would count them)
    assert mentions(names, texts, ["n", "m", "g", "x", "y"], df=lambda w: df(w, 0)) == [[], [], [], ["g", "m"], []]
    assert mentions(names, texts, ["n", "m", "g", "x", "y"])[3] == ["g", "m", "n"]  # (without word counts: every name)


def test_mentions_memo_gives_what_a_full_search_gives(tmp_path):
    """Builds with a memo (names added, a name made ambiguous, a paper and its name gone, a new text)
    give the memo-less result each time; the memo is saved and read back between builds, as in a build."""
    from generator.cache import Cache
    from generator.enrich.related import mentions
    names, texts, ids = _mention_texts()
    builds = [
        (names[:3] + [None] * 3, texts, ids),  # FlexiCodec and Gaia2 Lite not yet named
        (names, texts, ids),  # ...now they are: found in texts the memo had searched before
        (names + ["ProtoKV"], texts + ["ProtoKV again, from another group."], ids + ["id6"]),  # ProtoKV: two papers
        ([n for i, n in enumerate(names) if i != 4], [t for i, t in enumerate(texts) if i != 4],
         [x for i, x in enumerate(ids) if i != 4]),  # FlexiCodec's paper gone
    ]
    for b, (ns, ts, xs) in enumerate(builds):
        cache = Cache(tmp_path / "cache")
        got = mentions(ns, ts, xs, cache.table("mentions"))
        cache.save()
        assert got == mentions(ns, ts, xs), b
    assert got[3] == ["id0", "id2"] and got[4] == ["id1"]  # (the papers after the gone one moved up)
    assert Cache(tmp_path / "cache").table("mentions").get("names found in each text")["names"]
    # a build passes the keys normalize made for the near-duplicate check: the very keys mentions makes
    from generator.model import Paper
    from generator.normalize import text_keys
    keys = text_keys([Paper(x, x, "c", t, t, t, t) for x, t in zip(xs, ts)])
    from generator.cache import memo_key
    assert keys == [memo_key(t) for t in ts]
    assert mentions(ns, ts, xs, Cache(tmp_path / "cache").table("mentions"), keys) == mentions(ns, ts, xs)


def test_subtopic_label_terms_as_the_abstracts_write_them():
    from generator.enrich.topics import _as_written
    texts = ["We study reinforcement learning for agents. SFT and reinforcement learning are combined.",
             "Offline reinforcement learning from logs; reinforcement learning is hard.",
             "Rotary position embedding and reasoning, then reasoning chains."]
    # completed where the abstracts nearly always go on; a pair joined across "and" is dropped
    assert _as_written([0, 1, 2], ["reinforcement", "sft reinforcement", "reasoning"], texts) == \
        ["reinforcement learning", "reasoning"]


def test_subtopic_labels_spelled_as_any_of_their_papers_writes_them(monkeypatch):
    """A label word the sampled abstracts never write is read in every paper of its sub-topic ("Langevin")."""
    from types import SimpleNamespace
    from generator.enrich import topics
    monkeypatch.setattr(topics, "SPELLING_SAMPLE", 2)
    monkeypatch.setattr(topics, "SPELLING_GENERAL", 0)
    texts = ["We sample with care.", "A Bayesian sampler.", "Bayesian posteriors.", "We use annealed Langevin dynamics."]
    papers = [SimpleNamespace(subtopic="sampling, bayesian, langevin") for _ in texts]
    model = SimpleNamespace(labels=["sampling, bayesian, langevin"])
    topics.spell_labels(papers, [model], texts)
    assert model.labels == ["sampling, Bayesian, Langevin"] and papers[3].subtopic == model.labels[0]


def test_a_verbs_ing_form_names_no_topic():
    """"hindering" of "which hinders" is no label or tag alone; an -ing noun ("merging", "forgetting") is."""
    from generator.enrich.tags import TagModel, verb_gerund
    verb_only = frozenset({"hinder", "enable", "plan"})
    assert verb_gerund("hindering", verb_only) and verb_gerund("enabling", verb_only)
    assert not verb_gerund("merging", verb_only) and not verb_gerund("forgetting", verb_only)
    assert not verb_gerund("planning", verb_only)  # (ING_NOUNS: a field's name)
    model = TagModel(np.zeros(0, np.int64), [], np.zeros(0), {}, 5, verb_only)
    assert not model.label_ok("hindering") and model.label_ok("merging")


def test_related_papers_share_terms_as_the_abstracts_write_them():
    from generator.enrich.related import _AsWritten
    texts = ["Multimodal large language models (MLLMs) are trained with Group Relative Policy Optimization; "
             "group relative policy optimization is stable.",
             "We study multimodal models (MLLMs) and group relative policy optimization (GRPO)."]
    written = _AsWritten(texts)
    assert written("models mllms", 0, 1) is None  # joined across a parenthesis by the tokenizer
    assert written("group relative", 0, 1) == "group relative policy optimization"
    assert written("policy", 0, 1) == "policy"


def test_words_that_drove_a_category_are_words_the_abstract_writes():
    import numpy as np
    from generator.enrich.categories import explain_rows, load_model
    from generator.enrich.vectors import build_corpus
    model = load_model()
    text = ("Robots need touch. To fill this gap, we introduce a benchmark of tactile data, and we introduce"
            " baselines; this gap matters for manipulation benchmarks.")
    X = model.features(build_corpus([text]).select(model.terms))
    area = model.classes[int(np.asarray(model.scores(X)).argmax())]
    assert "gap introduce" in explain_rows(X, model, [area], k=30)[0]  # a pair the tokenizer joined
    shown = explain_rows(X, model, [area], k=30, texts=[text])[0]
    assert "gap introduce" not in shown and all(" " not in t or t in text.lower() for t in shown)


def test_overlapping_pairs_of_words_that_drove_a_category_are_one_phrase():
    from generator.enrich.categories import _joined
    text = "multimodal large language models (mllms) and large language models reason."
    assert _joined(["multimodal large", "reasoning", "large language", "language models"], text) == \
        ["multimodal large language models", "reasoning"]
    assert _joined(["large language", "language models"], "large language. language models") == \
        ["large language", "language models"]  # (not written as one phrase)


def test_titled_name_is_a_given_titles_head_the_abstract_writes():
    from generator.enrich.names import titled_name
    text = "We present FaSTA*, a toolpath agent. FaSTA* plans with **Gaia2** and Sparse CLIP. Position matters."
    assert titled_name("FaSTA*: Fast-Slow Toolpath Agent", text) == "FaSTA*"
    assert titled_name("Sparse CLIP: Co-Optimizing Interpretability", text) == "Sparse CLIP"
    assert titled_name("Position: Agents Need Care", text) is None  # (only where a sentence opens)
    assert titled_name("Gaia3: Another Benchmark", text) is None  # (the abstract does not write it)
    assert titled_name("A Study of Toolpath Agents and Their Many Plans: Why", text) is None  # (a phrase, not a name)
    assert titled_name("No colon in this title", text) is None and titled_name(None, text) is None
    raised = "We present A^2FM, a routed agent. The A²TG scene model renders faster."  # (plain text writes A$^2$FM flat)
    assert titled_name("A²FM: An Agent Model", raised) == "A^2FM" and titled_name("A²TG: Gaussians", raised) == "A²TG"

