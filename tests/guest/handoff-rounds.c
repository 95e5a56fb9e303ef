/* handoff-rounds.c — two threads hand a token back and forth for three
 * rounds through `turn`, spinning while they wait; with it goes `data`,
 * the round's number.  In the last round the sender passes the turn
 * before it writes the data, so the receiver can read the last round's:
 * a bug that only an interleaving of the third round shows, after the
 * search has met each state of the first two rounds by many paths. */
#include <pthread.h>
#include <atomsim.h>

#define ROUNDS 3

volatile int turn, data = -1;

static void *receiver(void *arg)
{
    for (int r = 0; r < ROUNDS; r++) {
        while (turn != 1)
            ;
        sim_check(data == r, "the receiver reads the round's data");
        turn = 0;
    }
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, receiver, NULL);
    for (int r = 0; r < ROUNDS; r++) {
        while (turn != 0)
            ;
        if (r < ROUNDS - 1) {
            data = r;
            turn = 1;
        } else {
            turn = 1;           /* the bug: the turn passes first */
            data = r;
        }
    }
    pthread_join(t, NULL);
    return 0;
}
