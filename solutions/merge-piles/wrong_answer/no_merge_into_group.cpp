// Trap: the DP over (a, b) forgetting the move "merge a lone stone into the
// group of bigger piles" (a - 1, b + 1).
#include <cstdio>
#include <cstring>

// a piles of one stone; the other piles, merged in thought into one group,
// can absorb b more moves (b = sum of (x + 1) - 1; 0 when there is none).
static signed char memo[60][50300];

bool win(int a, int b) {
    if (b == 1) return win(a + 1, 0);  // the group is down to a single stone
    signed char &m = memo[a][b];
    if (m >= 0) return m;
    bool w = false;
    if (a >= 1 && !win(a - 1, b)) w = true;                         // take a lone stone
    if (!w && b > 0 && !win(a, b - 1)) w = true;                    // a move inside the group
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
