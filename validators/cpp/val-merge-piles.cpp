// Validator for merge-piles, on testlib.h: `T` (1 <= T <= 10^5), then per
// case a line `n` (1 <= n <= 10^5) and a line of n piles (1 <= a_i <= 10^9);
// the sum of n is at most 10^6. With `--group 1`: n <= 50 and a_i <= 1000.
//
// C++ twin of the Rust validator validators/src/bin/val-merge-piles.rs, for
// judges that only build C++ validators; validators/tests/cpp_validators.rs
// checks that both accept exactly the same inputs, in every group.
#include "testlib.h"

#include <string>

static const long long SUM_N = 1000000;

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    // The bounds depend on the group; no group (a plain run) means the full
    // limits, and an unknown group is the jury's mistake.
    std::string group = validator.group();
    int nMax, aMax;
    if (group == "1") {
        nMax = 50;
        aMax = 1000;
    } else if (group.empty() || group == "2") {
        nMax = 100000;
        aMax = 1000000000;
    } else {
        quitf(_fail, "unknown group `%s`", group.c_str());
    }
    int t = inf.readInt(1, 100000, "T");
    inf.readEoln();
    long long sumN = 0;
    for (int tc = 1; tc <= t; tc++) {
        setTestCase(tc);
        int n = inf.readInt(1, nMax, "n");
        inf.readEoln();
        sumN += n;
        ensuref(sumN <= SUM_N, "the sum of n exceeds %lld", SUM_N);
        // 10^9 fits in an int; exactly one space between the piles.
        inf.readInts(n, 1, aMax, "a");
        inf.readEoln();
    }
    unsetTestCase();
    inf.readEof();
}
