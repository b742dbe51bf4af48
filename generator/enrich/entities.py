"""Named datasets, benchmarks and models mentioned in an abstract (CIFAR-10, COCO, Llama-3.1-8B...).

Two sources: a gazetteer of well-known names (exact, case-sensitive spellings), and name shapes
that only benchmarks and model releases have (XBench, X-Eval, XQA, family-version-size).
"""
from __future__ import annotations

import re
from collections import Counter

from .names import token_counts

KNOWN = """
MNIST Fashion-MNIST CIFAR-10 CIFAR-100 CIFAR-10-C CIFAR-100-C SVHN STL-10 CelebA CelebA-HQ FFHQ LSUN ImageNet ImageNet-1K
ImageNet-21K ImageNet-C ImageNet-R ImageNet-A ImageNet-Sketch Tiny-ImageNet COCO MS-COCO LVIS ADE20K Cityscapes 
KITTI nuScenes Waymo ScanNet ShapeNet Objaverse CLEVR Kinetics Kinetics-400 UCF101 HMDB51 Something-Something
Ego4D EPIC-KITCHENS DAVIS LAION LAION-5B LAION-400M CC3M CC12M Flickr30k WebVid MSR-VTT LibriSpeech LibriTTS AudioSet
VoxCeleb GLUE SuperGLUE SQuAD MMLU MMLU-Pro GSM8K MATH MATH500 MATH-500 AIME AIME24 AIME25 AMC AMC23 OlympiadBench
HumanEval HumanEval+ MBPP MBPP+ LiveCodeBench SWE-bench SWE-Bench CodeContests APPS BigCodeBench GPQA ARC ARC-AGI HellaSwag
WinoGrande PIQA BoolQ TriviaQA HotpotQA NaturalQuestions TruthfulQA BBH BIG-Bench MT-Bench AlpacaEval Arena-Hard
LongBench LongBench-v2 RULER InfiniteBench Needle-in-a-Haystack WikiText WikiText-103 C4 OpenWebText FineWeb
RedPajama Dolma SlimPajama ShareGPT UltraFeedback HH-RLHF Anthropic-HH AdvBench HarmBench JailbreakBench WildChat
MMMU MathVista MME MMBench SEED-Bench POPE ChartQA DocVQA TextVQA VQAv2 GQA OK-VQA ScienceQA Video-MME MVBench
EgoSchema ActivityNet Charades NExT-QA HumanoidBench D4RL MuJoCo Atari Procgen Meta-World LIBERO CALVIN RLBench
DMControl Minecraft ALFWorld WebShop WebArena OSWorld Mind2Web GAIA AgentBench BrowseComp tau-bench
OGB ogbn-arxiv ogbn-products Cora Citeseer PubMed QM9 ZINC MD17 PDBBind UCI ETTh1 ETTh2 ETTm1 ETTm2 Electricity Traffic
Weather M4 MIMIC-III MIMIC-IV
GPT-2 GPT-3 GPT-3.5 GPT-4 GPT-4o GPT-4o-mini GPT-4.1 GPT-5 o1 o3 o3-mini o4-mini ChatGPT Claude Gemini Gemini-2.5-Pro
BERT RoBERTa DeBERTa T5 Flan-T5 BART ELECTRA LLaMA Llama-2 Llama-3 Llama-3.1 Vicuna Alpaca Mistral Mixtral Gemma Gemma-2
Gemma-3 Phi-3 Phi-4 Qwen Qwen2 Qwen2.5 Qwen3 Qwen2-VL Qwen2.5-VL DeepSeek-R1 DeepSeek-V3 DeepSeek-Coder DeepSeekMath
OLMo Pythia Falcon BLOOM OPT CLIP SigLIP DINO DINOv2 DINOv3 MAE ViT ResNet ResNet-18 ResNet-50 ResNet-101 VGG-16
EfficientNet ConvNeXt Swin SAM SAM2 SDXL SD3 FLUX DALL-E Imagen Sora DiT SiT LLaVA LLaVA-1.5
LLaVA-NeXT InternVL InternVL2 BLIP-2 Flamingo Whisper HuBERT AlphaFold AlphaFold2 AlphaFold3 ESM-2 ESM2
Mamba Mamba2 RWKV AlexNet U-Net PointNet NeRF 3DGS
HMMT HMMT24 HMMT25 ScanNet++ Replica DeepBlending Mip-NeRF Mip-NeRF360 CounselChat Kimi-K2 Kimi-VL
"""
_KNOWN = sorted(set(KNOWN.split()), key=lambda k: (-len(k), k))
_MULTI = [k for k in ("Pascal VOC", "PASCAL VOC", "DeepMind Control Suite", "The Pile", "UK Biobank", "Stable Diffusion",
                      "SAM 2", "wav2vec 2.0", "Tanks and Temples", "Deep Blending", "Mip-NeRF 360")]
