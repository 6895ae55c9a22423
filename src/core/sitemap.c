/* What the sitemap does with each page, and the XML of its parts and index. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alternates.h"
#include "ascii.h"
#include "copy_short.h"
#include "escape.h"
#include "hash.h"
#include "log.h"
#include "sitemap.h"

void
sitemap_page_path(const struct listing *rules, const struct page *page,
    struct buf *out)
{
	if (page->url_path) {
		const char *under = rules->url_path ? rules->url_path : "";

		/* A site under /docs/ with trailing_slash = no: /docs. */
		if (*page->alias == '\0' && *under != '\0' &&
		    !rules->url_path_slash)
			buf_printf(out, "/%.*s", (int)strlen(under) - 1, under);
		else
			buf_printf(out, "/%s%s", under, page->alias);
		return;
	}
	if (page->alias && strcmp(page->alias, rules->home_alias) == 0) {
		buf_addc(out, '/');
		return;
	}
	if (page->alias)
		buf_printf(out, "/%s", page->alias);
	else
		buf_printf(out, "/id/%016llx", (unsigned long long)page->id);
	if (rules->trailing_slash)
		buf_addc(out, '/');
}

void
sitemap_url_path(const struct listing *rules, const struct page *page,
    struct buf *encoded)
{
	struct buf path = BUF_INIT;

	sitemap_page_path(rules, page, &path);
	/*
	 * Crawlers match robots.txt against the path as sent. A file's
	 * name is taken as it is: a "%" in it is no escape.
	 */
	if (page->url_path)
		escape_file_path(encoded, buf_str(&path));
	else
		escape_url_path(encoded, buf_str(&path));
	buf_free(&path);
}

static int	cut_by_count(struct sitemap *, size_t);
static time_t	part_newest(struct sitemap *, size_t);
static size_t	head_size(const struct sitemap *);
static const char *urlset_open_of(const struct sitemap *);

static const char xml_decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
/* Browsers lay the list out with it; schemas and crawlers ignore it. */
#define STYLESHEET_PI_OPEN	"<?xml-stylesheet type=\"text/css\" href=\"/"
#define STYLESHEET_PI_CLOSE	"sitemap.css\"?>\n"
/* Each namespace declared only where some entry uses it. */
#define URLSET_OPEN	\
	"<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
#define XHTML_NS	" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""
#define IMAGE_NS	\
	" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\""
static const char *const urlset_open[] = {
	URLSET_OPEN ">\n",
	URLSET_OPEN XHTML_NS ">\n",
	URLSET_OPEN IMAGE_NS ">\n",
	URLSET_OPEN XHTML_NS IMAGE_NS ">\n",
};
static const char urlset_tail[] = "</urlset>\n";

#define URL_OPEN	"  <url>\n    <loc>"
#define URL_MID		"</loc>\n    <lastmod>"
#define URL_DATED	"</lastmod>\n"	/* then its alternates */
#define URL_END		"  </url>\n"
#define URL_CLOSE	URL_DATED URL_END
/* The bytes of one <url>: the layout counts what the render writes. */
#define URL_BYTES(base_len, path_len, date_len) \
	(sizeof(URL_OPEN URL_MID URL_CLOSE) - 1 + (base_len) + (path_len) + \
	(date_len))

/* A W3C date, formatted once per day however many entries share it. */
struct day {
	time_t	 start;		/* of the day date holds; 1 for none */
	char	 date[16];
};

#define DAY_SECONDS	86400

/* The civil date of a day counted from 1970-01-01 (proleptic Gregorian). */
static void
civil_date(long long days, long long *year, unsigned *month, unsigned *day)
{
	long long era, z = days + 719468;	/* from 0000-03-01 */
	unsigned doe, yoe, doy, mp;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*day = doy - (153 * mp + 2) / 5 + 1;
	*month = mp < 10 ? mp + 3 : mp - 9;
	*year = (long long)yoe + era * 400 + (*month <= 2);
}

/* 1000-01-01 and 10000-01-01: the dates of ten characters between. */
#define TEN_CHAR_DATES_FROM	(-30610224000LL)
#define TEN_CHAR_DATES_UNTIL	253402300800LL

/*
 * Sorted by path, neighbours rarely share a day: counted out rather than
 * asked of gmtime(3), which costs more than the rest of an entry.
 */
