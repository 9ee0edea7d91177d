// Trap: skipping the first branch — using the periodic pattern (period b + 1
// for a short interval) even when no multiple of a + 1 lies in [c, b], where
// the losing positions are simply the multiples of a + 1.
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long a, c, b, n;
        scanf("%lld %lld %lld %lld", &a, &c, &b, &n);
        long long A = a + 1;
        long long p = b - c + 1 <= a ? b + 1 : b + A * ((c - 1) / A) + 1;
        long long r = n % p;
        puts(r % A == 0 && r < c ? "Second" : "First");
    }
}
