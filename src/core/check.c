/* "sitemapd check": what keeps a page out of the sitemap, or a crawler away. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_crawlers.h"
#include "cache.h"
#include "hash.h"
#include "id_map.h"
#include "check.h"
#include "content_root.h"
#include "config_module.h"
#include "protocol_limits.h"
#include "report.h"
#include "robots_writer.h"
#include "search_crawlers.h"
#include "sitemap.h"

/* Closer than this to a hard limit is worth a line. */
#define NEAR(limit)	((limit) / 10 * 8)

/* Findings of a kind past this many are said in one line... */
#define SAID_APART_MAX	10
/* ... with this many of them named. */
#define SAID_APART	3

struct said {
	enum finding	 kind;
	const char	*kind_of;
	char		*line;
};

struct tally {
	FILE		*out;
	int		 problems;
	struct said	*v;
	size_t		 n;
};

static void	print_findings(struct tally *);
static void	check_most_left_out(const struct reporter *,
		    const struct listing *, const struct sitemap *);
static void	reason_kind(struct buf *);
static void	describe_left_out(const struct page_cache *,
		    const struct listing *, const struct sitemap_left_out *,
		    struct buf *);

/* Keeps each finding, to print in order; counts the problems. */
static void
hear(void *ctx, enum finding kind, const char *kind_of, const char *line)
{
	struct tally *t = ctx;

	t->v = xgrowarray(t->v, t->n, sizeof(*t->v));
	t->v[t->n++] = (struct said){ kind, kind_of, xstrdup(line) };
	t->problems += kind == FINDING_PROBLEM;
}

/* What scanning and building the sitemap would log, and what it leaves out. */
static void
check_content(const struct reporter *rep, const struct config *cfg,
    struct sitemap **sm, struct page_cache *cache)
{
	const struct listing rules = config_listing(cfg);
	struct buf why = BUF_INIT, line = BUF_INIT;
	time_t changed;

	cache_init(cache, 0, rep);
	cache->afresh = 1;
	if ((*sm = cache_sitemap(cache, cfg, &changed, &why)) == NULL) {
		buf_reset(&line);
		if (content_root_check(cfg, &line) != CONTENT_ROOT_OK)
			report(rep, FINDING_PROBLEM, "%s", buf_str(&line));
		else
			report(rep, FINDING_PROBLEM, "cannot read the content "
			    "root: %s", buf_str(&why));
		buf_free(&line);
		buf_free(&why);
		return;
	}
	for (size_t i = 0; i < (*sm)->nleft_out; i++) {
		enum left_out_reason reason = (*sm)->left_out[i].reason;

		/* Exclusion by tag is a switch per page: nothing to say. */
		if (reason == LEFT_OUT_EXCLUDED)
			continue;
		buf_reset(&line);
		describe_left_out(cache, &rules, &(*sm)->left_out[i], &line);
		report(rep, sitemap_left_out_finding(reason), "%s",
		    buf_str(&line));
	}
	check_most_left_out(rep, &rules, *sm);
	if ((*sm)->n == 0)
		report(rep, FINDING_PROBLEM, "the sitemap lists no page: %s",
		    (*sm)->nleft_out > 0 ? "each is left out, as said here" :
		    cfg->source == SOURCE_DOCROOT ? "the root holds no file "
		    "[docroot] extensions names" : "the root holds no page");
	buf_free(&line);
	buf_free(&why);
}

/*
 * One reason that leaves out most of the pages is most likely a setting
 * that disagrees with the site, not the owner's wish: a problem, named.
 * What the owner asked for (an exclude, a tag) does not count.
 */
