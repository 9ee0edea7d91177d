// The right strategy, but the output is never flushed: printf to a pipe is
// fully buffered, so the side and the moves stay in the buffer while we wait
// in scanf for the jury's next line, which never comes. The judge must stop
// it at the wall-time limit (TLE).
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
        printf("%s\n", mine ? "First" : "Second");  // no fflush
        while (non_empty > 0) {
            int i;
            unsigned long long take;
            if (mine) {
                i = 0;
                while ((a[i] ^ x) >= a[i]) i++;
                take = a[i] - (a[i] ^ x);
                printf("%d %llu\n", i + 1, take);  // no fflush
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
