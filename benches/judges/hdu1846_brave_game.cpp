// HDU 1846 Brave Game (Bash's game): the textbook solution, for timing against
// examples/hdu1846_brave_game.rs.
#include <cstdio>

int main() {
    int c;
    if (scanf("%d", &c) != 1) return 0;
    while (c--) {
        int n, m;
        scanf("%d %d", &n, &m);
        puts(n % (m + 1) ? "first" : "second");
    }
    return 0;
}
