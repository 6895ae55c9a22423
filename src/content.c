#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content.h"
#include "file.h"
#include "log.h"
#include "sidecar.h"

/* No sidecar is this large; a file that is was not written by NoPressure. */
#define SIDECAR_MAX	(1024 * 1024)

struct candidate {
	uint64_t	id;
	uint32_t	version;
	time_t		last_modified;
	char		name[48];	/* the sidecar's file name */
};

static int
hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int
content_shard_of(const char *s)
{
	if (hex_digit(s[0]) < 0 || hex_digit(s[1]) < 0 || s[2] != '\0')
		return -1;
	return hex_digit(s[0]) << 4 | hex_digit(s[1]);
}

int
content_names_page_file(const char *s)
{
	for (size_t i = 0; i < 16; i++)
		if (hex_digit(s[i]) < 0)
			return 0;
	return s[16] == '.';
}

/*
 * Parses "<16 hex>.<version>.ron" exactly as NoPressure writes it: lowercase
 * hex, a decimal u32 without leading zeros. Anything else, temp files
 * included, is not a sidecar.
 */
static int
parse_sidecar_name(const char *s, uint64_t *id, uint32_t *version)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < 16; i++) {
		int d = hex_digit(s[i]);

		if (d < 0)
			return -1;
		*id = *id << 4 | (uint64_t)d;
	}
	if (s[i++] != '.' || s[i] < '0' || s[i] > '9' ||
	    (s[i] == '0' && s[i + 1] != '.'))
		return -1;
	for (; s[i] >= '0' && s[i] <= '9'; i++) {
		v = v * 10 + (uint64_t)(s[i] - '0');
		if (v > UINT32_MAX)
			return -1;
	}
	if (strcmp(s + i, ".ron") != 0)
		return -1;
	*version = (uint32_t)v;
	return 0;
}

static int
regular_file(int dirfd, const char *name, struct stat *st)
{
	return fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISREG(st->st_mode);
}

/* Collects the sidecars of one shard that have their blob beside them. */
static int
list_sidecars(int shardfd, unsigned shard, const char *shardpath,
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
		struct stat sst, bst;
		uint64_t id = 0;
		uint32_t version;
		char blob[48];
		size_t len = strlen(de->d_name);

		if (len >= sizeof(blob) ||
		    parse_sidecar_name(de->d_name, &id, &version) == -1 ||
		    (id & 0xff) != shard)
			continue;
		if (!regular_file(dirfd(dir), de->d_name, &sst))
			continue;
		memcpy(blob, de->d_name, len - 4);
		blob[len - 4] = '\0';
		if (!regular_file(dirfd(dir), blob, &bst)) {
			log_msg("%s/%s: skipped: no blob beside the sidecar",
			    shardpath, de->d_name);
			continue;
		}
		*c = xreallocarray(*c, *n + 1, sizeof(**c));
		(*c)[*n].id = id;
		(*c)[*n].version = version;
		(*c)[*n].last_modified = sst.st_mtime > bst.st_mtime ?
		    sst.st_mtime : bst.st_mtime;
		memcpy((*c)[*n].name, de->d_name, len + 1);
		(*n)++;
	}
	if (errno != 0)
		rc = -1;
	closedir(dir);
	return rc;
}

static int
by_id_newest_first(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->version > y->version ? -1 : x->version < y->version;
}

/*
 * Reads versions newest first until one passes every check. The versions
 * skipped make one log line: a page with thousands of broken versions
 * must not make thousands per request.
 */
static size_t
pick_version(int shardfd, const char *shardpath, struct candidate *c,
    size_t n, const struct tagmap *tags, struct site *site)
{
	struct buf text = BUF_INIT, why = BUF_INIT, first = BUF_INIT;
	const char *cause;
	size_t i, skipped = 0;

	for (i = 0; i < n && c[i].id == c[0].id; i++) {
		struct sidecar sc;

		buf_reset(&text);
		buf_reset(&why);
		if (file_read(shardfd, c[i].name, O_NOFOLLOW, SIDECAR_MAX,
		    &text, &cause) == -1)
			buf_adds(&why, cause);
		else if (sidecar_parse(buf_str(&text), text.len, &sc, &why)
		    == 0) {
			site->pages = xreallocarray(site->pages, site->n + 1,
			    sizeof(*site->pages));
			site->pages[site->n++] = (struct page){
				.id = c[i].id,
				.version = c[i].version,
				.alias = sc.alias,
				.markdown = sc.markdown,
				.access = access_of(tags, sc.tags, sc.ntags),
				.last_modified = c[i].last_modified,
			};
			sc.alias = NULL;
			sidecar_free(&sc);
			break;
		}
		if (skipped++ == 0)
			buf_printf(&first, "%s/%s: skipped: %s", shardpath,
			    c[i].name, buf_str(&why));
	}
	if (skipped > 1)
		log_msg("%s (and %zu older versions of the page)",
		    buf_str(&first), skipped - 1);
	else if (skipped == 1)
		log_msg("%s", buf_str(&first));
	while (i < n && c[i].id == c[0].id)
		i++;
	buf_free(&text);
	buf_free(&why);
	buf_free(&first);
	return i;
}

static int
by_alias_then_id(const void *a, const void *b)
{
	const struct page *x = *(struct page *const *)a;
	const struct page *y = *(struct page *const *)b;
	int c = strcmp(x->alias, y->alias);

	if (c != 0)
		return c;
	return x->id < y->id ? -1 : x->id > y->id;
}

void
site_drop_alias_collisions(struct site *site)
{
	struct page **byalias = xcalloc(site->n, sizeof(*byalias));
	char *dropped = xcalloc(site->n, 1);
	size_t n = 0, kept = 0;

	for (size_t i = 0; i < site->n; i++)
		if (site->pages[i].alias)
			byalias[n++] = &site->pages[i];
	qsort(byalias, n, sizeof(*byalias), by_alias_then_id);
	for (size_t i = 1, owner = 0; i < n; i++) {
		if (strcmp(byalias[i]->alias, byalias[owner]->alias) != 0) {
			owner = i;
			continue;
		}
		log_msg("page %016llx: left out: alias \"%s\" belongs to "
		    "page %016llx", (unsigned long long)byalias[i]->id,
		    byalias[i]->alias, (unsigned long long)byalias[owner]->id);
		dropped[byalias[i] - site->pages] = 1;
	}
	for (size_t i = 0; i < site->n; i++)
		if (!dropped[i])
			site->pages[kept++] = site->pages[i];
	site->n = kept;
	free(byalias);
	free(dropped);
}

int
content_scan_shard(int contentfd, const char *contentpath, unsigned shard,
    const struct tagmap *tags, struct site *out, struct buf *why)
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
	    buf_str(&shardpath), &c, &n) == -1) {
		int saved = errno;

		buf_printf(why, "%s: %s", buf_str(&shardpath), strerror(saved));
		errno = saved;
		goto out;
	}
	if (n > 0)
		qsort(c, n, sizeof(*c), by_id_newest_first);
	for (size_t i = 0; i < n;)
		i += pick_version(fd, buf_str(&shardpath), c + i, n - i, tags,
		    out);
	rc = 0;
out:
	if (fd != -1)
		close(fd);
	free(c);
	buf_free(&shardpath);
	return rc;
}

void
site_free(struct site *site)
{
	for (size_t i = 0; i < site->n; i++)
		free(site->pages[i].alias);
	free(site->pages);
	site->pages = NULL;
	site->n = 0;
}
