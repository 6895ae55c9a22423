/*
 * The content root read as NoPressure's scanner reads it
 * (nop/src/public/page_meta_cache/scan.rs): which file names are
 * sidecars, which blob belongs to one, and which version of a page is
 * served. Where NoPressure would fall back to an older version because the
 * newest cannot even be read, sitemapd leaves the page out: the old
 * version may be a public one of a page just made private.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ascii.h"
#include "content.h"
#include "file.h"
#include "markdown_images.h"
#include "number.h"
#include "report.h"
#include "shared_str.h"
#include "sidecar.h"

/* No sidecar is this large; a file that is was not written by NoPressure. */
#define SIDECAR_MAX	(1024 * 1024)
/* A page's markdown read for its images, at most. */
#define MARKDOWN_MAX	(8 * 1024 * 1024)

struct candidate {
	uint64_t	 id;
	uint32_t	 version;
	time_t		 last_modified;
	int		 canonical;	/* named as NoPressure writes it */
	int		 irregular;	/* not a regular file */
	char		*name;		/* the sidecar's file name */
};

static void	add_page(struct site *, const struct candidate *,
		    struct sidecar *, const struct tagmap *);
static void	read_images(int shardfd, const char *shardpath,
		    struct page *, const struct reporter *);

int
content_shard_of(const char *s)
{
	/* Two lowercase hex digits, as NoPressure's is_shard_dir. */
	if (s[0] == '\0' || s[1] == '\0' || s[2] != '\0' ||
	    (s[0] >= 'A' && s[0] <= 'F') || (s[1] >= 'A' && s[1] <= 'F') ||
	    ascii_hex_value(s[0]) < 0 || ascii_hex_value(s[1]) < 0)
		return -1;
	return ascii_hex_value(s[0]) << 4 | ascii_hex_value(s[1]);
}

/*
 * parse_sidecar_filename: "ID.VERSION.ron", ID as u64::from_str_radix(_, 16)
 * reads it (any case, any length, an optional "+"), VERSION as u32's parse
 * (leading zeros too). The blob is then looked for under its canonical
 * name, whatever the sidecar's is.
 */
int
content_parse_sidecar_name(const char *s, uint64_t *id, uint32_t *version)
{
	size_t n = strlen(s);
	const char *stem_end, *dot, *why;
	uint64_t v;

	if (n < 4 || strcmp(s + n - 4, ".ron") != 0)
		return -1;
	stem_end = s + n - 4;
	if ((dot = memchr(s, '.', (size_t)(stem_end - s))) == NULL ||
	    memchr(dot + 1, '.', (size_t)(stem_end - dot - 1)) != NULL)
		return -1;
	if (number_parse(s, (size_t)(dot - s), 16, NUMBER_LEADING_ZEROS |
	    NUMBER_PLUS, 0, UINT64_MAX, id, &why) == -1 ||
	    number_parse(dot + 1, (size_t)(stem_end - dot - 1), 10,
	    NUMBER_LEADING_ZEROS | NUMBER_PLUS, 0, UINT32_MAX, &v, &why) == -1)
		return -1;
	*version = (uint32_t)v;
	return 0;
}

int
content_page_of_file(const char *name, uint64_t *id)
{
	char sidecar[64], blob[48];
	uint32_t version;
	size_t len = strlen(name);

	/* Hidden, as list_sidecars skips them. */
	if (name[0] == '.')
		return 0;
	if (len >= 4 && strcmp(name + len - 4, ".ron") == 0)
		return content_parse_sidecar_name(name, id, &version) == 0 ?
		    1 : -1;
	/* A blob counts under the one name its sidecars look for. */
	if (len + 5 > sizeof(sidecar))
		return 0;
	snprintf(sidecar, sizeof(sidecar), "%s.ron", name);
	if (content_parse_sidecar_name(sidecar, id, &version) == -1)
		return 0;
	snprintf(blob, sizeof(blob), "%016llx.%u", (unsigned long long)*id,
	    (unsigned)version);
	return strcmp(blob, name) == 0;
}

static void
add_candidate(struct candidate **c, size_t *n, const struct candidate *one)
{
	*c = xgrowarray(*c, *n, sizeof(**c));
	(*c)[(*n)++] = *one;
}

/*
 * Collects the shard's sidecars that have their blob, logging the files
 * that look meant as pages but are not read: a name that does not parse,
 * a page in the wrong shard, a sidecar without its blob.
 */
static int
list_sidecars(int shardfd, unsigned shard, const char *shardpath,
    const struct id_list *only, const struct reporter *rep,
    struct candidate **c, size_t *n)
{
	DIR *dir;
	struct dirent *de;
	int rc = 0;

