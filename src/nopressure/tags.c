/* state/sys/tags.yaml read into a tag map, and a page's access from it. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "file.h"
#include "tags.h"

/* Far above any real site's tags; a file past it was not written by hand. */
#define TAGS_FILE_MAX	(4 * 1024 * 1024)
/*
 * Roles in all tags together, each alias counted as often as it is used:
 * a small file whose tags all alias one long list would otherwise expand
 * to gigabytes.
 */
#define TAGS_ROLES_MAX	200000

/* "<<" merges another mapping in; ignoring it would drop roles unseen. */
static int
is_merge_key(yaml_node_t *key)
{
	return key != NULL && key->type == YAML_SCALAR_NODE &&
	    key->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    key->data.scalar.length == 2 &&
	    memcmp(key->data.scalar.value, "<<", 2) == 0;
}

static int
tag_cmp(const void *a, const void *b)
{
	return strcmp(((const struct tag *)a)->id, ((const struct tag *)b)->id);
}

static const char *
scalar(yaml_node_t *node)
{
	if (node == NULL || node->type != YAML_SCALAR_NODE)
		return NULL;
	/* A scalar holding NUL cannot be compared as a C string. */
	if (memchr(node->data.scalar.value, '\0', node->data.scalar.length))
		return NULL;
	return (const char *)node->data.scalar.value;
}

