// The kit's C++ twin of its Rust `wcmp` (checkers/src/bin/wcmp.rs):
// compares the output with the answer token by token, case-sensitively,
// whitespace of any kind between tokens. Exported to Polygon as the
// problem's checker where the answer is unique (Polygon itself replaces it
// by its own standard `wcmp`, which judges the same way).
#include "testlib.h"

#include <string>

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long compared = 0;
    while (!ans.seekEof()) {
        std::string expected = ans.readToken();
        if (ouf.seekEof()) {
            quitf(_wa, "the output ends after %lld token(s); expected %s next",
                  compared, expected.c_str());
        }
        std::string found = ouf.readToken();
        compared++;
        if (expected != found) {
            quitf(_wa, "token %lld differs: expected %s, found %s", compared,
                  expected.c_str(), found.c_str());
        }
    }
    if (!ouf.seekEof()) {
        quitf(_wa, "the answer has %lld token(s), the output has more", compared);
    }
    quitf(_ok, "%lld token(s)", compared);
}
