// Merge piles in C++: count the piles of one stone (a) and the moves the
// other piles can absorb together (b = sum of (x + 1) over piles x >= 2,
// minus 1); the first player loses iff (b <= 2 and a % 3 == 0) or
// (b >= 3 and a, b both even).
#include <cstdio>

static char buf[1 << 16];
static int len = 0, at = 0;

static int next_byte() {
    if (at == len) {
        len = (int)fread(buf, 1, sizeof buf, stdin);
        at = 0;
        if (len <= 0) return -1;
    }
    return buf[at++];
}

static long long read_number() {
    int c = next_byte();
    while (c == ' ' || c == '\n' || c == '\r') c = next_byte();
    long long x = 0;
    while (c >= '0' && c <= '9') {
        x = x * 10 + (c - '0');
        c = next_byte();
    }
    return x;
}

int main() {
    int t = (int)read_number();
    while (t--) {
        int n = (int)read_number();
        long long ones = 0, b = 0;
        bool group = false;
        for (int i = 0; i < n; i++) {
            long long x = read_number();
            if (x == 1) {
                ones++;
            } else {
                b += x + 1;
                group = true;
            }
        }
        if (group) b -= 1;
        bool loses = b <= 2 ? ones % 3 == 0 : ones % 2 == 0 && b % 2 == 0;
        puts(loses ? "Second" : "First");
    }
}
