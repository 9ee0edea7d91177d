// Trap: three-answer positions such as (10, 15). All winning moves are sorted
// by x, so the equal removal (8, 13) is not printed first when the move from
// the larger pile, (6, 10), has a smaller x.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
typedef long long ll;
typedef unsigned __int128 u128;

// floor(sqrt(n)), corrected to be exact after the long double estimate.
u128 isqrt(u128 n) {
    u128 r = (u128)sqrtl((long double)n);
    while (r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}

ll lower(ll k) { return (ll)(((u128)k + isqrt((u128)5 * k * k)) / 2); }

ll partner(ll x) {
    if (x == 0) return 0;
    ll j = (ll)((isqrt((u128)5 * x * x) - x) / 2);
    return lower(j + 1) == x ? x + j + 1 : j;
}

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        ll a, b;
        scanf("%lld %lld", &a, &b);
        if (a > b) std::swap(a, b);
        ll k = b - a, low = lower(k);
        if (a == low) {
            puts("Second");
            continue;
        }
        std::vector<std::pair<ll, ll>> moves;
        if (a > low) moves.push_back({low, low + k});
        ll p = partner(a);
        if (p < b) moves.push_back({std::min(a, p), std::max(a, p)});
        ll q = partner(b);
        if (q < a) moves.push_back({q, b});
        std::sort(moves.begin(), moves.end());
        moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
        printf("First %d\n", (int)moves.size());
        for (auto m : moves) printf("%lld %lld\n", m.first, m.second);
    }
}