static void
check_most_left_out(const struct reporter *rep, const struct listing *rules,
    const struct sitemap *sm)
{
	struct buf reason = BUF_INIT, most = BUF_INIT, first = BUF_INIT;
	size_t total = sm->n + sm->nleft_out, top = 0;
	struct id_map counts = { NULL, 0, 0 };

	for (size_t i = 0; i < sm->nleft_out; i++) {
		const struct sitemap_left_out *l = &sm->left_out[i];
		size_t n = 0;
		uint64_t key;

		buf_reset(&reason);
		sitemap_left_out_reason(rules, l, &reason);
		if (l->reason == LEFT_OUT_EXCLUDED || strncmp(buf_str(&reason),
		    EXCLUDED_BY, strlen(EXCLUDED_BY)) == 0)
			continue;
		reason_kind(&reason);
		key = hash_add(HASH_INIT, reason.data, reason.len);
		id_map_get(&counts, key, &n);
		id_map_put(&counts, key, ++n);
		if (n > top) {
			top = n;
			buf_reset(&most);
			buf_adds(&most, buf_str(&reason));
		}
	}
	/* The first of them by path, as left_out is sorted. */
	for (size_t i = 0; i < sm->nleft_out && first.len == 0; i++) {
		buf_reset(&reason);
		sitemap_left_out_reason(rules, &sm->left_out[i], &reason);
		reason_kind(&reason);
		if (strcmp(buf_str(&reason), buf_str(&most)) == 0)
			buf_adds(&first, sm->left_out[i].path);
	}
	if (top >= 2 && top * 2 > total)
		report(rep, FINDING_PROBLEM, "%zu of the site's %zu pages are "
		    "left out for one reason, \"%s\" (%s is one): most likely "
		    "a setting that disagrees with the site", top, total,
		    buf_str(&most), buf_str(&first));
	id_map_free(&counts);
	buf_free(&reason);
	buf_free(&most);
	buf_free(&first);
}

/*
 * A page left out, as its owner knows it: by its file where the source
 * names one (a document root's), else by its id; then why.
 */
static void
describe_left_out(const struct page_cache *cache, const struct listing *rules,
    const struct sitemap_left_out *l, struct buf *out)
{
	const struct page page = { .id = l->id };
	size_t start = out->len;

	cache_file_of(cache, &page, out);
	if (out->len == start) {
		sitemap_describe_left_out(rules, l, out);
		return;
	}
	buf_printf(out, " (%s): left out: ", l->path);
	sitemap_left_out_reason(rules, l, out);
}

/* A reason as its kind: the words before the first path, URL or value. */
static void
reason_kind(struct buf *reason)
{
	const char *s = buf_str(reason), *cut = s;

	for (const char *w = s; *w; ) {
		size_t n = strcspn(w, " ");

		if (memchr(w, '/', n) || memchr(w, ':', n) || *w == '(' ||
		    *w == '"')
			break;
		cut = w + n;
		w += n + (w[n] == ' ');
	}
	reason->len = (size_t)(cut - s);
	reason->data[reason->len] = '\0';
}

void
check_robots_allows(const struct reporter *rep, const struct config *cfg,
    const char *path, const char *what)
{
	struct buf rule = BUF_INIT;
	const char *agent = robots_blocker(&cfg->robots, path);

	if (agent == NULL)
		return;
	robots_explain(&cfg->robots, path, &rule);
	/* robots_explain names a reader's group: "*" is said here. */
	report(rep, FINDING_PROBLEM, "robots.txt: %s blocks %s%s",
	    buf_str(&rule), what, strcmp(agent, "*") == 0 ? " for \"*\"" : "");
	buf_free(&rule);
}

static void
check_limits(const struct reporter *rep, const struct config *cfg,
    struct sitemap *sm)
{
	struct buf text = BUF_INIT, base = BUF_INIT;

	/* The longest host a request may bring moves every limit nearer. */
	buf_adds(&base, "https://");
	while (base.len < BASE_URL_MAX - sizeof(":65535") + 1)
		buf_addc(&base, 'h');
	buf_adds(&base, ":65535");
	robots_render(&cfg->robots, buf_str(&base), &text);
	if (text.len > NEAR(ROBOTS_MAX_BYTES))
		report(rep, FINDING_PROBLEM, "robots.txt: %zu bytes, near the "
		    "%d crawlers read", text.len, ROBOTS_MAX_BYTES);
	if (sm != NULL) {
		sitemap_layout(sm, buf_str(&base));
		if (sm->nparts > NEAR(SITEMAP_INDEX_MAX))
			report(rep, FINDING_PROBLEM, "sitemap: %zu parts, %s "
			    "the %d one index may list; raise [sitemap] "
			    "max_urls or max_bytes",
			    sm->nparts, sm->nparts > SITEMAP_INDEX_MAX ?
			    "more than" : "near", SITEMAP_INDEX_MAX);
	}
	buf_free(&text);
	buf_free(&base);
}

