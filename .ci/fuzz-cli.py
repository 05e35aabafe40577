#!/usr/bin/env python3
"""Adversarial fuzz of the `bench` command line: a user's mistakes and hostile files.

    .ci/fuzz-cli.py .build/release/bench [--seed N] [--count N] [--jobs N] [--save DIR]

Runs COUNT inputs, each as a subprocess in a fresh temporary directory (its working directory,
so nothing is written into the repository), and checks every run:

- the exit status is 0, 1 or 2, and the process was not killed by a signal;
- exit 2 prints exactly one line on standard error and nothing on standard output;
- `bench layout` prints one JSON document on success (no NaN, no partial output), and exits 1
  only when strategies disagree, which only the mosaic sample's query may do;
- the run takes under --slow seconds (killed at --timeout) and its peak RSS stays under
  --max-rss-mb.

Inputs, by kind: mutated and structurally broken layout files (weird numbers, wrong types,
duplicate keys, deep nesting, huge counts, tens of MB, invalid UTF-8, BOM, trailing garbage,
standard input), random valid layouts through `--strategy all` (a differential check), updates
files, `--rect` values, and the flags of every subcommand. `bench run` and `bench compare
--against` always end with `--filter` matching no benchmark, and results files only name
benchmarks that do not exist, so no case ever starts a measurement.

Seeds come from Tests/Fixtures/FuzzSeeds (and Tests/Fixtures/Golden when present) plus
layouts generated here. Everything derives from --seed: the same seed runs the same inputs.
Failing inputs are saved under --save DIR with a repro.sh. Python 3 standard library only.
"""

import argparse
import copy
import json
import math
import os
import random
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SEED = 20251123
# No benchmark is named like this: `bench run` and `compare --against` end with it, so they
# always stop at "no benchmark matches" instead of measuring for minutes.
NO_MATCH = ["--filter", "^fuzz-no-benchmark-matches-this$"]
# Hard cap on a child's address space: a runaway allocation fails inside the child (and is
# reported) instead of exhausting a machine shared with other engineers.
ADDRESS_SPACE_LIMIT = 6 << 30


# ---------------------------------------------------------------------------------------------
# JSON with raw tokens: NaN, 1e999, 0x10, duplicate keys, escaped keys.


