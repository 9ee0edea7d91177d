# Trap: "misère is just Nim inverted" — First iff the xor is 0; wrong on [2].
import sys


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    pos = 1
    out = []
    for _ in range(t):
        n = int(data[pos])
        x = 0
        for v in data[pos + 1 : pos + 1 + n]:
            x ^= int(v)
        pos += 1 + n
        out.append("First" if x == 0 else "Second")
    sys.stdout.write("\n".join(out) + "\n")


main()
