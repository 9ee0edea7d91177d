// The C++ twin of ../port-check.rs, built against testlib.h 0.9.45.
#include "testlib.h"

const double EPS = 1E-6;

int main(int argc, char *argv[]) {
    setName("compare sequences of doubles, error %g", EPS);
    registerTestlibCmd(argc, argv);
    int n = 0;
    double worst = 0;
    while (!ans.seekEof()) {
        n++;
        double j = ans.readDouble();
        double p = ouf.readDouble();
        double d = doubleDelta(j, p);
        if (worst < d)
            worst = d;
        if (!doubleCompare(j, p, EPS))
            quitf(_wa, "%d%s numbers differ: expected %.3f, found %g, error %e", n, englishEnding(n).c_str(), j, p, d);
    }
    quitf(_ok, "%d numbers, largest error %.2e (%g)", n, worst, worst);
}
