# Trap: proposing x = n. The move comes from the general rule for a player
# facing m stones with cap c (take everything if c >= m, else the smallest
# Zeckendorf term), called with cap n for the first move: it takes all.
import sys

FIB = [1, 2]
while FIB[-1] + FIB[-2] <= 10**18:
    FIB.append(FIB[-1] + FIB[-2])


def smallest_term(m):
    last = 0
    for f in reversed(FIB):
        if f <= m:
            m -= f
            last = f
    return last


def best_move(m, cap):
    if cap >= m:
        return m
    return smallest_term(m)


def main():
    data = sys.stdin.buffer.read().split()
    fibs = set(FIB)
    out = []
    for word in data[1:]:
        n = int(word)
        if n in fibs:
            out.append("Second")
        else:
            out.append("First %d" % best_move(n, n))
    print("\n".join(out))


main()