static const char *
day_of(struct day *d, time_t t)
{
	time_t start;
	long long year;
	unsigned month, day;

	/* A W3C year has four digits: a file's time so far off is none. */
	if (t < TEN_CHAR_DATES_FROM || t >= TEN_CHAR_DATES_UNTIL)
		t = t < 0 ? 0 : TEN_CHAR_DATES_UNTIL - 1;
	start = t - ((t % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
	if (start == d->start)
		return d->date;
	d->start = start;
	civil_date(start / DAY_SECONDS, &year, &month, &day);
	d->date[0] = (char)('0' + year / 1000);
	d->date[1] = (char)('0' + year / 100 % 10);
	d->date[2] = (char)('0' + year / 10 % 10);
	d->date[3] = (char)('0' + year % 10);
	d->date[4] = '-';
	d->date[5] = (char)('0' + month / 10);
	d->date[6] = (char)('0' + month % 10);
	d->date[7] = '-';
	d->date[8] = (char)('0' + day / 10);
	d->date[9] = (char)('0' + day % 10);
	d->date[10] = '\0';
	return d->date;
}

static size_t
url_size(size_t base_len, const struct sitemap_entry *e)
{
	/* Most entries show nothing beside their location: no call. */
	return URL_BYTES(base_len, e->path_len, SITEMAP_DATE_LEN) +
	    (e->extensions != NULL ? extensions_size(e->extensions, base_len) :
	    0);
}

static const char *
excluding_tag(const struct listing *rules, const struct page *page)
{
	for (size_t i = 0; page->tags != NULL && page->tags[i]; i++)
		for (size_t k = 0; k < rules->nexclude_tags; k++)
			if (strcmp(page->tags[i], rules->exclude_tags[k]) == 0)
				return rules->exclude_tags[k];
	return NULL;
}

/*
 * Under a reserved path: an alias as it is, a URL path as an alias would
 * be, in any case and without its last "/", so that nothing an entry
 * names escapes it.
 */
static int
reserved(const struct listing *rules, const struct page *page)
{
	struct buf alias = BUF_INIT;
	int found;

	if (!page->url_path)
		return reserved_match(rules->reserved, page->alias) != NULL;
	for (const char *s = page->alias; *s; s++)
		buf_addc(&alias, (char)ascii_tolower((unsigned char)*s));
	while (alias.len > 0 && alias.data[alias.len - 1] == '/')
		alias.data[--alias.len] = '\0';
	found = alias.len > 0 && reserved_match(rules->reserved,
	    buf_str(&alias)) != NULL;
	buf_free(&alias);
	return found;
}

enum verdict
sitemap_verdict(const struct listing *rules, const struct page *page,
    struct buf *encoded, struct sitemap_left_out *why)
{
	const char *tag;

	if (page_broken(page))
		return VERDICT_BROKEN;
	sitemap_url_path(rules, page, encoded);
	if (page->markdown != 1)
		return VERDICT_NOT_MARKDOWN;
	if (page->access != ACCESS_PUBLIC)
		return VERDICT_RESTRICTED;
	memset(why, 0, sizeof(*why));
	why->id = page->id;
	if (page->alias_taken) {
		why->reason = LEFT_OUT_ALIAS_TAKEN;
		why->owner = page_alias_owner(page);
	} else if (page_unlisted(page)) {
		why->reason = LEFT_OUT_UNLISTED;
		why->tag = xstrdup(page_unlisted(page));
	} else if ((tag = excluding_tag(rules, page)) != NULL) {
		why->reason = LEFT_OUT_EXCLUDED;
		why->tag = xstrdup(tag);
	}
	else if (page->alias && reserved(rules, page))
		why->reason = LEFT_OUT_RESERVED;
	else if (!robots_allows(rules->robots, buf_str(encoded)))
		why->reason = LEFT_OUT_ROBOTS;
	/* Leaves room for the longest base URL a host can give. */
	else if (encoded->len > SITEMAP_LOC_MAX - BASE_URL_MAX)
		why->reason = LEFT_OUT_TOO_LONG;
	else
		return VERDICT_LISTED;
	return VERDICT_LEFT_OUT;
}

void
sitemap_left_out_reason(const struct listing *rules,
    const struct sitemap_left_out *l, struct buf *out)
{
	switch (l->reason) {
	case LEFT_OUT_ALIAS_TAKEN:
		buf_printf(out, "alias taken by page %016llx",
		    (unsigned long long)l->owner);
		break;
	case LEFT_OUT_EXCLUDED:
		buf_printf(out, "excluded by tag %s", l->tag);
		break;
	case LEFT_OUT_RESERVED:
		buf_adds(out, "reserved path");
		break;
	case LEFT_OUT_ROBOTS:
		buf_adds(out, "blocked by robots.txt rule ");
		robots_explain(rules->robots, l->path, out);
		break;
	case LEFT_OUT_TOO_LONG:
		buf_adds(out, "URL too long");
		break;
	case LEFT_OUT_UNLISTED:
		buf_adds(out, l->tag);
		break;
	}
}

enum finding
sitemap_left_out_finding(enum left_out_reason reason)
{
	return reason == LEFT_OUT_RESERVED || reason == LEFT_OUT_ROBOTS ||
	    reason == LEFT_OUT_UNLISTED ? FINDING_NOTE : FINDING_PROBLEM;
}

void
sitemap_describe_left_out(const struct listing *rules,
    const struct sitemap_left_out *l, struct buf *out)
{
	buf_printf(out, "page %016llx (%s): left out: ",
	    (unsigned long long)l->id, l->path);
	sitemap_left_out_reason(rules, l, out);
}

/*
 * When max_bytes cannot bind before max_urls does, the parts are every
 * max_urls entries: cut at once, not by walking a million entries. Their
 * dates wait until the index asks.
 */
static int
cut_by_count(struct sitemap *sm, size_t fixed)
{
	size_t longest = URL_BYTES(sm->base_len, sm->max_path_len, 10);

	if (sm->ndup > 0 || sm->nalternates > 0 || sm->nimaged > 0 ||
	    sections_on(&sm->sections) ||
	    sm->max_urls == 0 ||
	    sm->max_bytes < fixed ||
	    longest > (sm->max_bytes - fixed) / sm->max_urls)
		return 0;
	sm->nparts = sm->n == 0 ? 1 : (sm->n - 1) / sm->max_urls + 1;
	sm->parts = xcalloc(sm->nparts, sizeof(*sm->parts));
	for (size_t p = 0; p < sm->nparts; p++) {
		sm->parts[p].seq = p + 1;
		sm->parts[p].start = p * sm->max_urls;
		sm->parts[p].end = p + 1 < sm->nparts ?
		    (p + 1) * sm->max_urls : sm->n;
	}
	return 1;
}

static time_t
part_newest(struct sitemap *sm, size_t part)
{
	struct sitemap_part *p = &sm->parts[part];

	for (size_t i = p->start; i < p->end && !p->dated; i++)
		if (!sm->entries[i].dup &&
		    sm->entries[i].last_modified > p->newest)
			p->newest = sm->entries[i].last_modified;
	p->dated = 1;
	return p->newest;
}

/*
 * Cuts the sorted entries into contiguous parts, each within max_urls
 * entries and max_bytes of XML. A part always takes at least one entry,
 * so an entry too big for max_bytes alone still gets listed.
 */
void
sitemap_layout(struct sitemap *sm, const char *base_url)
{
	size_t fixed = head_size(sm) + strlen(urlset_open_of(sm)) +
	    sizeof(urlset_tail) - 1;
	/* The base of every <loc> is the base URL and the "/" paths follow. */
	size_t base_len = escape_xml_len(base_url) + 1, count = 0;
	size_t bytes = fixed;
	struct sitemap_part *p;
	size_t room = 1;

	if (sm->parts != NULL && sm->base_len == base_len)
		return;
	free(sm->parts);
	sm->base_len = base_len;
	if (cut_by_count(sm, fixed))
		return;
	sm->parts = xcalloc(room, sizeof(*sm->parts));
	sm->nparts = 1;
	p = sm->parts;
	*p = (struct sitemap_part){ .seq = 1, .dated = 1 };
	for (size_t i = 0; i < sm->n; i++) {
		const struct sitemap_entry *e = &sm->entries[i];
		size_t size;
		int other;

		if (e->dup)
			continue;
		size = url_size(base_len, e);
		/* Each section its own parts, numbered from 1. */
		other = count > 0 && (e->section != sm->entries[p->start].section ||
		    section_differs(&sm->sections, e->section,
		    sm->entries[p->start].path, e->path));
		if (count > 0 && (other || count == sm->max_urls ||
		    bytes + size > sm->max_bytes)) {
			p->end = i;
			if (sm->nparts == room) {
				room *= 2;
				sm->parts = xreallocarray(sm->parts, room,
				    sizeof(*sm->parts));
			}
			p = &sm->parts[sm->nparts++];
			*p = (struct sitemap_part){ .start = i, .dated = 1,
			    .seq = other ? 1 : p[-1].seq + 1 };
			count = 0;
			bytes = fixed;
		}
		if (sm->entries[i].last_modified > p->newest)
			p->newest = sm->entries[i].last_modified;
		count++;
		bytes += size;
	}
	p->end = sm->n;
}

void
sitemap_entry_dated(struct sitemap_entry *e, time_t last_modified)
{
	struct day day = { .start = 1 };

	e->last_modified = last_modified;
	memcpy(e->date, day_of(&day, last_modified), SITEMAP_DATE_LEN);
}

/* Made when asked, not kept: eight bytes a page, a million of them. */
uint64_t
sitemap_entry_hash(const struct sitemap_entry *e)
{
	uint64_t h = hash_add(HASH_INIT, e->path, e->path_len + 1);

	return hash_add(h, e->date, SITEMAP_DATE_LEN);
}

uint64_t
sitemap_part_hash(struct sitemap *sm, size_t part)
{
	struct sitemap_part *p = &sm->parts[part];

	if (p->hash != 0)
		return p->hash;
	p->hash = hash_add(HASH_INIT, &sm->stylesheet, sizeof(sm->stylesheet));
	p->hash = hash_add(p->hash, sm->url_path, strlen(sm->url_path));
	/* Kept with the part until one of its entries changes. */
	for (size_t i = p->start; i < p->end; i++)
		if (!sm->entries[i].dup) {
			const struct sitemap_extensions *a =
			    sm->entries[i].extensions;
			uint64_t h = sitemap_entry_hash(&sm->entries[i]);

			p->hash = hash_add(p->hash, &h, sizeof(h));
			if (extensions_shown(a) != NULL)
				p->hash = hash_add(p->hash, extensions_shown(a),
				    strlen(extensions_shown(a)));
			if (sitemap_images(a) != NULL)
				p->hash = hash_add(p->hash, sitemap_images(a),
				    strlen(sitemap_images(a)));
		}
	return p->hash;
}

uint64_t
sitemap_index_hash(struct sitemap *sm)
{
	struct day day = { .start = 1 };
	uint64_t h = hash_add(HASH_INIT, &sm->nparts, sizeof(sm->nparts));

	h = hash_add(h, &sm->stylesheet, sizeof(sm->stylesheet));
	h = hash_add(h, sm->url_path, strlen(sm->url_path));

	for (size_t p = 0; p < sm->nparts; p++) {
		const struct sitemap_part *part = &sm->parts[p];
		struct buf name = BUF_INIT;

		sitemap_part_name(sm, p, &name);
		h = hash_add(h, name.data, name.len);
		buf_free(&name);
		if (part->start < part->end) {
			const char *date = day_of(&day, part_newest(sm, p));

			h = hash_add(h, date, SITEMAP_DATE_LEN);
		}
		h = hash_add(h, "", 1);
	}
	return h;
}

static size_t
head_size(const struct sitemap *sm)
{
	return sizeof(xml_decl) - 1 + (sm->stylesheet ?
	    sizeof(STYLESHEET_PI_OPEN STYLESHEET_PI_CLOSE) - 1 +
	    strlen(sm->url_path) : 0);
}

static void
put_head(const struct sitemap *sm, struct buf *out, const char *root)
{
	buf_add(out, xml_decl, sizeof(xml_decl) - 1);
	/* url_path is plain names: nothing in it to escape. */
	if (sm->stylesheet)
		buf_printf(out, STYLESHEET_PI_OPEN "%s" STYLESHEET_PI_CLOSE,
		    sm->url_path);
	buf_adds(out, root);
}

/*
 * The bytes of the <urlset> of part, so that it is made in one piece:
 * counted once for a length of base, as its hash is, till an entry of it
 * changes, rather than in a pass over its entries for every answer.
 */
static size_t
part_size(struct sitemap *sm, size_t part, size_t base_len)
{
	struct sitemap_part *p = &sm->parts[part];
	size_t size = head_size(sm) + strlen(urlset_open_of(sm)) +
	    sizeof(urlset_tail) - 1;

	/* The head's namespaces follow every part's entries: not kept. */
	if (p->bytes_base != base_len) {
		p->bytes = 0;
		for (size_t i = p->start; i < p->end; i++)
			if (!sm->entries[i].dup)
				p->bytes += url_size(base_len, &sm->entries[i]);
		p->bytes_base = base_len;
	}
	return size + p->bytes;
}

void
sitemap_render_part(struct sitemap *sm, size_t part,
    const char *base_url, struct buf *out)
{
	const struct sitemap_part *p = &sm->parts[part];
	struct buf open = BUF_INIT;	/* of every <loc>: up to the path */
	const char *base;
	size_t base_len, room;
	char *start, *at;

	buf_adds(&open, URL_OPEN);
	escape_xml(&open, base_url);
	buf_addc(&open, '/');
	base = open.data + sizeof(URL_OPEN) - 1;
	base_len = open.len - (sizeof(URL_OPEN) - 1);
	put_head(sm, out, urlset_open_of(sm));
	/* All of it in one piece, each entry copied in: nothing is formatted. */
	room = part_size(sm, part, base_len);
	start = at = buf_room(out, room);
	for (size_t i = p->start; i < p->end; i++) {
		const struct sitemap_entry *e = &sm->entries[i];

		if (e->dup)
			continue;
		at = copy_short(at, open.data, open.len);
		at = copy_short(at, e->path, e->path_len);
		memcpy(at, URL_MID, sizeof(URL_MID) - 1);
		at += sizeof(URL_MID) - 1;
		memcpy(at, e->date, SITEMAP_DATE_LEN);
		at += SITEMAP_DATE_LEN;
		memcpy(at, URL_DATED, sizeof(URL_DATED) - 1);
		at += sizeof(URL_DATED) - 1;
		if (e->extensions != NULL)
			at = extensions_put(e->extensions, base, base_len, at);
		memcpy(at, URL_END, sizeof(URL_END) - 1);
		at += sizeof(URL_END) - 1;
	}
	/* A size kept past a change of its entries: a bug, never served. */
	if ((size_t)(at - start) > room) {
		log_msg("sitemap part %zu: %zu bytes written in %zu", part,
		    (size_t)(at - start), room);
		abort();
	}
	buf_commit(out, (size_t)(at - start));
	buf_add(out, urlset_tail, sizeof(urlset_tail) - 1);
	buf_free(&open);
}

void
sitemap_render_index(struct sitemap *sm, const char *base_url,
    struct buf *out)
{
	struct day day = { .start = 1 };

	put_head(sm, out, "<sitemapindex "
	    "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
	for (size_t p = 0; p < sm->nparts; p++) {
		buf_adds(out, "  <sitemap>\n    <loc>");
		escape_xml(out, base_url);
		buf_printf(out, "/%ssitemaps/", sm->url_path);
		sitemap_part_name(sm, p, out);
		buf_adds(out, "</loc>\n");
		/* An empty part has no entry to date it by. */
		if (sm->parts[p].start < sm->parts[p].end)
			buf_printf(out, "    <lastmod>%s</lastmod>\n",
			    day_of(&day, part_newest(sm, p)));
		buf_adds(out, "  </sitemap>\n");
	}
	buf_adds(out, "</sitemapindex>\n");
}

/*
 * The xhtml namespace is declared where an entry may show alternates,
 * the image namespace where one shows images.
 */
static const char *
urlset_open_of(const struct sitemap *sm)
{
	return urlset_open[(sm->nalternates > 0) | (sm->nimaged > 0) << 1];
}

void
sitemap_part_name(const struct sitemap *sm, size_t part, struct buf *out)
{
	const struct sitemap_part *p = &sm->parts[part];
	const struct sitemap_entry *first = p->start < p->end ?
	    &sm->entries[p->start] : NULL;

	/* Names plain enough for a URL and XML as they are (sections.c). */
	section_name(&sm->sections, first ? first->section : SECTION_REST,
	    first ? first->path : "", out);
	buf_printf(out, "-%04zu.xml", p->seq);
}

size_t
sitemap_part_named(const struct sitemap *sm, const char *name)
{
	struct buf each = BUF_INIT;
	size_t found = SIZE_MAX;

	for (size_t p = 0; p < sm->nparts && found == SIZE_MAX; p++) {
		buf_reset(&each);
		sitemap_part_name(sm, p, &each);
		if (strcmp(buf_str(&each), name) == 0)
			found = p;
	}
	buf_free(&each);
	return found;
}

int
sitemap_is_index(const struct sitemap *sm)
{
	return sm->nparts > 1 || sections_on(&sm->sections);
}
