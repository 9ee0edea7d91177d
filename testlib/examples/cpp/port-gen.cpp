// The C++ twin of ../port-gen.rs, built against testlib.h 0.9.45.
#include "testlib.h"
#include <vector>
using namespace std;

int pile(int max) {
    if (rnd.next(4) == 0)
        return rnd.next(1, 3);
    else
        return rnd.next(1, max);
}

vector<int> piles(int max) {
    int k = rnd.wnext(1, 6, -1);
    vector<int> p;
    for (int i = 0; i < k; i++)
        p.push_back(pile(max));
    return p;
}

int main(int argc, char *argv[]) {
    registerGen(argc, argv, 1);
    int n = atoi(argv[1]);
    int max = std::max(atoi(argv[2]), 1);
    println(n);
    for (int game = 1; game <= n; game++) {
        vector<int> p = piles(max);
        println("game", game);
        println(int(p.size()), p);
        println(rnd.next(-1.0, 1.0) * 1e6);
    }
    vector<int> order;
    for (int i = 1; i <= n; i++)
        order.push_back(i);
    shuffle(order.begin(), order.end());
    println(order.begin(), order.end());
}
