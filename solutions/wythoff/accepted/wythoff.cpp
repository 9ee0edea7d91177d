// Wythoff's game with the winning moves, in C++ with exact 128-bit integers:
// (a, b), a <= b, k = b - a, is losing iff a = floor(k*phi) =
// (k + isqrt(5k^2)) / 2. The winning moves are the equal removal, the larger
// pile down to a's partner and the smaller pile down to b's partner.
#include <algorithm>
#include <cstdio>
#include <vector>
typedef unsigned long long ull;
typedef unsigned __int128 u128;

// floor(sqrt(n)): integer Newton steps from a power of two above the root.
u128 isqrt(u128 n) {
    if (n < 2) return n;
    int bits = 0;
    for (u128 m = n; m; m >>= 1) bits++;
    u128 x = (u128)1 << ((bits + 1) / 2);
    while (true) {
        u128 y = (x + n / x) / 2;
        if (y >= x) return x;
        x = y;
    }
}

ull lower(ull k) { return (ull)(((u128)k + isqrt((u128)5 * k * k)) / 2); }

// The other pile of the losing position holding x: with j = floor(x/phi),
// x is the smaller pile of the (j+1)-th one or the larger pile of the j-th.
ull partner(ull x) {
    if (x == 0) return 0;
    ull j = (ull)((isqrt((u128)5 * x * x) - x) / 2);
    return lower(j + 1) == x ? x + j + 1 : j;
}

static char buf[1 << 25];
int pos = 0, len = 0;

ull read() {
    while (buf[pos] < '0') pos++;
    ull v = 0;
    while (pos < len && buf[pos] >= '0') v = v * 10 + (buf[pos++] - '0');
    return v;
}

int main() {
    len = fread(buf, 1, sizeof buf - 1, stdin);
    ull t = read();
    std::vector<char> out;
    out.reserve(t * 48);
    char tmp[64];
    for (ull c = 0; c < t; c++) {
        ull a = read(), b = read();
        if (a > b) std::swap(a, b);
        ull k = b - a, low = lower(k);
        if (a == low) {
            for (const char *s = "Second\n"; *s; s++) out.push_back(*s);
            continue;
        }
        std::vector<std::pair<ull, ull>> moves, single;
        if (a > low) moves.push_back({low, low + k});
        ull p = partner(a);
        if (p < b) single.push_back({std::min(a, p), std::max(a, p)});
        ull q = partner(b);
        if (q < a) single.push_back({q, b});
        std::sort(single.begin(), single.end());
        for (auto m : single)
            if (std::find(moves.begin(), moves.end(), m) == moves.end()) moves.push_back(m);
        int n = snprintf(tmp, sizeof tmp, "First %d\n", (int)moves.size());
        out.insert(out.end(), tmp, tmp + n);
        for (auto m : moves) {
            n = snprintf(tmp, sizeof tmp, "%llu %llu\n", m.first, m.second);
            out.insert(out.end(), tmp, tmp + n);
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
