// HDU 1850 Being a Good Boy in Spring Festival (winning moves of Nim): the textbook
// solution, for timing against examples/hdu1850_good_boy.rs.
#include <cstdio>

static int a[128];

int main() {
    int m;
    while (scanf("%d", &m) == 1 && m) {
        int x = 0;
        for (int i = 0; i < m; i++) {
            scanf("%d", &a[i]);
            x ^= a[i];
        }
        int count = 0;
        if (x)
            for (int i = 0; i < m; i++)
                if ((a[i] ^ x) < a[i]) count++;
        printf("%d\n", count);
    }
    return 0;
}
