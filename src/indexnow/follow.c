/*
 * The IndexNow process. It looks every POLL_S seconds; a change waits
 * [indexnow] delay seconds for others to join it, then the pass submits
 * what the state says was not submitted. What the endpoint could not take
 * is tried again after what it asked, or after a wait that doubles.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "follow.h"
#include "log.h"
#include "submit.h"

#define POLL_S		2
#define RETRY_FIRST_S	5
#define RETRY_MAX_S	3600

static volatile sig_atomic_t reread;

static int	follow(const char *);
static void	on_hup(int);

pid_t
indexnow_start(const char *file)
{
	pid_t parent = getpid(), pid;
	int null;

	if ((pid = fork()) != 0)
		return pid;
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) == -1 || getppid() != parent)
		_exit(0);
	/* Standard input is the server's listening socket: not ours. */
	if ((null = open("/dev/null", O_RDONLY | O_CLOEXEC)) != -1) {
		dup2(null, 0);
		close(null);
	}
	signal(SIGHUP, on_hup);
	_exit(follow(file) == 0 ? 0 : 1);
}

static int
follow(const char *file)
{
	struct config_watch watch;
	struct indexnow_state *st = NULL;
	struct indexnow_set listed;
	struct indexnow_outcome out;
	struct page_cache cache;
	struct buf why = BUF_INIT;
	uint64_t seen = 0;
	time_t since = 1, retry_at = 0;	/* the first look submits at once */
	long wait = 0;

	if (config_watch_open(&watch, file, &why) == -1) {
		log_msg("IndexNow: %s", buf_str(&why));
		buf_free(&why);
		return -1;
	}
	config_watch_follow(&watch);
	cache_init(&cache, 1, NULL);
	for (;; log_limited_flush(&indexnow_said), sleep(POLL_S)) {
		const struct config *cfg;
		time_t now = time(NULL);
		uint64_t d;

		if (reread) {
			reread = 0;
			config_watch_expire(&watch);
			cache_forget(&cache);
		}
		cfg = config_watch_get(&watch);
		buf_reset(&why);
		if (cfg->indexnow.key == NULL ||
		    indexnow_digest(&cache, cfg, &d, &why) == -1)
			continue;
		if (d != seen && since == 0)
			since = now;
		seen = d;
		if (since == 0 || now < since + cfg->indexnow.delay ||
		    now < retry_at || indexnow_listed(&cache, cfg, &listed,
		    &why) == -1)
			continue;
		if (st == NULL)
			st = indexnow_state_open(cfg->indexnow.state, &why);
		if (st == NULL || indexnow_pass(st, cfg, &listed, 1, &out,
		    &why) == -1) {
			log_msg("IndexNow: state %s: %s; tried again later",
			    cfg->indexnow.state, buf_str(&why));
			indexnow_state_close(st);
			st = NULL;
			out.pending = 1;
			out.wait = 0;
		}
		indexnow_set_free(&listed);
		if (out.pending == 0) {
			since = 0;
			wait = 0;
			continue;
		}
		wait = wait == 0 ? RETRY_FIRST_S : wait * 2 > RETRY_MAX_S ?
		    RETRY_MAX_S : wait * 2;
		retry_at = now + (out.wait > wait ? out.wait : wait);
	}
}

static void
on_hup(int sig)
{
	(void)sig;
	reread = 1;
}