/*
 * Which classes of AI crawlers robots.txt turns away, whom, and which of
 * them their operators say may not read it: "sitemapd ai-block" is for
 * those.
 */
static void
check_ai_classes(const struct reporter *rep, const struct config *cfg)
{
	struct ai_crawlers list = { .n = 0 };
	struct buf why = BUF_INIT, names = BUF_INIT, deaf = BUF_INIT;
	struct buf source = BUF_INIT, engines = BUF_INIT, unnamed = BUF_INIT;

	ai_crawlers_describe(cfg->ai_crawlers, &source);
	for (int c = 0; c < AI_CLASSES; c++) {
		if (cfg->ai[c] == AI_UNSAID)
			continue;
		if (cfg->ai[c] == AI_ALLOWED) {
			report(rep, FINDING_NOTE, "[robots] ai_%s = allow: "
			    "robots.txt says nothing more to them",
			    ai_class_names[c]);
			continue;
		}
		if (list.v == NULL && ai_crawlers_load(cfg->ai_crawlers,
		    &list, &why) == -1)
			break;	/* the INI was refused for it */
		buf_reset(&names);
		buf_reset(&deaf);
		for (size_t i = 0; i < list.n; i++) {
			if (!AI_CRAWLER_IN(&list.v[i], c))
				continue;
			if (!(list.v[i].flags & AI_UA_ONLY))
				buf_printf(&names, "%s%s", names.len ? ", " :
				    "", list.v[i].token);
			if (search_crawler_named(list.v[i].token,
			    strlen(list.v[i].token)) != NULL)
				buf_printf(&engines, "%s%s", engines.len ?
				    ", " : "", list.v[i].token);
			if (list.v[i].flags & AI_MAY_IGNORE_ROBOTS)
				buf_printf(&deaf, "%s%s", deaf.len ? ", " : "",
				    list.v[i].token);
		}
		report(rep, FINDING_NOTE, "[robots] ai_%s = disallow: "
		    "\"Disallow: /\" for %s (%s)", ai_class_names[c],
		    names.len ? buf_str(&names) : "no crawler",
		    buf_str(&source));
		if (deaf.len)
			report(rep, FINDING_NOTE, "[robots] ai_%s = disallow: "
			    "their operators say %s may not apply robots.txt; "
			    "sitemapd ai-block prints a web server rule that "
			    "refuses them", ai_class_names[c], buf_str(&deaf));
	}
	/* Only with ai_search_engines = disallow: refused otherwise. */
	if (engines.len > 0)
		report(rep, FINDING_NOTE, "[robots] ai_search_engines = "
		    "disallow: robots.txt disallows %s, a search engine's "
		    "crawler, everything: the site leaves that search",
		    buf_str(&engines));
	for (size_t i = 0; i < list.n; i++)
		if ((list.v[i].flags & AI_UA_ONLY) &&
		    ai_crawler_refused(cfg, &list.v[i]))
			buf_printf(&unnamed, "%s%s", unnamed.len ? ", " : "",
			    list.v[i].token);
	if (unnamed.len > 0)
		report(rep, FINDING_NOTE, "[robots] ai crawlers whose names "
		    "are no product token (RFC 9309), so robots.txt cannot "
		    "name them: %s; sitemapd ai-block prints a web server rule "
		    "that refuses them", buf_str(&unnamed));
	if (list.nskipped > 0) {
		buf_reset(&names);
		for (size_t i = 0; i < list.nskipped && i < 3; i++)
			buf_printf(&names, "%s%s", i ? ", " : "",
			    list.skipped[i]);
		report(rep, FINDING_NOTE, "[robots] ai_crawlers: %zu names of "
		    "the list are no name a User-Agent carries, skipped: %s%s",
		    list.nskipped, buf_str(&names), list.nskipped > 3 ?
		    " and more" : "");
	}
	ai_crawlers_free(&list);
	buf_free(&why);
	buf_free(&names);
	buf_free(&deaf);
	buf_free(&source);
	buf_free(&engines);
	buf_free(&unnamed);
}

