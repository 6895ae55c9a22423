/*
 * A configuration that follows its file, and the root's own file that it
 * reads, while the process runs: inotify on their folders where it can be
 * trusted, their states compared where it cannot.
 */
#include <errno.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "config.h"
#include "config_module.h"
#include "filestate.h"
#include "log.h"

/*
 * The file of the root the configuration reads, as its source declares
 * it (NoPressure's config.yaml, a document root's robots.txt). Appends
 * its path; 0 when there is none.
 */
static int
root_file(const struct config *cfg, struct buf *path)
{
	for (const struct config_module *const *m = config_modules; *m; m++)
		if ((*m)->root_file && (*m)->source == (int)cfg->source &&
		    cfg->root != NULL) {
			buf_printf(path, "%s/%s", cfg->root, (*m)->root_file);
			return 1;
		}
	return 0;
}

/* Its state, so that a change there reloads the configuration. */
static void
stat_root_file(const struct config *cfg, struct stat *st)
{
	struct buf path = BUF_INIT;

	memset(st, 0, sizeof(*st));
	if (root_file(cfg, &path) && stat(buf_str(&path), st) == -1)
		memset(st, 0, sizeof(*st));
	buf_free(&path);
}

int
config_watch_open(struct config_watch *w, const char *file, struct buf *err)
{
	memset(w, 0, sizeof(*w));
	w->paths.fd = -1;
	if (stat(file, &w->st) == -1) {
		buf_printf(err, "%s: %s", file, strerror(errno));
		return -1;
	}
	if (config_load(file, &w->cfg, err) == -1)
		return -1;
	stat_root_file(&w->cfg, &w->root_file_st);
	return 0;
}

void
config_watch_follow(struct config_watch *w)
{
	w->paths.fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	w->look = 1;
}

/*
 * True when an event that matters came, or events may have been lost.
 * One read: in a busy directory events may come as fast as they are
 * read, and what is left waits for the next request.
 */
static int
events_came(struct config_watch *w)
{
	char events[16 * 1024]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t n = read(w->paths.fd, events, sizeof(events));
	const struct inotify_event *e;

	if (n == -1)
		return errno != EAGAIN;
	for (char *p = events; p < events + n; p += sizeof(*e) + e->len) {
		e = (const struct inotify_event *)p;
		if ((e->mask & IN_Q_OVERFLOW) || dir_watch_matters(&w->paths, e))
			return 1;
	}
	return 0;
}

/* The watches made again, before the states are taken. */
static void
watch_again(struct config_watch *w)
{
	struct buf path = BUF_INIT;

	dir_watch_clear(&w->paths);
	dir_watch_add(&w->paths, w->paths.fd, w->cfg.file);
	if (root_file(&w->cfg, &path))
		dir_watch_add(&w->paths, w->paths.fd, buf_str(&path));
	buf_free(&path);
}

const struct config *
config_watch_get(struct config_watch *w)
{
	struct buf err = BUF_INIT;
	struct config fresh;
	struct stat st, root_file_st;

	if (w->paths.fd != -1) {
		if (w->paths.trusted && !w->look && !events_came(w))
			return &w->cfg;
		w->look = 0;
		watch_again(w);
	}
	stat_root_file(&w->cfg, &root_file_st);
	if (stat(w->cfg.file, &st) == -1 || (same_file_state(&st, &w->st) &&
	    same_file_state(&root_file_st, &w->root_file_st)))
		return &w->cfg;
	w->st = st;
	w->root_file_st = root_file_st;
	if (config_load(w->cfg.file, &fresh, &err) == -1) {
		log_msg("%s; keeping the previous configuration", buf_str(&err));
		buf_free(&err);
		return &w->cfg;
	}
	config_free(&w->cfg);
	w->cfg = fresh;
	w->look = 1;	/* the root, and so its file, may be another */
	return &w->cfg;
}

void
config_watch_expire(struct config_watch *w)
{
	memset(&w->st, 0, sizeof(w->st));
	w->look = 1;
}

void
config_watch_close(struct config_watch *w)
{
	dir_watch_clear(&w->paths);
	if (w->paths.fd != -1)
		close(w->paths.fd);
	config_free(&w->cfg);
}
