/*
 * An INI that cannot be used, read leniently for the little robots.txt
 * needs (config.h's config_fallback): [site] source and root, by inih
 * alone, every other line and every fault passed over.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "config.h"
#include "config_module.h"
#include "file.h"
#include "log.h"
#include "robots_writer.h"

/* What the INI says of its site, however wrong the rest of it. */
struct site_said {
	char	*source;	/* NULL: unsaid, NoPressure's by default */
	char	*root;
};

static int	take_site(void *, const char *, const char *, const char *);

void
config_fallback(struct config *cfg, const char *file)
{
	struct site_said said = { NULL, NULL };
	struct buf body = BUF_INIT, path = BUF_INIT;
	const char *cause = NULL;
	char *root = NULL;

	config_builtin(cfg, file);
	if (ini_parse(file, take_site, &said) < 0)
		cause = "it cannot be read";
	else if (said.source == NULL || strcmp(said.source, "nopressure") == 0)
		log_msg("%s: serving the built-in robots.txt of a NoPressure "
		    "root only", file);
	else if (strcmp(said.source, "docroot") != 0)
		cause = "its source is none sitemapd knows";
	else if (said.root == NULL || *said.root == '\0')
		cause = "it names no document root";
	else {
		root = config_path_of(file, said.root);
		buf_printf(&path, "%s/robots.txt", root);
		if (file_read(AT_FDCWD, buf_str(&path), 0, ROBOTS_MAX_BYTES,
		    &body, &cause) == -1)
			log_msg("%s: serving no robots.txt (503): the document "
			    "root's own, %s, cannot be read: %s", file,
			    buf_str(&path), cause);
		else {
			cfg->robots_as_is = xstrndup(body.data ? body.data :
			    "", body.len);
			log_msg("%s: serving the document root's own "
			    "robots.txt as it stands, %s", file,
			    buf_str(&path));
		}
		cfg->robots_unknown = cfg->robots_as_is == NULL;
		cause = NULL;
	}
	if (cause != NULL) {
		log_msg("%s: serving no robots.txt (503): %s, so the site's "
		    "rules are unknown", file, cause);
		cfg->robots_unknown = 1;
	}
	free(root);
	free(said.source);
	free(said.root);
	buf_free(&body);
	buf_free(&path);
}

/* inih's handler: [site] source and root, the last of each. */
static int
take_site(void *ctx, const char *section, const char *name,
    const char *value)
{
	struct site_said *said = ctx;
	char **slot = NULL;

	if (strcmp(section, "site") != 0)
		return 1;
	if (strcmp(name, "source") == 0)
		slot = &said->source;
	else if (strcmp(name, "root") == 0)
		slot = &said->root;
	if (slot != NULL) {
		free(*slot);
		*slot = xstrdup(value);
	}
	return 1;	/* every line, whatever is wrong with others */
}
