/* html.c — see html.h. */
#include <stdarg.h>
#include "html.h"

static const char shared_style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1d1d1f;background:#fff}"
    "h1{font-size:1.4em;margin:0 0 .3em}h2{font-size:1.1em;margin:1.2em 0 .4em}"
    "code,.mono{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:12.5px}"
    ".muted{color:#777}"
    "table{border-collapse:collapse}"
    "td,th{padding:2px 8px;vertical-align:top;text-align:left}"
    "th{position:sticky;top:0;background:#f4f4f6;z-index:1}";

void html_escape(GString *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': g_string_append(out, "&amp;"); break;
        case '<': g_string_append(out, "&lt;"); break;
        case '>': g_string_append(out, "&gt;"); break;
        case '"': g_string_append(out, "&quot;"); break;
        default: g_string_append_c(out, *p);
        }
    }
}

void html_printf(GString *out, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    g_autofree char *text = g_strdup_vprintf(format, ap);
    va_end(ap);
    html_escape(out, text);
}

void html_begin(GString *out, const char *title, const char *style)
{
    g_string_append(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                         "<title>");
    html_escape(out, title);
    g_string_append_printf(out, "</title>\n<style>%s%s</style></head>\n<body>\n", shared_style,
                           style);
}

void html_end(GString *out, const char *script)
{
    g_string_append_printf(out, "<script>\n%s\ndocument.body.dataset.rendered = \"yes\";\n"
                                "</script>\n</body></html>\n", script);
}
