// Validator for nim-play, on testlib.h: `T`, then per game a line
// `policy seed` (policy `random` or `longest`, 0 <= seed <= 10^18), a line
// `n` and a line of n piles (1 <= T <= 1000, 1 <= n <= 1500,
// 0 <= a_i <= 10^18, the sum of n at most 1500, at least one stone in every
// game).
//
// C++ twin of the Rust validator validators/src/bin/val-nim-play.rs, for
// judges that only build C++ validators; validators/tests/cpp_validators.rs
// checks that both accept exactly the same inputs.
#include "testlib.h"

#include <vector>

// 10^18 does not fit in an int: the seed and the piles are long longs.
static const long long MAX = 1000000000000000000LL;

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    int t = inf.readInt(1, 1000, "T");
    inf.readEoln();
    int sumN = 0;
    for (int game = 1; game <= t; game++) {
        setTestCase(game);
        inf.readToken("random|longest", "policy");
        inf.readSpace();
        inf.readLong(0LL, MAX, "seed");
        inf.readEoln();
        int n = inf.readInt(1, 1500, "n");
        inf.readEoln();
        sumN += n;
        ensuref(sumN <= 1500, "the sum of n exceeds 1500");
        std::vector<long long> piles = inf.readLongs(n, 0LL, MAX, "a");
        inf.readEoln();
        bool stones = false;
        for (size_t i = 0; i < piles.size(); i++)
            stones = stones || piles[i] > 0;
        ensuref(stones, "every pile is empty: the game has no move");
    }
    unsetTestCase();
    inf.readEof();
}
