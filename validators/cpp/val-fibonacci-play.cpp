// Validator for fibonacci-play, on testlib.h: `T` (1 <= T <= 1000), then per
// game a line `n policy seed`: 2 <= n <= 10^18, the policy `strong`,
// `random`, `uniform` or `slow` (n <= 2*10^5 under the last two),
// 0 <= seed <= 10^18. The games' move budgets (min(n, 2*index(n)) under
// strong and random, where index(n) counts the Fibonacci numbers 1, 2, 3, 5,
// ... up to n; n under the others) add up to at most 2*10^5. The problem has
// no groups: any `--group` is FAIL.
//
// C++ twin of the Rust validator validators/src/bin/val-fibonacci-play.rs,
// for judges that only build C++ validators;
// validators/tests/cpp_validators.rs checks that both accept exactly the
// same inputs.
#include "testlib.h"

#include <string>

static const long long MAX_N = 1000000000000000000LL;
static const long long MAX_SLOW_N = 200000;
static const long long MAX_MOVES = 200000;

// How many of the Fibonacci numbers 1, 2, 3, 5, ... are at most n.
static long long fibIndex(long long n) {
    long long a = 1, b = 2, count = 0;
    while (a <= n) {
        count++;
        long long next = a + b;
        a = b;
        b = next;
    }
    return count;
}

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    std::string group = validator.group();
    if (!group.empty())
        quitf(_fail, "unknown group `%s`", group.c_str());
    int t = inf.readInt(1, 1000, "T");
    inf.readEoln();
    long long moves = 0;
    for (int game = 1; game <= t; game++) {
        setTestCase(game);
        long long n = inf.readLong(2LL, MAX_N, "n");
        inf.readSpace();
        std::string policy = inf.readToken("strong|random|uniform|slow", "policy");
        inf.readSpace();
        inf.readLong(0LL, MAX_N, "seed");
        inf.readEoln();
        bool short_games = policy == "strong" || policy == "random";
        long long maxN = short_games ? MAX_N : MAX_SLOW_N;
        ensuref(n <= maxN, "n = %lld is above %lld under the %s policy", n, maxN, policy.c_str());
        long long budget = n;
        if (short_games && 2 * fibIndex(n) < n)
            budget = 2 * fibIndex(n);
        moves += budget;
        ensuref(moves <= MAX_MOVES, "the games' move budgets exceed %lld", MAX_MOVES);
    }
    unsetTestCase();
    inf.readEof();
}
