/*
 * The head as a browser builds it: the HTML Standard's tokenizer, byte by
 * byte so that a page may come in any pieces (every character it decides
 * on is ASCII), and the tree builder's modes up to the body.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>

#include "ascii.h"
#include "head_scan.h"
#include "search_crawlers.h"

enum state {
	DATA, TAG_OPEN, END_TAG_OPEN, TAG_NAME, BEFORE_ATTR_NAME, ATTR_NAME,
	AFTER_ATTR_NAME, BEFORE_ATTR_VALUE, ATTR_VALUE_DQ, ATTR_VALUE_SQ,
	ATTR_VALUE_UQ, AFTER_ATTR_VALUE, SELF_CLOSING, MARKUP_OPEN,
	COMMENT_START, COMMENT_START_DASH, COMMENT, COMMENT_END_DASH,
	COMMENT_END, COMMENT_END_BANG, BOGUS_COMMENT,
	/* raw text: RCDATA, RAWTEXT, script data and its escapes */
	RAW, RAW_LT, RAW_END_OPEN, RAW_END_NAME,
	SCRIPT, SCRIPT_LT, SCRIPT_ESCAPE_START, SCRIPT_ESCAPE_START_DASH,
	SCRIPT_ESCAPED, SCRIPT_ESCAPED_DASH, SCRIPT_ESCAPED_DASH_DASH,
	SCRIPT_ESCAPED_LT, SCRIPT_DOUBLE_START, SCRIPT_DOUBLE,
	SCRIPT_DOUBLE_DASH, SCRIPT_DOUBLE_DASH_DASH, SCRIPT_DOUBLE_LT,
	SCRIPT_DOUBLE_END, PLAINTEXT
};

enum mode { BEFORE_HEAD, IN_HEAD, AFTER_HEAD, ENDED };

#define WS	"\t\n\f\r "
#define FFFD	"\xef\xbf\xbd"

static void	start_attr(struct head_scan *);
static void	end_attr(struct head_scan *);
static void	emit_tag(struct head_scan *);
static void	emit_text(struct head_scan *, unsigned char);
static void	start_tag(struct head_scan *, const char *);
static void	end_tag(struct head_scan *, const char *);
static int	in_head_start(struct head_scan *, const char *);
static void	meta(struct head_scan *);
static const char *attr_of(const struct head_scan *, const char *);
static void	decode_refs(const char *, struct buf *);
static void	noscript_ends(struct head_scan *);
static int	is_one_of(const char *, const char *const *);
static const char *directive(const char *, const char *);
static time_t	unavailable_from(const char *);

void
head_scan_init(struct head_scan *h)
{
	memset(h, 0, sizeof(*h));
	h->state = DATA;
	h->mode = BEFORE_HEAD;
}

void
head_scan_free(struct head_scan *h)
{
	buf_free(&h->tag);
	buf_free(&h->attr);
	buf_free(&h->value);
	buf_free(&h->attrs);
	buf_free(&h->tmp);
	buf_free(&h->noscript);
}

