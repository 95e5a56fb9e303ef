/* debuginfo.c — see debuginfo.h.  Every libdw call may fail on a
 * malformed file: a failure drops what it was reading, nothing more. */
#include <string.h>
#include <elfutils/libdw.h>
#include <dwarf.h>

#include "debuginfo.h"

#define MAX_DEPTH 32            /* nesting of types, and of scopes */
#define MAX_DIMS 8              /* dimensions of one array type */
#define MAX_ROWS (1u << 22)     /* line-table rows kept */
#define MAX_ITEMS (1u << 20)    /* types, members and variables kept */

enum { T_SCALAR, T_RECORD, T_ARRAY };

struct member {
    const char *name;           /* NULL: an anonymous struct or union */
    uint64_t offset;
    guint type;
};

struct dtype {
    int kind;
    uint64_t size;              /* 0 if unknown */
    guint elem;                 /* T_ARRAY: the element type */
    uint64_t count;             /* T_ARRAY: 0 if unknown */
    GArray *members;            /* T_RECORD: struct member */
};

struct var {
    uint64_t addr, size;
    const char *name;
    guint type;
};

struct row {
    uint64_t addr;
    const char *file;           /* basename */
    int line;                   /* 0: no line (the end of a sequence) */
};

struct debuginfo {
    GStringChunk *strings;
    GPtrArray *types;           /* struct dtype; index 0 is an unknown scalar */
    GArray *vars;               /* struct var, by address */
    GArray *rows;               /* struct row, by address */
    GHashTable *type_of_die;    /* DIE offset -> index + 1 (while reading) */
    guint items;
};

static void dtype_free(gpointer p)
{
    struct dtype *t = p;
    if (t->members)
        g_array_unref(t->members);
    g_free(t);
}

void debuginfo_free(struct debuginfo *di)
{
    if (di == NULL)
        return;
    g_string_chunk_free(di->strings);
    g_ptr_array_unref(di->types);
    g_array_unref(di->vars);
    g_array_unref(di->rows);
    if (di->type_of_die)
        g_hash_table_unref(di->type_of_die);
    g_free(di);
}

static const struct dtype *type_at(const struct debuginfo *di, guint i)
{
    return g_ptr_array_index(di->types, i < di->types->len ? i : 0);
}

static guint add_type(struct debuginfo *di, int kind, uint64_t size)
{
    struct dtype *t = g_new0(struct dtype, 1);
    t->kind = kind;
    t->size = size;
    g_ptr_array_add(di->types, t);
    di->items++;
    return di->types->len - 1;
}

/* The DIE that attribute name of die refers to (through declarations). */
static bool ref_of(Dwarf_Die *die, int name, Dwarf_Die *out)
{
    Dwarf_Attribute attr;
    return dwarf_attr_integrate(die, name, &attr) != NULL &&
           dwarf_formref_die(&attr, out) != NULL;
}

static bool udata_of(Dwarf_Die *die, int name, uint64_t *out)
{
    Dwarf_Attribute attr;
    Dwarf_Word w;
    if (dwarf_attr_integrate(die, name, &attr) == NULL || dwarf_formudata(&attr, &w) != 0)
        return false;
    *out = w;
    return true;
}

static guint read_type(struct debuginfo *di, Dwarf_Die *die, int depth);

/* The type die's DW_AT_type names, typedefs and qualifiers stripped. */
static guint type_attr(struct debuginfo *di, Dwarf_Die *die, int depth)
{
    Dwarf_Die t;
    return ref_of(die, DW_AT_type, &t) ? read_type(di, &t, depth + 1) : 0;
}

static void read_members(struct debuginfo *di, struct dtype *rec, Dwarf_Die *die, int depth)
{
    Dwarf_Die child;
    if (dwarf_child(die, &child) != 0)
        return;
    do {
        if (dwarf_tag(&child) != DW_TAG_member || di->items >= MAX_ITEMS)
            continue;
        struct member m = { NULL, 0, 0 };
        const char *name = dwarf_diename(&child);
        if (name != NULL)
            m.name = g_string_chunk_insert_const(di->strings, name);
        udata_of(&child, DW_AT_data_member_location, &m.offset);   /* a union's: 0 */
        m.type = type_attr(di, &child, depth);
        g_array_append_val(rec->members, m);
        di->items++;
    } while (dwarf_siblingof(&child, &child) == 0);
}

/* The element counts of an array type's subranges, outermost first. */
static int read_dims(Dwarf_Die *die, uint64_t *dims)
{
    Dwarf_Die child;
    int n = 0;
    if (dwarf_child(die, &child) != 0)
        return 0;
    do {
        if (dwarf_tag(&child) != DW_TAG_subrange_type)
            continue;
        uint64_t count = 0, upper;
        if (!udata_of(&child, DW_AT_count, &count) && udata_of(&child, DW_AT_upper_bound, &upper))
            count = upper + 1;          /* C arrays start at 0 */
        dims[n++] = count;
    } while (n < MAX_DIMS && dwarf_siblingof(&child, &child) == 0);
    return n;
}

