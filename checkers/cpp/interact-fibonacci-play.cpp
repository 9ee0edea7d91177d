// Interactor for fibonacci-play, on testlib.h. Sends `T`, then per game `n`;
// reads the contestant's side (`First` or `Second`), then the two play
// Fibonacci Nim, one move (the stones taken) per line, the jury's moves
// printed the same way and flushed, until the last stone is taken. The jury
// takes its least winning move when it has one, else a losing reply chosen
// by the game's policy, with random choices seeded from the test. When the
// contestant takes the last stone the next game starts; when the jury does,
// it prints its move and quits with WA naming the game and the contestant's
// first mistake. A lost game is stopped after AFTER_MISTAKE more moves of
// the contestant. `tout` gets one line per game, the side chosen and the
// number of moves played, then the verdict line of a won session
// (`accepted: T game(s) won`).
//
// C++ twin of the Rust interactor checkers/src/bin/interact-fibonacci-play.rs
// (game logic in checkers/src/fibonacci_play.rs), for judges that only build
// C++ interactors: the same protocol, the same jury moves for the same test
// and the same contestant moves (the same splitmix64 and the same choices),
// the same verdicts, messages and `tout`. checkers/tests/cpp_interactors.rs
// plays every solution against both and compares.
//
// Every integer is 64 bits (n up to 10^18); the 64x64-bit products of the
// random draws are done in 32-bit halves, so no 128-bit type is needed.
#include "testlib.h"
#include "kit-twins.h"

#include <csignal>
#include <string>
#include <vector>

// How many more moves a contestant who has lost a game may make before the
// interactor stops it.
static const u64 AFTER_MISTAKE = 1000;
// The first move of `strong` is the best of the first this many takes.
static const u64 STRONG_FIRST = 16;

// The distinct Fibonacci numbers 1, 2, 3, 5, ... up to 10^18 (86 of them).
static const int FIBS = 86;
static u64 FIB[FIBS];

static void makeFibonacci() {
    FIB[0] = 1;
    FIB[1] = 2;
    for (int i = 2; i < FIBS; i++)
        FIB[i] = FIB[i - 1] + FIB[i - 2];
}

// How many Fibonacci numbers are at most m (FIB[index(m) - 1] is the largest).
static int fibIndex(u64 m) {
    int count = 0;
    while (count < FIBS && FIB[count] <= m)
        count++;
    return count;
}

// The Zeckendorf terms of m, smallest first (greedy from the largest).
static std::vector<u64> terms(u64 m) {
    std::vector<u64> out;
    u64 rest = m;
    for (int i = fibIndex(m) - 1; i >= 0; i--)
        if (FIB[i] <= rest) {
            rest -= FIB[i];
            out.push_back(FIB[i]);
        }
    return std::vector<u64>(out.rbegin(), out.rend());
}

// z(m): the smallest Zeckendorf term of m (m >= 1).
static u64 smallestTerm(u64 m) {
    if (m == 0)
        quitf(_fail, "0 has no Zeckendorf term");
    u64 rest = m, last = 0;
    for (int i = fibIndex(m) - 1; i >= 0; i--)
        if (FIB[i] <= rest) {
            rest -= FIB[i];
            last = FIB[i];
            if (rest == 0)
                break;
        }
    return last;
}

// m without its Zeckendorf terms below `least`.
static u64 dropTermsBelow(u64 m, u64 least) {
    u64 rest = m, kept = 0;
    for (int i = fibIndex(m) - 1; i >= 0; i--) {
        if (FIB[i] < least)
            break;
        if (FIB[i] <= rest) {
            rest -= FIB[i];
            kept += FIB[i];
        }
    }
    return kept;
}

// The number of winning moves with s stones and cap `cap`: the sums of the
// smallest terms that stay below half the next term, and the whole pile if
// the cap allows it.
static size_t countWinningMoves(u64 s, u64 cap) {
    std::vector<u64> t = terms(s);
    size_t count = 0;
    u64 sum = 0;
    for (size_t j = 0; j < t.size(); j++) {
        sum += t[j];
        if (sum > cap)
            break;
        if (j + 1 == t.size() || 2 * sum < t[j + 1])
            count++;
    }
    return count;
}

// How the jury chooses among its losing replies.
enum JuryPolicy { POLICY_STRONG, POLICY_RANDOM, POLICY_UNIFORM, POLICY_SLOW };

static const char *policyName(JuryPolicy p) {
    switch (p) {
    case POLICY_STRONG:
        return "strong";
    case POLICY_RANDOM:
        return "random";
    case POLICY_UNIFORM:
        return "uniform";
    default:
        return "slow";
    }
}

