/* inotify on the directories along a few paths, and when to trust it. */
#include <errno.h>
#include <stdio.h>
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
 * the one that holds the last name, also what its file holds.
 */
#define WAY_EVENTS	(IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | \
			 IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
#define LAST_EVENTS	(WAY_EVENTS | IN_CLOSE_WRITE | IN_MODIFY)

static int	watch_step(struct dir_watch *, const char *dir, const char *name,
		    int last);
static int	untrusted_end(const char *);

void
dir_watch_add(struct dir_watch *w, int fd, const char *path)
{
	struct buf abs = BUF_INIT, dir = BUF_INIT, name = BUF_INIT;
	char cwd[4096];
	size_t last, next;

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
	last = (size_t)(strrchr(abs.data, '/') - abs.data);
	/* "/", then each directory on the way, with the name it leads to. */
	for (size_t end = 0; end <= last; end = next) {
		next = end + 1;
		while (next < abs.len && abs.data[next] != '/')
			next++;
		buf_reset(&dir);
		buf_reset(&name);
		if (end == 0)
			buf_addc(&dir, '/');
		else
			buf_add(&dir, abs.data, end);
		buf_add(&name, abs.data + end + 1, next - end - 1);
		if (name.len == 0)
			continue;	/* "//" */
		if (watch_step(w, buf_str(&dir), buf_str(&name),
		    end == last) == -1)
			break;
	}
	if (untrusted_end(buf_str(&abs)))
		w->trusted = 0;
	buf_free(&abs);
	buf_free(&dir);
	buf_free(&name);
}

int
dir_watch_has(const struct dir_watch *w, int wd)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->steps[i].wd == wd)
			return 1;
	return 0;
}

int
dir_watch_matters(const struct dir_watch *w, const struct inotify_event *e)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->steps[i].wd == e->wd && (e->len == 0 ||
		    strcmp(e->name, w->steps[i].name) == 0))
			return 1;
	return 0;
}

void
dir_watch_clear(struct dir_watch *w)
{
	for (size_t i = 0; i < w->n; i++) {
		/* A directory several paths share has one wd: removed once. */
		int first = 1;

		for (size_t j = 0; j < i; j++)
			if (w->steps[j].wd == w->steps[i].wd)
				first = 0;
		if (first && w->fd != -1)
			inotify_rm_watch(w->fd, w->steps[i].wd);
		free(w->steps[i].name);
	}
	free(w->steps);
	w->steps = NULL;
	w->n = 0;
	w->trusted = 0;
}

long
dir_watch_limit(void)
{
	static const char *const files[] = {
		"/proc/sys/fs/inotify/max_user_watches",
		"/proc/sys/user/max_inotify_watches",
	};
	long limit = -1, n;
	FILE *f;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if ((f = fopen(files[i], "r")) == NULL)
			continue;
		if (fscanf(f, "%ld", &n) == 1 && n >= 0 &&
		    (limit == -1 || n < limit))
			limit = n;
		fclose(f);
	}
	return limit;
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
 * One directory on the way to a path, and the name in it that leads on:
 * a symlink, a shared filesystem or an error leaves the watch untrusted.
 * -1 when the path goes no further: what follows does not exist yet, and
 * the events of this directory tell when it does.
 */
static int
watch_step(struct dir_watch *w, const char *dir, const char *name, int last)
{
	struct stat st;
	int wd;

	if (lstat(dir, &st) == -1) {
		if (errno != ENOENT)
			w->trusted = 0;
		return -1;
	}
	if (S_ISLNK(st.st_mode) || dir_watch_shared_fs(dir) != NULL) {
		w->trusted = 0;
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		return -1;
	/* Added to what another path asks of the same directory. */
	if ((wd = inotify_add_watch(w->fd, dir, (last ? LAST_EVENTS :
	    WAY_EVENTS) | IN_MASK_ADD)) == -1) {
		w->trusted = 0;
		return 0;
	}
	w->steps = xreallocarray(w->steps, w->n + 1, sizeof(*w->steps));
	w->steps[w->n].wd = wd;
	w->steps[w->n++].name = xstrdup(name);
	return 0;
}

/* The path itself a symlink, or on a shared filesystem: events miss. */
static int
untrusted_end(const char *path)
{
	struct stat st;

	if (lstat(path, &st) == -1)
		return errno != ENOENT;
	return S_ISLNK(st.st_mode) || dir_watch_shared_fs(path) != NULL;
}
