/* Permanent of a square 0/1 matrix by Ryser's formula: Gray code over the
 * column subsets, one thread, row sums in int64, products in unsigned
 * __int128 (mod 2^128: exact while the permanent is below 2^127, n <= 33).
 * Reads the matrix (whitespace-separated 0/1, one row a line) from FILE or
 * stdin; prints the permanent. Peer for bench/permanent.sh.
 *   gcc -O2 -o target/ryser_c bench/ryser.c && target/ryser_c FILE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef unsigned __int128 u128;

static void print_u128(u128 v) {
    char buf[64];
    int k = 63;
    buf[k] = 0;
    do {
        buf[--k] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    puts(buf + k);
}

int main(int argc, char **argv) {
    FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!f) { perror("open"); return 2; }
    int cap = 64 * 64, len = 0, x;
    int *cells = malloc(sizeof(int) * cap);
    while (fscanf(f, "%d", &x) == 1) {
        if (len == cap) cells = realloc(cells, sizeof(int) * (cap *= 2));
        cells[len++] = x != 0;
    }
    int n = 0;
    while (n * n < len) n++;
    if (n * n != len || n == 0 || n > 33) { fprintf(stderr, "need a square matrix, n <= 33\n"); return 2; }
    /* column j's rows, so a Gray step touches only the nonzero cells */
    int *col = malloc(sizeof(int) * n * n), *deg = calloc(n, sizeof(int));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            if (cells[i * n + j]) col[j * n + deg[j]++] = i;
    int64_t *sum = calloc(n, sizeof(int64_t));
    u128 acc = 0; /* sum over S of (-1)^(n-|S|) prod_i r_i(S) */
    int size = 0;
    uint64_t total = (uint64_t)1 << n;
    for (uint64_t g = 1; g < total; g++) {
        int j = __builtin_ctzll(g);
        int64_t d = ((g ^ (g >> 1)) >> j) & 1 ? 1 : -1;
        size += (int)d;
        for (int k = 0; k < deg[j]; k++) sum[col[j * n + k]] += d;
        u128 prod = 1;
        for (int i = 0; i < n && prod; i++) prod *= (u128)(uint64_t)sum[i];
        if ((n - size) & 1) acc -= prod; else acc += prod;
    }
    print_u128(acc);
    return 0;
}
