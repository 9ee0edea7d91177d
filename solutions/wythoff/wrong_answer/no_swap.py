# Trap: the piles are not sorted: k = |a - b| is right, but a is taken to be
# the smaller pile, so `2 1` (a losing position) is called winning.
import sys
from math import isqrt


def lower(k):
    return (k + isqrt(5 * k * k)) // 2


def partner(x):
    if x == 0:
        return 0
    j = (isqrt(5 * x * x) - x) // 2
    return x + j + 1 if lower(j + 1) == x else j


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    out = []
    for i in range(t):
        a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        k = abs(b - a)
        low = lower(k)
        if a == low:
            out.append("Second")
            continue
        moves = []
        if a > low:
            moves.append((low, low + k))
        single = []
        p = partner(a)
        if p < b:
            single.append((min(a, p), max(a, p)))
        q = partner(b)
        if q < a:
            single.append((min(q, b), max(q, b)))
        for m in sorted(single):
            if m not in moves:
                moves.append(m)
        out.append("First %d" % len(moves))
        out.extend("%d %d" % m for m in moves)
    print("\n".join(out))


main()
