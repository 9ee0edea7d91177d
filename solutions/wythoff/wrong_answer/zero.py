# Trap: `0 b` positions. The losing positions are numbered from 1, so the
# partner of a pile of 0 is never found, and (0, b) gets no winning move
# (the move to (0, 0)).
import sys
from math import isqrt


def lower(k):
    return (k + isqrt(5 * k * k)) // 2


def partner(x):
    # x is the smaller pile of the j-th losing position (j near x / phi) or
    # the larger pile of one (j near x / phi^2); j runs from 1.
    near = (isqrt(5 * x * x) - x) // 2
    for j in range(max(1, near - 1), near + 3):
        if lower(j) == x:
            return x + j
    for j in range(max(1, x - near - 2), x - near + 2):
        if lower(j) + j == x:
            return lower(j)
    return None


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
        if p is not None and p < b:
            single.append((min(a, p), max(a, p)))
        q = partner(b)
        if q is not None and q < a:
            single.append((q, b))
        for m in sorted(single):
            if m not in moves:
                moves.append(m)
        out.append("First %d" % len(moves))
        out.extend("%d %d" % m for m in moves)
    print("\n".join(out))


main()
