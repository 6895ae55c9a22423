#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape.h"
#include "hash.h"
#include "log.h"
#include "sitemap.h"

void
sitemap_page_path(const struct config *cfg, const struct page *page,
    struct buf *out)
{
	if (page->alias && strcmp(page->alias, cfg->home_alias) == 0) {
		buf_addc(out, '/');
		return;
	}
	if (page->alias)
		buf_printf(out, "/%s", page->alias);
	else
		buf_printf(out, "/id/%016llx", (unsigned long long)page->id);
	if (cfg->trailing_slash)
		buf_addc(out, '/');
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct sitemap_entry *)a)->path,
	    ((const struct sitemap_entry *)b)->path);
}

static const char xml_decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
/* Browsers lay the list out with it; schemas and crawlers ignore it. */
static const char stylesheet_pi[] =
    "<?xml-stylesheet type=\"text/css\" href=\"/sitemap.css\"?>\n";
static const char urlset_open[] =
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
static const char urlset_tail[] = "</urlset>\n";

#define URL_OPEN	"  <url>\n    <loc>"
#define URL_MID		"</loc>\n    <lastmod>"
#define URL_CLOSE	"</lastmod>\n  </url>\n"

/* A W3C date, formatted once per day however many entries share it. */
struct day {
	time_t	 start;		/* of the day date holds; 1 for none */
	char	 date[16];
	size_t	 len;
};

#define DAY_SECONDS	86400

static const char *
day_of(struct day *d, time_t t)
{
	time_t start = t - ((t % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
	struct tm tm;

	if (start != d->start) {
		gmtime_r(&t, &tm);
		d->len = strftime(d->date, sizeof(d->date), "%Y-%m-%d", &tm);
		d->start = start;
	}
	return d->date;
}

static size_t
url_size(size_t base_len, const struct sitemap_entry *e, struct day *d)
{
	day_of(d, e->last_modified);
	return sizeof(URL_OPEN URL_MID URL_CLOSE) - 1 + base_len +
	    e->path_len + d->len;
}

static int
left_out_by_path(const void *a, const void *b)
{
	const struct sitemap_left_out *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c != 0)
		return c;
	return x->id < y->id ? -1 : x->id > y->id;
}

static const char *
excluding_tag(const struct config *cfg, const struct page *page)
{
	for (size_t i = 0; i < page->ntags; i++)
		for (size_t k = 0; k < cfg->nexclude_tags; k++)
			if (strcmp(page->tags[i], cfg->exclude_tags[k]) == 0)
				return cfg->exclude_tags[k];
	return NULL;
}

enum verdict
sitemap_verdict(const struct config *cfg, const struct page *page,
    struct buf *encoded, struct sitemap_left_out *why)
{
	struct buf path = BUF_INIT;
	const char *tag;

	if (page->broken)
		return VERDICT_BROKEN;
	sitemap_page_path(cfg, page, &path);
	/* Crawlers match robots.txt against the path as sent. */
	escape_url_path(encoded, buf_str(&path));
	buf_free(&path);
	if (page->markdown != 1)
		return VERDICT_NOT_MARKDOWN;
	if (page->access != ACCESS_PUBLIC)
		return VERDICT_RESTRICTED;
	memset(why, 0, sizeof(*why));
	why->id = page->id;
	if (page->alias_taken) {
		why->reason = LEFT_OUT_ALIAS_TAKEN;
		why->owner = page->alias_owner;
	} else if ((tag = excluding_tag(cfg, page)) != NULL) {
		why->reason = LEFT_OUT_EXCLUDED;
		why->tag = xstrdup(tag);
	}
	else if (page->alias && reserved_match(&cfg->reserved, page->alias))
		why->reason = LEFT_OUT_RESERVED;
	else if (!robots_allows(&cfg->robots, buf_str(encoded)))
		why->reason = LEFT_OUT_ROBOTS;
	/* Leaves room for the longest base URL a host can give. */
	else if (encoded->len > SITEMAP_LOC_MAX - BASE_URL_MAX)
		why->reason = LEFT_OUT_TOO_LONG;
	else
		return VERDICT_LISTED;
	return VERDICT_LEFT_OUT;
}

void
sitemap_build(const struct config *cfg, const struct site *site,
    struct sitemap *sm)
{
	struct buf path = BUF_INIT, encoded = BUF_INIT;
	struct sitemap_entry *e = xcalloc(site->n, sizeof(*e));
	size_t n = 0, unique = 0;

	memset(sm, 0, sizeof(*sm));
	for (size_t i = 0; i < site->n; i++) {
		const struct page *page = &site->pages[i];
		struct sitemap_left_out why;

		buf_reset(&encoded);
		switch (sitemap_verdict(cfg, page, &encoded, &why)) {
		case VERDICT_LISTED:
			e[n].path = xstrdup(buf_str(&encoded));
			e[n].last_modified = page->last_modified;
			n++;
			break;
		case VERDICT_LEFT_OUT:
			why.path = xstrdup(buf_str(&encoded));
			sm->left_out = xreallocarray(sm->left_out,
			    sm->nleft_out + 1, sizeof(*sm->left_out));
			sm->left_out[sm->nleft_out++] = why;
			break;
		default:
			break;
		}
	}
	if (sm->nleft_out > 1)
		qsort(sm->left_out, sm->nleft_out, sizeof(*sm->left_out),
		    left_out_by_path);
	/* Every URL shares the base, so sorting paths sorts URLs. */
	qsort(e, n, sizeof(*e), by_path);
	for (size_t i = 0; i < n; i++) {
		if (unique > 0 && strcmp(e[i].path, e[unique - 1].path) == 0) {
			free(e[i].path);
			continue;
		}
		/* Sorted and compared as URLs; from here on only XML. */
		buf_reset(&path);
		escape_xml(&path, e[i].path);
		free(e[i].path);
		e[unique] = e[i];
		e[unique].path = xstrdup(buf_str(&path));
		e[unique].path_len = path.len;
		unique++;
	}
	for (size_t i = 0; i < unique; i++)
		if (e[i].last_modified > sm->newest)
			sm->newest = e[i].last_modified;
	sm->entries = e;
	sm->n = unique;
	sm->max_urls = cfg->max_urls;
	sm->max_bytes = cfg->max_bytes;
	sm->stylesheet = cfg->stylesheet;
	buf_free(&path);
	buf_free(&encoded);
}

void
sitemap_left_out_reason(const struct config *cfg,
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
		robots_explain(&cfg->robots, l->path, out);
		break;
	case LEFT_OUT_TOO_LONG:
		buf_adds(out, "URL too long");
		break;
	}
}

