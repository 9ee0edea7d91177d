// Interactor for nim-play, on testlib.h. Sends `T`, then per game `n` and
// the piles; reads the contestant's side (`First` or `Second`), then the two
// play Nim, one move `i x` (1-based pile, stones taken) per line, the jury's
// moves printed the same way and flushed, until the last stone is taken. The
// jury plays a winning move when it has one, else a losing reply chosen by
// the game's policy, with random choices seeded from the test. When the
// contestant takes the last stone the next game starts; when the jury does,
// it prints its move and quits with WA naming the game and the contestant's
// first mistake. Output after the last game is PE. `tout` gets one line per
// game, the side chosen and the number of moves played, then the verdict
// line of a won session (`accepted: T game(s) won`).
//
// C++ twin of the Rust interactor checkers/src/bin/interact-nim-play.rs
// (game logic in checkers/src/nim_play.rs), for judges that only build C++
// interactors: the same protocol, the same jury moves for the same test and
// the same contestant moves (the same splitmix64 and the same choices), the
// same verdicts, messages and `tout`. checkers/tests/cpp_interactors.rs
// plays every solution against both and compares.
//
// Every integer is 64 bits (piles up to 10^18); the 64x64-bit products of
// the random draws are done in 32-bit halves, so no 128-bit type is needed.
#include "testlib.h"
#include "kit-twins.h"

#include <csignal>
#include <string>
#include <vector>

// How the jury chooses among its losing replies (from a zero xor).
enum JuryPolicy {
    // A non-empty pile chosen uniformly, then a uniform number of stones
    // between half the pile (rounded up) and all of it.
    POLICY_RANDOM,
    // The reply that leaves the pile exactly one bit shorter and the
    // contestant the fewest winning replies; ties broken by the seed.
    POLICY_LONGEST
};

// A game in progress: the piles, their xor, how many piles hold each bit,
// and the non-empty piles listed by their top bit, kept up to date move by
// move in the same order as the Rust (the jury's choices index into them).
struct NimPosition {
    std::vector<u64> piles;
    u64 x;
    unsigned holding[64];
    // byTop[b]: the non-empty piles whose top bit is b, in no order.
    std::vector<std::vector<size_t> > byTop;
    // Where each non-empty pile stands in its byTop list.
    std::vector<size_t> slot;
    size_t nonEmpty;

    explicit NimPosition(const std::vector<u64> &start)
        : piles(start.size(), 0), x(0), byTop(64), slot(start.size(), 0), nonEmpty(0) {
        for (int b = 0; b < 64; b++)
            holding[b] = 0;
        for (size_t i = 0; i < start.size(); i++)
            set(i, start[i]);
    }

    // Sets pile i to a stones, keeping the counts and lists.
    void set(size_t i, u64 a) {
        u64 before = piles[i];
        piles[i] = a;
        x ^= before ^ a;
        for (int b = 0; b < 64; b++) {
            u64 was = before >> b & 1, is = a >> b & 1;
            if (was != is) {
                if (was == 1)
                    holding[b]--;
                else
                    holding[b]++;
            }
        }
        int oldTop = bitLength(before), newTop = bitLength(a);
        if (oldTop == newTop)
            return;
        if (oldTop > 0) {
            // Remove by moving the last entry into the hole (Rust's
            // swap_remove), as the order decides the jury's choices.
            std::vector<size_t> &list = byTop[oldTop - 1];
            size_t at = slot[i];
            list[at] = list.back();
            list.pop_back();
            if (at < list.size())
                slot[list[at]] = at;
            nonEmpty--;
        }
        if (newTop > 0) {
            std::vector<size_t> &list = byTop[newTop - 1];
            slot[i] = list.size();
            list.push_back(i);
            nonEmpty++;
        }
    }

    // The k-th non-empty pile (0-based) among those whose top bit is in
    // `keep`, counting list by list from bit 0.
    size_t kthPile(size_t k, const bool keep[64]) const {
        for (int b = 0; b < 64; b++) {
            if (!keep[b])
                continue;
            if (k < byTop[b].size())
                return byTop[b][k];
            k -= byTop[b].size();
        }
        quitf(_fail, "fewer piles than counted");
    }

    bool isOver() const {
        return nonEmpty == 0;
    }

    // The most moves a contestant who always restores a zero xor makes in a
    // game from here: the sum of the piles' bit lengths, plus one.
    u64 moveCap() const {
        u64 potential = 0;
        for (size_t i = 0; i < piles.size(); i++)
            potential += u64(bitLength(piles[i]));
        return potential + 1;
    }

    // Checks a contestant's move as written; "" if legal, else why not.
    std::string check(i64 pile, i64 take) const {
        i64 n = i64(piles.size());
        if (pile < 1 || pile > n)
            return sayf("there is no pile %lld (the piles are 1..%lld)", pile, n);
        if (take < 1)
            return sayf("taking %lld stone(s) from pile %lld is not a move (a move takes at least 1)",
                        take, pile);
        u64 stones = piles[size_t(pile - 1)];
        if (u64(take) > stones)
            return sayf("pile %lld holds %llu stone(s), cannot take %lld", pile, stones, take);
        return "";
    }

    // Takes `take` stones (1..pile) from pile i (0-based).
    void apply(size_t i, u64 take) {
        u64 before = piles[i];
        if (take < 1 || take > before)
            quitf(_fail, "taking %llu of %llu stones", take, before);
        set(i, before - take);
    }

