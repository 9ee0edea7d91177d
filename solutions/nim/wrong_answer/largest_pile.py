# Trap: proposing x >= a_i — always moving in the largest pile, which need not
# hold the top bit of the xor, so a_i ^ X can exceed a_i (for 5 4 3: 7 > 5).
import sys


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    pos = 1
    out = []
    for _ in range(t):
        n = int(data[pos])
        a = list(map(int, data[pos + 1 : pos + 1 + n]))
        pos += 1 + n
        x = 0
        for v in a:
            x ^= v
        if x == 0:
            out.append("Second")
        else:
            i = a.index(max(a))
            out.append("First %d %d" % (i + 1, a[i] ^ x))
    sys.stdout.write("\n".join(out) + "\n")


main()
