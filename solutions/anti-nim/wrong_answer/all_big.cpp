// Trap: "all a_i > 1" coded for "some a_i > 1" — any single-stone pile sends
// the case to the all-ones rule (First iff the xor is 0); wrong on [1, 2].
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        long long x = 0;
        bool allBig = true;
        for (int i = 0; i < n; i++) {
            long long a;
            scanf("%lld", &a);
            x ^= a;
            if (a <= 1) allBig = false;
        }
        bool first = allBig ? x != 0 : x == 0;
        puts(first ? "First" : "Second");
    }
}