	if ((dir = fdopendir(shardfd)) == NULL) {
		close(shardfd);
		return -1;
	}
	for (errno = 0; (de = readdir(dir)) != NULL; errno = 0) {
		struct candidate one = { 0 };
		struct stat sst, bst;
		char blob[48];
		size_t len = strlen(de->d_name);
		int named;

		/* Hidden: NoPressure's temporary files and the like. */
		if (de->d_name[0] == '.' || len < 4 ||
		    strcmp(de->d_name + len - 4, ".ron") != 0)
			continue;
		named = content_parse_sidecar_name(de->d_name, &one.id,
		    &one.version) == 0;
		/* Other pages' files: not even looked at, nor logged again. */
		if (only && (!named || !id_list_has(only, one.id)))
			continue;
		if (fstatat(dirfd(dir), de->d_name, &sst,
		    AT_SYMLINK_NOFOLLOW) == -1 || S_ISDIR(sst.st_mode))
			continue;
		if (!named) {
			report(rep, FINDING_PROBLEM, "%s/%s: ignored: not a "
			    "sidecar name (ID.VERSION.ron, ID in hex)",
			    shardpath, de->d_name);
			continue;
		}
		if ((one.id & 0xff) != shard) {
			report(rep, FINDING_PROBLEM, "%s/%s: ignored: page "
			    "%016llx belongs in shard %02x", shardpath,
			    de->d_name, (unsigned long long)one.id,
			    (unsigned)(one.id & 0xff));
			continue;
		}
		snprintf(blob, sizeof(blob), "%016llx.%u",
		    (unsigned long long)one.id, (unsigned)one.version);
		/* Path::exists: a symlinked blob counts if its target does. */
		if (fstatat(dirfd(dir), blob, &bst, 0) == -1) {
			report(rep, FINDING_PROBLEM, "%s/%s: ignored: no blob "
			    "%s beside it", shardpath, de->d_name, blob);
			continue;
		}
		one.irregular = !S_ISREG(sst.st_mode);
		if (one.irregular || fstatat(dirfd(dir), de->d_name, &sst, 0)
		    == -1)
			sst.st_mtime = 0;
		one.last_modified = sst.st_mtime > bst.st_mtime ?
		    sst.st_mtime : bst.st_mtime;
		one.canonical = len == strlen(blob) + 4 &&
		    memcmp(de->d_name, blob, strlen(blob)) == 0;
		one.name = xstrdup(de->d_name);
		add_candidate(c, n, &one);
	}
	if (errno != 0)
		rc = -1;
	closedir(dir);
	return rc;
}

/*
 * Newest version first. Two files for one version (say 2a.1.ron and
 * 000000000000002a.1.ron): NoPressure keeps whichever its directory
 * listing gives first; sitemapd, the canonical name, for an answer that
 * does not change from one scan to the next.
 */
static int
by_id_newest_first(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	if (x->version != y->version)
		return x->version > y->version ? -1 : 1;
	if (x->canonical != y->canonical)
		return x->canonical ? -1 : 1;
	return strcmp(x->name, y->name);
}

static struct page *
new_page(struct site *site, uint64_t id)
{
	site->pages = xgrowarray(site->pages, site->n,
	    sizeof(*site->pages));
	memset(&site->pages[site->n], 0, sizeof(*site->pages));
	site->pages[site->n].id = id;
	return &site->pages[site->n++];
}

static void
add_page(struct site *site, const struct candidate *c, struct sidecar *sc,
    const struct tagmap *tags)
{
	struct page *page = new_page(site, c->id);

	page->version = c->version;
	page->alias = sc->alias ? shared_str_dup(sc->alias) : NULL;
	page->markdown = sc->markdown;
	page->image = sc->image;
	page->access = access_of(tags, sc->tags, sc->ntags);
	page->last_modified = c->last_modified;
	/* The page's list ends in NULL, as most pages have none. */
	if (sc->ntags > 0) {
		page->tags = xreallocarray(sc->tags, sc->ntags + 1,
		    sizeof(*page->tags));
		page->tags[sc->ntags] = NULL;
	} else
		free(sc->tags);
	sc->tags = NULL;
	sc->ntags = 0;
	sidecar_free(sc);
}

/*
 * The version NoPressure serves: the newest whose sidecar parses and
 * validates and whose alias it does not reserve. A version whose sidecar
 * cannot be read at all leaves the page out. One log line per page.
 */
