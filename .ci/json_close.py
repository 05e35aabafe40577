"""Exit 0 if two JSON documents are equal, numbers within 1e-9 (the golden files' tolerance)."""
import json
import sys


def close(a, b, path="$"):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b or fail(path, a, b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-9 or fail(path, a, b)
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return fail(path + ".length", len(a), len(b))
        return all(close(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b)))
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return fail(path + ".keys", sorted(a), sorted(b))
        return all(close(a[k], b[k], f"{path}.{k}") for k in a)
    return a == b or fail(path, a, b)


def fail(path, got, expected):
    print(f"{sys.argv[1]}: {path}: got {got!r}, expected {expected!r}")
    return False


with open(sys.argv[1]) as got, open(sys.argv[2]) as expected:
    sys.exit(0 if close(json.load(got), json.load(expected)) else 1)
