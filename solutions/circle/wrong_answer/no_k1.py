# Trap: forgetting k = 1 (First iff n <= k, but with k = 1 nobody can split the circle).
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    n, k = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    out.append("First" if n <= k else "Second")
print("\n".join(out))
