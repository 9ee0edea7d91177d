# Trap: no "a mod 3" branch — uses "the first player loses iff a and b are
# both even" for every position, also when there is no pile of two or more
# stones or only a single pile of 2 (b <= 2), where a mod 3 decides.
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
pos = 1
out = []
for _ in range(t):
    n = int(data[pos])
    piles = list(map(int, data[pos + 1 : pos + 1 + n]))
    pos += 1 + n
    a = piles.count(1)
    big = [x + 1 for x in piles if x >= 2]
    b = sum(big) - 1 if big else 0
    out.append("Second" if a % 2 == 0 and b % 2 == 0 else "First")
print("\n".join(out))
