/* schema.org dates in JSON-LD: the entity that is the page, and its dates. */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "head.h"
#include "jsonld.h"

/* Entities looked at in one script: more than any page states. */
#define ENTITIES_MAX	64

static size_t	entities(json_object *, json_object **, size_t);
static int	names_page(json_object *, const char *,
		    const struct host_policy *);
static int	names(json_object *, const char *, const char *,
		    const struct host_policy *);
static const char *string_of(json_object *, const char *);
static int	dated(json_object *);

void
jsonld_dates(const char *json, size_t len, const char *path,
    const struct host_policy *hosts, char **modified, char **published)
{
	json_tokener *tok = json_tokener_new();
	json_object *root, *all[ENTITIES_MAX], *page = NULL;
	size_t n, ndated = 0;
	const char *v;

	if (tok == NULL)
		return;
	root = json_tokener_parse_ex(tok, json, (int)len);
	if (root == NULL || json_tokener_get_error(tok) != json_tokener_success) {
		json_object_put(root);
		json_tokener_free(tok);
		return;		/* what a crawler cannot read states nothing */
	}
	n = entities(root, all, 0);
	for (size_t i = 0; i < n && page == NULL; i++)
		if (dated(all[i]) && names_page(all[i], path, hosts))
			page = all[i];
	for (size_t i = 0; i < n && page == NULL; i++)
		ndated += dated(all[i]);
	for (size_t i = 0; i < n && page == NULL && ndated == 1; i++)
		if (dated(all[i]))
			page = all[i];
	if (page != NULL && *modified == NULL &&
	    (v = string_of(page, "dateModified")) != NULL)
		*modified = xstrdup(v);
	if (page != NULL && *published == NULL &&
	    (v = string_of(page, "datePublished")) != NULL)
		*published = xstrdup(v);
	json_object_put(root);
	json_tokener_free(tok);
}

/* The objects of a script: itself, an array's, and those of an @graph. */
static size_t
entities(json_object *o, json_object **all, size_t n)
{
	json_object *graph;

	if (json_object_is_type(o, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(o); i++)
			n = entities(json_object_array_get_idx(o, i), all, n);
		return n;
	}
	if (!json_object_is_type(o, json_type_object) || n == ENTITIES_MAX)
		return n;
	all[n++] = o;
	if (json_object_object_get_ex(o, "@graph", &graph) &&
	    json_object_is_type(graph, json_type_array))
		for (size_t i = 0; i < json_object_array_length(graph); i++) {
			json_object *e = json_object_array_get_idx(graph, i);

			if (json_object_is_type(e, json_type_object) &&
			    n < ENTITIES_MAX)
				all[n++] = e;
		}
	return n;
}

/* Its url, its @id, or its mainEntityOfPage (a URL, or an object's). */
static int
names_page(json_object *e, const char *path, const struct host_policy *hosts)
{
	json_object *main;

	if (names(e, "url", path, hosts) || names(e, "@id", path, hosts))
		return 1;
	if (!json_object_object_get_ex(e, "mainEntityOfPage", &main))
		return 0;
	if (json_object_is_type(main, json_type_string))
		return names(e, "mainEntityOfPage", path, hosts);
	return names(main, "@id", path, hosts) || names(main, "url", path,
	    hosts);
}

static int
names(json_object *e, const char *key, const char *path,
    const struct host_policy *hosts)
{
	const char *v = string_of(e, key);
	struct buf target = BUF_INIT;
	int self;

	if (v == NULL)
		return 0;
	self = head_target(v, path, hosts, &target) == HEAD_SELF;
	buf_free(&target);
	return self;
}

static const char *
string_of(json_object *e, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(e, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

static int
dated(json_object *e)
{
	return string_of(e, "dateModified") != NULL ||
	    string_of(e, "datePublished") != NULL;
}
