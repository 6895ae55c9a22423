/*
 * Sidecars read as NoPressure reads them: ron's from_str into its
 * ContentSidecar struct, then validate_sidecar. Fields it has but the
 * sitemap does not need are still type-checked, as serde would.
 */
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

static enum field	field_of(const char *, size_t);
static int		read_tags(struct ron *, struct sidecar_fields *);

int
sidecar_read(const char *text, size_t len, struct sidecar_fields *sf,
    struct buf *why)
{
	struct buf scratch = BUF_INIT;
	struct ron r;
	const char *name;
	size_t namelen;
	unsigned seen = 0;
	int some, more, ok = 0;

	memset(sf, 0, sizeof(*sf));
	ron_init(&r, text, len);
	if (ron_struct_begin(&r, "ContentSidecar") == -1)
		goto fail;
	while ((more = ron_field(&r, &name, &namelen)) == 1) {
		enum field f = field_of(name, namelen);

		if (f != F_UNKNOWN) {
			if (seen & 1u << f) {
				buf_printf(why, "duplicate field `%s`",
				    field_names[f]);
				goto out;
			}
			seen |= 1u << f;
		}
		buf_reset(&scratch);
		switch (f) {
		case F_ALIAS:
			ok = ron_string(&r, &sf->alias);
			break;
		case F_MIME:
			ok = ron_string(&r, &sf->mime);
			break;
		case F_TITLE:
			ok = ron_option_string(&r, &sf->title, &sf->has_title);
			break;
		case F_TAGS:
			ok = read_tags(&r, sf);
			break;
		case F_NAV_ORDER:
			ok = ron_option_i32(&r, &sf->nav_order,
			    &sf->has_nav_order);
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
			goto fail;
	}
	if (more == -1 || ron_finish(&r) == -1)
		goto fail;
	if (!(seen & 1u << F_MIME)) {
		buf_adds(why, "missing field `mime`");
		goto out;
	}
	buf_free(&scratch);
	return 0;
fail:
	ron_error(&r, why);
out:
	buf_free(&scratch);
	sidecar_fields_free(sf);
	return -1;
}

void
sidecar_fields_free(struct sidecar_fields *sf)
{
	buf_free(&sf->alias);
	buf_free(&sf->title);
	buf_free(&sf->mime);
	for (size_t i = 0; i < sf->ntags; i++)
		buf_free(&sf->tags[i]);
	free(sf->tags);
	memset(sf, 0, sizeof(*sf));
}

/*
 * validate_sidecar: the alias canonicalizes; mime is not blank; markdown
 * (mime text/markdown once trimmed) has a title, which may be blank but
 * not empty; no tag is blank. Tags stay as written: " admin" is not the
 * tag admin.
 */
int
sidecar_parse(const char *text, size_t len, struct sidecar *sc,
    struct buf *why)
{
	struct sidecar_fields sf;
	struct buf mime = BUF_INIT;
	const char *reason = NULL;
	int rc = -1;

	memset(sc, 0, sizeof(*sc));
	if (sidecar_read(text, len, &sf, why) == -1)
		return -1;
	if (!alias_is_blank(buf_str(&sf.alias), sf.alias.len)) {
		if (memchr(sf.alias.data, '\0', sf.alias.len) != NULL)
			reason = "alias contains control characters";
		else
			sc->alias = alias_canonical(sf.alias.data, &reason);
		if (sc->alias == NULL) {
			buf_printf(why, "alias: %s", reason);
			goto out;
		}
	}
	if (alias_is_blank(buf_str(&sf.mime), sf.mime.len)) {
		buf_adds(why, "mime is missing");
		goto out;
	}
	alias_trim(buf_str(&sf.mime), sf.mime.len, &mime);
	if (strcmp(buf_str(&mime), "text/markdown") == 0 &&
	    (!sf.has_title || sf.title.len == 0)) {
		buf_adds(why, "markdown needs a title");
		goto out;
	}
	sc->markdown = sf.mime.len == 13 &&
	    memcmp(sf.mime.data, "text/markdown", 13) == 0;
	/* What a markdown image may name (process_event). */
	sc->image = sf.mime.len > 6 && memcmp(sf.mime.data, "image/", 6) == 0;
	for (size_t i = 0; i < sf.ntags; i++) {
		if (alias_is_blank(buf_str(&sf.tags[i]), sf.tags[i].len)) {
			buf_adds(why, "a tag is empty");
			goto out;
		}
		/* Never any tags.yaml id, which cannot hold NUL. */
		if (memchr(sf.tags[i].data, '\0', sf.tags[i].len) != NULL)
			continue;
		sc->tags = xreallocarray(sc->tags, sc->ntags + 1,
		    sizeof(*sc->tags));
		sc->tags[sc->ntags++] = xstrdup(sf.tags[i].data);
	}
	rc = 0;
out:
	if (rc == -1)
		sidecar_free(sc);
	buf_free(&mime);
	sidecar_fields_free(&sf);
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

static enum field
field_of(const char *name, size_t len)
{
	for (int f = 0; f < F_UNKNOWN; f++)
		if (strlen(field_names[f]) == len &&
		    memcmp(name, field_names[f], len) == 0)
			return (enum field)f;
	return F_UNKNOWN;
}

static int
read_tags(struct ron *r, struct sidecar_fields *sf)
{
	int more;

	if (ron_list_begin(r) == -1)
		return -1;
	while ((more = ron_list_next(r)) == 1) {
		sf->tags = xreallocarray(sf->tags, sf->ntags + 1,
		    sizeof(*sf->tags));
		memset(&sf->tags[sf->ntags], 0, sizeof(*sf->tags));
		if (ron_string(r, &sf->tags[sf->ntags++]) == -1)
			return -1;
	}
	return more;
}
