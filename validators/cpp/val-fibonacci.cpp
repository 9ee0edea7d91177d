// Validator for fibonacci, on testlib.h: `T`, then `T` lines `n`
// (1 <= T <= 10^5, 2 <= n <= 10^18).
//
// C++ twin of the Rust validator validators/src/bin/val-fibonacci.rs, for
// judges that only build C++ validators; validators/tests/cpp_validators.rs
// checks that both accept exactly the same inputs.
#include "testlib.h"

// 10^18 does not fit in an int: n is read as a long long.
static const long long MAX = 1000000000000000000LL;

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    int t = inf.readInt(1, 100000, "T");
    inf.readEoln();
    for (int tc = 1; tc <= t; tc++) {
        setTestCase(tc);
        // n >= 2: the first move may not take the whole pile, so n = 1 has
        // no move at all.
        inf.readLong(2LL, MAX, "n");
        inf.readEoln();
    }
    unsetTestCase();
    inf.readEof();
}
