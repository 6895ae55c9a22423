/*
 * sitemapd export DIR: for a static host, the files sitemapd would serve,
 * written into DIR as a GET of each would get them: every part the
 * sitemap names, the sitemap and the index, the stylesheet, IndexNow's
 * key file and robots.txt. The tree is read once, so every file is of one version.
 * Each file is replaced whole, by a temporary file renamed over it, and
 * only when its bytes change; parts go before the sitemap that names
 * them, robots.txt that names the sitemap last. The parts an export
 * wrote that are no more are removed; nothing else in DIR is touched
 * (exported.h says what it keeps there, and why).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "config.h"
#include "export.h"
#include "exported.h"
#include "file.h"
#include "indexnow.h"
#include "report.h"
#include "request.h"
#include "usage.h"

/* An exported file is at most what a sitemap may be (50 MB) and more. */
#define EXPORT_FILE_MAX		(64 * 1024 * 1024)

struct exporter {
	const struct config *cfg;
	int		 dirfd;
	const char	*dir;
	const char	*host;
	int		 https;
	struct page_cache cache;
	struct buf	 written;	/* the paths written, a line each */
};

static const char *only_host(const struct host_policy *);
static int	keep_site_robots(struct exporter *);
static int	ask(struct exporter *, const char *path, struct buf *body);
static int	put(struct exporter *, const char *path, const char *data,
		    size_t len);
static int	put_parts(struct exporter *, const char *index);
static int	put_asked(struct exporter *, const char *path);
static const char *file_of(const struct exporter *, const char *path);
static int	remove_gone(struct exporter *);
static int	listed(const char *lines, const char *line);
static int	same_bytes(int dirfd, const char *rel, const char *data,
		    size_t len);
static int	make_folders(int dirfd, const char *rel);

int
export_site(const struct config *cfg, const char *dir, const char *host,
    int https)
{
	struct exporter ex = { .cfg = cfg, .dirfd = -1, .dir = dir,
	    .host = host, .https = https };
	struct buf sitemap = BUF_INIT, robots = BUF_INIT, key = BUF_INIT;
	struct buf path = BUF_INIT;
	const char *under = cfg->docroot.url_path ? cfg->docroot.url_path :
	    "";
	int rc = EXIT_FAILURE;

	if (ex.host == NULL && (ex.host = only_host(&cfg->hosts)) == NULL)
		return usage_error("export: which host? Give --host HOST, or "
		    "name the one host in allowed_hosts of %s", cfg->file);
	if ((ex.dirfd = open(dir, O_RDONLY | O_DIRECTORY)) == -1) {
		fprintf(stderr, "sitemapd: %s: %s\n", dir, strerror(errno));
		return EXIT_FAILURE;
	}
	if ((mkdirat(ex.dirfd, EXPORTED_STATE, 0755) == -1 &&
	    errno != EEXIST) || keep_site_robots(&ex) == -1) {
		fprintf(stderr, "sitemapd: %s/%s: %s\n", dir, EXPORTED_STATE,
		    strerror(errno));
		close(ex.dirfd);
		return EXIT_FAILURE;
	}
	/* One read of the tree for every file: one version of the site. */
	cache_init(&ex.cache, 0, &report_to_log);
	ex.cache.read_once = 1;
	buf_printf(&path, "/%ssitemap.xml", under);
	if (ask(&ex, buf_str(&path), &sitemap) == -1 ||
	    put_parts(&ex, buf_str(&sitemap)) == -1 ||
	    put(&ex, buf_str(&path), sitemap.data, sitemap.len) == -1)
		goto out;
	/* Always an index, live: where a crawler looks by convention. */
	buf_reset(&path);
	buf_printf(&path, "/%ssitemap_index.xml", under);
	if (put_asked(&ex, buf_str(&path)) == -1)
		goto out;
	buf_reset(&path);
	buf_printf(&path, "/%ssitemap.css", under);
	if (cfg->stylesheet && put_asked(&ex, buf_str(&path)) == -1)
		goto out;
	if (cfg->indexnow.key != NULL) {
		/* Under the site's URL path too, as request.c routes it. */
		indexnow_key_path(cfg->indexnow.key, &key);
		buf_reset(&path);
		buf_printf(&path, "/%s%s", under, buf_str(&key) + 1);
		if (put_asked(&ex, buf_str(&path)) == -1)
			goto out;
	}
	/* robots.txt is the host's: a site under a path has none to write. */
	if (cfg->docroot.url_path == NULL) {
		buf_adds(&robots, EXPORTED_ROBOTS_MARK);
		if (ask(&ex, "/robots.txt", &robots) == -1 ||
		    put(&ex, "/robots.txt", robots.data, robots.len) == -1)
			goto out;
	} else
		fprintf(stderr, "sitemapd: robots.txt not written: the site "
		    "is under /%s, and robots.txt is the host's\n",
		    cfg->docroot.url_path);
	if (remove_gone(&ex) == 0 && (same_bytes(ex.dirfd, EXPORTED_WRITTEN,
	    ex.written.data, ex.written.len) || file_replace(ex.dirfd,
	    EXPORTED_WRITTEN, ex.written.data, ex.written.len) == 0))
		rc = EXIT_SUCCESS;
	else
		fprintf(stderr, "sitemapd: %s/%s: %s\n", dir, EXPORTED_WRITTEN,
		    strerror(errno));
out:
	cache_free(&ex.cache);
	close(ex.dirfd);
	buf_free(&sitemap);
	buf_free(&robots);
	buf_free(&key);
	buf_free(&path);
	buf_free(&ex.written);
	return rc;
}