class Raw:
    """Text written into the document as is."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return f"Raw({self.text!r})"


class Dup:
    """An object written from (key, value) pairs, so keys may repeat; a Raw key is written as
    is (quotes included)."""

    def __init__(self, pairs):
        self.pairs = pairs


def dump(value, ascii_only=True):
    out = []
    _dump(value, out, ascii_only)
    return "".join(out).encode("utf-8", "surrogatepass")


def _dump(value, out, ascii_only):
    if isinstance(value, Raw):
        out.append(value.text)
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        if math.isnan(value):
            out.append("NaN")
        elif math.isinf(value):
            out.append("Infinity" if value > 0 else "-Infinity")
        else:
            out.append(repr(value))
    elif isinstance(value, str):
        out.append(json.dumps(value, ensure_ascii=ascii_only))
    elif isinstance(value, list):
        out.append("[")
        for index, element in enumerate(value):
            if index:
                out.append(", ")
            _dump(element, out, ascii_only)
        out.append("]")
    elif isinstance(value, (dict, Dup)):
        pairs = value.pairs if isinstance(value, Dup) else list(value.items())
        out.append("{")
        for index, (key, element) in enumerate(pairs):
            if index:
                out.append(", ")
            out.append(key.text if isinstance(key, Raw) else json.dumps(key, ensure_ascii=ascii_only))
            out.append(": ")
            _dump(element, out, ascii_only)
        out.append("}")
    else:
        raise TypeError(value)


def nested_list(depth, inner=1):
    value = inner
    for _ in range(depth):
        value = [value]
    return value


def deep_raw(depth, inner="1"):
    """`depth` nested arrays as text (too deep for the writer's recursion)."""
    return Raw("[" * depth + inner + "]" * depth)


WEIRD_NUMBERS = [
    Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("nan"), Raw("inf"), Raw("1e999"),
    Raw("-1e999"), 1e308, -1e308, Raw("1.7976931348623157e308"), Raw("-0"), Raw("-0.0"),
    Raw("0e-5"), Raw("1e-320"), Raw("-1e-320"), Raw("4.9e-324"), Raw("1e-400"), Raw("-1e-400"),
    Raw("2.2250738585072014e-308"), Raw("9" * 400), Raw("-" + "9" * 400), Raw("0." + "0" * 300 + "1"),
    2**63, 2**64, -(2**63), -(2**63) - 1, 2**53 + 1, 2147483647, 2147483648, -2147483649,
    4294967297, 1e9, 1e9 + 1, 1000000000.0001, 1e12, 1e12 + 1, -1e12 - 1, 1e15, 1e16, 1e7,
    10000000, 10000001, 9999999, 1e300, -1, -4, -0.5, 0, 1, 2, 3, 0.5, 1.5, 1e-9, 1 / 3,
    33.333333333333336, 1000, 1001, 1e3, Raw("1E+3"), Raw("0x10"), Raw("+1"), Raw(".5"),
    Raw("1."), Raw("01"), Raw("1e"), Raw("--1"), Raw("1_000"), Raw("\u0661"), Raw("1e+"),
    Raw("- 1"), Raw("0.0e0"), Raw("1E-0"),
]

WEIRD_VALUES = WEIRD_NUMBERS + [
    None, True, False, "", "x", "automatic", "vertical", "horizontal", "rightToLeft",
    "leftToRight", "fromSafeArea", "fromLayoutMargins", "fromContentInset", "mosaic",
    "columnFlow", "flow", "\u0000", "a\nb", "\u2028", "\U0001F600", "\ud800", "\x7f",
    "1", "NaN", [], {}, [1], [1, 2], [1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5], [-1, -1],
    [Raw("NaN"), 1], [1, Raw("1e999")], [[1, 2]], ["1", "2"], [None, None], [True, False],
    [1e9, 1e9], [1e9 + 1, 1], [0, 0], [0, 0, 0, 0], [1e9, 1e9, 1e9, 1e9], {"items": 1},
    {"items": Raw("1e9")}, deep_raw(600), deep_raw(511), deep_raw(510), nested_list(40, [1, 2]),
    Dup([("a", 1), ("a", 2)]),
]

LAYOUT_KEYS = [
    "collectionView", "layout", "sections", "size", "contentOffset", "contentInset",
    "safeAreaInsets", "layoutMargins", "scale", "layoutDirection", "kind", "scrollDirection",
    "itemSize", "estimatedItemSize", "minimumLineSpacing", "minimumInteritemSpacing",
    "sectionInset", "headerReferenceSize", "footerReferenceSize",
    "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
    "sectionInsetReference", "items", "itemSizes", "minimumColumnWidth", "cellHeight",
]

NEAR_MISS_KEYS = [
    "item", "Items", "items ", " items", "\u00edtems", "itemsize", "Size", "", "\u0000",
    "section", "sections\u0000", "a" * 300, "\ud800", "\U0001F600", "collectionview",
]


def walk(value, path=()):
    """Every (path, node) of a tree, the root first."""
    yield path, value
    if isinstance(value, list):
        for index, element in enumerate(value):
            yield from walk(element, path + (index,))
    elif isinstance(value, dict):
        for key, element in value.items():
            yield from walk(element, path + (key,))


def get(tree, path):
    for step in path:
        tree = tree[step]
    return tree


def put(tree, path, value):
    if not path:
        return value
    get(tree, path[:-1])[path[-1]] = value
    return tree


def mutate_tree(r, tree, keys=LAYOUT_KEYS, values=WEIRD_VALUES, numbers=WEIRD_NUMBERS):
    """One random structural mutation of a JSON tree (dicts, lists, scalars)."""
    tree = copy.deepcopy(tree)
    nodes = list(walk(tree))
    path, node = r.choice(nodes)
    numeric = [(p, n) for p, n in nodes if isinstance(n, (int, float)) and not isinstance(n, bool)]
    op = r.randrange(12)
    if op <= 2 and numeric:
        # Most of the interesting values are numbers: replace one.
        path, _ = r.choice(numeric)
        return put(tree, path, r.choice(numbers))
    if op == 3:
        return put(tree, path, r.choice(values))
    if op == 4 and isinstance(node, dict) and node:
        del node[r.choice(list(node))]
        return tree
    if op == 5 and isinstance(node, dict):
        node[r.choice(keys + NEAR_MISS_KEYS)] = r.choice(values)
        return tree
    if op == 6 and isinstance(node, dict) and node:
        # A duplicate key, or one spelled with an escape that reads the same.
        pairs = list(node.items())
        key, element = r.choice(pairs)
        if r.random() < 0.5:
            pairs.insert(r.randrange(len(pairs) + 1), (key, r.choice([element, r.choice(values)])))
        else:
            escaped = "".join(f"\\u{ord(c):04x}" if i == 0 else c for i, c in enumerate(key))
            pairs.append((Raw(f'"{escaped}"'), element))
        return put(tree, path, Dup(pairs))
    if op == 7 and isinstance(node, list):
        if node and r.random() < 0.5:
            del node[r.randrange(len(node))]
        else:
            node.insert(r.randrange(len(node) + 1), copy.deepcopy(r.choice(node)) if node else 1)
        return tree
    if op == 8 and isinstance(node, list) and node:
        return put(tree, path, node * r.choice([2, 3, 50]))
    if op == 9 and path:
        # Wrap in an array or an object: a right value in the wrong shape.
        return put(tree, path, r.choice([[node], {"value": node}, nested_list(r.randrange(1, 5), node)]))
    if op == 10 and isinstance(tree, dict):
        layout = tree.get("layout")
        if not isinstance(layout, dict):
            layout = tree["layout"] = {}
        layout["kind"] = r.choice(["mosaic", "columnFlow", "flow", "Mosaic", 1, None])
        return tree
    if numeric:
        path, value = r.choice(numeric)
        return put(tree, path, r.choice([-value, value * 1e6, value + 0.5, value * 1e300, 0]))
    return put(tree, path, r.choice(values))


def mutate_bytes(r, data):
    """One byte-level mutation: flips, invalid UTF-8, truncation, BOM, NUL, garbage."""
    data = bytearray(data)
    op = r.randrange(11)
    at = r.randrange(len(data) + 1)
    if op == 0 and data:
        data[min(at, len(data) - 1)] ^= 1 << r.randrange(8)
    elif op == 1:
        data[at:at] = r.choice(
            [b"\xff", b"\xfe", b"\x80", b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80",
             b"\xf4\x90\x80\x80", b"\xf0\x9f\x98", b"\xc3", b"\xef\xbb\xbf", b"\x00"])
    elif op == 2:
        del data[at:]
    elif op == 3:
        data[0:0] = b"\xef\xbb\xbf"
    elif op == 4:
        data += r.choice([b"x", b"}", b"]", b"\x00", b"{}", b" 1", b"\n\n//", b",", b"\xff",
                          b"\xef\xbb\xbf", b"null"])
    elif op == 5 and data:
        end = min(len(data), at + r.randrange(1, 40))
        del data[at:end]
    elif op == 6 and data:
        end = min(len(data), at + r.randrange(1, 80))
        data[at:at] = data[at:end] * r.randrange(1, 4)
    elif op == 7:
        data[at:at] = bytes(r.randrange(256) for _ in range(r.randrange(1, 6)))
    elif op == 8:
        data = data.replace(b"\n", b"\r\n") if r.random() < 0.5 else data.replace(b" ", b"\t")
    elif op == 9 and data:
        # A digit becomes something else.
        digits = [i for i, b in enumerate(data) if 0x30 <= b <= 0x39]
        if digits:
            i = r.choice(digits)
            data[i:i + 1] = r.choice([b"e", b".", b"-", b"x", b"9" * 30, b"1e400", b"\x00"])
    else:
        data[at:at] = r.choice([b'"', b"\\", b"\\u", b"\\ud800", b"\\uDFFF", b"[", b"{", b":",
                                b"\t", b"\x1f", b"\\u0000"])
    return bytes(data)


# ---------------------------------------------------------------------------------------------
# Layout files.


def rnum(r, low=0.0, high=400.0):
    """A length: whole, fractional, a third, or zero."""
    choice = r.random()
    if choice < 0.1:
        return 0
    if choice < 0.55:
        return r.randrange(int(low), int(high) + 1)
    if choice < 0.8:
        return round(r.uniform(low, high), r.choice([1, 2]))
    return round(r.uniform(low, high) / 3, 14)


def rsize(r, high=400.0):
    return [rnum(r, 0, high), rnum(r, 0, high)]


def rinsets(r, high=40.0):
    return [rnum(r, 0, high) for _ in range(4)]


def random_flow_layout(r, max_items=60):
    """A valid flow layout file with every feature: what `--strategy all` compares."""
    width, height = r.choice([(390, 844), (320, 480), (844, 390), (100, 100)]) if r.random() < 0.7 else rsize(r, 1200)
    cv = {"size": [width, height]}
    if r.random() < 0.4:
        cv["contentOffset"] = [r.choice([0, rnum(r, 0, 300)]), r.choice([0, rnum(r, 0, 900), -rnum(r, 0, 50)])]
    if r.random() < 0.3:
        cv["contentInset"] = rinsets(r)
    if r.random() < 0.2:
        cv["safeAreaInsets"] = rinsets(r)
    if r.random() < 0.2:
        cv["layoutMargins"] = rinsets(r)
    if r.random() < 0.6:
        cv["scale"] = r.choice([0, 1, 2, 3, 3, 2.5])
    if r.random() < 0.2:
        cv["layoutDirection"] = r.choice(["leftToRight", "rightToLeft"])
    layout = {}
    if r.random() < 0.35:
        layout["scrollDirection"] = r.choice(["vertical", "horizontal"])
    if r.random() < 0.7:
        layout["itemSize"] = rsize(r, 200)
    if r.random() < 0.15:
        layout["estimatedItemSize"] = r.choice(["automatic", rsize(r, 150), [0, 0]])
    for key in ("minimumLineSpacing", "minimumInteritemSpacing"):
        if r.random() < 0.4:
            layout[key] = rnum(r, 0, 30)
    if r.random() < 0.3:
        layout["sectionInset"] = rinsets(r)
    for key in ("headerReferenceSize", "footerReferenceSize"):
        if r.random() < 0.35:
            layout[key] = rsize(r, 60)
    for key in ("sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds"):
        if r.random() < 0.2:
            layout[key] = True
    if r.random() < 0.2:
        layout["sectionInsetReference"] = r.choice(["fromContentInset", "fromSafeArea", "fromLayoutMargins"])
    sections = []
    budget = max_items
    for _ in range(r.choice([0, 1, 1, 2, 3, 4, 6])):
        section = {}
        count = r.randrange(0, max(1, min(budget, 25)) + 1)
        budget = max(0, budget - count)
        if r.random() < 0.5:
            section["items"] = count
            if r.random() < 0.3:
                section["itemSize"] = rsize(r, 200)
        else:
            section["itemSizes"] = [rsize(r, r.choice([60, 200, 500])) for _ in range(count)]
        if r.random() < 0.2:
            section["sectionInset"] = rinsets(r)
        for key in ("minimumLineSpacing", "minimumInteritemSpacing"):
            if r.random() < 0.2:
                section[key] = rnum(r, 0, 20)
        for key in ("headerReferenceSize", "footerReferenceSize"):
            if r.random() < 0.2:
                section[key] = rsize(r, 50)
        sections.append(section)
    out = {"collectionView": cv}
    if layout or r.random() < 0.5:
        out["layout"] = layout
    out["sections"] = sections
    return out


def random_custom_layout(r):
    cv = {"size": r.choice([[390, 844], [1024, 768], [0, 0], rsize(r, 2000)])}
    if r.random() < 0.3:
        cv["layoutMargins"] = rinsets(r)
    if r.random() < 0.3:
        cv["contentOffset"] = [0, rnum(r, 0, 2000)]
    if r.random() < 0.5:
        return {"collectionView": cv, "layout": {"kind": "mosaic"},
                "sections": [{"items": r.randrange(0, 60)}]}
    layout = {"kind": "columnFlow"}
    for key, high in (("minimumColumnWidth", 600), ("cellHeight", 200), ("minimumLineSpacing", 20),
                      ("minimumInteritemSpacing", 20)):
        if r.random() < 0.4:
            layout[key] = max(rnum(r, 0, high), 1 if key == "minimumColumnWidth" else 0)
    for key in ("headerReferenceSize", "footerReferenceSize"):
        if r.random() < 0.3:
            layout[key] = rsize(r, 60)
    if r.random() < 0.2:
        layout["sectionHeadersPinToVisibleBounds"] = True
    sections = [{"items": r.randrange(0, 20)} for _ in range(r.randrange(0, 4))]
    return {"collectionView": cv, "layout": layout, "sections": sections}


EXTREME_LENGTHS = [0, 1e9, 5e8, 999999999.9, 1e-320, 5e-324, 1e-9, 1, 390, 0.5, 1 / 3]
EXTREME_OFFSETS = [0, 1e12, -1e12, 9.99e11, -9.99e11, 5e11, 1e9, -1e9, 1e-320, 0.1]


def random_extreme_layout(r):
    """A valid layout whose values sit at the limits (README: lengths up to 1e9 points,
    offsets 1e12 from the origin, scale up to 1,000): overflow, rounding and self-sizing at
    the edges, through every strategy."""
    length = lambda: r.choice(EXTREME_LENGTHS)  # noqa: E731
    size = lambda: [length(), length()]  # noqa: E731
    cv = {"size": r.choice([[390, 844], [1e9, 1e9], [0, 0], [390, 1e9], [5e8, 5e8], [1, 1], size()])}
    if r.random() < 0.6:
        cv["contentOffset"] = [r.choice(EXTREME_OFFSETS), r.choice(EXTREME_OFFSETS)]
    for key in ("contentInset", "safeAreaInsets", "layoutMargins"):
        if r.random() < 0.25:
            cv[key] = [length() for _ in range(4)]
    if r.random() < 0.6:
        cv["scale"] = r.choice([0, 3, 1000, 999.9, 7, 1e-300, 1e-320, 0.5, 2])
    if r.random() < 0.3:
        cv["layoutDirection"] = "rightToLeft"
    layout = {}
    if r.random() < 0.4:
        layout["scrollDirection"] = "horizontal"
    if r.random() < 0.8:
        layout["itemSize"] = r.choice([[1e9, 1e9], [0, 0], [1e-320, 1e-320], [390, 5e8], [1e9, 1], [1, 1e9], size()])
    estimated = r.random() < 0.45
    if estimated:
        layout["estimatedItemSize"] = r.choice(["automatic", [390, 5e8], [1, 1], [1e9, 1e9], [1e-320, 1e-320], size()])
    for key in ("minimumLineSpacing", "minimumInteritemSpacing"):
        if r.random() < 0.5:
            layout[key] = length()
    if r.random() < 0.3:
        layout["sectionInset"] = [length() for _ in range(4)]
    for key in ("headerReferenceSize", "footerReferenceSize"):
        if r.random() < 0.3:
            layout[key] = size()
    for key in ("sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds"):
        if r.random() < 0.3:
            layout[key] = True
    if r.random() < 0.3:
        layout["sectionInsetReference"] = r.choice(["fromSafeArea", "fromLayoutMargins"])
    sections = []
    for _ in range(r.choice([1, 1, 2, 3])):
        count = r.choice([0, 1, 2, 7, 50, 2000] + ([] if estimated else [100_000]))
        if estimated or r.random() < 0.4:
            fixed = size()
            section = {"itemSizes": [r.choice([fixed, size()]) for _ in range(min(count, 2000))]}
        else:
            section = {"items": count}
            if r.random() < 0.3:
                section["itemSize"] = size()
        for key in ("minimumLineSpacing", "minimumInteritemSpacing"):
            if r.random() < 0.15:
                section[key] = length()
        if r.random() < 0.15:
            section["sectionInset"] = [length() for _ in range(4)]
        sections.append(section)
    if estimated and r.random() < 0.4:
        # Self-sizing at the edges: cells measured far from their estimate, scrolled far down,
        # so the content offset that keeps the first visible cell in place moves a long way.
        horizontal = layout.get("scrollDirection") == "horizontal"
        estimate, measured = r.sample([1, 5e8, 1e9, 1e-320], 2)
        if r.random() < 0.7:
            # Mostly growth: cells before the first visible one push it (and the offset) down.
            estimate, measured = min(estimate, measured), max(estimate, measured)
        count = r.choice([50, 2000, 2000])
        along = lambda extent: [extent, 390] if horizontal else [390, extent]  # noqa: E731
        if r.random() < 0.7:
            # Nothing else in the way most of the time.
            cv = {key: value for key, value in cv.items() if key in ("scale",)}
            layout = {key: value for key, value in layout.items() if key == "scrollDirection"}
        cv["size"] = along(844)
        layout["estimatedItemSize"] = along(estimate)
        layout["minimumLineSpacing"] = 0
        sections = [{"itemSizes": [along(measured)] * count}]
        offset = min(1e12, count * estimate * r.choice([0.5, 0.99]))
        cv["contentOffset"] = [offset, 0] if horizontal else [0, offset]
        # A query over everything measures every cell at once.
        cv["fuzzRect"] = r.choice(["-1e12,-1e12,2e12,2e12", "0,0,1e12,1e12", "0,0,1e9,1e9"])
    return {"collectionView": cv, "layout": layout, "sections": sections}


EXTREME_RECTS = [
    "0,0,390,1e12", "0,9.9e11,390,844", "-1e12,-1e12,2e12,2e12", "0,1e16,1,1", "0,0,0,0",
    "1e308,1e308,1,1", "0,0,1e308,1e308", "-1e308,-1e308,1e308,1e308", "0,0,1e9,1e9",
    "0,5e11,1e9,1e9", "1e12,1e12,-1e12,-1e12", "0,0,390,844", "5e-324,5e-324,5e-324,5e-324",
    "0,2e16,1e9,1e9", "1e9,0,1,1e12",
]


def case_layout_extreme(r, seeds):
    tree = random_extreme_layout(r)
    args = ["layout", "--strategy", "all"]
    estimated = "estimatedItemSize" in tree["layout"]
    if "fuzzRect" in tree["collectionView"]:
        args += ["--rect", tree["collectionView"].pop("fuzzRect")]
    elif estimated or item_count(tree) > 5000 or r.random() < 0.7:
        for _ in range(r.choice([1, 1, 2, 3])):
            args += ["--rect", r.choice(EXTREME_RECTS)]
    files = {"spec.json": dump(tree)}
    if r.random() < 0.35:
        counts = section_counts(tree)
        batches = []
        for _ in range(r.randrange(1, 3)):
            batch, counts = random_batch(r, counts)
            if r.random() < 0.5:
                batch["bounds"] = {"size": r.choice([[1e9, 1e9], [0, 0], [844, 390], [1e-320, 1]]),
                                   "contentOffset": [r.choice(EXTREME_OFFSETS), r.choice(EXTREME_OFFSETS)]}
            for entry in batch.get("insertItems", []) + batch.get("resizeItems", []):
                if "size" in entry and r.random() < 0.5:
                    entry["size"] = r.choice([[1e9, 1e9], [0, 0], [1e-320, 5e8]])
            batches.append(batch)
        files["updates.json"] = dump(batches)
        args += ["--updates", "updates.json"]
    return Case("layout-extreme", args + ["spec.json"], files)


def section_counts(layout):
    """Items per section of a layout tree we generated (None if it is not a flow layout we
    understand)."""
    counts = []
    try:
        for section in layout["sections"]:
            counts.append(section["items"] if "items" in section else len(section["itemSizes"]))
    except (KeyError, TypeError):
        return None
    return counts


# ---------------------------------------------------------------------------------------------
# Updates files.


def random_batch(r, counts):
    """A batch that is valid for `counts` (items per section), and the counts after it."""
    old = len(counts)
    batch = {}
    deleted = set(s for s in range(old) if r.random() < 0.12)
    if deleted:
        batch["deleteSections"] = r.sample(sorted(deleted), len(deleted))
    alive = [s for s in range(old) if s not in deleted]
    taken = set()

    def pick_old(n):
        paths = []
        for _ in range(n):
            candidates = [s for s in alive if counts[s] > 0]
            if not candidates:
                break
            s = r.choice(candidates)
            i = r.randrange(counts[s])
            if (s, i) not in taken:
                taken.add((s, i))
                paths.append([s, i])
        return paths

    deletes = pick_old(r.choice([0, 0, 1, 2, 5]))
    moves_from = pick_old(r.choice([0, 0, 1, 2]))
    reloads = pick_old(r.choice([0, 0, 1]))
    inserting = r.choice([0, 0, 0, 1, 2])
    new_count = len(alive) + inserting
    inserted_sections = sorted(r.sample(range(new_count), inserting))
    survivors = iter(alive)
    origin = {}
    for new in range(new_count):
        if new not in inserted_sections:
            origin[new] = next(survivors)
    if inserted_sections:
        batch["insertSections"] = [
            {"at": s, "section": r.choice([{"items": r.randrange(0, 6)},
                                           {"itemSizes": [rsize(r, 150) for _ in range(r.randrange(0, 4))]}])}
            for s in inserted_sections]
    remaining = {new: counts[o] - sum(1 for p in deletes + moves_from if p[0] == o) for new, o in origin.items()}
    arrivals = {new: 0 for new in origin}
    inserts = []
    targets = list(origin)
    for _ in range(r.choice([0, 0, 1, 2, 4])):
        if targets:
            inserts.append(r.choice(targets))
    move_targets = [r.choice(targets) for _ in moves_from] if targets else []
    if len(move_targets) != len(moves_from):
        moves_from = []
    for s in inserts + move_targets:
        arrivals[s] += 1
    slots = {s: r.sample(range(remaining[s] + arrivals[s]), arrivals[s]) for s in origin}
    if inserts:
        batch["insertItems"] = []
        for s in inserts:
            entry = {"at": [s, slots[s].pop()]}
            if r.random() < 0.85:
                entry["size"] = rsize(r, 200)
            batch["insertItems"].append(entry)
    if moves_from:
        batch["moveItems"] = [{"from": f, "to": [s, slots[s].pop()]} for f, s in zip(moves_from, move_targets)]
    if deletes:
        batch["deleteItems"] = deletes
    if reloads:
        batch["reloadItems"] = reloads
    new_counts = []
    section_for = {}
    for new in range(new_count):
        if new in origin:
            new_counts.append(remaining[new] + arrivals[new])
        else:
            section = batch["insertSections"][inserted_sections.index(new)]["section"]
            new_counts.append(section_counts({"sections": [section]})[0])
        section_for[new] = new_counts[-1]
    resizes = []
    resized = set()
    for _ in range(r.choice([0, 0, 1, 3])):
        candidates = [s for s in range(new_count) if new_counts[s] > 0]
        if candidates:
            s = r.choice(candidates)
            i = r.randrange(new_counts[s])
            if (s, i) not in resized:
                resized.add((s, i))
                resizes.append({"at": [s, i], "size": rsize(r, 200)})
    if resizes:
        batch["resizeItems"] = resizes
    if r.random() < 0.15:
        batch["bounds"] = {}
        if r.random() < 0.6:
            batch["bounds"]["size"] = r.choice([[844, 390], [390, 844], rsize(r, 1000)])
        if r.random() < 0.6:
            batch["bounds"]["contentOffset"] = [rnum(r, 0, 300), rnum(r, 0, 1500)]
    return batch, new_counts


BAD_PATHS = [
    [0, -1], [-1, 0], [0, 1e9], [2**31, 0], [0, 2**31], [0, 2**63], [0, 1.5], [Raw("-0"), 0],
    [0, Raw("NaN")], [0, Raw("1e999")], [0], [0, 0, 0], [], ["0", "0"], None, 0, "0,0",
    {"section": 0, "item": 0}, [[0, 0]], [0, Raw("1e-320")], [0, Raw("9" * 40)],
]


def corrupt_batch(r, batch, counts):
    """Makes a valid batch wrong in one of UIKit's ways (or a type error)."""
    batch = copy.deepcopy(batch)
    old = len(counts)
    some = [s for s in range(old) if counts[s] > 0]
    op = r.randrange(14)
    if op == 0:  # an index path past the end
        s = r.randrange(old + 1)
        batch.setdefault(r.choice(["deleteItems", "reloadItems"]), []).append(
            [s, counts[s] if s < old else 0])
    elif op == 1 and some:  # the same path twice
        s = r.choice(some)
        path = [s, r.randrange(counts[s])]
        lists = ["deleteItems", "reloadItems"]
        batch.setdefault(r.choice(lists), []).append(path)
        batch.setdefault(r.choice(lists), []).append(list(path))
        batch.setdefault("moveItems", []).append({"from": list(path), "to": list(path)})
    elif op == 2 and some:  # a move onto itself (valid), or onto a deleted or inserted section
        s = r.choice(some)
        path = [s, r.randrange(counts[s])]
        batch.setdefault("moveItems", []).append({"from": path, "to": r.choice([list(path), [s + 1, 0], [old + 5, 0]])})
    elif op == 3 and old:  # insert into a section the batch deletes
        s = r.randrange(old)
        batch.setdefault("deleteSections", []).append(s)
        batch.setdefault("insertItems", []).append({"at": [s, 0], "size": [10, 10]})
    elif op == 4:  # delete everything
        if r.random() < 0.5:
            batch = {"deleteSections": list(range(old))}
        else:
            batch = {"deleteItems": [[s, i] for s in range(old) for i in range(counts[s])]}
    elif op == 5:  # a section out of range, or named twice
        batch.setdefault("deleteSections", []).extend(r.choice([[old], [0, 0], [-1], [2**40], [Raw("1e999")]]))
    elif op == 6:
        batch.setdefault("insertSections", []).append(
            {"at": r.choice([old + 2, -1, 0, 2**31]),
             "section": r.choice([{"items": 1}, {"items": -1}, {}, {"itemSizes": [[Raw("NaN"), 1]]}, [],
                                  {"items": Raw("1e9")}])})
    elif op == 7:  # wrong types
        key = r.choice(["deleteSections", "insertSections", "deleteItems", "insertItems", "moveItems",
                        "reloadItems", "resizeItems", "bounds"])
        batch[key] = r.choice(WEIRD_VALUES + [[r.choice(BAD_PATHS)], [{"at": r.choice(BAD_PATHS)}],
                                              [{"from": r.choice(BAD_PATHS), "to": [0, 0]}],
                                              [{"at": [0, 0], "size": r.choice(WEIRD_VALUES)}]])
    elif op == 8:  # an unknown key
        batch[r.choice(["deleteItem", "insert", "bound", "", "moveItems "])] = []
    elif op == 9:  # a huge batch, as text (as objects it would swell the fuzzer's memory)
        n = r.choice([20000, 60000])
        first = max(1, counts[0] if counts else 1)
        key, entry = r.choice([
            ("deleteItems", "[0, {i}]"),
            ("insertItems", '{{"at": [0, {i}], "size": [1, 1]}}'),
            ("insertSections", '{{"at": {i}, "section": {{"items": 1}}}}'),
            ("resizeItems", '{{"at": [0, {j}], "size": [1, 1]}}'),
        ])
        batch = {key: Raw("[" + ", ".join(entry.format(i=i, j=i % first) for i in range(n)) + "]")}
    elif op == 10:  # bounds
        batch["bounds"] = r.choice([
            {"size": [Raw("NaN"), 1]}, {"size": [-1, 1]}, {"size": [1e9 + 1, 1]}, {"contentOffset": [0, 1e12 + 1]},
            {"contentOffset": [Raw("-1e999"), 0]}, {"size": [0, 0]}, {"contentOffset": [-1e12, 1e12]},
            {"size": [1e9, 1e9], "contentOffset": [1e12, -1e12]}, {"other": 1}, [], {"size": "big"}])
    elif op == 11 and some:  # resize with a bad size, or a path that only exists before
        s = r.choice(some)
        batch.setdefault("resizeItems", []).append(
            {"at": [s, r.choice([0, counts[s], counts[s] + 1])],
             "size": r.choice([[1, 1], [-1, 1], [Raw("NaN"), 0], [1e9 + 1, 1], [1e9, 1e9], [0, 0]])})
    elif op == 12:  # insert without a size into a section of one size per item, or far away
        batch.setdefault("insertItems", []).append({"at": r.choice(BAD_PATHS + [[0, 0], [0, 10**6]])})
    else:
        key = r.choice(list(batch) or ["deleteItems"])
        return mutate_tree(r, {key: batch.get(key, [])})
    return batch


# ---------------------------------------------------------------------------------------------
# Results files (Results/README.md's schema), naming only benchmarks that do not exist, so
# `bench compare` never finds one to re-measure.


def statistics_of(samples):
    s = sorted(samples)
    n = len(s)

    def pct(p):
        pos = p * (n - 1)
        lo = int(pos)
        hi = min(lo + 1, n - 1)
        return s[lo] + (s[hi] - s[lo]) * (pos - lo)

    median = pct(0.5)
    return {"count": n, "min": s[0], "p25": pct(0.25), "median": median, "p75": pct(0.75),
            "p90": pct(0.9), "p99": pct(0.99), "max": s[-1], "mean": sum(s) / n,
            "ciLow": s[0], "ciHigh": s[-1], "confidence": 0.9,
            "mad": sorted(abs(x - median) for x in s)[n // 2] * 1.4826}


def results_file(r, host="fuzzhost", scale=1.0):
    results = []
    for strategy in ["fuzz-slow", "fuzz-fast"]:
        for workload in ["fuzz-query", "fuzz-prepare"]:
            for items in r.choice([[1000], [1000, 10000], [1000, 10000, 100000]]):
                base = (1000.0 if strategy == "fuzz-slow" else 10.0) * (items / 1000) ** r.choice([0, 1])
                samples = [round(base * scale * r.uniform(0.95, 1.05), 1) for _ in range(r.randrange(1, 12))]
                name = f"{strategy} {workload} fuzz-data"
                result = {
                    "name": name, "strategy": strategy, "workload": workload, "dataset": "fuzz-data",
                    "items": items, "operationsPerIteration": 1, "iterationsPerSample": 100,
                    "warmupIterations": 10, "statistics": statistics_of(samples), "samples": samples,
                    "counters": {"framesComputed": items, "elementsScanned": items // 10},
                    "elapsedSeconds": 0.1,
                }
                if r.random() < 0.7:
                    result["allocations"] = {"count": 3, "bytes": 4096, "deterministic": r.random() < 0.8}
                else:
                    result["allocationsNote"] = "not counted"
                if r.random() < 0.7:
                    result["peakResidentBytes"] = 50_000_000
                if r.random() < 0.5:
                    result["retainedBytes"] = items * 32
                results.append(result)
    floors = [{"label": "fuzz ratio", "slowerStrategy": "fuzz-slow", "slowerWorkload": "fuzz-query",
               "fasterStrategy": "fuzz-fast", "fasterWorkload": "fuzz-query", "floor": r.choice([0, 10, 50])}]
    return {
        "schemaVersion": r.choice([1, 2]),
        "environment": {"buildConfiguration": "release", "commandLine": "bench --quiet", "cores": 2,
                        "cpu": "fuzz", "date": "2026-01-01T00:00:00Z", "gitCommit": "0" * 40,
                        "gitDirty": False, "hostID": host, "kernel": "6", "os": "Linux",
                        "swiftVersion": "6.3"},
        "settings": {"jobs": 1, "mode": "sequential", "quick": False, "suite": "standard",
                     "targetSampleNanoseconds": 2000000, "timeBudgetSeconds": 0.25,
                     "ratioFloors": floors},
        "results": results,
        "fits": [],
        "ratios": [],
        "notes": [],
    }


RESULT_WEIRD = WEIRD_VALUES + ["nan", "inf", "-inf", [Raw('"nan"')], -(2**63), 2**63 - 1, 9223372036854775807]


def mutated_results(r):
    tree = results_file(r)
    for _ in range(r.choice([1, 1, 2, 3])):
        op = r.random()
        results = tree.get("results") if isinstance(tree, dict) else None
        if op < 0.1 and isinstance(results, list) and results:
            # The same benchmark twice.
            results.append(copy.deepcopy(r.choice(results)))
        elif op < 0.55 and isinstance(results, list) and results:
            # Numbers the reports and gates compute with (samples, items, counters…), in one
            # result or in all of them.
            field = r.choice(["samples", "items", "counters", "statistics"] * 3 + [
                "operationsPerIteration", "iterationsPerSample", "peakResidentBytes", "elapsedSeconds",
                "allocations", "warmupIterations", "retainedBytes"])
            value = r.choice({
                "samples": [[], ["nan"], ["inf", 1], [-1, -2], [0, 0], [1e308, 1e308], ["-inf"], [5e-324],
                            Raw("[" + ", ".join(["1"] * 5000) + "]"), Raw("[" + ", ".join(["2"] * 40000) + "]")],
                "items": [0, -1, 1, 2**62, 2**63 - 1, -(2**63), 1, 10**15, 10**19 // 2],
                "counters": [{}, {"a": 2**63 - 1, "b": 2**63 - 1}, {"framesComputed": 0}, {"": 1},
                             {"framesComputed": -(2**63)}, {"framesComputed": 2**63 - 1}, {"elementsScanned": -1},
                             {"framesComputed": -5, "elementsScanned": 2**63 - 1}],
                "statistics": [statistics_of([1.0]) | {"median": "nan"}, statistics_of([1.0]) | {"median": 0},
                               statistics_of([1.0]) | {"median": -1}, statistics_of([1.0]) | {"median": "inf"},
                               statistics_of([1.0]) | {"ciLow": "-inf", "ciHigh": "inf"}, statistics_of([1.0]) | {"count": -1},
                               statistics_of([1.0]) | {"median": 1e308}, statistics_of([1.0]) | {"median": 5e-324}],
                "operationsPerIteration": [0, -1, 2**63 - 1],
                "iterationsPerSample": [0, -1, 2**63 - 1],
                "peakResidentBytes": [-1, 2**63 - 1, 0],
                "retainedBytes": [-1, 2**63 - 1, 0, "nan", None],
                "elapsedSeconds": ["nan", "inf", -1],
                "warmupIterations": [-1, 2**63 - 1],
                "allocations": [{"count": -1, "bytes": -1, "deterministic": True},
                                {"count": 2**63 - 1, "bytes": 2**63 - 1, "deterministic": True}],
            }[field])
            for result in results if r.random() < 0.5 else [r.choice(results)]:
                if isinstance(result, dict):
                    result[field] = copy.deepcopy(value)
        elif op < 0.4 and isinstance(tree, dict):
            tree["schemaVersion"] = r.choice([0, 3, -1, "1", 1.5, None, 2**70, Raw("1e999")])
        elif op < 0.5 and isinstance(tree, dict) and isinstance(tree.get("settings"), dict):
            tree["settings"]["ratioFloors"] = r.choice([
                [], [{"label": "x", "slowerStrategy": "fuzz-slow", "slowerWorkload": "fuzz-query",
                      "fasterStrategy": "fuzz-slow", "fasterWorkload": "fuzz-query", "floor": "nan"}],
                [{"label": "x", "slowerStrategy": "fuzz-fast", "slowerWorkload": "fuzz-prepare",
                  "fasterStrategy": "fuzz-slow", "fasterWorkload": "fuzz-query", "floor": r.choice([1e308, -1, "inf"])}]])
        else:
            tree = mutate_tree(r, tree, keys=["results", "samples", "items", "name", "schemaVersion", "fits", "ratios"],
                               values=RESULT_WEIRD)
    return tree


# ---------------------------------------------------------------------------------------------
# Cases.


class Case:
    """One input: arguments, files written into the run's directory, standard input."""

    def __init__(self, kind, args, files=None, stdin=None, known=None, note=""):
        self.kind = kind
        # A process's arguments cannot hold NUL: the nearest control character stands in.
        self.args = [argument.replace("\x00", "\x01") for argument in args]
        self.files = files or {}  # name -> bytes, or a callable returning bytes (big files)
        self.stdin = stdin
        # A class another engineer is fixing ("limits": section count, file size, literal
        # length, parser memory): its time and memory overruns are tolerated, and reported.
        self.known = known
        self.note = note


class Seeds:
    def __init__(self, bench):
        self.layouts = []  # parsed trees
        self.texts = []  # raw bytes
        for directory in ("Tests/Fixtures/FuzzSeeds", "Tests/Fixtures/Golden"):
            path = os.path.join(REPO, directory)
            if not os.path.isdir(path):
                continue
            for name in sorted(os.listdir(path)):
                if name.endswith(".json") and not name.endswith(".expected.json"):
                    with open(os.path.join(path, name), "rb") as f:
                        data = f.read()
                    if len(data) > 200_000:
                        continue
                    self.texts.append(data)
                    try:
                        self.layouts.append(json.loads(data))
                    except ValueError:
                        pass
        # The built-in datasets, small.
        for name in ("uniform-grid", "mixed-feed", "many-sections", "giant-section", "horizontal",
                     "pinned-headers", "estimated-sizes", "estimated-sizes-3x", "column-flow"):
            try:
                done = subprocess.run([bench, "dataset", name, "--items", "30"], capture_output=True, timeout=30)
            except (OSError, subprocess.SubprocessError):
                continue
            if done.returncode == 0:
                self.texts.append(done.stdout)
                self.layouts.append(json.loads(done.stdout))
        self.builtin = len(self.layouts) == 0

    def layout(self, r):
        if self.layouts and r.random() < 0.6:
            return copy.deepcopy(r.choice(self.layouts))
        return random_flow_layout(r) if r.random() < 0.8 else random_custom_layout(r)

    def text(self, r):
        if self.texts and r.random() < 0.6:
            return r.choice(self.texts)
        return dump(self.layout(r))


FLOW_STRATEGIES = ["naive-linear", "cached-attributes", "binary-search", "incremental"]
MOSAIC_STRATEGIES = ["mosaic-segment-search", "mosaic-sample-query"]
RECT_PARTS = [
    "0", "1", "-1", "390", "844", "1e308", "-1e308", "1e309", "nan", "NaN", "inf", "-inf",
    "Infinity", "-0", "0x10", "0x1p3", "1e3", "1_000", " 1", "1 ", "", "+5", ".5", "5.", "1e-320",
    "\u0661", "1,5", "0.1", "9" * 400, "1e", "--1", "\t2", "1k", "1e12", "-1e12", "1e9",
]


def random_rect(r):
    if r.random() < 0.5:
        # A plausible rect, zero-sized, touching or with a negative size.
        return ",".join(str(v) for v in [rnum(r, -100, 1500), rnum(r, -100, 2500),
                                        r.choice([0, -10, rnum(r, 0, 900)]), r.choice([0, -10, rnum(r, 0, 900)])])
    if r.random() < 0.8:
        return ",".join(r.choice(RECT_PARTS) for _ in range(r.choice([4, 4, 4, 3, 5, 1, 2, 8])))
    return r.choice(["", ",,,", "1,2,3,4,", ",1,2,3,4", "1;2;3;4", "1 2 3 4", "(0,0,1,1)", "[0,0,1,1]",
                     "0,0,1,1\n", "0,0,1,1\u0000", "a,b,c,d", "-", "--rect", "1e308,1e308,1e308,1e308",
                     "-1e308,-1e308,-1e308,-1e308", "1e308,1e308,-1e308,-1e308", "0,0,1e308,1e308",
                     "-1e308,0,1e308,0", "1.7976931348623157e308,0,1.7976931348623157e308,1"])


def strategy_args(r, tree):
    if r.random() < 0.25:
        return []
    kind = tree.get("layout", {}).get("kind") if isinstance(tree, dict) and isinstance(tree.get("layout"), dict) else None
    names = MOSAIC_STRATEGIES if kind == "mosaic" else FLOW_STRATEGIES
    if r.random() < 0.5:
        return ["--strategy", "all"]
    if r.random() < 0.9:
        return ["--strategy", r.choice(names)]
    return ["--strategy", r.choice(FLOW_STRATEGIES + MOSAIC_STRATEGIES + ["", "ALL", "naive", "all "])]


def item_count(tree):
    """Roughly how many items a (mutated) layout tree holds."""
    total = 0
    sections = tree.get("sections") if isinstance(tree, dict) else None
    for section in sections if isinstance(sections, list) else []:
        if isinstance(section, dict):
            items = section.get("items")
            if isinstance(items, (int, float)) and not isinstance(items, bool) and math.isfinite(items):
                total += max(0, int(items))
            if isinstance(section.get("itemSizes"), list):
                total += len(section["itemSizes"])
    return total


def counts_in(value):
    """The `items` counts anywhere in a tree (sections an updates file inserts too)."""
    return sum(max(0, int(node["items"])) for _, node in walk(value)
               if isinstance(node, dict) and isinstance(node.get("items"), (int, float))
               and not isinstance(node.get("items"), bool) and math.isfinite(node["items"]))


def query_huge(tree, args, updates=None):
    """A layout of millions of items (a mutation multiplied a count) is queried with one rect:
    dumping every element is hundreds of MB of output, slow because it is big, not broken."""
    if item_count(tree) + counts_in(updates) > 200_000 and "--rect" not in args:
        return args + ["--rect", "0,0,390,844"]
    return args


def case_layout_mutated(r, seeds):
    tree = seeds.layout(r)
    for _ in range(r.choice([1, 1, 1, 2, 3])):
        tree = mutate_tree(r, tree)
    args = ["layout"] + strategy_args(r, tree if isinstance(tree, dict) else {})
    for _ in range(r.choice([0, 0, 1, 2])):
        args += ["--rect", random_rect(r)]
    args = query_huge(tree, args)
    return Case("layout-mutated", args + ["spec.json"], {"spec.json": dump(tree, ascii_only=r.random() < 0.5)})


def case_layout_bytes(r, seeds):
    data = seeds.text(r)
    for _ in range(r.choice([1, 1, 2, 3])):
        data = mutate_bytes(r, data)
    if r.random() < 0.3:
        return Case("layout-bytes", ["layout"] + r.choice([["-"], []]), stdin=data)
    return Case("layout-bytes", ["layout", "spec.json"], {"spec.json": data})


def case_layout_valid(r, seeds):
    """A valid random layout through every strategy: they must agree (exit 0)."""
    tree = random_flow_layout(r) if r.random() < 0.8 else random_custom_layout(r)
    args = ["layout", "--strategy", "all"]
    for _ in range(r.choice([0, 0, 1, 2, 3])):
        args += ["--rect", random_rect(r) if r.random() < 0.2 else ",".join(
            str(v) for v in [rnum(r, -50, 1200), rnum(r, -50, 3000), rnum(r, 0, 900), rnum(r, 0, 900)])]
    files = {"spec.json": dump(tree)}
    counts = section_counts(tree)
    if counts is not None and r.random() < 0.5:
        batches = []
        for _ in range(r.randrange(1, 4)):
            batch, counts = random_batch(r, counts)
            if tree.get("layout", {}).get("kind") == "mosaic":
                # A mosaic takes bounds changes only: a rotation, a resize, a scroll.
                batch = {"bounds": {"size": rsize(r, 1200), "contentOffset": [0, rnum(r, 0, 3000)]}}
            batches.append(batch)
        files["updates.json"] = dump(batches)
        args += ["--updates", "updates.json"]
    return Case("layout-valid-all", args + ["spec.json"], files)


def case_stdin(r, seeds):
    tree = seeds.layout(r)
    if r.random() < 0.6:
        tree = mutate_tree(r, tree)
    data = dump(tree)
    if r.random() < 0.3:
        data = mutate_bytes(r, data)
    args = ["layout"] + strategy_args(r, tree if isinstance(tree, dict) else {})
    if r.random() < 0.3:
        args += ["--rect", random_rect(r)]
    args = query_huge(tree, args)
    return Case("layout-stdin", args + r.choice([["-"], [], ["-", "-"]]), stdin=data)


def case_updates(r, seeds):
    tree = random_flow_layout(r, max_items=40) if r.random() < 0.75 else seeds.layout(r)
    counts = section_counts(tree) or [0]
    batches = []
    for _ in range(r.choice([1, 1, 2, 3])):
        batch, new_counts = random_batch(r, counts)
        if r.random() < 0.6:
            batch = corrupt_batch(r, batch, counts)
        else:
            counts = new_counts
        batches.append(batch)
    updates = batches
    if r.random() < 0.1:
        updates = r.choice([{}, None, 1, "[]", [[]], [None], [1], {"deleteItems": []}, deep_raw(100000, "")])
    elif r.random() < 0.1:
        updates = mutate_tree(r, batches, keys=["deleteItems", "insertItems", "at", "size", "from", "to", "section"])
    data = dump(updates)
    if r.random() < 0.05:
        data = mutate_bytes(r, data)
    args = ["layout"] + (["--strategy", "all"] if r.random() < 0.7 else strategy_args(r, tree))
    if r.random() < 0.25:
        args += ["--rect", random_rect(r)]
    args = query_huge(tree, args, updates)
    path = r.choice(["updates.json"] * 8 + ["missing.json", ".", ""])
    return Case("updates", args + ["--updates", path, "spec.json"], {"spec.json": dump(tree), "updates.json": data})


def case_rect(r, seeds):
    args = ["layout"]
    for _ in range(r.choice([1, 1, 2, 3])):
        args += ["--rect", random_rect(r)]
    if r.random() < 0.2:
        args += ["--rect"]  # no value
    tree = seeds.layout(r)
    args = query_huge(tree, args[:1] + strategy_args(r, tree) + args[1:])
    if args[-1] == "--rect":
        return Case("rect", args, stdin=dump(tree))
    return Case("rect", args + ["spec.json"], {"spec.json": dump(tree)})


WEIRD_ARGS = [
    "-0", "0x10", "1e3", "1k", "1M", "1K", "1m", "10M", "1G", "-1", "0", "1", "2", "64", "65", "1000",
    "1001", "99999999999999999999", "9223372036854775808", "", ",", "a,,b", ",,", " ", "--", "-", "nan",
    "inf", "1.5", "0.25", "500ms", "2s", "0s", "0ms", "-5ms", "1e400", "601", "600s", "\n", "'",
    "\u00e9", "\U0001F600", "x" * 3000, "1k,10k", "1k,,10k", "1k, 10k", "0,1k", "10M,1", "10001k",
    "10000k", "\u0000", "--help", "-h", "-q",
]


def weird_value(r, pool=()):
    return r.choice(list(pool) + WEIRD_ARGS) if pool and r.random() < 0.6 else r.choice(WEIRD_ARGS)


def flag_tokens(r, flags, values_for, max_flags=5):
    tokens = []
    for _ in range(r.randrange(0, max_flags + 1)):
        choice = r.random()
        if choice < 0.75:
            flag = r.choice(flags)
            tokens.append(flag)
            if flag in values_for and r.random() < 0.92:
                tokens.append(weird_value(r, values_for[flag]))
        elif choice < 0.85:
            tokens.append(r.choice(["--nope", "-x", "--Filter", "--filter=x", "--items=1k", "---", "-", "--",
                                    "-\u00e9", "--rects", "--strategy=all", "-vvv"]))
        else:
            tokens.append(r.choice(["extra", "Results/baseline.json", "spec.json", "a b", "", "\u00e9"]))
    return tokens


RUN_VALUES = {
    "--filter": ["naive", "(", "[", "*", "a{99999}", "\\", "(?<", ".*"],
    "--strategies": ["naive-linear", "naive-linear,binary-search", "nope", ",", ""],
    "--datasets": ["uniform-grid", "mosaic", "nope", ",uniform-grid,"],
    "--workloads": ["prepare", "scroll-sweep", "nope", "concurrent-query-64t", "concurrent-query-0t"],
    "--items": ["1", "1k", "0", "-1", "1M", "10M", "10000001", "0x10", "1e3", "1k,1k", ",", ""],
    "--time-budget": ["0", "-1", "nan", "inf", "601", "600", "1e-300", "ms", "s", "0x1p-3"],
    "--jobs": ["0", "1", "64", "65", "-1", "0x10", "1e3"],
    "--output": ["out", "", ".", "out/sub"],
    "--format": ["console", "json,md", "html", "nope", ",", ""],
    "--baseline": ["missing.json", "results.json", "bad.json", ""],
}
RUN_FLAGS = list(RUN_VALUES) + ["--quick", "--quiet", "-q", "--allow-debug", "--help", "-h"]


def results_files(r):
    candidate = results_file(r, host=r.choice(["fuzzhost", "other"]), scale=r.choice([1.0, 1.0, 2.0, 0.5]))
    files = {"results.json": dump(results_file(r)), "candidate.json": dump(candidate)}
    files["bad.json"] = dump(mutated_results(r))
    if r.random() < 0.3:
        files["bad.json"] = mutate_bytes(r, files["bad.json"])
    return files


def case_flags_run(r, seeds):
    first = r.choice(["run", "run", "run", None])
    tokens = flag_tokens(r, RUN_FLAGS, RUN_VALUES)
    if first is None and (not tokens or not tokens[0].startswith("-") or tokens[0] in ("-", "--help", "-h")):
        tokens = ["--quick"] + tokens
    args = ([first] if first else []) + tokens + NO_MATCH
    return Case("flags-run", args, results_files(r) if r.random() < 0.3 else {})


COMPARE_VALUES = dict(RUN_VALUES, **{
    "--tolerance": ["0", "-0", "0.05", "-1", "nan", "inf", "1e308", "0x10", "1e-320"],
    "--markdown": ["gate.md", "", ".", "sub/gate.md"],
    "--rounds": ["2", "1", "1000", "1001", "0", "-1", "0x10"],
    "--against": ["bench-copy", "missing", ".", "results.json", ""],
})
COMPARE_FLAGS = list(COMPARE_VALUES) + ["--deterministic", "--no-remeasure", "--quick", "--quiet",
                                        "--help", "-h"]


def case_flags_compare(r, seeds, bench):
    files = results_files(r)
    tokens = flag_tokens(r, COMPARE_FLAGS, COMPARE_VALUES, max_flags=4)
    positional = [r.choice(["results.json", "candidate.json", "bad.json", "missing.json", ".", ""])
                  for _ in range(r.choice([0, 1, 2, 2, 2, 3]))]
    args = ["compare"] + positional + tokens
    if r.random() < 0.3:
        args.insert(r.randrange(1, len(args) + 1), "--no-remeasure")
    if "--against" in args:
        args += NO_MATCH
        files["bench-copy"] = b"#!/bin/sh\nexit 3\n"
    case = Case("flags-compare", args, files)
    case.executables = ["bench-copy"]
    return case


REPORT_VALUES = {
    "--format": ["console", "md", "csv", "html", "json", "github-action-benchmark", "nope", "", "HTML"],
    "--baseline": ["results.json", "candidate.json", "bad.json", "missing.json", ""],
    "--output": ["out.txt", "", ".", "sub/out.html"],
}


def case_flags_report(r, seeds):
    files = results_files(r)
    tokens = flag_tokens(r, list(REPORT_VALUES) + ["--help", "-h"], REPORT_VALUES, max_flags=3)
    positional = [r.choice(["results.json", "bad.json", "bad.json", "missing.json", "."])
                  for _ in range(r.choice([0, 1, 1, 1, 2]))]
    return Case("flags-report", ["report"] + positional + tokens, files)


def case_results(r, seeds):
    """Malformed results files through report (every format) and compare."""
    files = results_files(r)
    if r.random() < 0.5:
        fmt = r.choice(["console", "md", "csv", "html", "json", "github-action-benchmark"])
        args = ["report", "bad.json", "--format", fmt]
        if r.random() < 0.4:
            args = ["report", r.choice(["results.json", "bad.json"]), "--format", fmt, "--baseline",
                    r.choice(["bad.json", "results.json"])]
    else:
        order = r.choice([["results.json", "bad.json"], ["bad.json", "results.json"], ["bad.json", "bad.json"],
                          ["bad.json", "candidate.json"]])
        args = ["compare"] + order + r.choice([[], ["--deterministic"], ["--no-remeasure"], ["--markdown", "g.md"],
                                               ["--tolerance", "0.05"]])
    return Case("results-files", args, files)


LAYOUT_VALUES = {
    "--strategy": FLOW_STRATEGIES + MOSAIC_STRATEGIES + ["all", "", "nope", "ALL"],
    "--rect": ["0,0,1,1", "1,2,3", "nan,0,1,1", ""],
    "--updates": ["updates.json", "missing.json", ".", "", "spec.json"],
}


def case_flags_layout(r, seeds):
    tokens = flag_tokens(r, list(LAYOUT_VALUES) + ["--help", "-h"], LAYOUT_VALUES)
    positional = [r.choice(["spec.json", "-", "missing.json", ".", "", "spec.json"])
                  for _ in range(r.choice([0, 1, 1, 1, 2]))]
    rest = tokens + positional
    if r.random() < 0.2:
        r.shuffle(rest)
    args = ["layout"] + rest
    files = {"spec.json": seeds.text(r), "updates.json": b"[]"}
    return Case("flags-layout", args, files, stdin=seeds.text(r) if r.random() < 0.5 else b"")


def case_flags_list(r, seeds):
    tokens = flag_tokens(r, ["--help", "-h", "--all", "--json"], {}, max_flags=3)
    return Case("flags-list", ["list"] + tokens)


DATASETS = ["uniform-grid", "mixed-feed", "many-sections", "giant-section", "horizontal",
            "pinned-headers", "estimated-sizes", "estimated-sizes-3x", "column-flow"]
DATASET_ITEMS = ["0", "1", "-0", "0x10", "1e3", "1k", "1K", "2k", "10k", "-1", "", "1.5", "k", "M",
                 "99999999999999999999", "10000001", "10001k", "11M", "1m", "9223372036854775807",
                 "\u0661", " 1", "1 ", "+1", "1_000", "01"]


def case_flags_dataset(r, seeds):
    args = ["dataset"]
    for _ in range(r.randrange(0, 4)):
        choice = r.random()
        if choice < 0.4:
            args.append(r.choice(DATASETS + ["mosaic", "nope", "", "Uniform-Grid", "-"]))
        elif choice < 0.85:
            args.append("--items")
            if r.random() < 0.93:
                args.append(r.choice(DATASET_ITEMS))
        else:
            args.append(r.choice(["--help", "-h", "--nope", "extra"]))
    return Case("flags-dataset", args)


def case_top(r, seeds):
    """`bench` with a first word that is not quite a command, and `bench help`."""
    first = r.choice(["help", "--help", "-h", "Help", "HELP", "", "lay out", "layouts", "compare ",
                      "\u00e9", "list\u0000", "x" * 5000, "layout\n", "report\r", "datasets", "bench",
                      "_ab-worker", "_ab-Worker", "help"])
    tail = flag_tokens(r, ["--help", "-h", "--nope", "layout"], {}, max_flags=3)
    stdin = None
    if first == "_ab-worker":
        # The A/B worker's protocol, with nothing it can set up (no real benchmark).
        stdin = "\n".join(r.choice(["sample 5", "sample -1", "sample 99999999999999999999", "teardown",
                                    "setup a\tb\tc\t1", "setup a\tb\tc", "setup \t\t\t", "setup x\ty\tz\t-5",
                                    "garbage", "", "\u0000"]) for _ in range(r.randrange(0, 6))).encode()
        tail = []
    return Case("flags-top", [first] + tail, stdin=stdin)


# Structurally broken or huge layout files. A big one is a generator of chunks, written when its
# case runs: the fuzzer never holds it whole (its memory would count in every child's peak RSS).


def repeat(chunk, n):
    """`chunk` n times, a megabyte or so at a time."""
    batch = max(1, (1 << 20) // max(1, len(chunk)))
    while n > 0:
        yield chunk * min(n, batch)
        n -= batch


def stream(*parts):
    """A file made of parts: bytes, or (chunk, count) repeated."""
    def chunks():
        for part in parts:
            if isinstance(part, tuple):
                yield from repeat(*part)
            else:
                yield part
    return chunks


def many_sections(n, section):
    return stream(b'{"collectionView": {"size": [390, 844]}, "sections": [', (section + b", ", n - 1), section, b"]}")


def big_item_sizes(n):
    return stream(b'{"collectionView": {"size": [390, 844]}, "sections": [{"itemSizes": [',
                  (b"[100.5, 50.25], ", n - 1), b"[100.5, 50.25]]}]}")


def distinct_keys(n):
    def chunks():
        yield b'{"collectionView": {"size": [390, 844]}, "sections": []'
        for start in range(0, n, 10_000):
            yield b"".join(b', "k%d": 1' % i for i in range(start, min(n, start + 10_000)))
        yield b"}"
    return chunks


VALID = b'{"collectionView": {"size": [390, 844]}, "sections": [{"items": 3}]}'
SMALL_RECT = ["--rect", "0,0,390,844"]
CV = b'{"collectionView": {"size": [390, 844]'


def structural_cases():
    """(name, file content or None, arguments after `layout`, known class)."""
    return [
        ("empty file", b"", [], None),
        ("whitespace only", b" \n\t\r\n ", [], None),
        ("BOM only", b"\xef\xbb\xbf", [], None),
        ("BOM then a valid file", b"\xef\xbb\xbf" + VALID, [], None),
        ("UTF-16 file", VALID.decode().encode("utf-16"), [], None),
        ("trailing garbage", VALID + b" x", [], None),
        ("a second document", VALID + VALID, [], None),
        ("trailing NUL", VALID + b"\x00", [], None),
        ("NUL inside", VALID.replace(b"390", b"3\x0090"), [], None),
        ("null", b"null", [], None),
        ("a bare number", b"1e999", [], None),
        ("an array", b"[]", [], None),
        ("an empty object", b"{}", [], None),
        ("invalid UTF-8 in a key", VALID.replace(b'"sections"', b'"sec\xfftions"'), [], None),
        ("invalid UTF-8 in a value", CV + b', "layoutDirection": "\xc0\xaf"}, "sections": []}', [], None),
        ("surrogate bytes in a string", CV + b', "layoutDirection": "\xed\xa0\x80"}, "sections": []}', [], None),
        ("truncated multibyte at the end", VALID + b' "\xf0\x9f\x98', [], None),
        ("lone surrogate escape", CV + b', "layoutDirection": "\\ud800"}, "sections": []}', [], None),
        ("reversed surrogate pair", CV + b', "layoutDirection": "\\udc00\\ud800"}, "sections": []}', [], None),
        ("high surrogate, then another escape", CV + b', "layoutDirection": "\\ud800\\u0041"}, "sections": []}', [], None),
        ("NUL escape in a key", CV + b', "\\u0000": 1}, "sections": []}', [], None),
        ("line breaks escaped in a key", CV + b', "a\\nb\\r\\u2028\\u0085": 1}, "sections": []}', [], None),
        ("escaped duplicate key", CV + b'}, "sections": [], "s\\u0065ctions": []}', [], None),
        ("100k nested arrays, unterminated", stream((b"[", 100_000)), [], None),
        ("100k nested arrays", stream((b"[", 100_000), (b"]", 100_000)), [], None),
        ("100k nested objects", stream((b'{"a":', 100_000), b"1", (b"}", 100_000)), [], None),
        ("600 nested arrays in sections", b'{"collectionView": {"size": [1, 1]}, "sections": ' + b"[" * 600 + b"]" * 600 + b"}", [], None),
        ("508 nested arrays in itemSizes", b'{"collectionView": {"size": [1, 1]}, "sections": [{"itemSizes": ' + b"[" * 508 + b"]" * 508 + b"}]}", [], None),
        ("items 1e9", CV + b'}, "sections": [{"items": 1e9}]}', SMALL_RECT, None),
        ("items 10000001", CV + b'}, "sections": [{"items": 10000001}]}', SMALL_RECT, None),
        ("two sections over the item limit", CV + b'}, "sections": [{"items": 6000000}, {"items": 6000000}]}', SMALL_RECT, None),
        ("items 1e7 (the limit), one rect", CV + b'}, "sections": [{"items": 10000000}]}', ["--strategy", "binary-search"] + SMALL_RECT, None),
        # The reference keeps nothing: the arithmetic at the limits, without 10M line records.
        ("items 1e7 of 1e9 points",
         b'{"collectionView": {"size": [1e9, 1e9]}, "layout": {"itemSize": [1e9, 1e9], "minimumLineSpacing": 1e9}, '
         b'"sections": [{"items": 10000000}]}', ["--rect", "0,0,1,1", "--rect", "0,1.9e16,1e9,1e9"], None),
        ("items 2**63", CV + b'}, "sections": [{"items": 9223372036854775808}]}', [], None),
        ("300k empty sections", many_sections(300_000, b'{"items": 0}'), SMALL_RECT, "limits"),
        ("300k sections of one item", many_sections(300_000, b'{"items": 1}'), ["--strategy", "binary-search"] + SMALL_RECT, "limits"),
        ("2.5M item sizes (35 MB)", big_item_sizes(2_500_000), ["--strategy", "binary-search"] + SMALL_RECT, "limits"),
        ("20 MB string", stream(CV + b', "layoutDirection": "', (b"a", 20_000_000), b'"}, "sections": []}'), [], "limits"),
        ("20 MB key", stream(CV + b'}, "', (b"k", 20_000_000), b'": 1, "sections": []}'), [], "limits"),
        ("20 MB number", stream(b'{"collectionView": {"size": [1', (b"0", 20_000_000), b', 844]}, "sections": []}'), [], "limits"),
        ("20 MB fraction", stream(b'{"collectionView": {"size": [1.', (b"3", 20_000_000), b', 844]}, "sections": []}'), [], "limits"),
        ("20 MB of whitespace", stream((b" ", 20_000_000), VALID), [], "limits"),
        ("1M-number size array", stream(b'{"collectionView": {"size": [', (b"1,", 999_999), b'1]}, "sections": []}'), [], "limits"),
        ("200k unknown keys", distinct_keys(200_000), [], "limits"),
        ("/dev/null", None, ["/dev/null"], None),
        ("a directory", None, ["."], None),
        ("a missing file", None, ["missing.json"], None),
        ("an empty path", None, [""], None),
    ]


def structural_case(index, r):
    name, content, extra, known = structural_cases()[index]
    if content is None:
        return Case("layout-structural", ["layout"] + extra, note=name, known=known)
    if r.random() < 0.25 and not callable(content):
        return Case("layout-structural", ["layout"] + extra + ["-"], stdin=content, note=name + " (stdin)", known=known)
    return Case("layout-structural", ["layout"] + extra + ["spec.json"], {"spec.json": content}, note=name, known=known)


KINDS = [
    ("layout-mutated", 20), ("layout-bytes", 8), ("layout-valid-all", 11), ("layout-extreme", 8),
    ("layout-stdin", 4),
    ("updates", 16), ("rect", 7), ("flags-run", 3), ("flags-compare", 4), ("flags-report", 3),
    ("results-files", 7), ("flags-layout", 4), ("flags-list", 1.5), ("flags-dataset", 3),
    ("flags-top", 1.5),
]


def make_case(seed, index, seeds, bench):
    """Input `index` of the run with `seed`: made when it runs (so the fuzzer's own memory stays
    small, and a child's peak RSS, which Linux starts from its parent's, means the child's),
    from a generator of its own, so any input replays alone from (seed, index)."""
    structural = len(structural_cases())
    if index < structural:
        # Each structural case runs once; the heavy ones do not grow with --count.
        return structural_case(index, random.Random(seed * 1000 + index))
    r = random.Random(seed * 1_000_003 + index)
    makers = {
        "layout-mutated": case_layout_mutated, "layout-bytes": case_layout_bytes,
        "layout-valid-all": case_layout_valid, "layout-extreme": case_layout_extreme,
        "layout-stdin": case_stdin, "updates": case_updates,
        "rect": case_rect, "flags-run": case_flags_run,
        "flags-compare": lambda r, s: case_flags_compare(r, s, bench),
        "flags-report": case_flags_report, "results-files": case_results,
        "flags-layout": case_flags_layout, "flags-list": case_flags_list,
        "flags-dataset": case_flags_dataset, "flags-top": case_top,
    }
    kind = r.choices([name for name, _ in KINDS], [weight for _, weight in KINDS])[0]
    return makers[kind](r, seeds)


# ---------------------------------------------------------------------------------------------
# Running and checking.


def run_case(bench, case, options, root):
    directory = tempfile.mkdtemp(prefix="case-", dir=root)
    try:
        for name, content in case.files.items():
            with open(os.path.join(directory, name), "wb") as f:
                for chunk in content() if callable(content) else [content]:
                    f.write(chunk)
        for name in getattr(case, "executables", []):
            if name in case.files:
                os.chmod(os.path.join(directory, name), 0o755)
        stdin_path = os.path.join(directory, ".stdin")
        with open(stdin_path, "wb") as f:
            f.write(case.stdin or b"")
        out_path = os.path.join(directory, ".stdout")
        err_path = os.path.join(directory, ".stderr")
        env = dict(os.environ)
        # Were the binary a debug build, `bench run` would build the release one and re-execute
        # it; as if already re-executed, it stops with an error instead.
        env["BENCH_REEXECUTED"] = "1"
        # A crash is seen by its signal; the backtracer would only slow it down.
        env["SWIFT_BACKTRACE"] = "enable=no"
        with open(stdin_path, "rb") as stdin, open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.monotonic()
            process = subprocess.Popen([bench] + case.args, cwd=directory, stdin=stdin, stdout=out, stderr=err,
                                       env=env, start_new_session=True)
            try:
                resource.prlimit(process.pid, resource.RLIMIT_AS, (ADDRESS_SPACE_LIMIT, ADDRESS_SPACE_LIMIT))
            except (OSError, ValueError):
                pass
            timed_out = False
            delay = 0.0005
            while True:
                pid, status, usage = os.wait4(process.pid, os.WNOHANG)
                if pid:
                    break
                if time.monotonic() - start > options.timeout and not timed_out:
                    timed_out = True
                    try:
                        os.killpg(process.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                time.sleep(delay)
                delay = min(delay * 1.5, 0.01)
            elapsed = time.monotonic() - start
            # Reaped here: tell Popen, so it never waits for (or signals) a reused pid.
            process.returncode = os.waitstatus_to_exitcode(status)
        try:
            os.killpg(process.pid, signal.SIGKILL)  # anything it left behind
        except (ProcessLookupError, PermissionError):
            pass
        # Bounded reads: the fuzzer's own memory must stay small (see make_case).
        with open(out_path, "rb") as f:
            stdout = f.read(OUTPUT_CHECKED)
            stdout_size = os.fstat(f.fileno()).st_size
            if stdout_size > len(stdout):
                f.seek(-2, os.SEEK_END)
                stdout_tail = f.read()
            else:
                stdout_tail = stdout[-2:]
        with open(err_path, "rb") as f:
            stderr = f.read(1 << 16)
            stderr_lines = stderr.count(b"\n")
            stderr_last = stderr[-1:]
            while chunk := f.read(1 << 20):
                stderr_lines += chunk.count(b"\n")
                stderr_last = chunk[-1:]
        outcome = {
            "status": process.returncode, "elapsed": elapsed, "rss_mb": usage.ru_maxrss / 1024,
            "timed_out": timed_out, "stdout": stdout, "stdout_size": stdout_size,
            "stdout_tail": stdout_tail, "stderr": stderr, "stderr_lines": stderr_lines,
            "stderr_last": stderr_last,
        }
        outcome["failures"] = check(case, outcome, options)
        if outcome["failures"] and not tolerated(case, outcome["failures"]) and options.save:
            save(case, outcome, directory, options)
        return outcome
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def reject_constant(name):
    raise ValueError(f"non-finite number {name} in the output")


# Outputs up to this size are parsed as JSON; larger ones are only checked to be one whole
# object (their first and last bytes).
OUTPUT_CHECKED = 1 << 20


def check(case, outcome, options):
    """The list of problems with one run (empty when it passed)."""
    problems = []
    status = outcome["status"]
    stdout, stderr = outcome["stdout"], outcome["stderr"]
    if outcome["timed_out"]:
        problems.append("timeout")
    elif status < 0:
        problems.append(f"signal {signal.Signals(-status).name}" if -status in signal.valid_signals() else f"signal {-status}")
    elif status not in (0, 1, 2):
        problems.append(f"exit status {status}")
    one_line = outcome["stderr_lines"] == 1 and outcome["stderr_last"] == b"\n"
    if status == 2:
        if outcome["stdout_size"]:
            problems.append("exit 2 with output")
        if not one_line:
            problems.append("exit 2 not one line")
    if case.args and case.args[0] == "layout":
        if status == 0 and not stdout.startswith(b"usage: bench layout"):
            if outcome["stdout_size"] <= len(stdout):
                try:
                    json.loads(stdout, parse_constant=reject_constant)
                except ValueError:
                    problems.append("layout output is not JSON")
            elif not stdout.startswith(b"{") or outcome["stdout_tail"] != b"}\n":
                problems.append("layout output is not JSON")
            if stderr:
                problems.append("layout success with stderr")
        elif status == 1:
            if outcome["stdout_size"] or not one_line:
                problems.append("layout exit 1 not one line")
            if not stderr.startswith(b"bench: strategies disagree: "):
                problems.append("layout exit 1 not a disagreement")
            elif not stderr.startswith(b"bench: strategies disagree: mosaic-sample-query "):
                # Only the mosaic sample's query may miss elements; flow strategies must agree.
                problems.append("strategies disagree")
    if outcome["elapsed"] > options.slow and not outcome["timed_out"]:
        problems.append("slow")
    if outcome["rss_mb"] > options.max_rss_mb:
        problems.append("memory")
    return problems


def tolerated(case, problems):
    """Problems of a known class another engineer is fixing: limits on sections, file size and
    literal length, and the parser's memory — only their time and memory overruns."""
    return case.known == "limits" and problems and all(p in ("slow", "memory", "timeout") for p in problems)


def save(case, outcome, directory, options):
    with options.save_lock:
        options.save_index += 1
        index = options.save_index
    target = os.path.join(options.save, f"{index:04d}-{case.kind}")
    os.makedirs(target, exist_ok=True)
    for name in list(case.files) + [".stdin"]:
        source = os.path.join(directory, name)
        if os.path.isfile(source):
            shutil.copyfile(source, os.path.join(target, name if name != ".stdin" else "stdin"))
    with open(os.path.join(target, "stdout.txt"), "wb") as f:
        f.write(outcome["stdout"][:65536])
    with open(os.path.join(target, "stderr.txt"), "wb") as f:
        f.write(outcome["stderr"][:65536])
    with open(os.path.join(target, "case.json"), "w") as f:
        json.dump({"kind": case.kind, "note": case.note, "args": case.args, "status": outcome["status"],
                   "elapsed": round(outcome["elapsed"], 3), "rss_mb": round(outcome["rss_mb"]),
                   "failures": outcome["failures"]}, f, indent=1)
    with open(os.path.join(target, "repro.sh"), "w") as f:
        f.write("#!/bin/sh\n# Run from this directory: ./repro.sh PATH_TO_BENCH\n")
        f.write(f'cd "$(dirname "$0")" && "$1" {" ".join(shlex.quote(a) for a in case.args)} < stdin\n')
    os.chmod(os.path.join(target, "repro.sh"), 0o755)


def new_row():
    """One line of the summary: runs of a kind by outcome, the slowest and the largest."""
    return {"tried": 0, 0: 0, 1: 0, 2: 0, "other": 0, "failed": 0, "tolerated": 0, "max_s": 0.0, "max_mb": 0.0}


def row_text(name, row):
    return (f"{name:<20} {row['tried']:>6} {row[0]:>7} {row[1]:>7} {row[2]:>7} {row['other']:>6} "
            f"{row['failed']:>7} {row['tolerated']:>9} {row['max_s']:>7.2f} {row['max_mb']:>7.0f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bench", help="path of a built bench binary")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", help="directory for failing inputs (one folder per failure)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before a run is killed")
    parser.add_argument("--slow", type=float, default=3.0, help="seconds over which a run fails")
    parser.add_argument("--max-rss-mb", type=float, default=1536.0, help="peak RSS over which a run fails")
    options = parser.parse_args()
    bench = os.path.abspath(options.bench)
    if not os.access(bench, os.X_OK):
        sys.exit(f"fuzz-cli: {options.bench} is not an executable")
    options.save = os.path.abspath(options.save) if options.save else None
    options.save_lock = threading.Lock()
    options.save_index = 0
    print(f"fuzz-cli: seed {options.seed}, {options.count} inputs, {options.jobs} jobs, bench {bench}", flush=True)

    started = time.monotonic()
    seeds = Seeds(bench)
    print(f"fuzz-cli: {len(seeds.layouts)} seed layouts", flush=True)

    root = tempfile.mkdtemp(prefix="bench-fuzz-")
    stats = {}
    failures = []
    tolerated_runs = []
    slow_runs = []
    done = 0
    lock = threading.Lock()

    def one(index):
        nonlocal done
        case = make_case(options.seed, index, seeds, bench)
        try:
            outcome = run_case(bench, case, options, root)
        except (OSError, ValueError) as error:
            outcome = {"status": None, "elapsed": 0, "rss_mb": 0, "failures": [f"harness: {error}"], "stderr": b""}
        with lock:
            kind = stats.setdefault(case.kind, new_row())
            kind["tried"] += 1
            status = outcome["status"]
            kind[status if status in (0, 1, 2) else "other"] += 1
            kind["max_s"] = max(kind["max_s"], outcome["elapsed"])
            kind["max_mb"] = max(kind["max_mb"], outcome["rss_mb"])
            if outcome["elapsed"] > options.slow:
                slow_runs.append((index, case, outcome))
            if outcome["failures"]:
                if tolerated(case, outcome["failures"]):
                    kind["tolerated"] += 1
                    tolerated_runs.append((index, case, outcome))
                else:
                    kind["failed"] += 1
                    failures.append((index, case, outcome))
            done += 1
            if done % 1000 == 0:
                print(f"fuzz-cli: {done}/{options.count} run, {len(failures)} failed, "
                      f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    try:
        with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
            list(pool.map(one, range(options.count)))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    wall = time.monotonic() - started

    print()
    header = (f"{'kind':<20} {'tried':>6} {'exit 0':>7} {'exit 1':>7} {'exit 2':>7} {'other':>6} {'failed':>7} "
              f"{'tolerated':>9} {'max s':>7} {'max MB':>7}")
    print(header)
    print("-" * len(header))
    totals = new_row()
    for name in sorted(stats):
        row = stats[name]
        for key in totals:
            totals[key] = max(totals[key], row[key]) if key in ("max_s", "max_mb") else totals[key] + row[key]
        print(row_text(name, row))
    print("-" * len(header))
    print(row_text("total", totals))
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nwall time {wall:.1f} s for {options.count} inputs ({options.jobs} jobs); the fuzzer's own "
          f"peak RSS {own:.0f} MB (a child's peak RSS starts from it)")

    def describe(index, case, outcome):
        args = " ".join(shlex.quote(a) if len(a) < 80 else shlex.quote(a[:77] + "...") for a in case.args)
        note = f" [{case.note}]" if case.note else ""
        first = outcome["stderr"].split(b"\n")[0][:200].decode("utf-8", "replace")
        return (f"  #{index} {case.kind}{note}: {', '.join(outcome['failures']) or 'slow'} — exit {outcome['status']}, "
                f"{outcome['elapsed']:.2f} s, {outcome['rss_mb']:.0f} MB — bench {args}"
                + (f"\n      stderr: {first}" if first else ""))

    if tolerated_runs:
        print(f"\ntolerated (known class: limits on sections, file size, literal length, parser memory): {len(tolerated_runs)}")
        for entry in tolerated_runs:
            print(describe(*entry))
    if failures:
        by_problem = {}
        for _, _, outcome in failures:
            for problem in outcome["failures"]:
                by_problem[problem] = by_problem.get(problem, 0) + 1
        print("\nfailures by problem: " + ", ".join(f"{k}: {v}" for k, v in sorted(by_problem.items())))
        for entry in failures[:60]:
            print(describe(*entry))
        if len(failures) > 60:
            print(f"  … and {len(failures) - 60} more")
        if options.save:
            print(f"failing inputs saved under {options.save}")
    passed = options.count - len(failures)
    print(f"\n{passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
