// Trap: the DP over n. It fits group 1 (n <= 10^6), but n goes up to 10^18.
// The last b + 1 positions live in a ring; the numbers of losing positions
// in the windows [k - a, k - 1] and [k - b, k - c] slide along with k.
#include <cstdio>
#include <vector>

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        long long a, c, b, n;
        scanf("%lld %lld %lld %lld", &a, &c, &b, &n);
        long long size = b + 1;
        std::vector<bool> lose(size);
        lose[0] = true;  // no stones: the player to move has lost
        long long near = 0, far = 0;
        for (long long k = 1; k <= n; k++) {
            near += lose[(k - 1) % size];
            if (k - 1 - a >= 0) near -= lose[(k - 1 - a) % size];
            if (k - c >= 0) far += lose[(k - c) % size];
            if (k - 1 - b >= 0) far -= lose[(k - 1 - b) % size];  // the slot k takes
            lose[k % size] = near == 0 && far == 0;
        }
        puts(lose[n % size] ? "Second" : "First");
    }
}