// Whether its losing replies follow the rule that keeps games short.
static bool keepsGamesShort(JuryPolicy p) {
    return p == POLICY_STRONG || p == POLICY_RANDOM;
}

// The most moves a winning contestant makes in a game of n stones.
static u64 contestantMoveCap(u64 n, JuryPolicy p) {
    if (keepsGamesShort(p))
        return u64(fibIndex(n));
    return n / 2 + n % 2;
}

// A game in progress: the stones left and the previous move (0 before the
// first move).
struct FibPosition {
    u64 stones, last;

    // The most the player to move may take.
    u64 cap() const {
        if (last == 0)
            return stones - 1;
        return stones < 2 * last ? stones : 2 * last;
    }

    bool isOver() const {
        return stones == 0;
    }

    // True iff the player to move wins: its cap reaches z(stones).
    bool moverWins() const {
        return stones > 0 && cap() >= smallestTerm(stones);
    }

    // Checks a contestant's move as written; "" if legal, else why not.
    std::string check(i64 take) const {
        if (take < 1)
            return sayf("taking %lld stone(s) is not a move (a move takes at least 1)", take);
        if (u64(take) > stones)
            return sayf("only %llu stone(s) are left, cannot take %lld", stones, take);
        if (last == 0 && u64(take) == stones)
            return sayf("the first move may not take the whole pile of %llu (at most %llu)", stones,
                        stones - 1);
        if (last > 0 && u64(take) > 2 * last)
            return sayf("the previous move took %llu, so a move takes at most %llu, not %lld", last,
                        2 * last, take);
        return "";
    }

    // Takes `take` stones (1..cap).
    void apply(u64 take) {
        if (take < 1 || take > cap())
            quitf(_fail, "taking %llu with %llu stones left, cap %llu", take, stones, cap());
        stones -= take;
        last = take;
    }

    FibPosition then(u64 take) const {
        FibPosition next = *this;
        next.apply(take);
        return next;
    }

    // The losing replies the rule allows after the first move, ascending:
    // those leaving a pile whose smallest term is larger than the previous
    // move.
    std::vector<u64> ruleMoves() const {
        if (last == 0 || moverWins())
            quitf(_fail, "the rule is for losing replies after the first move");
        u64 f = smallestTerm(stones);
        int above = fibIndex(last);
        if (above >= FIBS)
            quitf(_fail, "no Fibonacci number above %llu", last);
        u64 least = FIB[above];
        u64 c = cap();
        std::vector<u64> out;
        u64 left = dropTermsBelow(f - 1, least);
        while (left >= 1 && f - left <= c) {
            out.push_back(f - left);
            left = dropTermsBelow(left - 1, least);
        }
        return out;
    }

    // Whether `strong` prefers reply y to reply z: the smaller smallest term
    // of the pile left, then the fewer winning replies, then the smaller
    // reply.
    bool strongPrefers(u64 y, u64 z) const {
        FibPosition a = then(y), b = then(z);
        u64 ta = smallestTerm(a.stones), tb = smallestTerm(b.stones);
        if (ta != tb)
            return ta < tb;
        size_t wa = countWinningMoves(a.stones, a.cap()), wb = countWinningMoves(b.stones, b.cap());
        if (wa != wb)
            return wa < wb;
        return y < z;
    }

    // strong's reply by the rule: the first best of the rule's replies.
    u64 strongReply() const {
        std::vector<u64> moves = ruleMoves();
        if (moves.empty())
            quitf(_fail, "the rule left the jury no reply");
        u64 best = moves[0];
        for (size_t i = 1; i < moves.size(); i++)
            if (strongPrefers(moves[i], best))
                best = moves[i];
        return best;
    }

    // The number of moves the contestant makes from here (its turn, in a
    // winning position) taking its least winning move against strong's rule.
    u64 simulatedLength() const {
        FibPosition p = *this;
        u64 moves = 0;
        for (;;) {
            if (!p.moverWins())
                quitf(_fail, "the simulation left a winning position");
            p.apply(smallestTerm(p.stones));
            moves++;
            if (p.isOver())
                return moves;
            p.apply(p.strongReply());
        }
    }

