# Trap: the two period branches swapped — period b + 1 for a long interval
# [c, b] (longer than a) and b + (a+1)*floor((c-1)/(a+1)) + 1 for a short one.
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    a, c, b, n = (int(x) for x in data[1 + 4 * i : 5 + 4 * i])
    step = a + 1
    if b // step * step < c:
        second = n % step == 0
    else:
        if b - c + 1 > a:
            p = b + 1
        else:
            p = b + step * ((c - 1) // step) + 1
        r = n % p
        second = r % step == 0 and r < c
    out.append("Second" if second else "First")
print("\n".join(out))
