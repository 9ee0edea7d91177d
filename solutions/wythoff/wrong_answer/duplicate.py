# Trap: the moves are not deduplicated: at (2, 3) the equal removal and the
# move from the larger pile both reach (1, 2), printed twice; at (a, a) the
# two single-pile moves reach the same position.
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
        a, b = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])))
        k = b - a
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
            single.append((q, b))
        moves += sorted(single)
        out.append("First %d" % len(moves))
        out.extend("%d %d" % m for m in moves)
    print("\n".join(out))


main()