int
head_scan_feed(struct head_scan *h, const char *text, size_t n)
{
	size_t i = 0;

	size_t seen = 0;

	while (i < n && h->mode != ENDED) {
		unsigned char c = (unsigned char)text[i];
		int ws = c != '\0' && strchr(WS, c) != NULL;
		int alpha = ascii_is_alpha(c);

		i++;	/* a state that reconsumes steps back */
		if (i > seen && h->state >= RAW && h->state <= RAW_END_NAME &&
		    strcmp(h->raw, "noscript") == 0)
			buf_addc(&h->noscript, (char)c);
		seen = i > seen ? i : seen;
		switch (h->state) {
		case DATA:
			if (c == '<')
				h->state = TAG_OPEN;
			else
				emit_text(h, c);
			break;
		case TAG_OPEN:
			if (c == '!') {
				h->state = MARKUP_OPEN;
				buf_reset(&h->tmp);
			} else if (c == '/')
				h->state = END_TAG_OPEN;
			else if (alpha) {
				buf_reset(&h->tag);
				buf_reset(&h->attrs);
				h->end_tag = 0;
				h->state = TAG_NAME;
				i--;
			} else if (c == '?') {
				h->state = BOGUS_COMMENT;
			} else {
				emit_text(h, '<');
				h->state = DATA;
				i--;
			}
			break;
		case END_TAG_OPEN:
			if (alpha) {
				buf_reset(&h->tag);
				buf_reset(&h->attrs);
				h->end_tag = 1;
				h->state = TAG_NAME;
				i--;
			} else if (c == '>')
				h->state = DATA;
			else
				h->state = BOGUS_COMMENT;
			break;
		case TAG_NAME:
			if (ws)
				h->state = BEFORE_ATTR_NAME;
			else if (c == '/')
				h->state = SELF_CLOSING;
			else if (c == '>')
				emit_tag(h);
			else if (c == '\0')
				buf_adds(&h->tag, FFFD);
			else
				buf_addc(&h->tag, (char)ascii_tolower(c));
			break;
		case BEFORE_ATTR_NAME:
			if (ws)
				break;
			if (c == '/' || c == '>') {
				h->state = AFTER_ATTR_NAME;
				i--;
			} else {
				start_attr(h);
				if (c == '=')
					buf_addc(&h->attr, '=');
				else
					i--;
				h->state = ATTR_NAME;
			}
			break;
		case ATTR_NAME:
			if (ws || c == '/' || c == '>') {
				h->state = AFTER_ATTR_NAME;
				i--;
			} else if (c == '=')
				h->state = BEFORE_ATTR_VALUE;
			else if (c == '\0')
				buf_adds(&h->attr, FFFD);
			else
				buf_addc(&h->attr, (char)ascii_tolower(c));
			break;
		case AFTER_ATTR_NAME:
			if (ws)
				break;
			if (c == '/') {
				end_attr(h);
				h->state = SELF_CLOSING;
			} else if (c == '=')
				h->state = BEFORE_ATTR_VALUE;
			else if (c == '>') {
				end_attr(h);
				emit_tag(h);
			} else {
				end_attr(h);
				start_attr(h);
				h->state = ATTR_NAME;
				i--;
			}
			break;
		case BEFORE_ATTR_VALUE:
			if (ws)
				break;
			if (c == '"')
				h->state = ATTR_VALUE_DQ;
			else if (c == '\'')
				h->state = ATTR_VALUE_SQ;
			else if (c == '>') {
				end_attr(h);
				emit_tag(h);
			} else {
				h->state = ATTR_VALUE_UQ;
				i--;
			}
			break;
		case ATTR_VALUE_DQ:
		case ATTR_VALUE_SQ:
			if (c == (h->state == ATTR_VALUE_DQ ? '"' : '\'')) {
				end_attr(h);
				h->state = AFTER_ATTR_VALUE;
			} else if (c == '\0')
				buf_adds(&h->value, FFFD);
			else
				buf_addc(&h->value, (char)c);
			break;
		case ATTR_VALUE_UQ:
			if (ws) {
				end_attr(h);
				h->state = BEFORE_ATTR_NAME;
			} else if (c == '>') {
				end_attr(h);
				emit_tag(h);
			} else if (c == '\0')
				buf_adds(&h->value, FFFD);
			else
				buf_addc(&h->value, (char)c);
			break;
		case AFTER_ATTR_VALUE:
			if (ws)
				h->state = BEFORE_ATTR_NAME;
			else if (c == '/')
				h->state = SELF_CLOSING;
			else if (c == '>')
				emit_tag(h);
			else {
				h->state = BEFORE_ATTR_NAME;
				i--;
			}
			break;
		case SELF_CLOSING:
			if (c == '>')
				emit_tag(h);
			else {
				h->state = BEFORE_ATTR_NAME;
				i--;
			}
			break;
		case MARKUP_OPEN:
			/* "--" opens a comment, DOCTYPE one that ends at ">";
			   anything else, [CDATA[ too outside SVG, a bogus one. */
			buf_addc(&h->tmp, (char)ascii_tolower(c));
			if (strcmp(buf_str(&h->tmp), "--") == 0)
				h->state = COMMENT_START;
			else if (strcmp(buf_str(&h->tmp), "doctype") == 0)
				h->state = BOGUS_COMMENT;
			else if (strncmp("--", buf_str(&h->tmp), h->tmp.len)
			    != 0 && strncmp("doctype", buf_str(&h->tmp),
			    h->tmp.len) != 0) {
				h->state = BOGUS_COMMENT;
				i--;
			}
			break;
		case COMMENT_START:
			h->state = c == '-' ? COMMENT_START_DASH : c == '>' ?
			    DATA : COMMENT;
			if (c != '-' && c != '>')
				i--;
			break;
		case COMMENT_START_DASH:
			h->state = c == '-' ? COMMENT_END : c == '>' ? DATA :
			    COMMENT;
			if (c != '-' && c != '>')
				i--;
			break;
		case COMMENT:
			if (c == '-')
				h->state = COMMENT_END_DASH;
			break;
		case COMMENT_END_DASH:
			h->state = c == '-' ? COMMENT_END : COMMENT;
			break;
		case COMMENT_END:
			if (c == '>')
				h->state = DATA;
			else if (c == '!')
				h->state = COMMENT_END_BANG;
			else if (c != '-') {
				h->state = COMMENT;
				i--;
			}
			break;
		case COMMENT_END_BANG:
			h->state = c == '-' ? COMMENT_END_DASH : c == '>' ?
			    DATA : COMMENT;
			if (c != '-' && c != '>')
				i--;
			break;
		case BOGUS_COMMENT:
			if (c == '>')
				h->state = DATA;
			break;
		case RAW:
			if (c == '<')
				h->state = RAW_LT;
			break;
		case RAW_LT:
			if (c == '/') {
				buf_reset(&h->tmp);
				h->state = RAW_END_OPEN;
			} else if (h->raw_state == SCRIPT && c == '!')
				h->state = SCRIPT_ESCAPE_START;
			else {
				h->state = h->raw_state;
				i--;
			}
			break;
		case RAW_END_OPEN:
		case RAW_END_NAME:
			if (alpha) {
				buf_addc(&h->tmp, (char)ascii_tolower(c));
				h->state = RAW_END_NAME;
			} else if (h->state == RAW_END_NAME &&
			    (ws || c == '/' || c == '>') &&
			    strcmp(buf_str(&h->tmp), h->raw) == 0) {
				/* The end tag of the element: a tag again. */
				if (strcmp(h->raw, "noscript") == 0)
					noscript_ends(h);
				buf_reset(&h->tag);
				buf_reset(&h->attrs);
				buf_adds(&h->tag, h->raw);
				h->end_tag = 1;
				h->state = TAG_NAME;
				i--;
			} else {
				h->state = h->raw_state;
				i--;
			}
			break;
		case SCRIPT:
			if (c == '<') {
				h->raw_state = SCRIPT;
				h->state = RAW_LT;
			}
			break;
		case SCRIPT_ESCAPE_START:
			h->state = c == '-' ? SCRIPT_ESCAPE_START_DASH : SCRIPT;
			if (c != '-')
				i--;
			break;
		case SCRIPT_ESCAPE_START_DASH:
			h->state = c == '-' ? SCRIPT_ESCAPED_DASH_DASH : SCRIPT;
			if (c != '-')
				i--;
			break;
		case SCRIPT_ESCAPED:
		case SCRIPT_ESCAPED_DASH:
		case SCRIPT_ESCAPED_DASH_DASH:
			if (c == '-')
				h->state = h->state == SCRIPT_ESCAPED ?
				    SCRIPT_ESCAPED_DASH : SCRIPT_ESCAPED_DASH_DASH;
			else if (c == '<')
				h->state = SCRIPT_ESCAPED_LT;
			else if (c == '>' && h->state == SCRIPT_ESCAPED_DASH_DASH)
				h->state = SCRIPT;
			else
				h->state = SCRIPT_ESCAPED;
			break;
		case SCRIPT_ESCAPED_LT:
			buf_reset(&h->tmp);
			if (c == '/') {
				/* an end tag here ends the script as ever; one
				   that is not goes back to the escaped text */
				h->raw_state = SCRIPT_ESCAPED;
				h->state = RAW_END_OPEN;
			} else if (alpha) {
				h->state = SCRIPT_DOUBLE_START;
				i--;
			} else {
				h->state = SCRIPT_ESCAPED;
				i--;
			}
			break;
		case SCRIPT_DOUBLE_START:
		case SCRIPT_DOUBLE_END:
			if (ws || c == '/' || c == '>') {
				int script = strcmp(buf_str(&h->tmp), "script")
				    == 0;

				if (h->state == SCRIPT_DOUBLE_START)
					h->state = script ? SCRIPT_DOUBLE :
					    SCRIPT_ESCAPED;
				else
					h->state = script ? SCRIPT_ESCAPED :
					    SCRIPT_DOUBLE;
			} else if (alpha)
				buf_addc(&h->tmp, (char)ascii_tolower(c));
			else {
				h->state = h->state == SCRIPT_DOUBLE_START ?
				    SCRIPT_ESCAPED : SCRIPT_DOUBLE;
				i--;
			}
			break;
		case SCRIPT_DOUBLE:
		case SCRIPT_DOUBLE_DASH:
		case SCRIPT_DOUBLE_DASH_DASH:
			if (c == '-')
				h->state = h->state == SCRIPT_DOUBLE ?
				    SCRIPT_DOUBLE_DASH : SCRIPT_DOUBLE_DASH_DASH;
			else if (c == '<')
				h->state = SCRIPT_DOUBLE_LT;
			else if (c == '>' && h->state == SCRIPT_DOUBLE_DASH_DASH)
				h->state = SCRIPT;
			else
				h->state = SCRIPT_DOUBLE;
			break;
		case SCRIPT_DOUBLE_LT:
			if (c == '/') {
				buf_reset(&h->tmp);
				h->state = SCRIPT_DOUBLE_END;
			} else {
				h->state = SCRIPT_DOUBLE;
				i--;
			}
			break;
		case PLAINTEXT:
			break;
		}
	}
	return h->mode == ENDED;
}

