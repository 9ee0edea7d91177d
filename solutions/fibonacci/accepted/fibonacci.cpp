// Fibonacci Nim in C++, with a different winning move than the reference:
// with n = t1 + t2 + ... + tr its Zeckendorf terms from the smallest, taking
// s_j = t1 + ... + tj leaves t(j+1) + ... + tr, whose smallest term is
// t(j+1); that wins iff 2 s_j < t(j+1). Take the largest such j (j = 1
// always works); n is a Fibonacci number (r = 1) iff the first player loses.
#include <cstdio>
#include <vector>
typedef unsigned long long ull;

int main() {
    std::vector<ull> fib = {1, 2};
    while (fib[fib.size() - 1] + fib[fib.size() - 2] <= 1000000000000000000ULL)
        fib.push_back(fib[fib.size() - 1] + fib[fib.size() - 2]);
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        ull n;
        scanf("%llu", &n);
        std::vector<ull> terms;  // largest first
        ull rest = n;
        for (int i = (int)fib.size() - 1; i >= 0; i--)
            if (fib[i] <= rest) {
                rest -= fib[i];
                terms.push_back(fib[i]);
            }
        if (terms.size() == 1) {
            puts("Second");
            continue;
        }
        ull best = 0, sum = 0;
        for (int j = (int)terms.size() - 1; j >= 1; j--) {
            sum += terms[j];
            if (2 * sum < terms[j - 1]) best = sum;
        }
        printf("First %llu\n", best);
    }
}
