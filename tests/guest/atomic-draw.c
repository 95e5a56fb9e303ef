/* atomic-draw.c — a thread draws two values inside an atomic section and
 * stores them there, then opens a window (z is 1 only between two stores);
 * the reader fails its check if it sees the values 2 and 2 inside the
 * window.  A search finds it only if a schedule that chose the values in
 * the section replays its later turns where they were: a turn's steps past
 * its end, inside the section, count towards its next turn, and the second
 * draw, past the end of the turn the first one ended, takes the value its
 * own turn gives. */
#include <pthread.h>
#include <atomsim.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

volatile int x, y, z;

static void *writer(void *arg)
{
    (void)arg;
    __VERIFIER_atomic_begin();
    int v = sim_choose(3);
    int w = sim_choose(3);
    x = v;
    y = w;
    __VERIFIER_atomic_end();
    z = 1;
    z = 2;
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    int seen = z;
    sim_check(!(seen == 1 && x == 2 && y == 2), "saw the values 2 and 2 inside the window");
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
