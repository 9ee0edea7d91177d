// Subtraction game with a gap, in C++. With A = a + 1: if no multiple of A
// lies in [c, b], Second iff n % A == 0. Otherwise the losing positions
// repeat with period p (b + 1 when b - c + 1 <= a, else
// b + A * ((c - 1) / A) + 1) and are, below p, the multiples of A under c.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        unsigned long long a, c, b, n;
        scanf("%llu %llu %llu %llu", &a, &c, &b, &n);
        unsigned long long A = a + 1;
        bool second;
        if (b / A * A < c) {
            second = n % A == 0;
        } else {
            unsigned long long p = b - c + 1 <= a ? b + 1 : b + A * ((c - 1) / A) + 1;
            unsigned long long r = n % p;
            second = r % A == 0 && r < c;
        }
        puts(second ? "Second" : "First");
    }
}
