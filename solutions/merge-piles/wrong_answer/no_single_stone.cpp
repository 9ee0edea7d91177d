// Trap: the DP over (a, b) without "b = 1 means a single stone": when the
// group of bigger piles is down to one move, it is a lone pile of 1 and
// belongs to a, but this DP keeps it as a group (which can still absorb a
// merge of one or two lone stones).
#include <cstdio>
#include <cstring>

// a piles of one stone; the other piles, merged in thought into one group,
// can absorb b more moves (b = sum of (x + 1) - 1; 0 when there is none).
static signed char memo[60][50300];

bool win(int a, int b) {
    signed char &m = memo[a][b];
    if (m >= 0) return m;
    bool w = false;
    if (a >= 1 && !win(a - 1, b)) w = true;                         // take a lone stone
    if (!w && b > 0 && !win(a, b - 1)) w = true;                    // a move inside the group
    if (!w && a >= 1 && b > 0 && !win(a - 1, b + 1)) w = true;      // merge a one into the group
    if (!w && a >= 2 && !win(a - 2, b > 0 ? b + 3 : 2)) w = true;   // merge two ones
    m = w;
    return w;
}

int main() {
    memset(memo, -1, sizeof memo);
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        int a = 0, b = 0;
        for (int i = 0; i < n; i++) {
            int x;
            scanf("%d", &x);
            if (x == 1) a++;
            else b += x + 1;
        }
        if (b > 0) b--;
        puts(win(a, b) ? "First" : "Second");
    }
}
