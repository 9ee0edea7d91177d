// Trap: in the long branch, the period built from the *last* multiple of
// a + 1 in [c, b] instead of the first: p = b + A·(⌊b/A⌋ − 1) + 1. It agrees
// with the right rule whenever [c, b] holds a single multiple of A, so
// only games with two or more of them catch it.
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long a, c, b, n;
        scanf("%lld %lld %lld %lld", &a, &c, &b, &n);
        long long A = a + 1;
        if (b / A * A < c) {
            puts(n % A == 0 ? "Second" : "First");
            continue;
        }
        long long p = b - c + 1 <= a ? b + 1 : b + A * (b / A - 1) + 1;
        long long r = n % p;
        puts(r % A == 0 && r < c ? "Second" : "First");
    }
}