/*
 * <noscript> in the head is raw text to a browser that runs scripts and
 * markup to one that does not (Google's first reading, say): a noindex
 * there counts too.
 */
static void
noscript_ends(struct head_scan *h)
{
	struct head_scan inner;
	size_t n = h->noscript.len - strlen("</noscript") - 1;

	head_scan_init(&inner);
	inner.mode = IN_HEAD;
	inner.templates = 1;	/* nothing in it ends the head */
	head_scan_feed(&inner, buf_str(&h->noscript), n);
	if (h->noindex == NULL)
		h->noindex = inner.noindex;
	head_scan_free(&inner);
	buf_reset(&h->noscript);
}

static void
start_attr(struct head_scan *h)
{
	buf_reset(&h->attr);
	buf_reset(&h->value);
}

/* An attribute read: kept unless the tag has one of its name already. */
static void
end_attr(struct head_scan *h)
{
	if (h->attr.len > 0 && attr_of(h, buf_str(&h->attr)) == NULL) {
		buf_add(&h->attrs, buf_str(&h->attr), h->attr.len + 1);
		buf_add(&h->attrs, buf_str(&h->value), h->value.len + 1);
	}
	buf_reset(&h->attr);
}

static void
emit_tag(struct head_scan *h)
{
	h->state = DATA;
	if (h->end_tag)
		end_tag(h, buf_str(&h->tag));
	else
		start_tag(h, buf_str(&h->tag));
}

