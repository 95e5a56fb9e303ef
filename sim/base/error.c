/* error.c — see error.h. */
#include "error.h"

G_DEFINE_QUARK(atomsim-error-quark, atomsim_error)
