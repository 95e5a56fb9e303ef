/* html.h — the pieces every page atomsim writes shares: escaping, and a
 * self-contained head (no network: styles and scripts are inline). */
#ifndef ATOMSIM_HTML_H
#define ATOMSIM_HTML_H

#include <glib.h>

/* Append text with &, <, >, " escaped. */
void html_escape(GString *out, const char *text);
/* printf into out, escaping the formatted text. */
void html_printf(GString *out, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* <!DOCTYPE html> ... <body>, with the shared style and this page's. */
void html_begin(GString *out, const char *title, const char *style);
/* The page's script, then </body></html>.  The script ends by marking
 * <body data-rendered="yes">, which a browser test looks for. */
void html_end(GString *out, const char *script);

#endif
