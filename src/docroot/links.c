/* A page's own links (links.h): libxml2's HTML parser, pushed. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>

#include "buf.h"
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
	htmlParserCtxtPtr ctxt;
	char chunk[64 * 1024];
	size_t total = 0;
	ssize_t n = 0;

	*base = NULL;
	if (lseek(fd, 0, SEEK_SET) == -1)
		return -1;
	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	if ((ctxt = htmlCreatePushParserCtxt(&sax, &l, NULL, 0, NULL,
	    XML_CHAR_ENCODING_NONE)) == NULL)
		abort();	/* only for want of memory, as xmalloc */
	htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	while (total < LINKS_READ_MAX && l.left > 0 &&
	    (n = read(fd, chunk, sizeof(chunk))) > 0) {
		htmlParseChunk(ctxt, chunk, (int)n, 0);
		total += (size_t)n;
	}
	htmlParseChunk(ctxt, NULL, 0, 1);
	htmlFreeParserCtxt(ctxt);
	*base = l.base;
	return n == -1 ? -1 : 0;
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
