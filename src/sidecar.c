#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alias.h"
#include "ron.h"
#include "sidecar.h"

enum field {
	F_ALIAS, F_TITLE, F_MIME, F_TAGS, F_NAV_TITLE, F_NAV_PARENT_ID,
	F_NAV_ORDER, F_ORIGINAL_FILENAME, F_THEME, F_UNKNOWN
};

static const char *const field_names[] = {
	"alias", "title", "mime", "tags", "nav_title", "nav_parent_id",
	"nav_order", "original_filename", "theme"
};

static enum field
field_of(const char *name)
{
	for (int f = 0; f < F_UNKNOWN; f++)
		if (strcmp(name, field_names[f]) == 0)
			return (enum field)f;
	return F_UNKNOWN;
}

static const char *
trim(const char *s, size_t *n)
{
	while (*n && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) {
		s++;
		(*n)--;
	}
	while (*n && (s[*n - 1] == ' ' || s[*n - 1] == '\t' ||
	    s[*n - 1] == '\n' || s[*n - 1] == '\r'))
		(*n)--;
	return s;
}

static int
has_nul(const struct buf *b)
{
	return b->len && memchr(b->data, '\0', b->len) != NULL;
}

static int
read_tags(struct ron *r, struct sidecar *sc, struct buf *why)
{
	struct buf tag = BUF_INIT;
	int more;

	if (ron_list_begin(r) == -1)
		return -1;
	while ((more = ron_list_next(r)) == 1) {
		const char *s;
		size_t n;

		buf_reset(&tag);
		if (ron_string(r, &tag) == -1)
			break;
		n = tag.len;
		s = trim(buf_str(&tag), &n);
		if (n == 0 || has_nul(&tag)) {
			buf_adds(why, n ? "tag holds a NUL byte" : "empty tag");
			more = -2;
			break;
		}
		sc->tags = xreallocarray(sc->tags, sc->ntags + 1,
		    sizeof(*sc->tags));
		sc->tags[sc->ntags++] = xstrndup(s, n);
	}
	buf_free(&tag);
	return more == 0 ? 0 : more;
}

int
sidecar_parse(const char *text, size_t len, struct sidecar *sc,
    struct buf *why)
{
	struct buf alias = BUF_INIT, title = BUF_INIT, mime = BUF_INIT;
	struct buf scratch = BUF_INIT;
	struct ron r;
	char name[32];
	unsigned seen = 0;
	int has_title = 0, some, rc = -1, more;
	int64_t order;
	const char *reason = NULL;

	memset(sc, 0, sizeof(*sc));
	ron_init(&r, text, len);
	if (ron_struct_begin(&r) == -1)
		goto out;
	while ((more = ron_field(&r, name, sizeof(name))) == 1) {
		enum field f = field_of(name);
		int ok;

		if (f != F_UNKNOWN) {
			if (seen & 1u << f) {
				buf_printf(why, "field %s appears twice", name);
				goto invalid;
			}
			seen |= 1u << f;
		}
		buf_reset(&scratch);
		switch (f) {
		case F_ALIAS:
			ok = ron_string(&r, &alias);
			break;
		case F_MIME:
			ok = ron_string(&r, &mime);
			break;
		case F_TITLE:
			ok = ron_option_string(&r, &title, &has_title);
			break;
		case F_TAGS:
			ok = read_tags(&r, sc, why);
			if (ok == -2)
				goto invalid;
			break;
		case F_NAV_ORDER:
			ok = ron_option_int(&r, &order, &some);
			break;
		case F_NAV_TITLE:
		case F_NAV_PARENT_ID:
		case F_ORIGINAL_FILENAME:
		case F_THEME:
			ok = ron_option_string(&r, &scratch, &some);
			break;
		default:
			ok = ron_skip_value(&r);
			break;
		}
		if (ok == -1)
			goto out;
	}
	if (more == -1 || ron_finish(&r) == -1)
		goto out;

	if (!(seen & 1u << F_MIME)) {
		buf_adds(why, "mime is missing");
		goto invalid;
	}
	{
		size_t n = mime.len;

		(void)trim(buf_str(&mime), &n);
		if (n == 0) {
			buf_adds(why, "mime is empty");
			goto invalid;
		}
		sc->markdown = strcmp(buf_str(&mime), "text/markdown") == 0;
	}
	if (sc->markdown) {
		size_t n = title.len;

		(void)trim(buf_str(&title), &n);
		if (!has_title || n == 0) {
			buf_adds(why, "markdown needs a non-empty title");
			goto invalid;
		}
	}
	if (has_nul(&alias)) {
		buf_adds(why, "alias holds a NUL byte");
		goto invalid;
	}
	if (!alias_is_blank(buf_str(&alias))) {
		sc->alias = alias_canonical(buf_str(&alias), &reason);
		if (sc->alias == NULL) {
			buf_adds(why, reason);
			goto invalid;
		}
	}
	rc = 0;
	goto done;
out:
	ron_error(&r, why);
invalid:
	sidecar_free(sc);
done:
	buf_free(&alias);
	buf_free(&title);
	buf_free(&mime);
	buf_free(&scratch);
	return rc;
}

void
sidecar_free(struct sidecar *sc)
{
	for (size_t i = 0; i < sc->ntags; i++)
		free(sc->tags[i]);
	free(sc->tags);
	free(sc->alias);
	memset(sc, 0, sizeof(*sc));
}
