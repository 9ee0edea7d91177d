// Trap: unsorted pairs. The move from the larger pile is printed as (what is
// left of that pile, the other pile), so (1, 3) gives `2 1`, not `1 2`.
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
        std::vector<std::pair<ll, ll>> moves, single;
        if (a > low) moves.push_back({low, low + k});
        ll p = partner(a);
        if (p < b) single.push_back({p, a});  // the larger pile, now p, then a
        ll q = partner(b);
        if (q < a) single.push_back({q, b});
        std::sort(single.begin(), single.end());
        for (auto m : single)
            if (std::find(moves.begin(), moves.end(), m) == moves.end()) moves.push_back(m);
        printf("First %d\n", (int)moves.size());
        for (auto m : moves) printf("%lld %lld\n", m.first, m.second);
    }
}
