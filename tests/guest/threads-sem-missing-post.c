/* threads-sem-missing-post.c: threads-sem.c whose producer forgets its
 * last post. */
#define MISSING_POST
#include "threads-sem.c"
