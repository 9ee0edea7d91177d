// Trap: printing the pile's 0-based index.
#include <cstdio>
#include <vector>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        std::vector<unsigned long long> a(n);
        unsigned long long x = 0;
        for (auto &v : a) {
            scanf("%llu", &v);
            x ^= v;
        }
        if (x == 0) {
            puts("Second");
            continue;
        }
        for (int i = 0; i < n; i++) {
            if ((a[i] ^ x) < a[i]) {
                printf("First %d %llu\n", i, a[i] ^ x);
                break;
            }
        }
    }
}
