// Checker for nim, on testlib.h: `Second` or `First i x` per case, any
// winning move accepted.
//
// C++ twin of the Rust checker checkers/src/bin/check-nim.rs (rules in
// checkers/src/nim.rs), for judges that only build C++ checkers. It accepts
// exactly what the Rust checker accepts, with the same verdicts and messages;
// checkers/tests/certify_nim.rs certifies both the same way.
//
// Every answer is judged from the game's rules (Bouton: a position is lost
// iff the xor of its piles is 0), the jury's answer too: a wrong jury answer
// is FAIL, never a reason to reject the contestant.
#include "testlib.h"

#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

typedef unsigned long long u64;
typedef long long i64;

// printf into a string. Our own, not testlib's `format`, which some testlib
// versions lack or hide behind the C++ version.
#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
static std::string sayf(const char *fmt, ...) {
    char buffer[1024];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buffer, sizeof buffer, fmt, args);
    va_end(args);
    return buffer;
}

// testlib's way of quoting a token in a message: NUL shown as `~`, and a
// long token cut to its first 30 and last 31 bytes (as testlib-rs does).
static std::string quoted(const std::string &token) {
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
// checker (testlib::parse_i64).
static bool parseStrictI64(const std::string &t, i64 &value) {
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

// One case's answer, with the numbers as written (in range or not).
struct Answer {
    bool first;
    i64 pile;
    i64 left;
};

// The next token, or false (with `why`) at the end of the stream: the Rust
// checker names the case there instead of testlib's generic message.
static bool nextToken(InStream &stream, const char *what, std::string &token, std::string &why) {
    if (stream.seekEof()) {
        why = std::string("expected ") + what + ", found the end of the file";
        return false;
    }
    token = stream.readToken();
    return true;
}

static bool readInteger(InStream &stream, const char *what, i64 &value, std::string &why) {
    std::string token;
    if (!nextToken(stream, what, token, why))
        return false;
    if (!parseStrictI64(token, value)) {
        why = std::string("expected ") + what + " (a 64-bit integer), found " + quoted(token);
        return false;
    }
    return true;
}

// Reads one case's answer; false (with `why`) for a malformed one, which is
// PE in the output and FAIL in the jury's answer.
static bool readAnswer(InStream &stream, Answer &answer, std::string &why) {
    std::string word;
    if (!nextToken(stream, "First or Second", word, why))
        return false;
    if (word == "Second") {
        answer.first = false;
        return true;
    }
    if (word == "First") {
        answer.first = true;
        return readInteger(stream, "the pile index", answer.pile, why) &&
               readInteger(stream, "the stones left", answer.left, why);
    }
    why = "expected First or Second, found " + quoted(word);
    return false;
}

// Decides an answer by the rules; returns "" if it is right, else why not.
static std::string judgeAnswer(const std::vector<u64> &piles, const Answer &answer) {
    // Piles go up to 10^18 (60 bits): the xor is kept in 64 unsigned bits.
    u64 x = 0;
    for (size_t i = 0; i < piles.size(); i++)
        x ^= piles[i];
    if (!answer.first) {
        if (x == 0)
            return "";
        return sayf("expected First (the xor of the piles is %llu), found Second", x);
    }
    if (x == 0)
        return "expected Second (the xor of the piles is 0), found First";
    i64 n = i64(piles.size());
    if (answer.pile < 1 || answer.pile > n)
        return sayf("there is no pile %lld (the piles are 1..%lld)", answer.pile, n);
    u64 stones = piles[size_t(answer.pile - 1)];
    if (answer.left < 0 || u64(answer.left) >= stones)
        return sayf("pile %lld has %llu stone(s): leaving %lld is not a move "
                      "(a move takes at least one stone)",
                      answer.pile, stones, answer.left);
    u64 after = x ^ stones ^ u64(answer.left);
    if (after != 0)
        return sayf("leaving %lld of the %llu stone(s) of pile %lld makes the xor %llu, "
                      "not 0: the opponent wins",
                      answer.left, stones, answer.pile, after);
    return "";
}

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int t = inf.readInt();
    std::vector<u64> piles;
    for (int tc = 1; tc <= t; tc++) {
        int n = inf.readInt();
        piles.clear();
        for (int i = 0; i < n; i++)
            piles.push_back(inf.readUnsignedLong());
        // The jury's answer first, as the Rust checker: a broken one wins.
        Answer jury, found;
        std::string why;
        if (!readAnswer(ans, jury, why))
            quitf(_fail, "case %d: the jury's answer: %s", tc, why.c_str());
        why = judgeAnswer(piles, jury);
        if (!why.empty())
            quitf(_fail, "case %d: the jury's answer is wrong: %s", tc, why.c_str());
        if (!readAnswer(ouf, found, why))
            quitf(_pe, "case %d: %s", tc, why.c_str());
        why = judgeAnswer(piles, found);
        if (!why.empty())
            quitf(_wa, "case %d: %s", tc, why.c_str());
    }
    quitf(_ok, "%d case(s)", t);
}
