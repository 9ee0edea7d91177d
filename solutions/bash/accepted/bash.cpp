// Bash game in C++: the first player loses iff n % (m + 1) == 0.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        unsigned long long n, m;
        scanf("%llu %llu", &n, &m);
        puts(n % (m + 1) == 0 ? "Second" : "First");
    }
}
