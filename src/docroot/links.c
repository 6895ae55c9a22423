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
	const char *href = html_attribute(atts, "href");

	if (href == NULL)
		return;
	if (strcmp((const char *)name, "base") == 0 && l->base == NULL)
		l->base = xstrdup(href);
	else if (strcmp((const char *)name, "a") == 0 && l->left > 0) {
		l->left--;
		l->each(l->arg, href);
	}
}
