// Validator for subtraction, on testlib.h: `T` (1 <= T <= 10^5), then T lines
// `a c b n` with 1 <= a, a + 2 <= c <= b <= 10^9 and 1 <= n <= 10^18. With
// `--group 1`: T <= 10, b <= 1000 and n <= 10^6.
//
// C++ twin of the Rust validator validators/src/bin/val-subtraction.rs, for
// judges that only build C++ validators; validators/tests/cpp_validators.rs
// checks that both accept exactly the same inputs, in every group.
#include "testlib.h"

#include <string>

int main(int argc, char *argv[]) {
    registerValidation(argc, argv);
    // The bounds depend on the group; no group (a plain run) means the full
    // limits, and an unknown group is the jury's mistake.
    std::string group = validator.group();
    int tMax;
    long long bMax, nMax;
    if (group == "1") {
        tMax = 10;
        bMax = 1000;
        nMax = 1000000;
    } else if (group.empty() || group == "2") {
        tMax = 100000;
        bMax = 1000000000;
        nMax = 1000000000000000000LL;
    } else {
        quitf(_fail, "unknown group `%s`", group.c_str());
    }
    int t = inf.readInt(1, tMax, "T");
    inf.readEoln();
    for (int tc = 1; tc <= t; tc++) {
        setTestCase(tc);
        // a <= b - 2 follows from a + 2 <= c <= b; reading a in
        // [1, bMax - 2] first keeps the bounds on c well-formed.
        long long a = inf.readLong(1LL, bMax - 2, "a");
        inf.readSpace();
        long long c = inf.readLong(a + 2, bMax, "c");
        inf.readSpace();
        inf.readLong(c, bMax, "b");
        inf.readSpace();
        inf.readLong(1LL, nMax, "n");
        inf.readEoln();
    }
    unsetTestCase();
    inf.readEof();
}
