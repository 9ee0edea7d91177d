// Trap: C precedence — `a[i] ^ x < a[i]` parses as `a[i] ^ (x < a[i])`, which
// is true for the first non-empty pile whether or not it can be cut to a[i] ^ x.
#include <cstdio>

long long a[100005];

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        long long x = 0;
        for (int i = 0; i < n; i++) {
            scanf("%lld", &a[i]);
            x ^= a[i];
        }
        if (x == 0) {
            puts("Second");
            continue;
        }
        for (int i = 0; i < n; i++) {
            if (a[i] ^ x < a[i]) {
                printf("First %d %lld\n", i + 1, a[i] ^ x);
                break;
            }
        }
    }
}
