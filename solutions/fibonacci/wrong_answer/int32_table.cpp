// Trap: the Fibonacci table built in 32-bit ints. "Plenty of terms" are
// precomputed, but past 1836311903 the sums overflow and wrap, and the
// wrapped values include phantom "Fibonacci numbers" (649, 12113, 14466 and
// 15864 are the smallest), so those piles get Second.
#include <algorithm>
#include <cstdio>
#include <vector>

const int N = 1000000;
int f[N];

int main() {
    f[0] = 1;
    f[1] = 2;
    for (int i = 2; i < N; i++) f[i] = f[i - 1] + f[i - 2];
    std::vector<long long> fib(f, f + N);
    std::sort(fib.begin(), fib.end());
    int t;
    scanf("%d", &t);
    while (t--) {
        long long n;
        scanf("%lld", &n);
        if (std::binary_search(fib.begin(), fib.end(), n)) {
            puts("Second");
            continue;
        }
        // The smallest term of the greedy (Zeckendorf) representation.
        long long rest = n, last = 0;
        while (rest > 0) {
            last = *(std::upper_bound(fib.begin(), fib.end(), rest) - 1);
            rest -= last;
        }
        printf("First %lld\n", last);
    }
}
