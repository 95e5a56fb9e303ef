/* witness.c — see witness.h.  The format: SV-COMP's "Verification
 * Witnesses 2.0" (sosy-lab/sv-witnesses): a list of entries, here one
 * violation_sequence whose metadata names the task and whose content is
 * segments of waypoints, the last one's the target. */
#include <string.h>

#include "witness.h"

/* A YAML double-quoted scalar. */
static void quoted(GString *s, const char *text)
{
    g_string_append_c(s, '"');
    for (const char *p = text; *p; p++) {
        if (*p == '"' || *p == '\\')
            g_string_append_c(s, '\\');
        g_string_append_c(s, *p);
    }
    g_string_append_c(s, '"');
}

/* The SHA-256 of a file's bytes, in hex, or NULL if it cannot be read. */
static char *file_sha256(const char *path)
{
    g_autofree char *bytes = NULL;
    gsize len = 0;
    if (!g_file_get_contents(path, &bytes, &len, NULL))
        return NULL;
    return g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)bytes, len);
}

bool witness_write(const char *path, const struct image *img, const struct witness *w,
                   GError **error)
{
    /* the call's line: the instruction before where it returns to */
    g_autofree char *source = image_source_line(img, w->call - 1);
    uint64_t offset;
    const struct symbol *fn = image_symbol_at(img, w->call - 1, &offset);
    char *colon = source ? strrchr(source, ':') : NULL;
    if (colon == NULL) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "the program has no line "
                    "information for the call of reach_error() (build it with -g: atomsim-cc "
                    "does)");
        return false;
    }
    *colon = '\0';
    const char *line = colon + 1;
    /* the task's file, as the verifier was given it */
    g_autofree char *base = w->input ? g_path_get_basename(w->input) : NULL;
    const char *file = w->input && strcmp(base, source) == 0 ? w->input : source;
    g_autofree char *hash = file_sha256(file);
    g_autoptr(GDateTime) now = g_date_time_new_now_utc();
    g_autofree char *when = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
    g_autofree char *uuid = g_uuid_string_random();

    GString *s = g_string_new(NULL);
    g_string_append(s, "# atomsim's violation witness: the interleaving that reaches the "
                       "target runs again with\n#   ");
    g_string_append(s, w->reproduce);
    g_string_append(s, "\n- entry_type: violation_sequence\n  metadata:\n"
                       "    format_version: \"2.0\"\n    uuid: ");
    quoted(s, uuid);
    g_string_append(s, "\n    creation_time: ");
    quoted(s, when);
    g_string_append(s, "\n    producer:\n      name: atomsim\n      version: ");
    quoted(s, w->version);
    g_string_append(s, "\n    task:\n      input_files:\n        - ");
    quoted(s, file);
    if (hash != NULL) {
        g_string_append(s, "\n      input_file_hashes:\n        ");
        quoted(s, file);
        g_string_append(s, ": ");
        quoted(s, hash);
    }
    g_string_append(s, "\n      specification: ");
    quoted(s, w->specification);
    g_string_append_printf(s, "\n      data_model: %s\n      language: C\n", w->data_model);
    g_string_append(s, "  content:\n    - segment:\n        - waypoint:\n"
                       "            type: target\n            action: follow\n"
                       "            location:\n              file_name: ");
    quoted(s, file);
    g_string_append_printf(s, "\n              line: %s\n", line);
    if (fn != NULL) {
        g_string_append(s, "              function: ");
        quoted(s, fn->name);
        g_string_append_c(s, '\n');
    }
    bool ok = g_file_set_contents(path, s->str, (gssize)s->len, error);
    g_string_free(s, TRUE);
    return ok;
}
