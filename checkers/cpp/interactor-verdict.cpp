// The checker of the kit's interactive problems in Polygon packages. Polygon
// runs it after an interactor that accepted, on what the interactor wrote
// (`tout`) against the answer (what it wrote while the reference played).
// The kit's interactors judge every move themselves and end `tout` with a
// verdict line only when the contestant won the whole session
// (`accepted: T game(s) won`, checkers::read::won_session). This checker
// accepts only an output that ends with the answer's verdict line, so that
// a judge which ignores the interactor (CMS's Polygon loader does) and
// checks the solution's own output rejects every run: it fails closed.
#include "testlib.h"

#include <string>

static const std::string VERDICT = "accepted: ";

// The last line of a stream and how many lines it holds (blank ones aside).
static std::string lastLine(InStream& in, int& lines) {
    std::string last;
    lines = 0;
    while (!in.seekEof()) {
        last = in.readLine();
        lines++;
    }
    return last;
}

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    int expectedLines = 0, lines = 0;
    std::string expected = lastLine(ans, expectedLines);
    if (expected.compare(0, VERDICT.size(), VERDICT) != 0)
        quitf(_fail, "the answer does not end with the interactor's verdict line (`%s...`): found `%s`",
              VERDICT.c_str(), compress(expected).c_str());
    std::string found = lastLine(ouf, lines);
    if (found != expected)
        quitf(_wa,
              "the output does not end with the interactor's verdict line `%s` (found `%s`): "
              "only an interactor that accepted the whole play writes it",
              expected.c_str(), compress(found).c_str());
    if (lines != expectedLines)
        quitf(_wa, "the interactor's record holds %d line(s), the answer's %d", lines, expectedLines);
    quitf(_ok, "%s", expected.c_str());
}
