// Trap: the classic DP over (a, b) — a piles of one stone, b moves the other
// piles can absorb as one group. It fits group 1 (b <= 50049), but with piles
// up to 10^9 the group holds up to 10^14 moves and the sweep never ends.
#include <algorithm>
#include <cstdio>
#include <vector>
using namespace std;

// Every move lowers stones + piles, which is t = 2a + b + 1 (t = 2a when
// b = 0), so the DP sweeps t upwards keeping the last two levels. A level
// has at most one state per a (b = t - 2a - 1, never 1), and the cases are
// answered offline when the sweep reaches their level.
int main() {
    int T;
    scanf("%d", &T);
    vector<long long> as(T), ts(T);
    long long max_a = 0;
    for (int i = 0; i < T; i++) {
        int n;
        scanf("%d", &n);
        long long a = 0, b = 0;
        for (int j = 0; j < n; j++) {
            long long x;
            scanf("%lld", &x);
            if (x == 1) a++;
            else b += x + 1;
        }
        if (b > 0) b--;
        as[i] = a;
        ts[i] = b > 0 ? 2 * a + b + 1 : 2 * a;
        max_a = max(max_a, a);
    }
    vector<int> order(T);
    for (int i = 0; i < T; i++) order[i] = i;
    sort(order.begin(), order.end(), [&](int x, int y) { return ts[x] < ts[y]; });

    vector<char> level[3];
    for (auto &l : level) l.assign(max_a + 2, 0);
    vector<char> answer(T);
    size_t done = 0;
    for (long long t = 0; done < order.size(); t++) {
        vector<char> &cur = level[t % 3], &p1 = level[(t + 2) % 3], &p2 = level[(t + 1) % 3];
        for (long long a = 0; a <= max_a + 1; a++) {
            long long b = 2 * a == t ? 0 : t - 2 * a - 1;
            // (max_a + 1, 0) is reached from (max_a, 2); nothing beyond.
            if (b < 0 || b == 1 || (a > max_a && b > 0)) {
                cur[a] = 0;
                continue;
            }
            bool w = (a >= 1 && !p2[a - 1])                  // take a lone stone
                     || (b > 0 && !p1[b == 2 ? a + 1 : a])   // a move in the group
                     || (a >= 1 && b > 0 && !p1[a - 1])      // merge a one into it
                     || (a >= 2 && !p1[a - 2]);              // merge two ones
            cur[a] = w;
        }
        while (done < order.size() && ts[order[done]] == t) {
            answer[order[done]] = cur[as[order[done]]];
            done++;
        }
    }
    for (int i = 0; i < T; i++) puts(answer[i] ? "First" : "Second");
}
