// POJ 1704 Georgia and Bob (staircase Nim): the textbook solution, for timing against
// examples/poj1704_georgia_bob.rs.
#include <algorithm>
#include <cstdio>

static int p[1024];

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int n;
        scanf("%d", &n);
        for (int i = 0; i < n; i++) scanf("%d", &p[i]);
        std::sort(p, p + n);
        int x = 0;
        for (int i = n - 1; i > 0; i -= 2) x ^= p[i] - p[i - 1] - 1;
        if (n % 2 == 1) x ^= p[0] - 1;
        puts(x ? "Georgia will win" : "Bob will win");
    }
    return 0;
}
