// Trap: φ as an x87 long double (64-bit significand). (long long)(k * phi)
// goes wrong from k = 4807526976 (F48) on: the losing position
// (7778742048, 12586269024) is called winning.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
typedef long long ll;

const long double phi = (1 + sqrtl(5.0L)) / 2;

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
