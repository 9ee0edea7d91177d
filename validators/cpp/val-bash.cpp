// Validator for bash, on testlib.h: `T`, then `T` lines `n m`
// (1 <= T <= 10^5, 1 <= n, m <= 10^18).
//
// C++ twin of the Rust validator validators/src/bin/val-bash.rs, for judges
// that only build C++ validators; validators/tests/cpp_validators.rs checks
// that both accept exactly the same inputs.
#include "testlib.h"

// 10^18 does not fit in an int: every value is read as a long long.
static const long long MAX = 1000000000000000000LL;

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    int t = inf.readInt(1, 100000, "T");
    inf.readEoln();
    for (int tc = 1; tc <= t; tc++) {
        setTestCase(tc);
        inf.readLong(1LL, MAX, "n");
        inf.readSpace();
        inf.readLong(1LL, MAX, "m");
        inf.readEoln();
    }
    unsetTestCase();
    inf.readEof();
}
