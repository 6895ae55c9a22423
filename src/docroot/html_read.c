/* A file read through libxml2's HTML push parser (html_read.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ascii.h"
#include "html_read.h"

/* Where a </html> end tag is, across the chunks pushed. */
struct html_end_filter {
	char	 held[sizeof("</html")];	/* a start of one, so far */
	size_t	 nheld;
	int	 in_tag;	/* dropping up to its '>' */
};

static void	feed(htmlParserCtxtPtr, struct html_end_filter *,
		    const char *, size_t);

int
html_read(int fd, htmlSAXHandler *sax, void *ctx, size_t max)
{
	struct html_end_filter filter = { "", 0, 0 };
	htmlParserCtxtPtr ctxt;
	char chunk[64 * 1024];
	size_t total = 0;
	ssize_t n = 0;

	if (lseek(fd, 0, SEEK_SET) == -1)
		return -1;
	if ((ctxt = htmlCreatePushParserCtxt(sax, ctx, NULL, 0, NULL,
	    XML_CHAR_ENCODING_NONE)) == NULL)
		abort();	/* only for want of memory, as xmalloc */
	htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	while (total < max && (n = read(fd, chunk, sizeof(chunk))) > 0) {
		feed(ctxt, &filter, chunk, (size_t)n);
		total += (size_t)n;
	}
	if (!filter.in_tag)
		htmlParseChunk(ctxt, filter.held, (int)filter.nheld, 0);
	htmlParseChunk(ctxt, NULL, 0, 1);
	htmlFreeParserCtxt(ctxt);
	return n == -1 ? -1 : 0;
}

/*
 * Pushes data, less each </html ...> in it (any case, cut anywhere
 * across chunks); the bytes between are pushed as they come.
 */
static void
feed(htmlParserCtxtPtr ctxt, struct html_end_filter *f, const char *data,
    size_t len)
{
	static const char tag[] = "</html";
	size_t from = 0;

	for (size_t i = 0; i < len; i++) {
		char c = data[i];

		if (f->in_tag) {
			if (c == '>') {
				f->in_tag = 0;
				from = i + 1;
			}
			continue;
		}
		if (f->nheld == sizeof(tag) - 1) {
			if (ascii_in((unsigned char)c, ASCII_SPACE) ||
			    c == '/' || c == '>') {
				f->nheld = 0;
				f->in_tag = c != '>';
				from = i + 1;
				continue;
			}
			/* "</htmlx": no such tag; what was held goes on */
			htmlParseChunk(ctxt, f->held, (int)f->nheld, 0);
			f->nheld = 0;
		}
		if (ascii_tolower((unsigned char)c) == tag[f->nheld]) {
			if (f->nheld == 0 && i > from)
				htmlParseChunk(ctxt, data + from,
				    (int)(i - from), 0);
			f->held[f->nheld++] = c;
			from = i + 1;
		} else if (f->nheld > 0) {
			htmlParseChunk(ctxt, f->held, (int)f->nheld, 0);
			f->nheld = 0;
			from = i;
			if (c == '<')
				i--;	/* it may start one */
		}
	}
	if (!f->in_tag && f->nheld == 0 && len > from)
		htmlParseChunk(ctxt, data + from, (int)(len - from), 0);
}

const char *
html_attribute(const xmlChar **atts, const char *name)
{
	for (size_t i = 0; atts != NULL && atts[i] != NULL; i += 2)
		if (strcmp((const char *)atts[i], name) == 0)
			return atts[i + 1] != NULL ? (const char *)atts[i + 1] :
			    "";
	return NULL;
}

int
html_has_token(const char *list, const char *token, const char *sep,
    int any_case)
{
	size_t n = strlen(token);

	for (const char *p = list;; p++) {
		const char *item = p, *end = p + strcspn(p, sep);

		ascii_trim(&item, &end, ASCII_SPACE);
		if ((size_t)(end - item) == n && (any_case ?
		    strncasecmp(item, token, n) : strncmp(item, token, n)) == 0)
			return 1;
		if (*(p += strcspn(p, sep)) == '\0')
			return 0;
	}
}