    // The jury's move (0-based pile, stones taken): a winning move if the
    // xor is not 0 (the first pile holding its top bit, cut to a_i xor X),
    // else a losing reply chosen by the policy.
    void juryMove(JuryPolicy policy, JuryRng &rng, size_t &pile, u64 &take) const {
        if (isOver())
            quitf(_fail, "the jury has no move");
        if (x != 0) {
            int top = bitLength(x) - 1;
            for (size_t i = 0; i < piles.size(); i++)
                if (piles[i] >> top & 1) {
                    pile = i;
                    take = piles[i] - (piles[i] ^ x);
                    return;
                }
            quitf(_fail, "no pile holds the xor's top bit");
        }
        bool keep[64];
        if (policy == POLICY_RANDOM) {
            for (int b = 0; b < 64; b++)
                keep[b] = true;
            pile = kthPile(size_t(rng.below(nonEmpty)), keep);
            u64 a = piles[pile];
            take = rng.between(a - a / 2, a);
            return;
        }
        // Cutting a pile of top bit b below 2^b leaves the contestant one
        // winning reply per other pile holding bit b: the fewest such, then
        // one of the piles reaching it, chosen by the seed.
        unsigned best = 0;
        bool any = false;
        for (int b = 0; b < 64; b++)
            if (!byTop[b].empty() && (!any || holding[b] - 1 < best)) {
                best = holding[b] - 1;
                any = true;
            }
        size_t ties = 0;
        for (int b = 0; b < 64; b++) {
            keep[b] = !byTop[b].empty() && holding[b] - 1 == best;
            if (keep[b])
                ties += byTop[b].size();
        }
        pile = kthPile(size_t(rng.below(ties)), keep);
        // Leave a number of exactly one bit fewer: 2^(b-2) ..= a/2 for a
        // pile of b bits (0 for a single stone).
        u64 a = piles[pile];
        int b = bitLength(a);
        u64 lowest = b >= 2 ? 1ULL << (b - 2) : 0;
        take = a - rng.between(lowest, a / 2);
    }
};

// How the contestant lost a game it could have won, described.
struct Mistake {
    bool made;
    std::string why;
};

int main(int argc, char *argv[]) {
    registerInteraction(argc, argv);
#ifdef SIGPIPE
    // A contestant who exits early must be met with an end of input (PE),
    // not kill the interactor with a write to a closed pipe (as Rust does).
    std::signal(SIGPIPE, SIG_IGN);
#endif
    int t = inf.readInt();
    send(sayf("%d\n", t));
    for (int game = 1; game <= t; game++) {
        std::string word = inf.readToken();
        JuryPolicy policy;
        if (word == "random")
            policy = POLICY_RANDOM;
        else if (word == "longest")
            policy = POLICY_LONGEST;
        else
            quitf(_fail, "game %d: unknown policy in the test", game);
        JuryRng rng(inf.readUnsignedLong());
        int n = inf.readInt();
        std::vector<u64> piles;
        for (int i = 0; i < n; i++)
            piles.push_back(inf.readUnsignedLong());
        NimPosition pos(piles);
        std::string line = sayf("%d\n", n);
        for (int i = 0; i < n; i++)
            line += sayf(i == 0 ? "%llu" : " %llu", piles[i]);
        line += "\n";
        send(line);

        std::string side = token(game, "First or Second");
        bool first;
        if (side == "First")
            first = true;
        else if (side == "Second")
            first = false;
        else
            quitf(_pe, "game %d: expected First or Second, found %s", game, quoted(side).c_str());
        Mistake mistake;
        mistake.made = first != (pos.x != 0);
        if (mistake.made)
            mistake.why =
                first ? "you chose First, but the xor of the piles was 0 (the first player loses)"
                      : sayf("you chose Second, but the xor of the piles was %llu (the first "
                             "player wins)",
                             pos.x);
        u64 cap = pos.moveCap();
        u64 theirs = 0, moves = 0;
        bool contestantToMove = first;
        for (;;) {
            moves++;
            if (contestantToMove) {
                theirs++;
                i64 pile = integer(game, sayf("your move %llu: the pile index", theirs));
                i64 take = integer(game, sayf("your move %llu: the number of stones", theirs));
                if (theirs > cap) {
                    if (!mistake.made)
                        quitf(_fail, "game %d: the move bound %llu failed", game, cap);
                    quitf(_wa,
                          "game %d: your move %llu is one too many (a winning play needs at most "
                          "%llu moves here, as every losing reply of the jury halves a pile); %s",
                          game, theirs, cap, mistake.why.c_str());
                }
                std::string illegal = pos.check(pile, take);
                if (!illegal.empty())
                    quitf(_wa, "game %d, your move %llu (`%lld %lld`): %s", game, theirs, pile, take,
                          illegal.c_str());
                size_t i = size_t(pile - 1);
                pos.apply(i, u64(take));
                if (pos.isOver()) {
                    tout << (first ? "First" : "Second") << " " << moves << "\n";
                    break;
                }
                if (!mistake.made && pos.x != 0) {
                    mistake.made = true;
                    mistake.why = sayf("your move %llu (`%zu %lld`) left the xor of the piles at "
                                       "%llu, not 0, which hands the win to the jury",
                                       theirs, i + 1, take, pos.x);
                }
            } else {
                size_t i;
                u64 x;
                pos.juryMove(policy, rng, i, x);
                pos.apply(i, x);
                send(sayf("%zu %llu\n", i + 1, x));
                if (pos.isOver()) {
                    if (!mistake.made)
                        quitf(_fail, "game %d: the jury won a game it should lose", game);
                    quitf(_wa, "game %d: the jury took the last stone with its move `%zu %llu` and "
                               "won; %s",
                          game, i + 1, x, mistake.why.c_str());
                }
            }
            contestantToMove = !contestantToMove;
        }
    }
    wonSession(t);
}
