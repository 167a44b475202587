"""Independent values for statistics.test.ts: the Wilson interval, the two-proportion z-test and
Benjamini-Hochberg q-values, written from their textbook definitions with the standard library
only. Run `python3 app/model/explain/statistics.reference.py` and paste its output into the test."""
import json
import math

Z = 1.959964


def wilson(h, n):
    p = h / n
    # the interval's bounds are the roots in P of (p - P)^2 = Z^2 P (1 - P) / n
    a = 1 + Z * Z / n
    b = -(2 * p + Z * Z / n)
    c = p * p
    disc = math.sqrt(b * b - 4 * a * c)
    return [max(0.0, (-b - disc) / (2 * a)), min(1.0, (-b + disc) / (2 * a))]


def z_test(h, n, big_h, big_n):
    pooled = big_h / big_n
    if n == big_n or pooled in (0, 1):
        return 1.0
    p1 = h / n
    p2 = (big_h - h) / (big_n - n)
    z = (p1 - p2) / math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / (big_n - n)))
    # two-sided tail of the standard normal: 2 (1 - Phi(|z|)) = erfc(|z| / sqrt 2)
    return math.erfc(abs(z) / math.sqrt(2))


def bh(ps):
    m = len(ps)
    ranked = sorted(range(m), key=lambda i: (ps[i], i))
    q = [0.0] * m
    for i in range(m):
        # q of the i-th smallest: min over j >= i of m p_(j) / j
        q[ranked[i]] = min(1.0, min(ps[ranked[j]] * m / (j + 1) for j in range(i, m)))
    return q


WILSON_CASES = [(0, 20), (3, 20), (20, 20), (7, 31), (232, 1000), (1, 2)]
Z_CASES = [(15, 40, 60, 400), (4, 40, 60, 400), (6, 40, 60, 400), (30, 30, 100, 1000), (0, 25, 10, 500),
           (5, 50, 0, 500), (50, 50, 50, 50), (120, 200, 232, 1000), (2, 20, 400, 1000)]
BH_CASE = [0.01, 0.04, 0.03, 0.2, 0.001, 0.04, 0.5, 1.0, 0.0005, 0.049]
ERFC_CASES = [0.0, 0.1, 0.5, 1.0, 2.0, 2.9, 3.0, 3.5, 5.0, 8.0, 20.0]

print(json.dumps({
    "wilson": [[h, n, *wilson(h, n)] for h, n in WILSON_CASES],
    "z_test": [[h, n, H, N, z_test(h, n, H, N)] for h, n, H, N in Z_CASES],
    "bh": {"p": BH_CASE, "q": bh(BH_CASE)},
    "erfc": [[x, math.erfc(x)] for x in ERFC_CASES],
}, indent=1))
