// Trap: reading n and m into 32-bit integers.
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n, m;
        scanf("%d %d", &n, &m);
        puts(n % (m + 1) == 0 ? "Second" : "First");
    }
}
