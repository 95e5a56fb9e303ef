/* libc-basics.c — the small libc: core 0 prints printf's formats and what
 * the string and number functions return (test-libc.c knows the lines,
 * and qemu-user prints the same); then every core at once allocates,
 * fills, checks, grows and frees blocks on the one heap. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <atomsim.h>

#define BLOCKS 8
#define ROUNDS 4

static void formats(void)
{
    char buf[32];
    printf("ints: %d %i %u %x %X %o %c %s %% %p\n", -42, 7, 3000000000u, 0xbeef, 0xbeef, 8,
           'z', "str", (void *)0x1234);
    printf("flags: [%5d] [%-5d] [%05d] [%.3d] [%+d] [% d] [%#x] [%#o] [%*d] [%-*d]\n", 42, 42,
           42, 7, 3, 3, 255, 8, 4, 9, 3, 9);
    printf("strings: [%8s] [%-8s] [%.2s] [%c%c]\n", "right", "left", "cut", 'o', 'k');
    printf("lengths: %ld %lu %lld %llu %zu %hd %hhu %lx %llx\n", -1L, 123UL, -9000000000LL,
           18446744073709551615ULL, (size_t)77, (short)-3, (unsigned char)300, 0xffffffffUL,
           0x123456789abcdefULL);
    int n = snprintf(buf, 8, "%s-%d", "abcdef", 12345);
    printf("snprintf: %d '%s'\n", n, buf);
    n = sprintf(buf, "%5.1d|%x", -3, 0u);
    printf("sprintf: %d '%s'\n", n, buf);
    fprintf(stdout, "fprintf: %s\n", "stdout");
    puts("puts: line");
    fputs("fputs: line\n", stdout);
    putchar('p');
    putchar('\n');
}

static void strings(void)
{
    char a[32], b[32];
    strcpy(a, "hello");
    strcat(a, ", world");
    strncpy(b, "abc", sizeof b);
    memmove(a + 1, a, 5);               /* overlapping: "hhello world" */
    printf("string: '%s' %u '%s' %d %d %d %d\n", a, (unsigned)strlen(a), b,
           strcmp("abc", "abd") < 0, strncmp("abcx", "abcy", 3), memcmp("ab", "ab", 2),
           strcmp("b", "a") > 0);
    printf("search: '%s' '%s' '%s' %d\n", strchr("a/b/c", '/'), strrchr("a/b/c", '/'),
           strstr("find the needle", "needle"), strstr("abc", "x") == NULL);
    memset(b, 'x', 3);
    printf("memset: '%s' memchr: '%s'\n", b, (char *)memchr("abcdef", 'd', 6));
}

static void numbers(void)
{
    char *end;
    long v = strtol("  -0x1fz", &end, 0);
    printf("strtol: %ld '%s' %ld %ld %lu\n", v, end, strtol("0777", NULL, 0),
           strtol("-99", NULL, 10), strtoul("ff", NULL, 16));
    printf("atoi: %d %ld abs: %d %ld\n", atoi("  123abc"), atol("-77"), abs(-5), labs(-6L));
    srand(7);
    int r1 = rand();
    int r2 = rand();
    srand(7);
    printf("rand: %d %d\n", rand() == r1 && rand() == r2, r1 != r2);
}

/* The size of core c's block i. */
static size_t block_size(unsigned c, unsigned i)
{
    return 1 + (c * 37 + i * 53) % 200;
}

static void heap(void)
{
    unsigned c = sim_cpu_id();
    unsigned char *blocks[BLOCKS];
    for (unsigned r = 0; r < ROUNDS; r++) {
        for (unsigned i = 0; i < BLOCKS; i++) {
            size_t size = block_size(c, i);
            blocks[i] = i % 2 ? calloc(size, 1) : malloc(size);
            sim_check(blocks[i] != NULL && (uintptr_t)blocks[i] % 16 == 0, "aligned block");
            for (size_t k = 0; i % 2 && k < size; k++)
                sim_check(blocks[i][k] == 0, "calloc zeroes");
            memset(blocks[i], (int)(c * BLOCKS + i), size);
        }
        blocks[0] = realloc(blocks[0], 300);    /* grows: moved, contents kept */
        for (size_t k = 0; k < block_size(c, 0); k++)
            sim_check(blocks[0][k] == (unsigned char)(c * BLOCKS), "realloc keeps");
        memset(blocks[0], (int)(c * BLOCKS), 300);
        for (unsigned i = 0; i < BLOCKS; i++) {
            size_t size = i == 0 ? 300 : block_size(c, i);
            for (size_t k = 0; k < size; k++)
                sim_check(blocks[i][k] == (unsigned char)(c * BLOCKS + i), "no overlap");
            free(blocks[i]);
        }
    }
}

int main(void)
{
    if (sim_cpu_id() == 0) {
        formats();
        strings();
        numbers();
        printf("limits: %d %d\n", malloc((size_t)2 << 20) == NULL,
               calloc((size_t)-1 / 2, 4) == NULL);
    }
    sim_barrier();
    heap();
    sim_barrier();
    if (sim_cpu_id() == 0)
        printf("heap: %u cores, %d rounds: checked\n", sim_ncpus(), ROUNDS);
    return 0;
}
