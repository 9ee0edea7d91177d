# Trap: the answer words swapped.
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    n, m = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    out.append("First" if n % (m + 1) == 0 else "Second")
print("\n".join(out))
