// The right strategy with a Fibonacci table that stops too early: 85 terms
// end at 420196140727489673, so 679891637638612258 (the largest Fibonacci
// number up to 10^18) is written as two terms and taken for a winning
// start: we choose First there and lose. (Below it the greedy sum stays
// right: a missing top term is made up by the two below it.)
#include <cstdio>

const int K = 85;
unsigned long long f[K];

int main() {
    f[0] = 1;
    f[1] = 2;
    for (int i = 2; i < K; i++) f[i] = f[i - 1] + f[i - 2];
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        unsigned long long n;
        if (scanf("%llu", &n) != 1) return 0;
        int terms = 0;
        unsigned long long rest = n;
        for (int i = K - 1; i >= 0; i--)
            if (f[i] <= rest) {
                rest -= f[i];
                terms++;
            }
        bool mine = terms > 1;
        printf("%s\n", mine ? "First" : "Second");
        fflush(stdout);
        unsigned long long stones = n;
        while (stones > 0) {
            unsigned long long take;
            if (mine) {
                unsigned long long rest = stones, last = 0;
                for (int i = K - 1; i >= 0; i--)
                    if (f[i] <= rest) {
                        rest -= f[i];
                        last = f[i];
                    }
                take = last;
                printf("%llu\n", take);
                fflush(stdout);
            } else {
                if (scanf("%llu", &take) != 1) return 0;
            }
            stones -= take;
            mine = !mine;
        }
    }
}
