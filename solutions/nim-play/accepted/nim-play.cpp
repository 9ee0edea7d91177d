// Playing Nim in C++: choose Second iff the xor X of the piles is 0, then on
// each turn cut the LAST pile holding X's top bit down to a[i] ^ X stones
// (the reference cuts the first one; both restore a zero xor).
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    std::vector<unsigned long long> a;
    while (t--) {
        int n;
        if (scanf("%d", &n) != 1) return 0;
        a.assign(n, 0);
        unsigned long long x = 0;
        int non_empty = 0;
        for (int i = 0; i < n; i++) {
            scanf("%llu", &a[i]);
            x ^= a[i];
            non_empty += a[i] > 0;
        }
        bool mine = x != 0;
        printf("%s\n", mine ? "First" : "Second");
        fflush(stdout);
        while (non_empty > 0) {
            int i;
            unsigned long long take;
            if (mine) {
                i = -1;
                for (int j = 0; j < n; j++)
                    if ((a[j] ^ x) < a[j]) i = j;
                take = a[i] - (a[i] ^ x);
                printf("%d %llu\n", i + 1, take);
                fflush(stdout);
            } else {
                if (scanf("%d %llu", &i, &take) != 2) return 0;
                i--;
            }
            unsigned long long before = a[i];
            a[i] -= take;
            x ^= before ^ a[i];
            if (a[i] == 0) non_empty--;
            mine = !mine;
        }
    }
}
