// Validator for wythoff, on testlib.h: `T`, then `T` lines `a b`
// (1 <= T <= 10^5, 0 <= a, b <= 10^18).
//
// C++ twin of the Rust validator validators/src/bin/val-wythoff.rs, for
// judges that only build C++ validators; validators/tests/cpp_validators.rs
// checks that both accept exactly the same inputs.
#include "testlib.h"

// 10^18 does not fit in an int: every value is read as a long long.
static const long long MAX = 1000000000000000000LL;

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    int t = inf.readInt(1, 100000, "T");
    inf.readEoln();
    for (int tc = 1; tc <= t; tc++) {
        setTestCase(tc);
        // Empty piles are allowed: (0, 0) is a lost position.
        inf.readLong(0LL, MAX, "a");
        inf.readSpace();
        inf.readLong(0LL, MAX, "b");
        inf.readEoln();
    }
    unsetTestCase();
    inf.readEof();
}
