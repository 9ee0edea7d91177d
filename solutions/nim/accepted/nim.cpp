// Nim in C++: Second iff the xor X is 0; otherwise cut the LAST pile with
// (a[i] ^ X) < a[i] down to a[i] ^ X (a different winning move from the
// reference's, which the checker must accept too).
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    std::vector<unsigned long long> a;
    while (t--) {
        int n;
        scanf("%d", &n);
        a.resize(n);
        unsigned long long x = 0;
        for (int i = 0; i < n; i++) {
            scanf("%llu", &a[i]);
            x ^= a[i];
        }
        if (x == 0) {
            puts("Second");
            continue;
        }
        int pick = -1;
        for (int i = 0; i < n; i++)
            if ((a[i] ^ x) < a[i]) pick = i;
        printf("First %d %llu\n", pick + 1, a[pick] ^ x);
    }
}