static size_t
pick_version(int shardfd, const char *shardpath, struct candidate *c,
    size_t n, const struct scan_rules *rules, struct site *site)
{
	struct buf text = BUF_INIT, why = BUF_INIT, first = BUF_INIT;
	struct buf gone = BUF_INIT, broken = BUF_INIT;
	const char *cause;
	size_t i, skipped = 0, reserved_only = 1;
	int served = 0;

	for (i = 0; i < n && c[i].id == c[0].id && !served; i++) {
		struct sidecar sc;

		buf_reset(&text);
		buf_reset(&why);
		if (c[i].irregular || file_read(shardfd, c[i].name, O_NOFOLLOW,
		    SIDECAR_MAX, &text, &cause) == -1) {
			buf_printf(&gone, "%s/%s cannot be read: %s", shardpath,
			    c[i].name, c[i].irregular ? "not a regular file" :
			    errno == EFBIG ? "over 1 MiB" : cause);
			break;
		}
		if (sidecar_parse(buf_str(&text), text.len, &sc, &why) == 0) {
			if (sc.alias == NULL ||
			    reserved_match_nopressure(rules->reserved,
			    sc.alias) == NULL) {
				add_page(site, &c[i], &sc, rules->tags);
				if (rules->images)
					read_images(shardfd, shardpath,
					    &site->pages[site->n - 1],
					    rules->report);
				served = 1;
				continue;
			}
			buf_printf(&why, "its alias %s is reserved", sc.alias);
			sidecar_free(&sc);
		} else
			reserved_only = 0;
		if (skipped++ == 0) {
			buf_printf(&first, "%s/%s: skipped: %s", shardpath,
			    c[i].name, buf_str(&why));
			buf_printf(&broken, "broken sidecar (%s: %s)",
			    c[i].name, buf_str(&why));
		}
	}
	if (gone.len > 0) {
		report(rules->report, FINDING_PROBLEM,
		    "page %016llx: left out: %s%s", (unsigned long long)
		    c[0].id, buf_str(&gone), skipped > 0 ? ", after newer "
		    "versions that do not validate" : "");
		buf_reset(&broken);
		buf_printf(&broken, "broken sidecar (%s)", buf_str(&gone));
	} else if (skipped > 1)
		report(rules->report, FINDING_PROBLEM,
		    "%s (and %zu older versions of the page)",
		    buf_str(&first), skipped - 1);
	else if (skipped == 1)
		report(rules->report, FINDING_PROBLEM, "%s", buf_str(&first));
	/* Kept with the reason, for "sitemapd list". */
	if (!served)
		page_notes(new_page(site, c[0].id))->broken = xstrdup(
		    gone.len == 0 && reserved_only ? "reserved path" :
		    buf_str(&broken));
	while (i < n && c[i].id == c[0].id)
		i++;
	buf_free(&text);
	buf_free(&why);
	buf_free(&first);
	buf_free(&gone);
	buf_free(&broken);
	return i;
}

int
content_scan_shard(int contentfd, const char *contentpath, unsigned shard,
    const struct id_list *only, const struct scan_rules *rules,
    struct site *out, struct buf *why)
{
	struct buf shardpath = BUF_INIT;
	struct candidate *c = NULL;
	char name[3];
	size_t n = 0;
	int fd, listfd = -1, rc = -1;

	site_free(out);
	snprintf(name, sizeof(name), "%02x", shard);
	buf_printf(&shardpath, "%s/%s", contentpath, name);
	fd = openat(contentfd, name,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	/* The listing consumes its descriptor; the reads need one too. */
	if (fd != -1)
		listfd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (fd == -1 || listfd == -1 || list_sidecars(listfd, shard,
	    buf_str(&shardpath), only, rules->report, &c, &n) == -1) {
		int saved = errno;

		buf_printf(why, "%s: %s", buf_str(&shardpath), strerror(saved));
		errno = saved;
		goto out;
	}
	if (n > 0)
		qsort(c, n, sizeof(*c), by_id_newest_first);
	for (size_t i = 0; i < n;)
		i += pick_version(fd, buf_str(&shardpath), c + i, n - i, rules,
		    out);
	rc = 0;
out:
	if (fd != -1)
		close(fd);
	for (size_t i = 0; i < n; i++)
		free(c[i].name);
	free(c);
	buf_free(&shardpath);
	return rc;
}

/*
 * The images of a page that may be listed, from its markdown, as
 * NoPressure renders it; a blob that cannot be read gives none, and a
 * log line.
 */
static void
read_images(int shardfd, const char *shardpath, struct page *page,
    const struct reporter *rep)
{
	struct buf text = BUF_INIT, lines = BUF_INIT;
	const char *cause;
	char blob[48];

	if (!page->markdown || page->access != ACCESS_PUBLIC ||
	    page->alias == NULL)
		return;
	snprintf(blob, sizeof(blob), "%016llx.%u",
	    (unsigned long long)page->id, (unsigned)page->version);
	/* NoPressure refuses a blob outside the content directory. */
	if (file_read(shardfd, blob, O_NOFOLLOW, MARKDOWN_MAX, &text,
	    &cause) == -1)
		report(rep, FINDING_PROBLEM, "%s/%s: its images not listed: %s",
		    shardpath, blob, errno == EFBIG ? "over 8 MiB" : cause);
	else if (markdown_images(text.data ? text.data : "", text.len,
	    page->alias, &lines) > 0)
		page->extensions = shared_str_dup(buf_str(&lines));
	buf_free(&text);
	buf_free(&lines);
}