/* A character outside markup: past the blanks of a head, the body. */
static void
emit_text(struct head_scan *h, unsigned char c)
{
	if (h->templates == 0 && (c == '\0' || strchr(WS, c) == NULL))
		h->mode = ENDED;
}

static void
start_tag(struct head_scan *h, const char *name)
{
	static const char *const rcdata[] = { "title", "textarea", NULL };
	static const char *const rawtext[] = { "style", "xmp", "iframe",
	    "noembed", "noframes", "noscript", NULL };

	/* As the tokenizer is switched, wherever the element is. */
	if (is_one_of(name, rcdata) || is_one_of(name, rawtext) ||
	    strcmp(name, "script") == 0) {
		snprintf(h->raw, sizeof(h->raw), "%s", name);
		h->raw_state = strcmp(name, "script") == 0 ? SCRIPT : RAW;
		h->state = h->raw_state;
	} else if (strcmp(name, "plaintext") == 0)
		h->state = PLAINTEXT;
	if (h->templates > 0) {
		if (strcmp(name, "template") == 0)
			h->templates++;
		else if (strcmp(name, "meta") == 0)
			meta(h);	/* perhaps not the head's: be sure */
		return;
	}
	switch (h->mode) {
	case BEFORE_HEAD:
		if (strcmp(name, "html") == 0)
			return;
		/* <head>, written or implied */
		h->mode = IN_HEAD;
		if (strcmp(name, "head") == 0)
			return;
		/* FALLTHROUGH */
	case IN_HEAD:
	case AFTER_HEAD:
		if (strcmp(name, "html") == 0 || strcmp(name, "head") == 0)
			return;
		if (!in_head_start(h, name))
			h->mode = ENDED;
		break;
	}
}