static void read_array(struct debuginfo *di, guint self, Dwarf_Die *die, int depth)
{
    uint64_t dims[MAX_DIMS];
    int n = read_dims(die, dims);
    guint elem = type_attr(di, die, depth);
    /* int a[2][3] is an array of 2 arrays of 3 */
    for (int i = n - 1; i >= 1; i--) {
        uint64_t size = type_at(di, elem)->size;
        guint t = add_type(di, T_ARRAY, dims[i] && size <= UINT64_MAX / dims[i] ? size * dims[i] : 0);
        struct dtype *a = g_ptr_array_index(di->types, t);
        a->elem = elem;
        a->count = dims[i];
        elem = t;
    }
    struct dtype *a = g_ptr_array_index(di->types, self);
    a->kind = T_ARRAY;
    a->elem = elem;
    a->count = n > 0 ? dims[0] : 0;
}

/* The index of die's type; 0 if it is unknown or too deep. */
static guint read_type(struct debuginfo *di, Dwarf_Die *die, int depth)
{
    Dwarf_Die t;
    if (depth > MAX_DEPTH || di->items >= MAX_ITEMS || dwarf_peel_type(die, &t) != 0)
        return 0;
    gpointer key = GSIZE_TO_POINTER(dwarf_dieoffset(&t));
    guint known = GPOINTER_TO_UINT(g_hash_table_lookup(di->type_of_die, key));
    if (known != 0)
        return known - 1;
    Dwarf_Word size;
    if (dwarf_aggregate_size(&t, &size) != 0)
        size = 0;
    /* Known before its parts are read: a type that holds itself ends. */
    guint self = add_type(di, T_SCALAR, size);
    g_hash_table_insert(di->type_of_die, key, GUINT_TO_POINTER(self + 1));
    switch (dwarf_tag(&t)) {
    case DW_TAG_structure_type:
    case DW_TAG_union_type:
    case DW_TAG_class_type: {
        struct dtype *rec = g_ptr_array_index(di->types, self);
        rec->kind = T_RECORD;
        rec->members = g_array_new(FALSE, FALSE, sizeof(struct member));
        read_members(di, rec, &t, depth);
        break;
    }
    case DW_TAG_array_type:
        read_array(di, self, &t, depth);
        break;
    default:
        break;
    }
    return self;
}

/* A variable with a fixed address (DW_OP_addr): a global or a static. */
static void read_var(struct debuginfo *di, Dwarf_Die *die)
{
    Dwarf_Attribute attr, name_attr;
    Dwarf_Op *ops;
    size_t nops;
    if (dwarf_attr(die, DW_AT_location, &attr) == NULL ||
        dwarf_getlocation(&attr, &ops, &nops) != 0 || nops != 1 || ops[0].atom != DW_OP_addr)
        return;
    const char *name = dwarf_attr_integrate(die, DW_AT_name, &name_attr)
                           ? dwarf_formstring(&name_attr) : NULL;
    if (name == NULL || di->items >= MAX_ITEMS)
        return;
    struct var v = { ops[0].number, 0, g_string_chunk_insert_const(di->strings, name), 0 };
    v.type = type_attr(di, die, 0);
    v.size = type_at(di, v.type)->size;
    if (v.size == 0 || v.addr + v.size < v.addr)
        return;
    g_array_append_val(di->vars, v);
    di->items++;
}

/* The variables of a unit, and the statics of its functions. */
static void read_scope(struct debuginfo *di, Dwarf_Die *scope, int depth)
{
    Dwarf_Die child;
    if (depth > MAX_DEPTH || dwarf_child(scope, &child) != 0)
        return;
    do {
        int tag = dwarf_tag(&child);
        if (tag == DW_TAG_variable)
            read_var(di, &child);
        else if (tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block)
            read_scope(di, &child, depth + 1);
    } while (dwarf_siblingof(&child, &child) == 0);
}

static void read_lines(struct debuginfo *di, Dwarf_Die *cu)
{
    Dwarf_Lines *lines;
    size_t n;
    if (dwarf_getsrclines(cu, &lines, &n) != 0)
        return;
    for (size_t i = 0; i < n && di->rows->len < MAX_ROWS; i++) {
        Dwarf_Line *l = dwarf_onesrcline(lines, i);
        Dwarf_Addr addr;
        int line;
        bool end;
        const char *file;
        if (l == NULL || dwarf_lineaddr(l, &addr) != 0 || dwarf_lineno(l, &line) != 0 ||
            dwarf_lineendsequence(l, &end) != 0 || (file = dwarf_linesrc(l, NULL, NULL)) == NULL)
            continue;
        const char *slash = strrchr(file, '/');
        struct row r = { addr, g_string_chunk_insert_const(di->strings, slash ? slash + 1 : file),
                         end || line < 0 ? 0 : line };
        g_array_append_val(di->rows, r);
    }
}

