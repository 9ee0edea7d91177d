// Checker for fibonacci, on testlib.h: `Second`, or `First x` with any
// winning first move x.
//
// C++ twin of the Rust checker checkers/src/bin/check-fibonacci.rs (rules in
// checkers/src/fibonacci.rs), for judges that only build C++ checkers. It
// accepts exactly what the Rust checker accepts, with the same verdicts and
// messages; checkers/tests/certify_fibonacci.rs certifies both the same way.
//
// The rules: the player facing m stones with cap c wins iff c >= z(m), the
// smallest term of m's Zeckendorf representation. So the first player loses
// iff n is a Fibonacci number, and a first move x wins iff 2x < z(n - x).
// All in exact 64-bit integers (n <= 10^18, so 2x < 2 * 10^18 fits).
#include "testlib.h"
#include "kit-twins.h"

#include <algorithm>
#include <string>
#include <vector>

// The largest value the problem allows.
static const u64 MAX_N = 1000000000000000000ULL;

// A signed 64-bit number the way the Rust checker's `read::number::<i64>`
// takes it: only digits and `-`, then Rust's `i64::from_str` (an optional
// leading `-`, at least one digit; leading zeros and `-0` are fine; the value
// must fit).
static bool parseLenientI64(const std::string &t, i64 &value) {
    for (size_t i = 0; i < t.size(); i++)
        if (!((t[i] >= '0' && t[i] <= '9') || t[i] == '-'))
            return false;
    bool negative = !t.empty() && t[0] == '-';
    size_t start = negative ? 1 : 0;
    if (start >= t.size())
        return false;
    const u64 limit = negative ? (1ULL << 63) : (1ULL << 63) - 1;
    u64 magnitude = 0;
    for (size_t i = start; i < t.size(); i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        u64 digit = u64(t[i] - '0');
        if (magnitude > (limit - digit) / 10)
            return false;
        magnitude = magnitude * 10 + digit;
    }
    if (negative)
        value = magnitude == (1ULL << 63) ? i64(-9223372036854775807LL - 1) : -i64(magnitude);
    else
        value = i64(magnitude);
    return true;
}

// The distinct Fibonacci numbers 1, 2, 3, 5, ... up to 10^18.
static std::vector<u64> fibonacciTable() {
    std::vector<u64> fib;
    fib.push_back(1);
    fib.push_back(2);
    while (true) {
        u64 next = fib[fib.size() - 1] + fib[fib.size() - 2];
        if (next > MAX_N)
            return fib;
        fib.push_back(next);
    }
}

static const std::vector<u64> FIB = fibonacciTable();

static bool isFibonacci(u64 n) {
    return std::binary_search(FIB.begin(), FIB.end(), n);
}

// z(m): the smallest term of m's Zeckendorf representation, taking the
// largest Fibonacci number that fits, greedily.
static u64 smallestTerm(u64 m) {
    u64 rest = m, last = 0;
    for (size_t i = FIB.size(); i-- > 0;)
        if (FIB[i] <= rest) {
            rest -= FIB[i];
            last = FIB[i];
        }
    return last;
}

// A player's answer for one pile: Second, or First x (x as printed).
struct Claim {
    bool first;
    i64 x;
};

// Judges a claim for a pile of n by the rules; "" if right, else why not.
static std::string judgeClaim(u64 n, const Claim &claim) {
    bool lost = isFibonacci(n);
    if (!claim.first) {
        if (lost)
            return "";
        return sayf("%llu is not a Fibonacci number, expected First (taking %llu wins), "
                    "found Second",
                    n, smallestTerm(n));
    }
    if (lost)
        return sayf("%llu is a Fibonacci number, expected Second, found First", n);
    if (claim.x < 1)
        return sayf("First %lld: the first move takes at least 1 stone", claim.x);
    u64 x = u64(claim.x);
    if (x >= n)
        return sayf("First %llu: the first move must leave at least 1 of the %llu stones", x, n);
    u64 z = smallestTerm(n - x);
    if (2 * x >= z)
        // \xE2\x89\xA5 is "≥" in UTF-8, spelled out for any compiler's charset.
        return sayf("First %llu loses: the opponent faces %llu with cap %llu \xE2\x89\xA5 %llu, "
                    "its smallest Zeckendorf term, and wins (taking %llu would win)",
                    x, n - x, 2 * x, z, smallestTerm(n));
    return "";
}

// Reads one case's claim; a malformed one is PE, which testlib turns into
// FAIL when `stream` is the jury's answer.
static Claim readClaim(InStream &stream, int tc) {
    std::string word = stream.readToken();
    Claim claim;
    if (word == "Second") {
        claim.first = false;
        claim.x = 0;
        return claim;
    }
    if (word != "First")
        stream.quitf(_pe, "case %d: expected First or Second, found %s", tc, quoted(word).c_str());
    claim.first = true;
    std::string token = stream.readToken();
    if (!parseLenientI64(token, claim.x))
        stream.quitf(_pe, "case %d: expected x, found %s", tc, quoted(token).c_str());
    return claim;
}

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int t = inf.readInt();
    for (int tc = 1; tc <= t; tc++) {
        u64 n = inf.readUnsignedLong();
        // The jury's answer first, as the Rust checker: a broken one wins.
        std::string why = judgeClaim(n, readClaim(ans, tc));
        if (!why.empty())
            quitf(_fail, "case %d: the jury's answer breaks the rules: %s", tc, why.c_str());
        why = judgeClaim(n, readClaim(ouf, tc));
        if (!why.empty())
            quitf(_wa, "case %d: %s", tc, why.c_str());
    }
    quitf(_ok, "%d case(s)", t);
}
