// Trap: n % m instead of n % (m + 1).
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long n, m;
        scanf("%lld %lld", &n, &m);
        puts(n % m == 0 ? "Second" : "First");
    }
}
