/*
 * The helpers the parts' keys call while the INI is read (config_module.h):
 * errors named by file and line, where a key was set, booleans, stores,
 * paths and lists.
 */
#include <libgen.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "buf.h"
#include "config.h"
#include "config_module.h"
#include "config_parse.h"
#include "file.h"
#include "store_db.h"

static int	error_vat(struct config_parse *, int, const char *, va_list);

static int
error_vat(struct config_parse *p, int line, const char *fmt, va_list ap)
{
	if (!p->failed) {
		p->failed = 1;
		p->error_line = line;
		if (line > 0)
			buf_printf(p->err, "%s:%d: ", p->file, line);
		else
			buf_printf(p->err, "%s: ", p->file);
		buf_vprintf(p->err, fmt, ap);
	}
	return -1;
}

int
config_error_at(struct config_parse *p, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vat(p, line, fmt, ap);
	va_end(ap);
	return -1;
}

int
config_error(struct config_parse *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vat(p, p->line, fmt, ap);
	va_end(ap);
	return -1;
}

const char *
config_admin(const struct config_parse *p)
{
	return p->admin;
}

int
config_module_applies(const struct config_module *m,
    const struct config *cfg)
{
	return m->source < 0 || m->source == (int)cfg->source;
}

int
config_set_bool(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };
	int *out = (int *)((char *)cfg + key->offset);

	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(v, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(v, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return config_error(p, "%s must be yes or no, not \"%s\"", key->name,
	    v);
}

/* Where state lives: a SQLite file, or a PostgreSQL server's URI. */
int
config_set_store(struct config_parse *p, struct config *cfg,
    const struct config_key *key, const char *v)
{
	char **out = (char **)((char *)cfg + key->offset);

	if (strstr(v, "://") != NULL && !store_db_remote(v))
		return config_error(p, "%s: a SQLite file's path, or a "
		    "postgresql:// URI, not %.*s", key->name,
		    (int)(strstr(v, "://") - v + 3), v);
	free(*out);
	*out = store_db_remote(v) ? xstrdup(v) : config_path(p, v);
	return 0;
}

char *
config_path(const struct config_parse *p, const char *value)
{
	return config_path_of(p->file, value);
}

char *
config_path_of(const char *file, const char *value)
{
	struct buf path = BUF_INIT;
	char *copy, *clean;

	if (value[0] == '/')
		return file_path_clean(value);
	copy = xstrdup(file);
	buf_printf(&path, "%s/%s", dirname(copy), value);
	free(copy);
	clean = file_path_clean(buf_str(&path));
	buf_free(&path);
	return clean;
}

void
config_list_add(const char *v, char ***items, size_t *n)
{
	while (*v) {
		size_t len = strcspn(v, ",");
		const char *t = v, *end = v + len;

		ascii_trim(&t, &end, " \t");
		if (end > t) {
			*items = xreallocarray(*items, *n + 1, sizeof(**items));
			(*items)[(*n)++] = xstrndup(t, (size_t)(end - t));
		}
		v += len + (v[len] == ',');
	}
}

void
config_list_free(char ***items, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		free((*items)[i]);
	free(*items);
	*items = NULL;
	*n = 0;
}