void
sitemap_describe_left_out(const struct config *cfg,
    const struct sitemap_left_out *l, struct buf *out)
{
	buf_printf(out, "page %016llx (%s): left out: ",
	    (unsigned long long)l->id, l->path);
	sitemap_left_out_reason(cfg, l, out);
}

void
sitemap_log_left_out(const struct config *cfg, const struct sitemap *old,
    const struct sitemap *sm)
{
	struct buf line = BUF_INIT;
	size_t j = 0;

	for (size_t i = 0; i < sm->nleft_out; i++) {
		const struct sitemap_left_out *l = &sm->left_out[i];
		int c = 1;

		/* What the owner asked for is not news. */
		if (l->reason == LEFT_OUT_EXCLUDED)
			continue;
		/* Both lists are sorted: walk them side by side. */
		while (j < old->nleft_out && (c = left_out_by_path(
		    &old->left_out[j], l)) < 0)
			j++;
		if (c == 0 && old->left_out[j].reason == l->reason)
			continue;
		buf_reset(&line);
		sitemap_describe_left_out(cfg, l, &line);
		log_msg("%s", buf_str(&line));
	}
	buf_free(&line);
}

void
sitemap_free(struct sitemap *sm)
{
	for (size_t i = 0; i < sm->n; i++)
		free(sm->entries[i].path);
	free(sm->entries);
	free(sm->parts);
	for (size_t i = 0; i < sm->nleft_out; i++) {
		free(sm->left_out[i].path);
		free(sm->left_out[i].tag);
	}
	free(sm->left_out);
	memset(sm, 0, sizeof(*sm));
}

/*
 * Cuts the sorted entries into contiguous parts, each within max_urls
 * entries and max_bytes of XML. A part always takes at least one entry,
 * so an entry too big for max_bytes alone still gets listed.
 */