/* serde_yaml's empty value: a plain scalar with nothing in it. */
static int
is_empty(yaml_node_t *node)
{
	return node != NULL && node->type == YAML_SCALAR_NODE &&
	    node->data.scalar.length == 0 &&
	    node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

/* What serde_yaml reads as None for an Option. */
static int
is_null(yaml_node_t *node)
{
	const char *s = scalar(node);

	return s != NULL && node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
	    && (strcmp(s, "") == 0 || strcmp(s, "~") == 0 ||
	    strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
	    strcmp(s, "NULL") == 0);
}

/*
 * One tag as NoPressure's TagRecord (serde, deny_unknown_fields): a name,
 * roles (a list, or nothing), an access_rule of union or intersect, and no
 * other field, none twice. Whatever NoPressure cannot read is refused.
 */
static int
read_tag(yaml_document_t *doc, yaml_node_t *entry, struct tag *t,
    size_t *roles_left, struct buf *why)
{
	static const char *const fields[] = { "name", "roles", "access_rule" };
	yaml_node_pair_t *pair;
	unsigned seen = 0;

	if (entry == NULL || (entry->type != YAML_MAPPING_NODE &&
	    !is_empty(entry))) {
		buf_printf(why, "tag %s: expected a mapping", t->id);
		return -1;
	}
	for (pair = entry->type == YAML_MAPPING_NODE ?
	    entry->data.mapping.pairs.start : NULL;
	    pair && pair < entry->data.mapping.pairs.top; pair++) {
		yaml_node_t *v = yaml_document_get_node(doc, pair->value);
		yaml_node_t *k = yaml_document_get_node(doc, pair->key);
		const char *key = scalar(k), *s;
		unsigned field;

		if (is_merge_key(k)) {
			buf_printf(why, "tag %s: merge keys (<<) are not "
			    "supported", t->id);
			return -1;
		}
		for (field = 0; field < 3 && key; field++)
			if (strcmp(key, fields[field]) == 0)
				break;
		if (key == NULL || field == 3) {
			buf_printf(why, "tag %s: unknown field %s", t->id,
			    key ? key : "(not a string)");
			return -1;
		}
		if (seen & 1u << field) {
			buf_printf(why, "tag %s: %s twice", t->id, key);
			return -1;
		}
		seen |= 1u << field;
		if (field == 0 && scalar(v) == NULL) {
			buf_printf(why, "tag %s: name must be a string", t->id);
			return -1;
		}
		if (field == 1) {
			yaml_node_item_t *item;

			if (is_empty(v))
				continue;
			if (v == NULL || v->type != YAML_SEQUENCE_NODE) {
				buf_printf(why, "tag %s: roles must be a list",
				    t->id);
				return -1;
			}
			for (item = v->data.sequence.items.start;
			    item < v->data.sequence.items.top; item++) {
				s = scalar(yaml_document_get_node(doc, *item));
				if (s == NULL) {
					buf_printf(why, "tag %s: a role must be"
					    " a string", t->id);
					return -1;
				}
				if (*roles_left == 0) {
					buf_printf(why, "over %d roles in all, "
					    "aliases counted as used",
					    TAGS_ROLES_MAX);
					return -1;
				}
				(*roles_left)--;
				t->roles = xreallocarray(t->roles,
				    t->nroles + 1, sizeof(*t->roles));
				t->roles[t->nroles++] = xstrdup(s);
			}
		}
		if (field == 2) {
			s = scalar(v);
			if (is_null(v))
				t->rule = RULE_UNSET;
			else if (s != NULL && strcmp(s, "union") == 0)
				t->rule = RULE_UNION;
			else if (s != NULL && strcmp(s, "intersect") == 0)
				t->rule = RULE_INTERSECT;
			else {
				buf_printf(why, "tag %s: access_rule must be"
				    " union or intersect", t->id);
				return -1;
			}
		}
	}
	if (!(seen & 1u)) {
		buf_printf(why, "tag %s: name is missing", t->id);
		return -1;
	}
	return 0;
}

static int
read_map(yaml_document_t *doc, struct tagmap *m, struct buf *why)
{
	yaml_node_t *root = yaml_document_get_root_node(doc);
	yaml_node_pair_t *pair;
	size_t roles_left = TAGS_ROLES_MAX;

	if (root == NULL || is_empty(root))
		return 0;
	if (root->type != YAML_MAPPING_NODE) {
		buf_adds(why, "expected a mapping of tag ids");
		return -1;
	}
	for (pair = root->data.mapping.pairs.start;
	    pair < root->data.mapping.pairs.top; pair++) {
		yaml_node_t *k = yaml_document_get_node(doc, pair->key);
		const char *id = scalar(k);
		struct tag *t;

		if (is_merge_key(k)) {
			buf_adds(why, "merge keys (<<) are not supported");
			return -1;
		}
		if (id == NULL) {
			buf_adds(why, "tag ids must be strings");
			return -1;
		}
		m->v = xreallocarray(m->v, m->n + 1, sizeof(*m->v));
		t = &m->v[m->n++];
		memset(t, 0, sizeof(*t));
		t->id = xstrdup(id);
		if (read_tag(doc, yaml_document_get_node(doc, pair->value), t,
		    &roles_left, why) == -1)
			return -1;
	}
	if (m->n > 0)
		qsort(m->v, m->n, sizeof(*m->v), tag_cmp);
	for (size_t i = 1; i < m->n; i++) {
		if (strcmp(m->v[i - 1].id, m->v[i].id) == 0) {
			buf_printf(why, "tag %s appears twice", m->v[i].id);
			return -1;
		}
	}
	return 0;
}

int
tagmap_parse(const char *text, size_t len, struct tagmap *m, struct buf *why)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	int rc = -1;

	m->v = NULL;
	m->n = 0;
	if (!yaml_parser_initialize(&parser)) {
		buf_adds(why, "cannot start the YAML parser");
		return -1;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		buf_printf(why, "line %lu: %s",
		    (unsigned long)parser.problem_mark.line + 1,
		    parser.problem ? parser.problem : "invalid YAML");
		yaml_parser_delete(&parser);
		return -1;
	}
	rc = read_map(&doc, m, why);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	if (rc == -1)
		tagmap_free(m);
	return rc;
}

