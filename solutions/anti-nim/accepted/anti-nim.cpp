// Misère Nim in C++ (SJ theorem): count the piles above one stone and xor all
// piles; with no big pile the first player wins iff n is even, otherwise iff
// the xor is not 0.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, big = 0;
        scanf("%d", &n);
        unsigned long long x = 0;
        for (int i = 0; i < n; i++) {
            unsigned long long a;
            scanf("%llu", &a);
            x ^= a;
            if (a > 1) big++;
        }
        bool first = big == 0 ? n % 2 == 0 : x != 0;
        puts(first ? "First" : "Second");
    }
}