/* The host allowed_hosts names, when it names exactly one, or NULL. */
static const char *
only_host(const struct host_policy *p)
{
	if (p->nallowed != 1 || strncmp(p->allowed[0], "*.", 2) == 0)
		return NULL;
	return p->allowed[0];
}

/*
 * DIR's robots.txt, unless an export wrote it, is the site's own (its
 * generator's, or the owner's): kept where the document root reads the
 * site's rules from once an export has replaced it; none, none kept.
 */
static int
keep_site_robots(struct exporter *ex)
{
	struct buf own = BUF_INIT;
	const char *why;
	int rc = 0;

	/* Through a symlink, as the document root reads it. */
	if (file_read(ex->dirfd, "robots.txt", 0, EXPORT_FILE_MAX, &own,
	    &why) == -1) {
		if (errno == ENOENT && unlinkat(ex->dirfd,
		    EXPORTED_SITE_ROBOTS, 0) == -1 && errno != ENOENT)
			rc = -1;
	} else if (strncmp(buf_str(&own), EXPORTED_ROBOTS_MARK,
	    strlen(EXPORTED_ROBOTS_MARK)) != 0)
		rc = file_replace(ex->dirfd, EXPORTED_SITE_ROBOTS, own.data,
		    own.len);
	buf_free(&own);
	return rc;
}

/* The body of a GET of path, appended to body; -1 when it is no 200. */
static int
ask(struct exporter *ex, const char *path, struct buf *body)
{
	struct request req = { .method = "GET", .request_uri = path,
	    .http_host = ex->host, .https = ex->https ? "on" : NULL,
	    .must_answer = 1 };
	struct output out = { .write = buf_write, .ctx = body };
	int status = request_handle(ex->cfg, &ex->cache, &req, &out);

	if (status == 200)
		return 0;
	fprintf(stderr, "sitemapd: %s: status %d; nothing written\n", path,
	    status);
	return -1;
}

static int
put_asked(struct exporter *ex, const char *path)
{
	struct buf body = BUF_INIT;
	int rc = ask(ex, path, &body) == -1 ? -1 :
	    put(ex, path, body.data, body.len);

	buf_free(&body);
	return rc;
}

