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
#include "kit-twins.h"

#include <string>
#include <vector>

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
