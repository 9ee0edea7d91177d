// The code the kit's C++ twins share (the checkers check-*.cpp and the
// interactors interact-*.cpp here): the integer types, printf into a string
// and testlib's quoting of a token; testlib's strict 64-bit integer grammar
// (check-nim and the interactors); for the interactors, the jury's random
// numbers (splitmix64, as checkers::nim_play::Rng), the contestant's tokens
// and the end of a won session. Each includes it right after testlib.h:
// `#include "kit-twins.h"`.
//
// Judges compile each program alone (Polygon, CMS's Polygon loader, Hydro):
// `judge package` inlines this file into every source that includes it, so
// that a package still ships one self-contained C++ file per program.
#ifndef KIT_TWINS_H
#define KIT_TWINS_H

#include <cstdarg>
#include <cstdio>
#include <string>

typedef unsigned long long u64;
typedef long long i64;

// printf into a string. Our own, not testlib's `format`, which some testlib
// versions lack or hide behind the C++ version.
#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
static inline std::string sayf(const char *fmt, ...) {
    char buffer[1024];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buffer, sizeof buffer, fmt, args);
    va_end(args);
    return buffer;
}

// testlib's way of quoting a token in a message: NUL shown as `~`, and a
// long token cut to its first 30 and last 31 bytes (as testlib-rs does).
static inline std::string quoted(const std::string &token) {
    std::string t(token);
    for (size_t i = 0; i < t.size(); i++)
        if (t[i] == '\0')
            t[i] = '~';
    if (t.size() <= 64)
        return t;
    return t.substr(0, 30) + "..." + t.substr(t.size() - 31);
}

// testlib's signed 64-bit integer grammar: `0` or `-?[1-9][0-9]*`, at most 20
// bytes, in range. Leading zeros and `-0` are malformed, as in the Rust
// checkers and interactors (testlib::parse_i64).
static inline bool parseStrictI64(const std::string &t, i64 &value) {
    size_t n = t.size();
    if (n == 0 || n > 20)
        return false;
    bool negative = n > 1 && t[0] == '-';
    size_t start = negative ? 1 : 0;
    if (t[start] == '0') {
        value = 0;
        return n - start == 1 && !negative;
    }
    u64 magnitude = 0;
    for (size_t i = start; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        u64 digit = u64(t[i] - '0');
        // Overflow of the 64-bit magnitude is malformed, not wrapped.
        if (magnitude > (~0ULL - digit) / 10)
            return false;
        magnitude = magnitude * 10 + digit;
    }
    const u64 limit = 1ULL << 63;
    if (negative) {
        if (magnitude > limit)
            return false;
        value = magnitude == limit ? i64(-9223372036854775807LL - 1) : -i64(magnitude);
    } else {
        if (magnitude >= limit)
            return false;
        value = i64(magnitude);
    }
    return true;
}

// The high 64 bits of the 128-bit product a * b.
static inline u64 productHigh(u64 a, u64 b) {
    const u64 low = 0xffffffffULL;
    u64 aLow = a & low, aHigh = a >> 32, bLow = b & low, bHigh = b >> 32;
    u64 ll = aLow * bLow, lh = aLow * bHigh, hl = aHigh * bLow, hh = aHigh * bHigh;
    u64 middle = (ll >> 32) + (lh & low) + (hl & low);
    return hh + (lh >> 32) + (hl >> 32) + (middle >> 32);
}

// The jury's random numbers: splitmix64 seeded from the test, drawn exactly
// as checkers::nim_play::Rng draws them, so that both interactors make the
// same choices.
struct JuryRng {
    u64 state;

    explicit JuryRng(u64 seed) : state(seed) {}

    u64 next() {
        state += 0x9e3779b97f4a7c15ULL;
        u64 z = state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    // A number in 0..n-1 (n > 0): the high half of next() * n.
    u64 below(u64 n) {
        if (n == 0)
            quitf(_fail, "the jury drew from an empty range");
        return productHigh(next(), n);
    }

    // A number in lo..hi.
    u64 between(u64 lo, u64 hi) {
        if (lo > hi)
            quitf(_fail, "the jury drew from an empty range");
        if (hi - lo == ~0ULL)
            return next();
        return lo + below(hi - lo + 1);
    }
};

// The number of binary digits of a (0 for 0).
static inline int bitLength(u64 a) {
    int bits = 0;
    while (a != 0) {
        a >>= 1;
        bits++;
    }
    return bits;
}

// Sends text to the contestant and flushes it. A contestant who has gone
// away is noticed at the next read, so a failed write is ignored.
static inline void send(const std::string &text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

// The contestant's next token, or PE naming what was expected.
static inline std::string token(int game, const std::string &what) {
    if (ouf.seekEof())
        quitf(_pe, "game %d: expected %s, found the end of your output", game, what.c_str());
    return ouf.readToken();
}

static inline i64 integer(int game, const std::string &what) {
    std::string t = token(game, what);
    i64 value;
    if (!parseStrictI64(t, value))
        quitf(_pe, "game %d: expected %s (an integer), found %s", game, what.c_str(),
              quoted(t).c_str());
    return value;
}

// An interactor's end once the contestant won all t games, as
// checkers::read::won_session says.
static inline void wonSession(int t) {
    // The contestant must stop after the last game: wait for the end of its
    // output, so that anything more is seen (and judges that want the
    // interactor to end last are satisfied).
    if (!ouf.seekEof()) {
        std::string extra = ouf.readToken();
        quitf(_pe, "extra output after the last game: %s", quoted(extra).c_str());
    }
    // The verdict line of a won session, which the Polygon checker
    // (checkers/cpp/interactor-verdict.cpp) requires at the end of `tout`.
    tout << "accepted: " << t << " game(s) won\n";
    quitf(_ok, "%d game(s) won", t);
}

#endif
