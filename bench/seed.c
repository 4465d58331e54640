/* Our own minimal C statement of seed 004's algorithm: a recursive bitmask
 * counter (used columns, left and right diagonals as one bit per column),
 * no symmetry. Used as the gcc -O2 baseline for benches/queens.rs.
 *
 *   usage: seed N      prints "<count> <seconds>" for one count of N queens
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long full, found;

static void place(long long cols, long long left, long long right) {
    if (cols == full) {
        found++;
        return;
    }
    long long free = full & ~(cols | left | right);
    while (free) {
        long long bit = free & -free;
        free -= bit;
        place(cols + bit, (left + bit) << 1, (right + bit) >> 1);
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: seed N\n");
        return 2;
    }
    int n = atoi(argv[1]);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    full = (1LL << n) - 1;
    found = 0;
    place(0, 0, 0);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    printf("%lld %.6f\n", found, s);
    return 0;
}
