// Trap: reading n and k into 32-bit integers.
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n, k;
        scanf("%d %d", &n, &k);
        bool first = k == 1 ? n % 2 == 1 : n <= k;
        puts(first ? "First" : "Second");
    }
}