void
sitemap_layout(struct sitemap *sm, const char *base_url)
{
	size_t fixed = sizeof(xml_decl) - 1 + (sm->stylesheet ?
	    sizeof(stylesheet_pi) - 1 : 0) + sizeof(urlset_open) - 1 +
	    sizeof(urlset_tail) - 1;
	size_t base_len = escape_xml_len(base_url), count = 0, bytes = fixed;
	struct day day = { .start = 1 };
	struct sitemap_part *p;
	size_t room = 1;

	if (sm->parts != NULL && sm->base_len == base_len)
		return;
	free(sm->parts);
	sm->base_len = base_len;
	sm->parts = xcalloc(room, sizeof(*sm->parts));
	sm->nparts = 1;
	p = sm->parts;
	for (size_t i = 0; i < sm->n; i++) {
		size_t size = url_size(base_len, &sm->entries[i], &day);

		if (count > 0 && (count == sm->max_urls ||
		    bytes + size > sm->max_bytes)) {
			p->end = i;
			if (sm->nparts == room) {
				room *= 2;
				sm->parts = xreallocarray(sm->parts, room,
				    sizeof(*sm->parts));
			}
			p = &sm->parts[sm->nparts++];
			*p = (struct sitemap_part){ .start = i };
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

uint64_t
sitemap_part_hash(struct sitemap *sm, size_t part)
{
	struct sitemap_part *p = &sm->parts[part];
	struct day day = { .start = 1 };

	if (p->hash != 0)
		return p->hash;
	p->hash = hash_add(HASH_INIT, &sm->stylesheet, sizeof(sm->stylesheet));
	for (size_t i = p->start; i < p->end; i++) {
		const struct sitemap_entry *e = &sm->entries[i];

		p->hash = hash_add(p->hash, e->path, e->path_len + 1);
		p->hash = hash_add(p->hash, day_of(&day, e->last_modified),
		    day.len);
	}
	return p->hash;
}

uint64_t
sitemap_index_hash(const struct sitemap *sm)
{
	struct day day = { .start = 1 };
	uint64_t h = hash_add(HASH_INIT, &sm->nparts, sizeof(sm->nparts));

	h = hash_add(h, &sm->stylesheet, sizeof(sm->stylesheet));

	for (size_t p = 0; p < sm->nparts; p++) {
		const struct sitemap_part *part = &sm->parts[p];

		if (part->start < part->end)
			h = hash_add(h, day_of(&day, part->newest), day.len);
		h = hash_add(h, "", 1);
	}
	return h;
}

static void
put_head(const struct sitemap *sm, struct stream *s, const char *root)
{
	stream_add(s, xml_decl, sizeof(xml_decl) - 1);
	if (sm->stylesheet)
		stream_add(s, stylesheet_pi, sizeof(stylesheet_pi) - 1);
	stream_adds(s, root);
}

void
sitemap_render_part(const struct sitemap *sm, size_t part,
    const char *base_url, struct stream *s)
{
	const struct sitemap_part *p = &sm->parts[part];
	struct buf base = BUF_INIT;
	struct day day = { .start = 1 };

	escape_xml(&base, base_url);
	put_head(sm, s, urlset_open);
	for (size_t i = p->start; i < p->end && !s->failed; i++) {
		const struct sitemap_entry *e = &sm->entries[i];
		const char *date = day_of(&day, e->last_modified);

		stream_add(s, URL_OPEN, sizeof(URL_OPEN) - 1);
		stream_add(s, base.data, base.len);
		stream_add(s, e->path, e->path_len);
		stream_add(s, URL_MID, sizeof(URL_MID) - 1);
		stream_add(s, date, day.len);
		stream_add(s, URL_CLOSE, sizeof(URL_CLOSE) - 1);
	}
	stream_add(s, urlset_tail, sizeof(urlset_tail) - 1);
	buf_free(&base);
}

void
sitemap_render_index(const struct sitemap *sm, const char *base_url,
    struct stream *s)
{
	struct buf line = BUF_INIT;
	struct day day = { .start = 1 };

	put_head(sm, s, "<sitemapindex "
	    "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
	for (size_t p = 0; p < sm->nparts; p++) {
		buf_reset(&line);
		buf_adds(&line, "  <sitemap>\n    <loc>");
		escape_xml(&line, base_url);
		buf_printf(&line, "/sitemaps/sitemap-%04zu.xml</loc>\n", p + 1);
		/* An empty part has no entry to date it by. */
		if (sm->parts[p].start < sm->parts[p].end)
			buf_printf(&line, "    <lastmod>%s</lastmod>\n",
			    day_of(&day, sm->parts[p].newest));
		buf_adds(&line, "  </sitemap>\n");
		stream_add(s, line.data, line.len);
	}
	stream_adds(s, "</sitemapindex>\n");
	buf_free(&line);
}

void
sitemap_render(const struct config *cfg, const struct site *site,
    const char *base_url, struct buf *out)
{
	struct output to_buf = { 0, buf_write, out };
	struct sitemap sm;
	struct stream s;

	sitemap_build(cfg, site, &sm);
	sitemap_layout(&sm, base_url);
	stream_open(&s, &to_buf, 0);
	if (sm.nparts == 1)
		sitemap_render_part(&sm, 0, base_url, &s);
	else
		sitemap_render_index(&sm, base_url, &s);
	stream_close(&s);
	sitemap_free(&sm);
}
