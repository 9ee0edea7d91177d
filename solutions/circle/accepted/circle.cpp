// Circle game in C++: with k = 1 only the parity of n matters; with k >= 2
// the first player wins iff they can take the whole circle at once (n <= k),
// since otherwise the second player splits the path left into two equal
// halves and mirrors.
#include <cstdio>
#include <string>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    std::string out;
    out.reserve(t * 7);
    while (t--) {
        unsigned long long n, k;
        if (scanf("%llu %llu", &n, &k) != 2) return 1;
        bool first = k == 1 ? n % 2 == 1 : n <= k;
        out += first ? "First\n" : "Second\n";
    }
    fputs(out.c_str(), stdout);
}
