/* Hand-written transfer-matrix baseline for `placer`'s row-frontier DP.
 *
 *   cc -O2 -o transfer bench/transfer.c
 *   ./transfer knights 8 8     # non-attacking knights on 8x8, every k: "k count"
 *   ./transfer kings 12 12     # non-attacking kings on 12x12, every k
 *   ./transfer hertzsprung 16  # Hertzsprung's problem (A002464): "n count"
 *
 * Row by row; the state is the occupancy of the rows a piece can still reach
 * (two for knights, one for kings) and the count is kept for every number of
 * pieces. Counts are unsigned __int128 and checked for overflow. Columns <= 16.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;
#define MAXK 257

static void print_u128(u128 x) {
    char buf[48];
    int i = 47;
    buf[i] = 0;
    if (x == 0) buf[--i] = '0';
    while (x) { buf[--i] = '0' + (int)(x % 10); x /= 10; }
    fputs(buf + i, stdout);
}

static void add(u128 *a, u128 b) {
    u128 s = *a + b;
    if (s < *a) { fprintf(stderr, "overflow\n"); exit(2); }
    *a = s;
}

/* Hertzsprung's problem: one king per row and column, none touching. Row by
 * row, the state is the set of used columns and the column of the last row's
 * king (the textbook bitmask DP; n <= 20). */
static int hertzsprung(int n) {
    if (n < 1 || n > 20) { fprintf(stderr, "bad size\n"); return 2; }
    size_t masks = (size_t)1 << n, width = (size_t)n + 1;
    u128 *dp = calloc(masks * width, sizeof(u128));
    if (!dp) { fprintf(stderr, "out of memory\n"); return 2; }
    dp[n] = 1; /* no row yet: last column n means none */
    for (size_t m = 0; m < masks; m++)
        for (int last = 0; last <= n; last++) {
            u128 v = dp[m * width + last];
            if (!v) continue;
            for (int c = 0; c < n; c++) {
                if (m >> c & 1) continue;
                if (last < n && (c == last - 1 || c == last + 1)) continue;
                add(&dp[(m | (size_t)1 << c) * width + c], v);
            }
        }
    u128 sum = 0;
    for (int last = 0; last <= n; last++) add(&sum, dp[(masks - 1) * width + last]);
    printf("%d ", n);
    print_u128(sum);
    putchar('\n');
    free(dp);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "hertzsprung") == 0) return hertzsprung(atoi(argv[2]));
    if (argc != 4) { fprintf(stderr, "usage: transfer knights|kings ROWS COLS\n"); return 2; }
    int knights = strcmp(argv[1], "knights") == 0;
    int rows = atoi(argv[2]), cols = atoi(argv[3]);
    if (cols < 1 || cols > 16 || rows < 1 || rows * cols >= MAXK) { fprintf(stderr, "bad size\n"); return 2; }
    unsigned full = (1u << cols) - 1, masks = 1u << cols;
    int kmax = rows * cols + 1;
    /* rows a piece may take alone */
    unsigned *ok = malloc(sizeof(unsigned) * masks), nok = 0;
    for (unsigned m = 0; m < masks; m++)
        if (knights || (m & (m << 1)) == 0) ok[nok++] = m;
    /* state: (p2 << 16 | p1) for knights, p1 for kings */
    size_t nstates = knights ? (size_t)masks * masks : masks;
    u128 *cur = calloc(nstates * kmax, sizeof(u128));
    u128 *nxt = calloc(nstates * kmax, sizeof(u128));
    cur[0] = 1;
    for (int r = 0; r < rows; r++) {
        memset(nxt, 0, nstates * kmax * sizeof(u128));
        for (size_t s = 0; s < nstates; s++) {
            u128 *from = cur + s * kmax;
            int any = 0;
            for (int k = 0; k < kmax; k++) if (from[k]) { any = 1; break; }
            if (!any) continue;
            unsigned p1 = knights ? (unsigned)(s % masks) : (unsigned)s;
            unsigned p2 = knights ? (unsigned)(s / masks) : 0;
            for (unsigned i = 0; i < nok; i++) {
                unsigned m = ok[i];
                if (knights) {
                    if ((((m << 2) | (m >> 2)) & full & p1) || (((m << 1) | (m >> 1)) & full & p2)) continue;
                } else if (((m << 1) | (m >> 1) | m) & full & p1) continue;
                int bits = __builtin_popcount(m);
                size_t t = knights ? (size_t)p1 * masks + m : m;
                u128 *to = nxt + t * kmax;
                for (int k = 0; k + bits < kmax; k++) if (from[k]) add(&to[k + bits], from[k]);
            }
        }
        u128 *tmp = cur; cur = nxt; nxt = tmp;
    }
    for (int k = 0; k < kmax; k++) {
        u128 sum = 0;
        for (size_t s = 0; s < nstates; s++) add(&sum, cur[s * kmax + k]);
        printf("%d ", k);
        print_u128(sum);
        putchar('\n');
    }
    return 0;
}
