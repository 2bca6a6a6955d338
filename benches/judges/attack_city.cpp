// Attack City (Nim): the textbook solution, for timing against examples/attack_city.rs.
#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int n, x = 0;
        scanf("%d", &n);
        for (int i = 0; i < n; i++) {
            int a;
            scanf("%d", &a);
            x ^= a;
        }
        puts(x ? "Liu_B is sure to win." : "Liu_B is not sure to win.");
    }
    return 0;
}
