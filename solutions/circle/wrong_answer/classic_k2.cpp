// Trap: hard-coding the classic k = 2 answer (POJ 2484): First iff n <= 2, whatever k is.
#include <cstdio>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long n, k;
        scanf("%lld %lld", &n, &k);
        puts(n <= 2 ? "First" : "Second");
    }
}
