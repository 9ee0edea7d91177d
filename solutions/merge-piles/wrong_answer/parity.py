# Trap: parity only — every move lowers stones + piles, so this assumes the
# game lasts exactly (stones + piles - 1) moves; but removing a lone stone
# also removes its pile, which skips a move.
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
pos = 1
out = []
for _ in range(t):
    n = int(data[pos])
    stones = sum(map(int, data[pos + 1 : pos + 1 + n]))
    pos += 1 + n
    out.append("First" if (stones + n - 1) % 2 == 1 else "Second")
print("\n".join(out))
