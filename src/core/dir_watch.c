/* inotify on the directories along a few paths, and when to trust it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "buf.h"
#include "dir_watch.h"

/*
 * What can change what a path names, in each directory on the way; in
 * the last, also what its file holds. Not the writes to other files in a
 * directory on the way, such as /tmp, which would be mostly noise.
 */
#define WAY_EVENTS	(IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | \
			 IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
#define LAST_EVENTS	(WAY_EVENTS | IN_CLOSE_WRITE | IN_MODIFY)

static int	watch_prefix(struct dir_watch *, const char *, int last);
static size_t	last_slash(const struct buf *);

void
dir_watch_add(struct dir_watch *w, int fd, const char *path)
{
	struct buf abs = BUF_INIT, prefix = BUF_INIT;
	char cwd[4096];

	if (w->n == 0)
		w->trusted = 1;
	w->fd = fd;
	if (path[0] != '/') {
		if (getcwd(cwd, sizeof(cwd)) == NULL) {
			w->trusted = 0;
			return;
		}
		buf_printf(&abs, "%s/", cwd);
	}
	buf_adds(&abs, path);
	/* "/", each directory on the way, then the path itself. */
	for (size_t end = 0; end <= abs.len; end++) {
		if (end < abs.len && abs.data[end] != '/')
			continue;
		buf_reset(&prefix);
		if (end == 0)
			buf_addc(&prefix, '/');
		else
			buf_add(&prefix, abs.data, end);
		if (watch_prefix(w, buf_str(&prefix),
		    end == abs.len || end == last_slash(&abs)) == -1)
			break;
	}
	buf_free(&abs);
	buf_free(&prefix);
}

int
dir_watch_has(const struct dir_watch *w, int wd)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->wds[i] == wd)
			return 1;
	return 0;
}

void
dir_watch_clear(struct dir_watch *w)
{
	/* A directory several paths share has one wd: removed once. */
	for (size_t i = 0; i < w->n; i++)
		if (w->fd != -1)
			inotify_rm_watch(w->fd, w->wds[i]);
	free(w->wds);
	w->wds = NULL;
	w->n = 0;
	w->trusted = 0;
}

const char *
dir_watch_shared_fs(const char *path)
{
	static const struct {
		unsigned long	 magic;
		const char	*name;
	} shared[] = {
		{ 0x6969, "NFS" }, { 0x517b, "SMB" }, { 0xff534d42, "CIFS" },
		{ 0xfe534d42, "SMB2" }, { 0x65735546, "FUSE" },
		{ 0x00c36400, "CephFS" }, { 0x01021997, "9p" },
		{ 0x5346414f, "AFS" }, { 0x6b414653, "AFS" },
		{ 0x0bd00bd0, "Lustre" }, { 0x47504653, "GPFS" },
		{ 0x73757245, "Coda" }, { 0x7461636f, "OCFS2" },
		{ 0x01161970, "GFS2" }, { 0x20030528, "OrangeFS" },
		{ 0x564c, "NCP" },
	};
	struct statfs sf;

	if (statfs(path, &sf) == -1)
		return NULL;
	for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++)
		if ((unsigned long)sf.f_type == shared[i].magic)
			return shared[i].name;
	return NULL;
}

/*
 * One step of a path: a directory is watched (for its files' writes too
 * when last, the one that holds the file); a symlink, a shared
 * filesystem or an error leaves the watch untrusted. -1 when the path
 * goes no further: what follows does not exist yet, and the events of
 * this last directory tell when it does.
 */
static int
watch_prefix(struct dir_watch *w, const char *p, int last)
{
	struct stat st;
	int wd;

	if (lstat(p, &st) == -1) {
		if (errno != ENOENT)
			w->trusted = 0;
		return -1;
	}
	if (S_ISLNK(st.st_mode) || dir_watch_shared_fs(p) != NULL) {
		w->trusted = 0;
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		return 0;
	/* Added to what another path asks of the same directory. */
	if ((wd = inotify_add_watch(w->fd, p, (last ? LAST_EVENTS :
	    WAY_EVENTS) | IN_MASK_ADD)) == -1) {
		w->trusted = 0;
		return 0;
	}
	if (!dir_watch_has(w, wd)) {
		w->wds = xreallocarray(w->wds, w->n + 1, sizeof(*w->wds));
		w->wds[w->n++] = wd;
	}
	return 0;
}

/* Where the directory that holds the last name ends. */
static size_t
last_slash(const struct buf *path)
{
	const char *slash = strrchr(path->data, '/');

	return slash == path->data ? 0 : (size_t)(slash - path->data);
}
