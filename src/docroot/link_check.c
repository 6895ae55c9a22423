/*
 * How a site's pages link each other (link_check.h): each link of a
 * sample of listed pages resolved as a browser resolves it, then named
 * as the page it leads to is listed, or as another setting would list it.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "file.h"
#include "hash.h"
#include "head.h"
#include "id_map.h"
#include "link_check.h"
#include "links.h"
#include "sitemap.h"
#include "docroot_source.h"

/* The links read, by what lists the page each names. */
struct tally {
	const struct config *cfg;
	const struct id_map *listed;	/* decoded URL paths of listed pages */
	const char	*path;		/* the page's, encoded */
	size_t		 as_listed;
	size_t		 otherwise[SPELL_UNDER];
	char		*example[SPELL_UNDER];	/* a link, and its page */
};

static void	on_link(void *, const char *);
static int	is_listed(const struct tally *, const char *);
static int	other(struct tally *, int, const char *, size_t,
		    const char *);

void
docroot_check_links(const struct config *cfg, const struct page_cache *cache,
    const struct page **pages, size_t n, const struct reporter *rep)
{
	const struct listing rules = config_listing(cfg);
	struct id_map listed = { 0 };
	struct tally t = { .cfg = cfg, .listed = &listed };
	struct buf path = BUF_INIT, file = BUF_INIT, full = BUF_INIT;
	size_t read = 0, best = 0;
	int k = -1;

	for (size_t i = 0; i < n; i++) {
		if (pages[i]->alias == NULL || page_unlisted(pages[i]) != NULL)
			continue;
		buf_reset(&path);
		sitemap_page_path(&rules, pages[i], &path);
		id_map_put(&listed, hash_add(HASH_INIT, path.data, path.len),
		    i);
	}
	for (size_t i = 0; i < n && read < LINK_CHECK_PAGES; i++) {
		const char *cannot;
		struct stat st;
		char *base;
		int fd;

		if (pages[i]->alias == NULL || page_unlisted(pages[i]) != NULL)
			continue;
		buf_reset(&file);
		cache_file_of(cache, pages[i], &file);
		buf_reset(&full);
		buf_printf(&full, "%s/%s", cfg->root, buf_str(&file));
		if ((fd = file_open_regular(AT_FDCWD, buf_str(&full), 0, &st,
		    &cannot)) == -1)
			continue;
		buf_reset(&path);
		sitemap_url_path(&rules, pages[i], &path);
		t.path = buf_str(&path);
		if (page_links(fd, LINK_CHECK_LINKS, on_link, &t, &base) == 0)
			read++;
		free(base);
		close(fd);
	}
	for (int s = 0; s < SPELL_UNDER; s++)
		if (t.otherwise[s] > best) {
			best = t.otherwise[s];
			k = s;
		}
	/* Most links, and more than a stray few. */
	if (k >= 0 && best >= 3 && best > t.as_listed)
		report(rep, FINDING_PROBLEM, "%s: of the site's own links "
		    "between its pages, %zu name them as %s would list them "
		    "(%s), %zu as listed: a site without canonicals means its "
		    "pages at the URLs it links; set it, and serve the site "
		    "with what sitemapd recipe prints for it", cfg->root, best,
		    docroot_spelling_fix[k], t.example[k], t.as_listed);
	for (int s = 0; s < SPELL_UNDER; s++)
		free(t.example[s]);
	id_map_free(&listed);
	buf_free(&path);
	buf_free(&file);
	buf_free(&full);
}

/*
 * A link of the page at t->path: where it leads, and whether it names a
 * listed page as listed, or as the other clean_urls or trailing_slash
 * would list it.
 */
static void
on_link(void *arg, const char *href)
{
	struct tally *t = arg;
	const struct docroot_rules *d = &t->cfg->docroot;
	struct buf to = BUF_INIT;
	const char *p;
	size_t n;
	int found;

	if (head_target(href, t->path, &t->cfg->hosts, &to) != HEAD_PATH) {
		buf_free(&to);
		return;
	}
	p = buf_str(&to);
	n = to.len;
	if ((found = is_listed(t, p)))
		t->as_listed++;
	if (!found && !d->clean_urls)
		found = other(t, SPELL_CLEAN, p, n, ".html");
	if (!found && d->clean_urls && n > 5 && strcmp(p + n - 5, ".html") == 0)
		found = other(t, SPELL_NOT_CLEAN, p, n - 5, "");
	if (!found && d->trailing_slash && n > 1 && p[n - 1] != '/')
		found = other(t, SPELL_NO_SLASH, p, n, "/");
	if (!found && !d->trailing_slash && n > 1 && p[n - 1] == '/')
		(void)other(t, SPELL_SLASH, p, n - 1, "");
	buf_free(&to);
}

/*
 * Whether the page at the first n bytes of path, then add, is listed: the
 * link to path names it as setting k would list it. Counted, the first
 * kept as an example.
 */
static int
other(struct tally *t, int k, const char *path, size_t n, const char *add)
{
	struct buf listed = BUF_INIT;
	int is;

	buf_add(&listed, path, n);
	buf_adds(&listed, add);
	if ((is = is_listed(t, buf_str(&listed))) &&
	    t->otherwise[k]++ == 0) {
		struct buf ex = BUF_INIT;

		buf_printf(&ex, "such as a link to %s, listed at %s", path,
		    buf_str(&listed));
		t->example[k] = ex.data;
	}
	buf_free(&listed);
	return is;
}

/* Whether path is a listed page's, decoded. */
static int
is_listed(const struct tally *t, const char *path)
{
	size_t at;

	return id_map_get(t->listed, hash_add(HASH_INIT, path, strlen(path)),
	    &at);
}