/* A group that may fetch nothing states no preference: whose, and why. */
static void
check_silenced_groups(const struct reporter *rep, const struct config *cfg)
{
	struct buf names = BUF_INIT;

	for (size_t g = 0; g < cfg->robots.ngroups; g++)
		if (cfg->robots.groups[g].silenced)
			buf_printf(&names, "%s%s", names.len ? ", " : "",
			    cfg->robots.groups[g].agent ?
			    cfg->robots.groups[g].agent : "*");
	if (names.len)
		report(rep, FINDING_NOTE, "[robots] no Content-Signal or "
		    "Content-Usage for %s: their groups disallow every path, "
		    "and no preference applies to a path a crawler may not "
		    "fetch", buf_str(&names));
	buf_free(&names);
}

/*
 * Lighthouse's robots.txt audit fails on a directive it does not know:
 * as run, 12.8 reports Content-Signal and License so, 13.5 License, and
 * both Content-Usage. Each line robots.txt carries of them is said.
 */
static void
check_usage_lines(const struct reporter *rep, const struct config *cfg)
{
	static const struct {
		const char	*line, *key, *flagged, *instead;
	} lines[] = {
		{ "Content-Usage:", "content_usage", "12 and 13 report",
		    "; [robots] preferences_in = header sends the preferences "
		    "as a Content-Usage header instead (sitemapd ai-headers "
		    "prints the web server's rule)" },
		{ "Content-Signal:", "content_signal", "12 reports", "" },
		{ "License:", "license", "12 and 13 report", "" },
	};
	struct buf text = BUF_INIT, line = BUF_INIT;

	robots_render(&cfg->robots, "http://localhost", &text);
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		buf_reset(&line);
		buf_printf(&line, "\n%s", lines[i].line);
		if (strstr(buf_str(&text), buf_str(&line)) == NULL &&
		    strncmp(buf_str(&text), lines[i].line,
		    strlen(lines[i].line)) != 0)
			continue;
		report(rep, FINDING_NOTE, "[robots] %s: Lighthouse %s "
		    "its %s line in robots.txt as an unknown directive, which "
		    "fails its robots.txt audit and costs the SEO score%s",
		    lines[i].key, lines[i].flagged, lines[i].line,
		    lines[i].instead);
	}
	buf_free(&text);
	buf_free(&line);
}

int
check_site(const struct config *cfg, FILE *out)
{
	struct tally tally = { out, 0, NULL, 0 };
	const struct reporter rep = { hear, &tally };
	struct page_cache cache;
	struct sitemap *sm;

	/* First, as it changes what every answer says. */
	if (!cfg->indexable)
		fprintf(out, "note: [site] indexable = no: the site asks not "
		    "to be indexed: robots.txt disallows every crawler "
		    "everything and names no sitemap, the sitemaps answer "
		    "404, every answer says X-Robots-Tag: noindex, IndexNow "
		    "submits nothing; the pages below are what it would "
		    "list\n");
	for (const struct config_module *const *m = config_modules; *m; m++)
		if ((*m)->check && config_module_applies(*m, cfg))
			(*m)->check(cfg, &rep);
	check_ai_classes(&rep, cfg);
	check_silenced_groups(&rep, cfg);
	check_usage_lines(&rep, cfg);
	check_robots_allows(&rep, cfg, "/sitemap.xml", "the sitemap itself");
	check_content(&rep, cfg, &sm, &cache);
	for (const struct config_module *const *m = config_modules; *m; m++)
		if ((*m)->check_pages && config_module_applies(*m, cfg))
			(*m)->check_pages(cfg, sm != NULL ? &cache : NULL,
			    &rep);
	if (sm != NULL)
		sitemap_report_alternates(sm, &rep);
	if (sm != NULL && sm->nparts > 1) {
		check_robots_allows(&rep, cfg, "/sitemap_index.xml",
		    "the sitemap index");
		check_robots_allows(&rep, cfg, "/sitemaps/sitemap-0001.xml",
		    "the sitemap parts");
	}
	check_limits(&rep, cfg, sm);
	cache_free(&cache);
	print_findings(&tally);
	return tally.problems;
}