int
tagmap_load(const char *path, struct tagmap *m, struct buf *why)
{
	struct buf text = BUF_INIT, reason = BUF_INIT;
	const char *cause;
	int rc;

	m->v = NULL;
	m->n = 0;
	if (file_read(AT_FDCWD, path, 0, TAGS_FILE_MAX, &text, &cause) == -1) {
		buf_free(&text);
		if (errno == ENOENT)
			return 0;
		buf_printf(why, "%s: %s", path, errno == EFBIG ?
		    "over the 4 MiB limit" : cause);
		return -1;
	}
	if ((rc = tagmap_parse(buf_str(&text), text.len, m, &reason)) == -1)
		buf_printf(why, "%s: %s", path, buf_str(&reason));
	buf_free(&reason);
	buf_free(&text);
	return rc;
}

void
tagmap_free(struct tagmap *m)
{
	for (size_t i = 0; i < m->n; i++) {
		for (size_t k = 0; k < m->v[i].nroles; k++)
			free(m->v[i].roles[k]);
		free(m->v[i].roles);
		free(m->v[i].id);
	}
	free(m->v);
	m->v = NULL;
	m->n = 0;
}

static const struct tag *
find(const struct tagmap *m, const char *id)
{
	struct tag key = { .id = (char *)id };

	return m->n ? bsearch(&key, m->v, m->n, sizeof(*m->v), tag_cmp) : NULL;
}

static int
has_role(const struct tag *t, const char *role)
{
	for (size_t i = 0; i < t->nroles; i++)
		if (strcmp(t->roles[i], role) == 0)
			return 1;
	return 0;
}

static int
by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * NoPressure's resolve_roles: only known tags that carry roles restrict a
 * page. Their role sets combine by intersection if any known tag asks for
 * it, else by union if any asks for that, else by intersection. Returns
 * how many tags restrict; *roles (sorted, to free, strings borrowed from
 * the map) is who may read it.
 */
static size_t
resolve(const struct tagmap *m, char *const *tags, size_t n,
    const char ***roles, size_t *nroles)
{
	const struct tag **known = xcalloc(n, sizeof(*known));
	size_t nknown = 0;
	int any_intersect = 0, any_union = 0;

	*roles = NULL;
	*nroles = 0;
	for (size_t i = 0; i < n; i++) {
		const struct tag *t = find(m, tags[i]);

		if (t == NULL)
			continue;
		/* A rule counts even on a tag without roles. */
		any_intersect |= t->rule == RULE_INTERSECT;
		any_union |= t->rule == RULE_UNION;
		if (t->nroles > 0)
			known[nknown++] = t;
	}
	for (size_t k = 0; k < nknown; k++) {
		for (size_t r = 0; r < known[k]->nroles; r++) {
			const char *role = known[k]->roles[r];
			size_t j;
			int keep = 1;

			if (any_intersect || !any_union) {
				/* Once, from the first tag, if all grant it. */
				keep = k == 0;
				for (j = 1; keep && j < nknown; j++)
					keep = has_role(known[j], role);
			}
			for (j = 0; keep && j < *nroles; j++)
				keep = strcmp((*roles)[j], role) != 0;
			if (keep) {
				*roles = xreallocarray(*roles, *nroles + 1,
				    sizeof(**roles));
				(*roles)[(*nroles)++] = role;
			}
		}
	}
	if (*nroles > 1)
		qsort(*roles, *nroles, sizeof(**roles), by_string);
	free(known);
	return nknown;
}

enum access
access_of(const struct tagmap *m, char *const *tags, size_t n)
{
	const char **roles;
	size_t nroles, restricting = resolve(m, tags, n, &roles, &nroles);

	free(roles);
	if (restricting == 0)
		return ACCESS_PUBLIC;
	return nroles > 0 ? ACCESS_RESTRICTED : ACCESS_DENY;
}

void
access_roles(const struct tagmap *m, char *const *tags, size_t n,
    struct buf *out)
{
	const char **roles;
	size_t nroles;

	resolve(m, tags, n, &roles, &nroles);
	for (size_t i = 0; i < nroles; i++)
		buf_printf(out, "%s%s", i ? ", " : "", roles[i]);
	if (nroles == 0)
		buf_adds(out, "no role may read it");
	free(roles);
}
