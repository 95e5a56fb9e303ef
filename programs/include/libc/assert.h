/* assert.h — atomsim's small libc.  A failed assert is a finding at the
 * assert's line, and the program ends with exit status 134.  Not include-
 * guarded: NDEBUG may change between includes, as C requires. */
#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
/* glibc's signature: SV-COMP programs declare it themselves. */
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
    __attribute__((noreturn));
#define assert(expr) \
    ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif
