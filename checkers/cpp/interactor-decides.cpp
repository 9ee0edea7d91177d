// The checker of the kit's interactive problems on Polygon. Polygon runs a
// checker on what the interactor wrote (`tout`) once the interactor has
// accepted the play; the kit's interactors judge every move themselves and
// accept only a won play, so there is nothing left to check.
#include "testlib.h"

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    int lines = 0;
    while (!ouf.seekEof()) {
        ouf.readLine();
        lines++;
    }
    quitf(_ok, "the interactor accepted the play (%d lines of its record)", lines);
}
