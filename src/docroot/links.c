/* A page's own links (links.h): the <a> and <base> of its markup. */
#include <string.h>

#include "buf.h"
#include "html_read.h"
#include "links.h"

struct links {
	void		(*each)(void *, const char *);
	void		*arg;
	size_t		 left;
	char		*base;
};

static void	on_start(void *, const xmlChar *, const xmlChar **);
static const char *href_of(const xmlChar **);

int
page_links(int fd, size_t max, void (*each)(void *, const char *),
    void *arg, char **base)
{
	struct links l = { each, arg, max, NULL };
	htmlSAXHandler sax;
	int rc;

	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	rc = html_read(fd, &sax, &l, LINKS_READ_MAX);
	*base = l.base;
	return rc;
}

static void
on_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	struct links *l = ctx;
	const char *href = href_of(atts);

	if (href == NULL)
		return;
	if (strcmp((const char *)name, "base") == 0 && l->base == NULL)
		l->base = xstrdup(href);
	else if (strcmp((const char *)name, "a") == 0 && l->left > 0) {
		l->left--;
		l->each(l->arg, href);
	}
}

static const char *
href_of(const xmlChar **atts)
{
	for (size_t i = 0; atts != NULL && atts[i] != NULL; i += 2)
		if (strcmp((const char *)atts[i], "href") == 0)
			return (const char *)atts[i + 1];
	return NULL;
}
