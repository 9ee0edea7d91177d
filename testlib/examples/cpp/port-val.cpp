// The C++ twin of ../port-val.rs, built against testlib.h 0.9.45.
#include "testlib.h"

int main(int argc, char *argv[]) {
    setName("nim tests: t games, each k piles");
    registerValidation(argc, argv);
    int t = inf.readInt(1, 100);
    inf.readEoln();
    int sumK = 0;
    for (int i = 0; i < t; i++) {
        int k = inf.readInt(1, 10);
        sumK += k;
        for (int j = 0; j < k; j++) {
            inf.readSpace();
            inf.readLong(1LL, 1000000000000000000LL);
        }
        inf.readEoln();
    }
    ensure(sumK <= 20);
    inf.readDouble(0.0, 1.0);
    inf.readSpace();
    inf.readStrictDouble(-1, 1, 0, 3, "q");
    inf.readEoln();
    inf.readEof();
}
