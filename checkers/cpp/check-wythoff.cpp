// Checker for wythoff, on testlib.h: `Second`, or `First k` and the k
// positions that win, in order.
//
// C++ twin of the Rust checker checkers/src/bin/check-wythoff.rs (rules in
// checkers/src/wythoff.rs), for judges that only build C++ checkers. It
// accepts exactly what the Rust checker accepts, with the same verdicts and
// messages; checkers/tests/certify_wythoff.rs certifies both the same way.
//
// The rules: with a <= b and k = b - a, (a, b) is losing iff a = floor(k*phi).
// No floating point anywhere: floor(k*phi) is (k + isqrt(5k^2)) / 2, with
// 5k^2 (up to 5 * 10^36) in unsigned __int128, as the Rust uses u128.
#include "testlib.h"
#include "kit-twins.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

// 5k^2 needs 128 bits: a 64-bit g++ or clang (on Polygon, a 64-bit compiler).
#ifndef __SIZEOF_INT128__
#error "check-wythoff.cpp needs unsigned __int128: build it with a 64-bit g++ or clang"
#endif

typedef unsigned __int128 u128;
typedef std::pair<u64, u64> Position;

// The largest number of winning moves any position has: the equal removal,
// one move from the larger pile and one from the smaller pile.
static const i64 MAX_MOVES = 3;

// A 64-bit number the way the Rust checker's `read::number` takes it: only
// digits and `-`, then Rust's `from_str` for i64 (`isSigned`) or u64: an
// optional `-` for i64 only, at least one digit, leading zeros fine, the
// value in range. So `-0` is 0 as an i64 but malformed as a u64. The value
// is returned in `bits` (two's complement for an i64).
static bool parseNumber(const std::string &t, bool isSigned, u64 &bits) {
    for (size_t i = 0; i < t.size(); i++)
        if (!((t[i] >= '0' && t[i] <= '9') || t[i] == '-'))
            return false;
    bool negative = isSigned && !t.empty() && t[0] == '-';
    size_t start = negative ? 1 : 0;
    if (start >= t.size())
        return false;
    u64 limit = !isSigned ? ~0ULL : negative ? (1ULL << 63) : (1ULL << 63) - 1;
    u64 magnitude = 0;
    for (size_t i = start; i < t.size(); i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        u64 digit = u64(t[i] - '0');
        if (magnitude > (limit - digit) / 10)
            return false;
        magnitude = magnitude * 10 + digit;
    }
    bits = negative ? 0 - magnitude : magnitude;
    return true;
}

// floor(sqrt(n)), exactly: Newton's method on integers, started above the
// root, goes down to the floor of the root and stops there.
static u128 isqrt(u128 n) {
    if (n < 2)
        return n;
    int bits = 0;
    for (u128 m = n; m != 0; m >>= 1)
        bits++;
    u128 x = u128(1) << ((bits + 1) / 2);
    while (true) {
        u128 y = (x + n / x) / 2;
        if (y >= x)
            return x;
        x = y;
    }
}

// floor(k*phi) = floor((k + sqrt(5k^2)) / 2); for k > 0 the root is
// irrational, so halving k + isqrt(5k^2) gives the same floor.
static u64 lowerPile(u64 k) {
    u128 w = k;
    return u64((w + isqrt(5 * w * w)) / 2);
}

// The other pile of the losing position that holds a pile of x stones. With
// j = floor(x/phi): x is the lower pile of the (j+1)-th losing position, or
// else the upper pile of the one whose lower pile is j.
static u64 partner(u64 x) {
    if (x == 0)
        return 0;
    u128 w = x;
    u64 j = u64((isqrt(5 * w * w) - w) / 2);
    return lowerPile(j + 1) == x ? x + j + 1 : j;
}

// Every distinct losing-for-the-opponent position reachable from (a, b) in
// one move, in the answer's order: the equal removal first if it is one of
// them, then the others by increasing smaller pile. Empty iff (a, b) loses.
static std::vector<Position> winningMoves(u64 a, u64 b) {
    if (a > b)
        std::swap(a, b);
    u64 k = b - a;
    u64 low = lowerPile(k);
    std::vector<Position> moves;
    if (a == low)
        return moves;
    // Equal removal keeps the difference k.
    if (a > low)
        moves.push_back(Position(low, low + k));
    std::vector<Position> others;
    // From the larger pile: leave a with its partner.
    u64 p = partner(a);
    if (p < b)
        others.push_back(Position(std::min(a, p), std::max(a, p)));
    // From the smaller pile: leave b with its partner.
    u64 q = partner(b);
    if (q < a)
        others.push_back(Position(q, b));
    std::sort(others.begin(), others.end());
    for (size_t i = 0; i < others.size(); i++)
        // Both single-pile moves coincide when a = b, and the larger-pile
        // one is the equal removal at positions such as (2, 3).
        if (std::find(moves.begin(), moves.end(), others[i]) == moves.end())
            moves.push_back(others[i]);
    return moves;
}

// Whether (x, y), x <= y, is reachable from (a, b), a <= b, in one move.
static bool isLegal(u64 a, u64 b, u64 x, u64 y) {
    bool fromSmaller = y == b && x < a;
    bool fromLarger = (x == a && y < b) || (y == a && x < a);
    bool fromBoth = x < a && y - x == b - a;
    return fromSmaller || fromLarger || fromBoth;
}

