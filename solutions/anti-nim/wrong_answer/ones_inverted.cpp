// Trap: the all-ones branch inverted (First iff the number of piles is odd);
// wrong on [1] and [1, 1].
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        long long x = 0;
        bool ones = true;
        for (int i = 0; i < n; i++) {
            long long a;
            scanf("%lld", &a);
            x ^= a;
            if (a != 1) ones = false;
        }
        bool first = ones ? n % 2 == 1 : x != 0;
        puts(first ? "First" : "Second");
    }
}
