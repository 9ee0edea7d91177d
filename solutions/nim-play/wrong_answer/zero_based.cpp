// The right side and the right move, but the pile is printed 0-based: pile 1
// comes out as 0 (no such pile), pile k as k - 1 (another pile, where taking
// that many stones is illegal or loses). An illegal move.
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
                i = 0;
                while ((a[i] ^ x) >= a[i]) i++;
                take = a[i] - (a[i] ^ x);
                printf("%d %llu\n", i, take);  // BUG: 0-based index
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