/* A start tag the head takes, even after </head>; 0 for one it does not. */
static int
in_head_start(struct head_scan *h, const char *name)
{
	static const char *const head[] = { "base", "basefont", "bgsound",
	    "link", "meta", "title", "noscript", "noframes", "style",
	    "script", "template", NULL };

	if (!is_one_of(name, head))
		return 0;
	if (strcmp(name, "meta") == 0)
		meta(h);
	else if (strcmp(name, "template") == 0)
		h->templates++;
	return 1;
}

static void
end_tag(struct head_scan *h, const char *name)
{
	if (strcmp(name, "template") == 0) {
		if (h->templates > 0)
			h->templates--;
		return;
	}
	if (h->templates > 0)
		return;
	if (strcmp(name, "head") == 0 && h->mode != AFTER_HEAD)
		h->mode = AFTER_HEAD;
	else if (strcmp(name, "body") == 0 || strcmp(name, "html") == 0 ||
	    strcmp(name, "br") == 0)
		h->mode = ENDED;
	/* any other end tag is ignored before the body */
}

static void
meta(struct head_scan *h)
{
	struct buf name = BUF_INIT, content = BUF_INIT;
	const char *n = attr_of(h, "name"), *c = attr_of(h, "content");

	if (n != NULL && c != NULL) {
		decode_refs(n, &name);
		decode_refs(c, &content);
		if (h->noindex == NULL)
			h->noindex = meta_noindex_for(buf_str(&name),
			    buf_str(&content));
	}
	buf_free(&name);
	buf_free(&content);
}

static const char *
attr_of(const struct head_scan *h, const char *name)
{
	const char *p = buf_str(&h->attrs), *end = p + h->attrs.len;

	while (p < end) {
		const char *value = p + strlen(p) + 1;

		if (strcmp(p, name) == 0)
			return value;
		p = value + strlen(value) + 1;
	}
	return NULL;
}

/*
 * The character references a browser decodes in an attribute: numeric
 * ones, and the named ones that give ASCII, where a name or a list of
 * tokens could hide in them. Others stay as written.
 */
static void
decode_refs(const char *s, struct buf *out)
{
	static const struct { const char *name; char c; } named[] = {
		{ "Tab;", '\t' }, { "NewLine;", '\n' }, { "excl;", '!' },
		{ "quot;", '"' }, { "QUOT;", '"' }, { "quot", '"' },
		{ "num;", '#' }, { "dollar;", '$' }, { "percnt;", '%' },
		{ "amp;", '&' }, { "AMP;", '&' }, { "amp", '&' },
		{ "apos;", '\'' }, { "lpar;", '(' }, { "rpar;", ')' },
		{ "ast;", '*' }, { "midast;", '*' }, { "plus;", '+' },
		{ "comma;", ',' }, { "period;", '.' }, { "sol;", '/' },
		{ "colon;", ':' }, { "semi;", ';' }, { "lt;", '<' },
		{ "LT;", '<' }, { "lt", '<' }, { "equals;", '=' },
		{ "gt;", '>' }, { "GT;", '>' }, { "gt", '>' },
		{ "quest;", '?' }, { "commat;", '@' }, { "lsqb;", '[' },
		{ "lbrack;", '[' }, { "bsol;", '\\' }, { "rsqb;", ']' },
		{ "rbrack;", ']' }, { "Hat;", '^' }, { "lowbar;", '_' },
		{ "UnderBar;", '_' }, { "grave;", '`' },
		{ "DiacriticalGrave;", '`' }, { "lcub;", '{' },
		{ "lbrace;", '{' }, { "verbar;", '|' }, { "vert;", '|' },
		{ "VerticalLine;", '|' }, { "rcub;", '}' }, { "rbrace;", '}' },
	};

	while (*s) {
		size_t i;

		if (*s != '&') {
			buf_addc(out, *s++);
			continue;
		}
		if (s[1] == '#') {
			int hex = s[2] == 'x' || s[2] == 'X';
			const char *d = s + 2 + hex;
			unsigned long v = 0;
			const char *start = d;

			while (hex ? ascii_is_hex((unsigned char)*d) :
			    ascii_is_digit((unsigned char)*d)) {
				if (v < 0x110000)
					v = v * (hex ? 16 : 10) +
					    (unsigned long)(ascii_is_digit(
					    (unsigned char)*d) ? *d - '0' :
					    ascii_tolower((unsigned char)*d) -
					    'a' + 10);
				d++;
			}
			if (d > start) {
				/* only ASCII matters to what is looked for */
				if (v > 0 && v < 0x80)
					buf_addc(out, (char)v);
				else
					buf_adds(out, FFFD);
				s = d + (*d == ';');
				continue;
			}
		}
		for (i = 0; i < sizeof(named) / sizeof(*named); i++) {
			size_t n = strlen(named[i].name);

			/* One without ";" before an alphanumeric or "=" is
			   text in an attribute. */
			if (strncmp(s + 1, named[i].name, n) == 0 &&
			    (named[i].name[n - 1] == ';' ||
			    !(ascii_is_alpha((unsigned char)s[1 + n]) ||
			    ascii_is_digit((unsigned char)s[1 + n]) ||
			    s[1 + n] == '='))) {
				buf_addc(out, named[i].c);
				s += 1 + n;
				break;
			}
		}
		if (i == sizeof(named) / sizeof(*named))
			buf_addc(out, *s++);
	}
}

