// Validator for anti-nim, on testlib.h: `T`, then per case a line `n` and a
// line of `n` piles (1 <= T <= 10^5, 1 <= n <= 10^5, 1 <= a_i <= 10^18, the
// sum of n at most 10^6).
//
// C++ twin of the Rust validator validators/src/bin/val-anti-nim.rs, for
// judges that only build C++ validators; validators/tests/cpp_validators.rs
// checks that both accept exactly the same inputs.
#include "testlib.h"

// 10^18 does not fit in an int: the piles are read as long longs.
static const long long MAX = 1000000000000000000LL;

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    int t = inf.readInt(1, 100000, "T");
    inf.readEoln();
    long long sumN = 0;
    for (int tc = 1; tc <= t; tc++) {
        setTestCase(tc);
        int n = inf.readInt(1, 100000, "n");
        inf.readEoln();
        sumN += n;
        ensuref(sumN <= 1000000, "the sum of n exceeds 10^6");
        // No empty pile here, unlike nim. readLongs wants exactly one space
        // between the piles in a validator.
        inf.readLongs(n, 1LL, MAX, "a");
        inf.readEoln();
    }
    unsetTestCase();
    inf.readEof();
}
