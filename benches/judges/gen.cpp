// Deterministic inputs for the judge comparison (benches/judges/run.sh): `gen JUDGE SCALE`
// writes to stdout an input with SCALE times as many cases as the judge's sample, each drawn
// (splitmix64, fixed seed) within the limits of the problem statement (PROBLEMS.md), with a
// share of losing positions so that both answers are printed.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static uint64_t state = 0x9E3779B97F4A7C15ull;

static uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Uniform in lo..=hi (the tiny modulo bias does not matter here).
static uint64_t in(uint64_t lo, uint64_t hi) { return lo + next() % (hi - lo + 1); }

// floor(k * golden ratio), exactly: (k + isqrt(5 k^2)) / 2.
static uint64_t wythoff_a(uint64_t k) {
    uint64_t n = 5 * k * k, r = (uint64_t)__builtin_sqrt((double)n);
    while (r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return (k + r) / 2;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: gen JUDGE SCALE\n");
        return 2;
    }
    const char *judge = argv[1];
    long scale = atol(argv[2]);
    if (!strcmp(judge, "attack_city")) {
        long t = 3 * scale;
        printf("%ld\n", t);
        for (long c = 0; c < t; c++) {
            int n = in(1, 100);
            std::vector<int> x(n);
            int sum = 0;
            for (int i = 0; i < n; i++) sum ^= x[i] = in(1, 1000);
            // A quarter of the cases are lost: the last strength makes the nim-sum 0.
            if (c % 4 == 0 && n > 1 && (sum ^ x[n - 1]) >= 1) x[n - 1] ^= sum;
            printf("%d\n", n);
            for (int i = 0; i < n; i++) printf(i ? " %d" : "%d", x[i]);
            printf("\n");
        }
    } else if (!strcmp(judge, "bzoj1022_john")) {
        long t = 2 * scale;
        printf("%ld\n", t);
        for (long c = 0; c < t; c++) {
            int n = in(1, 50);
            std::vector<int> x(n);
            int sum = 0;
            for (int i = 0; i < n; i++) {
                // Every fourth case has piles of one counter only.
                x[i] = c % 4 == 1 ? 1 : in(1, 5000);
                sum ^= x[i];
            }
            if (c % 4 == 0 && n > 1 && (sum ^ x[n - 1]) >= 1) x[n - 1] ^= sum;
            printf("%d\n", n);
            for (int i = 0; i < n; i++) printf(i ? " %d" : "%d", x[i]);
            printf("\n");
        }
    } else if (!strcmp(judge, "hdu1846_brave_game")) {
        long t = 2 * scale;
        printf("%ld\n", t);
        for (long c = 0; c < t; c++) {
            int m = in(1, 1000);
            // Every third pile is a multiple of m + 1: a loss.
            int n = c % 3 == 0 ? (int)in(1, 1000 / (m + 1) + 1) * (m + 1) : in(1, 1000);
            if (n > 1000) n = m + 1 <= 1000 ? m + 1 : 1000;
            printf("%d %d\n", n, m);
        }
    } else if (!strcmp(judge, "hdu1850_good_boy")) {
        for (long c = 0; c < scale; c++) {
            int m = in(2, 100);
            std::vector<int> x(m);
            int sum = 0;
            for (int i = 0; i < m; i++) sum ^= x[i] = in(1, 1000000);
            if (c % 4 == 0 && (sum ^ x[m - 1]) >= 1) x[m - 1] ^= sum;
            printf("%d\n", m);
            for (int i = 0; i < m; i++) printf(i ? " %d" : "%d", x[i]);
            printf("\n");
        }
        printf("0\n");
    } else if (!strcmp(judge, "poj1067_wythoff")) {
        for (long c = 0; c < 3 * scale; c++) {
            uint64_t a, b;
            if (c % 3 == 0) {
                // A P-position (k below 10^6, where the floating-point formula is right).
                uint64_t k = in(0, 999999);
                a = wythoff_a(k);
                b = a + k;
            } else {
                a = in(0, 1000000000);
                b = in(0, 1000000000);
            }
            if (next() & 1) {
                uint64_t t = a;
                a = b;
                b = t;
            }
            printf("%llu %llu\n", (unsigned long long)a, (unsigned long long)b);
        }
    } else if (!strcmp(judge, "poj1704_georgia_bob")) {
        long t = 2 * scale;
        printf("%ld\n", t);
        std::vector<int> cells(10000);
        for (long c = 0; c < t; c++) {
            int n = in(1, 1000);
            for (int i = 0; i < 10000; i++) cells[i] = i + 1;
            if (c % 4 == 0) {
                // Pairs of neighbours (2j - 1, 2j): every gap is 0, a loss for Georgia.
                n = (n + 1) / 2 * 2;
                for (int i = 0; i < 5000; i++) cells[i] = 2 * (i + 1);
                for (int i = 0; i < n / 2; i++) {
                    int j = i + in(0, 4999 - i);
                    int s = cells[i];
                    cells[i] = cells[j];
                    cells[j] = s;
                }
                for (int i = n / 2 - 1; i >= 0; i--) {
                    cells[2 * i + 1] = cells[i];
                    cells[2 * i] = cells[i] - 1;
                }
                for (int i = n - 1; i > 0; i--) {
                    int j = in(0, i), s = cells[i];
                    cells[i] = cells[j];
                    cells[j] = s;
                }
            } else {
                // n distinct cells in random order: a partial Fisher-Yates shuffle.
                for (int i = 0; i < n; i++) {
                    int j = i + in(0, 9999 - i), s = cells[i];
                    cells[i] = cells[j];
                    cells[j] = s;
                }
            }
            printf("%d\n", n);
            for (int i = 0; i < n; i++) printf(i ? " %d" : "%d", cells[i]);
            printf("\n");
        }
    } else {
        fprintf(stderr, "gen: unknown judge %s\n", judge);
        return 2;
    }
    return 0;
}
