// Trap: the xor kept in a 32-bit int, so the bits above 31 are lost.
#include <cstdio>

long long a[100005];

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        int x = 0;
        for (int i = 0; i < n; i++) {
            scanf("%lld", &a[i]);
            x ^= a[i];
        }
        if (x == 0) {
            puts("Second");
            continue;
        }
        for (int i = 0; i < n; i++) {
            if ((a[i] ^ x) < a[i]) {
                printf("First %d %lld\n", i + 1, a[i] ^ x);
                break;
            }
        }
    }
}