static int
by_kind_and_line(const void *a, const void *b)
{
	const struct said *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind == FINDING_PROBLEM ? -1 : 1;
	return strcmp(x->line, y->line);
}

/*
 * What a finding of kind_of says, its values left out: the text of the
 * format, its conversions as "...", the file it starts with dropped.
 * NULL for a format that is all values.
 */
static char *
kind_text(const char *fmt)
{
	struct buf out = BUF_INIT;
	int literal = 0;

	if (strncmp(fmt, "%s/%s: ", 7) == 0)
		fmt += 7;
	else if (strncmp(fmt, "%s: ", 4) == 0)
		fmt += 4;
	while (*fmt) {
		if (*fmt == '%' && fmt[1] == '%') {
			buf_addc(&out, '%');
			fmt += 2;
		} else if (*fmt == '%') {
			fmt += 1 + strspn(fmt + 1, "0123456789.-+ #*lhzj");
			if (*fmt)
				fmt++;
			buf_adds(&out, "...");
		} else {
			literal |= *fmt != ' ' && *fmt != ':';
			buf_addc(&out, *fmt++);
		}
	}
	if (!literal) {
		buf_free(&out);
		return NULL;
	}
	return out.data;
}

/*
 * Problems first, then notes, each in the order of their text, so that
 * an unchanged site gets the same lines; a kind of finding that many
 * pages have is one line, with the count and the first few of them.
 */
static void
print_findings(struct tally *t)
{
	struct kind {
		enum finding	 kind;
		const char	*kind_of;
		size_t		 n;
		int		 said;
	} *kinds = NULL;
	size_t nkinds = 0;

	if (t->n > 1)
		qsort(t->v, t->n, sizeof(*t->v), by_kind_and_line);
	for (size_t i = 0; i < t->n; i++) {
		size_t k = 0;

		while (k < nkinds && !(kinds[k].kind == t->v[i].kind &&
		    kinds[k].kind_of == t->v[i].kind_of))
			k++;
		if (k == nkinds) {
			kinds = xgrowarray(kinds, nkinds, sizeof(*kinds));
			kinds[nkinds++] = (struct kind){ t->v[i].kind,
			    t->v[i].kind_of, 0, 0 };
		}
		kinds[k].n++;
	}
	for (size_t i = 0; i < t->n; i++) {
		const struct said *f = &t->v[i];
		const char *mark = f->kind == FINDING_NOTE ? "note: " : "";
		struct kind *k = kinds;
		char *text;

		while (!(k->kind == f->kind && k->kind_of == f->kind_of))
			k++;
		if (k->said)
			continue;
		if (k->n <= SAID_APART_MAX ||
		    (text = kind_text(f->kind_of)) == NULL) {
			fprintf(t->out, "%s%s\n", mark, f->line);
			continue;
		}
		fprintf(t->out, "%s%zu like this: %s: ", mark, k->n, text);
		for (size_t j = i, shown = 0; shown < SAID_APART; j++)
			if (t->v[j].kind == f->kind &&
			    t->v[j].kind_of == f->kind_of)
				fprintf(t->out, "%s%.*s", shown++ ? ", " : "",
				    (int)strcspn(t->v[j].line, ":"),
				    t->v[j].line);
		fprintf(t->out, " and %zu more\n", k->n - SAID_APART);
		k->said = 1;
		free(text);
	}
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].line);
	free(t->v);
	free(kinds);
}
