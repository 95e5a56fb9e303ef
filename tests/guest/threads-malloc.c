/* threads-malloc.c — three threads malloc, fill, check and free blocks at
 * once: the heap's lock keeps every block whole. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKS 6

static void *thread(void *arg)
{
    int me = (int)(long)arg;
    char *block[BLOCKS];
    for (int i = 0; i < BLOCKS; i++) {
        block[i] = malloc(16 + 8 * i);
        assert(block[i] != NULL);
        memset(block[i], 'a' + me, 16 + 8 * i);
    }
    for (int i = 0; i < BLOCKS; i++) {
        for (int k = 0; k < 16 + 8 * i; k++)
            assert(block[i][k] == 'a' + me);
        free(block[i]);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, thread, (void *)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("malloc: %d blocks from each of 3 threads\n", BLOCKS);
    return 0;
}