static int var_cmp(gconstpointer a, gconstpointer b)
{
    const struct var *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* By address; at one address an end of sequence comes before the rows of
 * the next sequence, and rows keep their order (the last one applies). */
static int row_cmp(gconstpointer a, gconstpointer b)
{
    const struct row *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    return (x->line != 0) - (y->line != 0);
}

struct debuginfo *debuginfo_read(Elf *elf)
{
    Dwarf *dw = elf ? dwarf_begin_elf(elf, DWARF_C_READ, NULL) : NULL;
    if (dw == NULL)
        return NULL;
    struct debuginfo *di = g_new0(struct debuginfo, 1);
    di->strings = g_string_chunk_new(4096);
    di->types = g_ptr_array_new_with_free_func(dtype_free);
    add_type(di, T_SCALAR, 0);
    di->vars = g_array_new(FALSE, FALSE, sizeof(struct var));
    di->rows = g_array_new(FALSE, FALSE, sizeof(struct row));
    di->type_of_die = g_hash_table_new(NULL, NULL);
    Dwarf_CU *cu = NULL;
    Dwarf_Die cudie;
    while (dwarf_get_units(dw, cu, &cu, NULL, NULL, &cudie, NULL) == 0) {
        read_scope(di, &cudie, 0);
        read_lines(di, &cudie);
    }
    dwarf_end(dw);
    g_clear_pointer(&di->type_of_die, g_hash_table_unref);
    g_array_sort(di->vars, var_cmp);
    g_array_sort(di->rows, row_cmp);    /* stable */
    if (di->vars->len == 0 && di->rows->len == 0) {
        debuginfo_free(di);
        return NULL;
    }
    return di;
}

char *debuginfo_line(const struct debuginfo *di, uint64_t pc)
{
    if (di == NULL)
        return NULL;
    const struct row *rows = (const struct row *)di->rows->data;
    guint lo = 0, hi = di->rows->len;
    while (lo < hi) {
        guint mid = lo + (hi - lo) / 2;
        if (rows[mid].addr <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || rows[lo - 1].line == 0)
        return NULL;
    return g_strdup_printf("%s:%d", rows[lo - 1].file, rows[lo - 1].line);
}

static const struct var *var_at(const struct debuginfo *di, uint64_t addr)
{
    const struct var *vars = (const struct var *)di->vars->data;
    guint lo = 0, hi = di->vars->len;
    while (lo < hi) {
        guint mid = lo + (hi - lo) / 2;
        if (vars[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* the last one starting at or below addr, or one of a few before it */
    for (guint i = lo, seen = 0; i-- > 0 && seen < 8; seen++)
        if (addr - vars[i].addr < vars[i].size)
            return &vars[i];
    return NULL;
}

/* The member of rec that holds offset off, or NULL. */
static const struct member *member_at(const struct debuginfo *di, const struct dtype *rec,
                                      uint64_t off)
{
    for (guint i = 0; i < rec->members->len; i++) {
        const struct member *m = &g_array_index(rec->members, struct member, i);
        const struct dtype *t = type_at(di, m->type);
        /* a flexible array member has no size: it holds the rest */
        bool open = t->kind == T_ARRAY && t->count == 0;
        if (off >= m->offset && (off - m->offset < t->size || open))
            return m;
    }
    return NULL;
}

/* A struct of one scalar member wraps it (atomic_t): named as a whole. */
static bool wrapper(const struct debuginfo *di, const struct dtype *rec)
{
    return rec->members->len == 1 &&
           type_at(di, g_array_index(rec->members, struct member, 0).type)->kind == T_SCALAR;
}

char *debuginfo_name_addr(const struct debuginfo *di, uint64_t addr)
{
    const struct var *v = di ? var_at(di, addr) : NULL;
    if (v == NULL)
        return NULL;
    GString *s = g_string_new(v->name);
    uint64_t off = addr - v->addr;
    guint ti = v->type;
    for (int depth = 0; depth < MAX_DEPTH; depth++) {
        const struct dtype *t = type_at(di, ti);
        if (t->kind == T_RECORD && !wrapper(di, t)) {
            const struct member *m = member_at(di, t, off);
            if (m == NULL)
                break;
            if (m->name != NULL)
                g_string_append_printf(s, ".%s", m->name);
            off -= m->offset;
            ti = m->type;
        } else if (t->kind == T_ARRAY) {
            uint64_t size = type_at(di, t->elem)->size, i = size ? off / size : 0;
            if (size == 0 || (t->count != 0 && i >= t->count))
                break;
            g_string_append_printf(s, "[%" G_GUINT64_FORMAT "]", i);
            off -= i * size;
            ti = t->elem;
        } else {
            break;
        }
    }
    if (off != 0)
        g_string_append_printf(s, "+0x%" G_GINT64_MODIFIER "x", off);
    return g_string_free(s, FALSE);
}
