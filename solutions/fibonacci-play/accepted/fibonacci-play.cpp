// Playing Fibonacci Nim in C++ with the LARGEST winning move instead of the
// smallest: with the pile's Zeckendorf terms t1 < t2 < ... < tr, taking the
// sum s_j = t1 + ... + tj of the j smallest leaves t(j+1) + ... + tr, whose
// smallest term t(j+1) the opponent cannot reach iff 2 s_j < t(j+1); taking
// all r terms wins outright. Among those within our cap (n - 1 for the
// first move, then twice the jury's last move) take the largest; s_1 = t1
// always qualifies while we are winning. First iff n is not a Fibonacci
// number.
#include <cstdio>
#include <vector>
typedef unsigned long long ull;

int main() {
    std::vector<ull> fib = {1, 2};
    while (fib[fib.size() - 1] + fib[fib.size() - 2] <= 1000000000000000000ULL)
        fib.push_back(fib[fib.size() - 1] + fib[fib.size() - 2]);
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        ull n;
        if (scanf("%llu", &n) != 1) return 0;
        bool is_fib = false;
        for (ull f : fib) is_fib |= f == n;
        bool mine = !is_fib;
        printf("%s\n", mine ? "First" : "Second");
        fflush(stdout);
        ull stones = n, cap = n - 1;
        while (stones > 0) {
            ull take;
            if (mine) {
                std::vector<ull> terms;  // smallest first
                ull rest = stones;
                for (int i = (int)fib.size() - 1; i >= 0; i--)
                    if (fib[i] <= rest) {
                        rest -= fib[i];
                        terms.insert(terms.begin(), fib[i]);
                    }
                ull sum = 0;
                take = 0;
                for (size_t j = 0; j < terms.size(); j++) {
                    sum += terms[j];
                    if (sum > cap) break;
                    if (j + 1 == terms.size() || 2 * sum < terms[j + 1]) take = sum;
                }
                printf("%llu\n", take);
                fflush(stdout);
            } else {
                if (scanf("%llu", &take) != 1) return 0;
            }
            stones -= take;
            cap = 2 * take < stones ? 2 * take : stones;
            mine = !mine;
        }
    }
}
