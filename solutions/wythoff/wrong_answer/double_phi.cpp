// Trap: φ as a double. (long long)(k * phi) is one too high from k = 102334155
// (F40) on: the losing position (165580140, 267914295) is called winning and
// (165580141, 267914296) losing. 14 such k have b ≤ 10^9.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
typedef long long ll;

const double phi = (1 + sqrt(5.0)) / 2;

ll lower(ll k) { return (ll)(k * phi); }

// The other pile of the losing position holding x (-1 if none is found).
ll partner(ll x) {
    if (x == 0) return 0;
    ll j = (ll)(x / phi);  // x is a smaller pile: its index is near x / phi
    for (ll i = std::max(1LL, j - 2); i <= j + 2; i++)
        if (lower(i) == x) return x + i;
    j = (ll)(x / (phi * phi));  // x is a larger pile: near x / phi^2
    for (ll i = std::max(1LL, j - 2); i <= j + 2; i++)
        if (lower(i) + i == x) return lower(i);
    return -1;
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
        if (p >= 0 && p < b) single.push_back({std::min(a, p), std::max(a, p)});
        ll q = partner(b);
        if (q >= 0 && q < a) single.push_back({q, b});
        std::sort(single.begin(), single.end());
        for (auto m : single)
            if (std::find(moves.begin(), moves.end(), m) == moves.end()) moves.push_back(m);
        printf("First %d\n", (int)moves.size());
        for (auto m : moves) printf("%lld %lld\n", m.first, m.second);
    }
}