// A player's answer: Second, or First and the positions in printed order.
struct Claim {
    bool first;
    std::vector<Position> moves;
};

static std::string describe(const std::vector<Position> &moves) {
    std::string text = sayf("First %d: ", int(moves.size()));
    for (size_t i = 0; i < moves.size(); i++)
        text += sayf("%s%llu %llu", i ? ", " : "", moves[i].first, moves[i].second);
    return text;
}

// Judges a claim for piles (a, b) by the rules; "" if right, else the first
// difference from the exact answer.
static std::string judgeClaim(u64 a, u64 b, const Claim &claim) {
    std::vector<Position> expected = winningMoves(a, b);
    if (a > b)
        std::swap(a, b);
    if (!claim.first) {
        if (expected.empty())
            return "";
        return sayf("(%llu, %llu) is a winning position, expected %s, found Second", a, b,
                    describe(expected).c_str());
    }
    if (expected.empty())
        return sayf("(%llu, %llu) is a losing position, expected Second, found First", a, b);
    const std::vector<Position> &found = claim.moves;
    for (size_t i = 0; i < found.size(); i++) {
        u64 x = found[i].first, y = found[i].second;
        int n = int(i) + 1;
        if (x > y)
            return sayf("move %d: pair %llu %llu is not sorted (x > y)", n, x, y);
        if (!isLegal(a, b, x, y))
            return sayf("move %d: (%llu, %llu) is not reachable from (%llu, %llu) in one move", n,
                        x, y, a, b);
        std::vector<Position> answers = winningMoves(x, y);
        if (!answers.empty())
            return sayf("move %d: (%llu, %llu) does not win, the opponent answers with "
                        "(%llu, %llu)",
                        n, x, y, answers[0].first, answers[0].second);
        for (size_t j = 0; j < i; j++)
            if (found[j] == found[i])
                return sayf("move %d: (%llu, %llu) repeats move %d", n, x, y, int(j) + 1);
    }
    // Every listed move is now a distinct winning move, so none is extra.
    for (size_t i = 0; i < expected.size(); i++)
        if (std::find(found.begin(), found.end(), expected[i]) == found.end())
            return sayf("First %d from (%llu, %llu), expected First %d: (%llu, %llu) is missing",
                        int(found.size()), a, b, int(expected.size()), expected[i].first,
                        expected[i].second);
    for (size_t i = 0; i < found.size(); i++)
        if (found[i] != expected[i]) {
            u64 x = expected[i].first, y = expected[i].second;
            const char *why = i == 0 && y - x == b - a
                                  ? "the equal removal comes first"
                                  : "after the equal removal, moves go by increasing x";
            return sayf("wrong order: move %d should be (%llu, %llu) (%s), found (%llu, %llu)",
                        int(i) + 1, x, y, why, found[i].first, found[i].second);
        }
    return "";
}

// Reads a number as the Rust checker's `read::number`; a malformed one is PE
// naming the case (FAIL in the jury's answer, by testlib).
static u64 readNumber(InStream &stream, int tc, const char *what, bool isSigned) {
    std::string token = stream.readToken();
    u64 bits = 0;
    if (!parseNumber(token, isSigned, bits))
        stream.quitf(_pe, "case %d: expected %s, found %s", tc, what, quoted(token).c_str());
    return bits;
}

// Reads one case's claim for piles (a, b).
static Claim readClaim(InStream &stream, int tc, u64 a, u64 b) {
    std::string word = stream.readToken();
    Claim claim;
    claim.first = false;
    if (word == "Second")
        return claim;
    if (word != "First")
        stream.quitf(_pe, "case %d: expected First or Second, found %s", tc, quoted(word).c_str());
    claim.first = true;
    i64 k = i64(readNumber(stream, tc, "the number of moves", true));
    // No position has more than MAX_MOVES winning moves: a count outside
    // 0..=MAX_MOVES is a wrong answer (FAIL in the jury's), not a format error.
    if (k < 0 || k > MAX_MOVES) {
        int m = int(winningMoves(a, b).size());
        std::string expected = m == 0 ? std::string("Second") : sayf("First %d", m);
        stream.quitf(_wa,
                     "case %d: First %lld, but a position has 1 to %lld winning moves; "
                     "expected %s",
                     tc, k, MAX_MOVES, expected.c_str());
    }
    for (i64 i = 0; i < k; i++) {
        // x before y, as the Rust reads the pair.
        u64 x = readNumber(stream, tc, "x", false);
        u64 y = readNumber(stream, tc, "y", false);
        claim.moves.push_back(Position(x, y));
    }
    return claim;
}

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int t = inf.readInt();
    for (int tc = 1; tc <= t; tc++) {
        u64 a = inf.readUnsignedLong();
        u64 b = inf.readUnsignedLong();
        // The jury's answer first, as the Rust checker: a broken one wins.
        std::string why = judgeClaim(a, b, readClaim(ans, tc, a, b));
        if (!why.empty())
            quitf(_fail, "case %d: the jury's answer breaks the rules: %s", tc, why.c_str());
        why = judgeClaim(a, b, readClaim(ouf, tc, a, b));
        if (!why.empty())
            quitf(_wa, "case %d: %s", tc, why.c_str());
    }
    quitf(_ok, "%d case(s)", t);
}