_FAMILIES = r"(?:Llama|LLaMA|Qwen|Gemma|Mistral|Mixtral|Phi|DeepSeek|GPT|OLMo|Pythia|Falcon|InternVL|LLaVA|Claude|Gemini|Vicuna|Yi|GLM|ChatGLM|Baichuan|SmolLM|MiniCPM|Aya|StarCoder|CodeLlama|Code Llama|Kimi)"
# a release written with spaces: "LLaMA 3" (Llama-3), "Claude-4 Sonnet", "Gemini 2.5 Pro" (Gemini-2.5 Pro)
_FAMILY_START = re.compile(_FAMILIES)
_SPACED = re.compile(rf"\b({_FAMILIES})(?:[-\s](\d(?:\.\d)?(?:-?\d+B)?))?(?:\s(Sonnet|Opus|Haiku|Pro|Flash|Ultra|Turbo))?(?![\w\-.%])")
_KNOWN_SET = frozenset(_KNOWN)
_SHAPE_TOKEN = re.compile(
    rf"{_FAMILIES}[\w.]*(?:-[\w.]+)*"                                    # Llama-3.1-8B-Instruct, Qwen2.5-7B
    r"|[A-Z][\w\-]*(?:Bench|Eval|QA|Arena|Gym|World)(?:-?[\w.]+)?")     # LongBench, HumanoidBench, WebQA
_ALIASES = {"MS-COCO": "COCO", "PASCAL VOC": "Pascal VOC", "SWE-Bench": "SWE-bench", "SAM 2": "SAM2", "ESM2": "ESM-2",
            "MATH-500": "MATH500"}
_FAMILY_SPELLINGS = {"LLaMA": "Llama"}  # one family, one spelling, with any version: LLaMA-2-7B is Llama-2-7B
# a family's version as its makers write it: Qwen2.5 and InternVL3 joined, Llama-3 and GPT-5 hyphenated ("Qwen-2.5",
# "Llama3" are the same models); a size in billions with a capital B ("Llama-3.2-1b" is Llama-3.2-1B)
_JOINED = {"Qwen": "", "InternVL": "", "Llama": "-", "GPT": "-", "Gemma": "-", "Gemini": "-", "Phi": "-", "Claude": "-",
           "OLMo": "-"}
_VERSION = re.compile(rf"^({'|'.join(_JOINED)})[-\s]?(?=\d)")
_SIZE = re.compile(r"(?<=-)(\d+(?:\.\d+)?)b(?=$|-)")


def _family_spelling(name: str) -> str:
    """"Qwen-2.5-14b-Instruct" -> "Qwen2.5-14B-Instruct", "Llama3.1-8B" -> "Llama-3.1-8B", "LLaMA-2" -> "Llama-2"."""
    for other, usual in _FAMILY_SPELLINGS.items():
        if name.startswith(other):
            name = usual + name[len(other):]
    m = _VERSION.match(name)
    if m:
        name = m.group(1) + _JOINED[m.group(1)] + name[m.end():]
    return _SIZE.sub(r"\1B", name)
_GENERIC = {"GPT", "Eval", "QA", "Bench", "World", "Gym", "Arena", "Phi", "Yi", "Weather", "Traffic", "Electricity", "MATH", "APPS", "ARC", "OPT", "AMC", "MAE", "SAM", "DiT"}
_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # every _SHAPE_TOKEN match starts with one of these
_TIMES = re.compile(r"×(\d[\w.]*(?:-[\w.]+)*)")
_NEED_CONTEXT = re.compile(r"\b(?:dataset|benchmark|model|on|using|with|including|such as|like|from)\b", re.I)


def extract_entities(text: str, own_name: str | None = None, tokens: Counter | None = None) -> list[str]:
    """Datasets, benchmarks and models named in text, in order of first mention (not the paper's own name).

    `tokens`: the abstract's token counts (names.analyze), to skip the regex scan when given."""
    text = text.replace("\\", "")
    toks = tokens if tokens is not None else token_counts(text)
    cands = [t for t in toks if t in _KNOWN_SET or (t[:1] in _UPPER and _SHAPE_TOKEN.fullmatch(t))]
    cands += [m for m in _MULTI if m in text]
    if any(_FAMILY_START.match(t) for t in cands):  # a release written with a space after its family's name
        cands += list(dict.fromkeys(m.group(0) for m in _SPACED.finditer(text)
                                    if m.group(3) or m.group(2) and m.group(0)[len(m.group(1))] == " "))
    found: dict[str, int] = {}
    for raw in cands:
        name = _family_spelling(_ALIASES.get(raw, raw).rstrip(".-"))
        pos = text.find(raw)
        times = _TIMES.match(text, pos + len(raw)) if raw[-1:].isdigit() and pos >= 0 else None
        if times:  # "Mixtral-8×7B": the tokenizer cut it at the ×, its makers write Mixtral-8x7B
            name += "x" + times.group(1).rstrip(".-")
        if name in _GENERIC and not _NEED_CONTEXT.search(text[max(0, pos - 25):max(pos, 0)]):
            continue
        if len(name) < 2 or name == own_name or (own_name and name.startswith(own_name + "-")):
            continue
        found.setdefault(name, pos if pos >= 0 else len(text))
    names = sorted(found, key=lambda n: (found[n], n))
    # drop a bare family when a versioned form is also present (Llama vs Llama-3.1-8B)
    return [n for n in names if not any(o != n and o.startswith(n) and o[len(n)] in "-.0123456789 " for o in names)]
