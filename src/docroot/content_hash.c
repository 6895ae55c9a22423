/* A page's text as a reader sees it, hashed: libxml2's HTML parser, pushed. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>

#include "ascii.h"
#include "buf.h"
#include "content_hash.h"
#include "hash.h"

struct text_hash {
	uint64_t	 h;
	int		 hidden;	/* inside so many scripts and styles */
	int		 blank;		/* a blank came after some text */
	int		 some;		/* some text came */
};

static void	on_start(void *, const xmlChar *, const xmlChar **);
static void	on_end(void *, const xmlChar *);
static void	on_text(void *, const xmlChar *, int);
static int	is_hidden(const char *);

uint64_t
content_hash(int fd)
{
	struct text_hash t = { HASH_INIT, 0, 0, 0 };
	htmlSAXHandler sax;
	htmlParserCtxtPtr ctxt;
	char chunk[64 * 1024];
	size_t total = 0;
	ssize_t n = 0;

	if (lseek(fd, 0, SEEK_SET) == -1)
		return 0;
	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	sax.endElement = on_end;
	sax.characters = on_text;
	sax.cdataBlock = on_text;
	if ((ctxt = htmlCreatePushParserCtxt(&sax, &t, NULL, 0, NULL,
	    XML_CHAR_ENCODING_NONE)) == NULL)
		abort();	/* only for want of memory, as xmalloc */
	htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	while (total < CONTENT_HASH_MAX &&
	    (n = read(fd, chunk, sizeof(chunk))) > 0) {
		htmlParseChunk(ctxt, chunk, (int)n, 0);
		total += (size_t)n;
	}
	htmlParseChunk(ctxt, NULL, 0, 1);
	htmlFreeParserCtxt(ctxt);
	return n == -1 ? 0 : t.h;
}

static void
on_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	struct text_hash *t = ctx;

	(void)atts;
	if (is_hidden((const char *)name))
		t->hidden++;
	t->blank = 1;	/* an element parts words, as a browser lays it out */
}

static void
on_end(void *ctx, const xmlChar *name)
{
	struct text_hash *t = ctx;

	if (is_hidden((const char *)name) && t->hidden > 0)
		t->hidden--;
	t->blank = 1;
}

static void
on_text(void *ctx, const xmlChar *text, int len)
{
	struct text_hash *t = ctx;

	if (t->hidden > 0)
		return;
	for (int i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (ascii_in(c, ASCII_SPACE)) {
			t->blank = 1;
			continue;
		}
		if (t->blank && t->some)
			t->h = hash_add(t->h, " ", 1);
		t->h = hash_add(t->h, &c, 1);
		t->blank = 0;
		t->some = 1;
	}
}

/* What a reader does not see: scripts, styles, templates. */
static int
is_hidden(const char *name)
{
	return strcmp(name, "script") == 0 || strcmp(name, "style") == 0 ||
	    strcmp(name, "template") == 0 || strcmp(name, "noscript") == 0;
}