/* Each part a sitemap index names, at its path under the site's URL. */
static int
put_parts(struct exporter *ex, const char *index)
{
	struct buf base = BUF_INIT;
	const char *at = index;
	int rc = 0;

	if (strstr(index, "<sitemapindex") == NULL)
		return 0;
	buf_printf(&base, "%s://%s", ex->https ? "https" : "http", ex->host);
	while (rc == 0 && (at = strstr(at, "<loc>")) != NULL) {
		const char *url = at + strlen("<loc>");
		size_t len = strcspn(url, "<");
		char *path;

		at = url + len;
		if (len <= base.len || strncmp(url, buf_str(&base), base.len)
		    != 0 || url[base.len] != '/') {
			fprintf(stderr, "sitemapd: a part not on %s: %.*s\n",
			    buf_str(&base), (int)len, url);
			rc = -1;
			break;
		}
		path = xstrndup(url + base.len, len - base.len);
		rc = put_asked(ex, path);
		free(path);
	}
	buf_free(&base);
	return rc;
}

/* The file of a URL path: under DIR, as the site's URL path is. */
static const char *
file_of(const struct exporter *ex, const char *path)
{
	const char *under = ex->cfg->docroot.url_path;

	path++;
	if (under != NULL && strncmp(path, under, strlen(under)) == 0)
		path += strlen(under);
	return path;
}

/* Writes the body of path into its file, and notes it written. */
static int
put(struct exporter *ex, const char *path, const char *data, size_t len)
{
	const char *rel = file_of(ex, path);

	/* Only what sitemapd's own routes name: never out of DIR. */
	if (*rel == '\0' || *rel == '.' || strstr(rel, "/.") != NULL) {
		fprintf(stderr, "sitemapd: %s: no file to write it in\n",
		    path);
		return -1;
	}
	if (make_folders(ex->dirfd, rel) == -1 ||
	    (!same_bytes(ex->dirfd, rel, data, len) &&
	    file_replace(ex->dirfd, rel, data, len) == -1)) {
		fprintf(stderr, "sitemapd: %s/%s: %s\n", ex->dir, rel,
		    strerror(errno));
		return -1;
	}
	buf_printf(&ex->written, "%s\n", rel);
	return 0;
}

/*
 * The files the last export wrote that this one did not: parts of a
 * sitemap that has fewer now, a key changed. Only regular files.
 */
static int
remove_gone(struct exporter *ex)
{
	struct buf last = BUF_INIT;
	const char *why;
	char *line, *next;
	struct stat st;

	if (file_read(ex->dirfd, EXPORTED_WRITTEN, O_NOFOLLOW,
	    EXPORT_FILE_MAX, &last, &why) == -1) {
		buf_free(&last);
		return errno == ENOENT ? 0 : -1;
	}
	for (line = last.data; line != NULL && *line; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (*line == '\0' || *line == '.' || strstr(line, "/.") ||
		    listed(buf_str(&ex->written), line))
			continue;
		if (fstatat(ex->dirfd, line, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(st.st_mode) && unlinkat(ex->dirfd, line, 0) == 0)
			fprintf(stderr, "sitemapd: %s/%s: removed, as the "
			    "sitemap names it no more\n", ex->dir, line);
	}
	buf_free(&last);
	return 0;
}

/* Whether line is one of lines, each ended by "\n". */
static int
listed(const char *lines, const char *line)
{
	size_t n = strlen(line);

	for (const char *at = lines; (at = strstr(at, line)) != NULL; at++)
		if ((at == lines || at[-1] == '\n') && at[n] == '\n')
			return 1;
	return 0;
}

/* rel's bytes are data's already: left as they are, its date too. */
static int
same_bytes(int dirfd, const char *rel, const char *data, size_t len)
{
	struct buf now = BUF_INIT;
	const char *why;
	int same = file_read(dirfd, rel, O_NOFOLLOW, len + 1, &now, &why) ==
	    0 && now.len == len && memcmp(now.data, data, len) == 0;

	buf_free(&now);
	return same;
}

/* The folders of rel, made where missing ("sitemaps/" of the parts). */
static int
make_folders(int dirfd, const char *rel)
{
	char *path = xstrdup(rel);
	int rc = 0;

	for (char *slash = strchr(path, '/'); slash != NULL && rc == 0;
	    slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdirat(dirfd, path, 0777) == -1 && errno != EEXIST)
			rc = -1;
		*slash = '/';
	}
	free(path);
	return rc;
}
