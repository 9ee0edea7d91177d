// Trap: playing the game out move by move (n up to 10^18 moves).
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        unsigned long long n, m;
        scanf("%llu %llu", &n, &m);
        // The player to move wins iff the remainder after full rounds is not zero.
        bool first = true;
        while (n > m) {
            n -= m + 1;
        }
        first = n != 0;
        puts(first ? "First" : "Second");
    }
}