    // The jury's move: the least winning move if there is one, else a losing
    // reply chosen by the policy.
    u64 juryMove(JuryPolicy policy, JuryRng &rng) const {
        if (isOver())
            quitf(_fail, "the jury has no move");
        if (moverWins())
            return smallestTerm(stones);
        u64 c = cap();
        switch (policy) {
        case POLICY_SLOW:
            return 1;
        case POLICY_UNIFORM:
            return rng.between(1, c);
        case POLICY_RANDOM:
            if (last == 0) {
                u64 bits = rng.between(1, u64(bitLength(c)));
                u64 low = 1ULL << (bits - 1);
                u64 high = (low << 1) - 1;
                return rng.between(low, c < high ? c : high);
            } else {
                std::vector<u64> moves = ruleMoves();
                return moves[size_t(rng.below(moves.size()))];
            }
        default:
            if (last == 0) {
                // The longest game by simulation; the smaller take wins ties.
                u64 limit = c < STRONG_FIRST ? c : STRONG_FIRST;
                u64 best = 1, longest = then(1).simulatedLength();
                for (u64 y = 2; y <= limit; y++) {
                    u64 length = then(y).simulatedLength();
                    if (length > longest) {
                        best = y;
                        longest = length;
                    }
                }
                return best;
            }
            return strongReply();
        }
    }
};

// How the contestant lost a game it could have won: when (its moves made
// then) and why.
struct Mistake {
    bool made;
    u64 at;
    std::string why;
};

int main(int argc, char *argv[]) {
    registerInteraction(argc, argv);
#ifdef SIGPIPE
    // A contestant who exits early must be met with an end of input (PE),
    // not kill the interactor with a write to a closed pipe (as Rust does).
    std::signal(SIGPIPE, SIG_IGN);
#endif
    makeFibonacci();
    int t = inf.readInt();
    send(sayf("%d\n", t));
    for (int game = 1; game <= t; game++) {
        u64 n = inf.readUnsignedLong();
        std::string word = inf.readToken();
        JuryPolicy policy;
        if (word == "strong")
            policy = POLICY_STRONG;
        else if (word == "random")
            policy = POLICY_RANDOM;
        else if (word == "uniform")
            policy = POLICY_UNIFORM;
        else if (word == "slow")
            policy = POLICY_SLOW;
        else
            quitf(_fail, "game %d: unknown policy in the test", game);
        JuryRng rng(inf.readUnsignedLong());
        if (n < 2)
            quitf(_fail, "game %d: n = %llu in the test, at least 2 expected", game, n);
        FibPosition pos = {n, 0};
        send(sayf("%llu\n", n));

        std::string side = token(game, "First or Second");
        bool first;
        if (side == "First")
            first = true;
        else if (side == "Second")
            first = false;
        else
            quitf(_pe, "game %d: expected First or Second, found %s", game, quoted(side).c_str());
        Mistake mistake;
        mistake.made = first != pos.moverWins();
        mistake.at = 0;
        if (mistake.made)
            mistake.why =
                first ? sayf("you chose First, but %llu is a Fibonacci number (the first player "
                             "loses)",
                             n)
                      : sayf("you chose Second, but %llu is not a Fibonacci number (the first "
                             "player wins by taking %llu)",
                             n, smallestTerm(n));
        u64 cap = contestantMoveCap(n, policy);
        u64 theirs = 0, moves = 0;
        bool contestantToMove = first;
        for (;;) {
            moves++;
            if (contestantToMove) {
                theirs++;
                i64 take = integer(game, sayf("your move %llu: the number of stones", theirs));
                if (mistake.made && theirs > mistake.at + AFTER_MISTAKE)
                    quitf(_wa,
                          "game %d: stopped at your move %llu, %llu moves after the jury began to "
                          "win; %s",
                          game, theirs, AFTER_MISTAKE, mistake.why.c_str());
                if (!mistake.made && theirs > cap)
                    quitf(_fail, "game %d: the move bound %llu failed (%s policy)", game, cap,
                          policyName(policy));
                std::string illegal = pos.check(take);
                if (!illegal.empty())
                    quitf(_wa, "game %d, your move %llu (`%lld`): %s", game, theirs, take,
                          illegal.c_str());
                pos.apply(u64(take));
                if (pos.isOver()) {
                    tout << (first ? "First" : "Second") << " " << moves << "\n";
                    break;
                }
                if (!mistake.made && pos.moverWins()) {
                    mistake.made = true;
                    mistake.at = theirs;
                    mistake.why = sayf("your move %llu (`%lld`) left %llu stone(s) with the jury "
                                       "allowed up to %llu, which reaches %llu, their smallest "
                                       "Zeckendorf term: that hands the win to the jury",
                                       theirs, take, pos.stones, pos.cap(),
                                       smallestTerm(pos.stones));
                }
            } else {
                u64 y = pos.juryMove(policy, rng);
                pos.apply(y);
                send(sayf("%llu\n", y));
                if (pos.isOver()) {
                    if (!mistake.made)
                        quitf(_fail, "game %d: the jury won a game it should lose", game);
                    quitf(_wa, "game %d: the jury took the last stone with its move `%llu` and "
                               "won; %s",
                          game, y, mistake.why.c_str());
                }
            }
            contestantToMove = !contestantToMove;
        }
    }
    wonSession(t);
}
