// Trap: the Fibonacci table stops too early: 85 terms end at
// 420196140727489673, so 679891637638612258 (the largest Fibonacci number up
// to 10^18) is not recognised and gets First.
#include <cstdio>

const int K = 85;
long long f[K];

int main() {
    f[0] = 1;
    f[1] = 2;
    for (int i = 2; i < K; i++) f[i] = f[i - 1] + f[i - 2];
    int t;
    scanf("%d", &t);
    while (t--) {
        long long n;
        scanf("%lld", &n);
        long long rest = n, last = 0;
        int terms = 0;
        for (int i = K - 1; i >= 0; i--)
            if (f[i] <= rest) {
                rest -= f[i];
                last = f[i];
                terms++;
            }
        if (terms == 1)
            puts("Second");
        else
            printf("First %lld\n", last);
    }
}
