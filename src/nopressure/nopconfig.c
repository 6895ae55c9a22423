/* admin.path from NoPressure's config.yaml, and nothing else from it. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <yaml.h>

#include "file.h"
#include "nopconfig.h"

/* NoPressure's config.yaml is a page of settings, never this large. */
#define NOPCONFIG_MAX	(1024 * 1024)

static yaml_node_t *
lookup(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
	if (map == NULL || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);

		if (k != NULL && k->type == YAML_SCALAR_NODE &&
		    k->data.scalar.length == strlen(key) &&
		    memcmp(k->data.scalar.value, key, strlen(key)) == 0)
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

int
nopconfig_admin_path(const char *root, char **path, struct buf *why)
{
	struct buf file = BUF_INIT, text = BUF_INIT;
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *v;
	const char *cause;
	int rc = -1;

	*path = NULL;
	buf_printf(&file, "%s/config.yaml", root);
	if (file_read(AT_FDCWD, buf_str(&file), 0, NOPCONFIG_MAX, &text,
	    &cause) == -1) {
		rc = errno == ENOENT ? 0 : -1;
		if (rc == -1)
			buf_printf(why, "%s: %s", buf_str(&file), cause);
		goto out;
	}
	if (!yaml_parser_initialize(&parser)) {
		buf_adds(why, "cannot start the YAML parser");
		goto out;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text.data,
	    text.len);
	if (!yaml_parser_load(&parser, &doc)) {
		buf_printf(why, "%s: line %lu: %s", buf_str(&file),
		    (unsigned long)parser.problem_mark.line + 1,
		    parser.problem ? parser.problem : "invalid YAML");
		yaml_parser_delete(&parser);
		goto out;
	}
	v = lookup(&doc, lookup(&doc, yaml_document_get_root_node(&doc),
	    "admin"), "path");
	if (v == NULL || v->type != YAML_SCALAR_NODE ||
	    memchr(v->data.scalar.value, '\0', v->data.scalar.length))
		buf_printf(why, "%s: no admin.path in it", buf_str(&file));
	else {
		*path = xstrndup((const char *)v->data.scalar.value,
		    v->data.scalar.length);
		rc = 1;
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
out:
	buf_free(&file);
	buf_free(&text);
	return rc;
}