/* What meta_noindex_for says of an unavailable_after it follows. */
static const char past[] = "robots, unavailable_after a date past";
static const char unread[] = "robots, unavailable_after a date not read";

/*
 * Read as widely as any engine documents: the name a list of crawlers
 * (name="googlebot, bingbot"), the content's directives parted by
 * commas, semicolons or blanks (Bing's "nofollow;noindex"), and Google's
 * unavailable_after, whose date past (or unreadable) is a noindex now.
 */
const char *
meta_noindex_for(const char *name, const char *content)
{
	const char *reader = NULL, *date;
	time_t until;

	for (const char *p = name; *p && reader == NULL; ) {
		size_t n;

		p += strspn(p, WS ",");
		n = strcspn(p, WS ",");
		/*
		 * The engines that read sitemaps read one: a noindex to any
		 * of them leaves the page out of it.
		 */
		if (n == 6 && strncasecmp(p, "robots", 6) == 0)
			reader = "robots";
		else if (n > 0)
			reader = search_crawler_named(p, n);
		p += n;
	}
	if (reader == NULL)
		return NULL;
	for (const char *p = content; *p; ) {
		size_t n;

		p += strspn(p, WS ",;");
		n = strcspn(p, WS ",;");
		if ((n == 7 && strncasecmp(p, "noindex", 7) == 0) ||
		    (n == 4 && strncasecmp(p, "none", 4) == 0))
			return reader;
		p += n;
	}
	if ((date = directive(content, "unavailable_after")) == NULL)
		return NULL;
	if ((until = unavailable_from(date)) == -1)
		return unread;
	return until <= time(NULL) ? past : NULL;
}

/* Where the value of a directive of content starts ("name: value"). */
static const char *
directive(const char *content, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = content; *p; p++)
		if (strncasecmp(p, name, n) == 0 && (p == content ||
		    strchr(WS ",;", p[-1]) != NULL)) {
			p += n;
			p += strspn(p, WS);
			return *p == ':' ? p + 1 : NULL;
		}
	return NULL;
}

/*
 * The moment an unavailable_after date (up to a ";") says, read as
 * Google reads it: ISO 8601 (its day's start, so that a time that day
 * is already past by then), RFC 822 or RFC 850; -1 when it is none.
 */
static time_t
unavailable_from(const char *value)
{
	char text[128];
	size_t n;
	struct tm tm = { 0 };
	int y, m, d;

	value += strspn(value, WS);
	n = strcspn(value, ";");
	while (n > 0 && strchr(WS, value[n - 1]) != NULL)
		n--;
	if (n == 0 || n >= sizeof(text))
		return -1;
	memcpy(text, value, n);
	text[n] = '\0';
	if (sscanf(text, "%4d-%2d-%2d", &y, &m, &d) == 3 && m >= 1 &&
	    m <= 12 && d >= 1 && d <= 31) {
		tm.tm_year = y - 1900;
		tm.tm_mon = m - 1;
		tm.tm_mday = d;
		return timegm(&tm);
	}
	return curl_getdate(text, NULL);
}

static int
is_one_of(const char *s, const char *const *set)
{
	for (; *set; set++)
		if (strcmp(s, *set) == 0)
			return 1;
	return 0;
}
