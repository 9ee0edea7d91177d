// Trap: assuming the period is a + 1 always, as in the Bash game: Second iff
// n % (a + 1) == 0. Wrong once a multiple of a + 1 lies in [c, b]: the big
// move then reaches a losing position from another multiple.
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long a, c, b, n;
        scanf("%lld %lld %lld %lld", &a, &c, &b, &n);
        puts(n % (a + 1) == 0 ? "Second" : "First");
    }
}
