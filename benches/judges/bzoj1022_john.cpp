// BZOJ 1022 John (misere Nim): the textbook solution, for timing against
// examples/bzoj1022_john.rs. The first player wins iff every pile is 1 and the
// nim-sum is 0, or some pile is larger and the nim-sum is not 0.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int n, x = 0;
        bool big = false;
        scanf("%d", &n);
        for (int i = 0; i < n; i++) {
            int a;
            scanf("%d", &a);
            x ^= a;
            if (a > 1) big = true;
        }
        bool john = big ? x != 0 : x == 0;
        puts(john ? "John" : "Brother");
    }
    return 0;
}
