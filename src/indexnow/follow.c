/*
 * The IndexNow process. It looks every POLL_S seconds; a change waits
 * [indexnow] delay seconds for others to join it, then the pass submits
 * what the state says was not submitted. What the endpoint could not take
 * is tried again after what it asked, or after a wait that doubles, both
 * counted from the end of the failed pass (a hang lasts 30 s).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "follow.h"
#include "log.h"
#include "submit.h"

#define POLL_S		2
#define RETRY_FIRST_S	5
#define RETRY_MAX_S	3600
#define RESTART_FIRST_MS	1000
#define RESTART_MAX_MS		(5 * 60 * 1000)
#define LIVED_LONG_MS		(60 * 1000)	/* its death is news */

static volatile sig_atomic_t reread;

static int	follow(const char *);
static void	own_signals(void);
static long	again_in(const struct indexnow_outcome *, long *);
static void	on_hup(int);
static void	died(struct indexnow_keeper *, int status, long long now_ms);

pid_t
indexnow_start(const char *file)
{
	pid_t parent = getpid(), pid;
	int null;

	if ((pid = fork()) != 0)
		return pid;
	own_signals();
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) == -1 || getppid() != parent)
		_exit(0);
	prctl(PR_SET_NAME, "sitemapd-idxnow");	/* for ps and pgrep */
	/* Standard input is the server's listening socket: not ours. */
	if ((null = open("/dev/null", O_RDONLY | O_CLOEXEC)) != -1) {
		dup2(null, 0);
		close(null);
	}
	_exit(follow(file) == 0 ? 0 : 1);
}

void
indexnow_keeper_start(struct indexnow_keeper *k, const char *file,
    long long now_ms)
{
	k->file = file;
	k->pid = -1;
	k->backoff_ms = 0;
	k->again_ms = now_ms;
	(void)indexnow_keeper_tend(k, now_ms);
}

long long
indexnow_keeper_tend(void *arg, long long now_ms)
{
	struct indexnow_keeper *k = arg;
	int status;

	if (k->pid > 0) {
		if (waitpid(k->pid, &status, WNOHANG) != k->pid)
			return 0;
		died(k, status, now_ms);
	}
	if (now_ms < k->again_ms)
		return k->again_ms;
	if ((k->pid = indexnow_start(k->file)) == -1) {
		log_at(LOG_ERR, "IndexNow: cannot start its process: %s",
		    strerror(errno));
		died(k, -1, now_ms);
		return k->again_ms;
	}
	k->started_ms = now_ms;
	return 0;
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
		/* A staging copy tells no engine; once indexable, it does. */
		if (cfg->indexnow.key == NULL || !cfg->indexable ||
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
		retry_at = time(NULL) + again_in(&out, &wait);
	}
}

/*
 * Seconds from the end of a pass that left URLs pending to the next: what
 * the endpoint's Retry-After asked, else a wait that doubles each time.
 * One line a pass, seconds apart at least: no flood to hold back.
 */
static long
again_in(const struct indexnow_outcome *out, long *wait)
{
	if (out->wait > 0) {
		log_at(LOG_WARNING, "IndexNow: tried again in %ld s, as its "
		    "Retry-After asks", out->wait);
		return out->wait;
	}
	*wait = *wait == 0 ? RETRY_FIRST_S : *wait * 2 > RETRY_MAX_S ?
	    RETRY_MAX_S : *wait * 2;
	log_at(LOG_WARNING, "IndexNow: tried again in %ld s", *wait);
	return *wait;
}

/*
 * The server's handlers came with fork: libfcgi's SIGTERM handler only
 * sets a flag this process never reads, so the SIGTERM its parent's death
 * sends (and a launcher's, or systemd's to the whole unit) was ignored.
 * A launcher may also have left signals blocked or ignored.
 */
static void
own_signals(void)
{
	static const int to_default[] = { SIGTERM, SIGINT, SIGQUIT, SIGUSR1,
	    SIGUSR2, SIGALRM, SIGCHLD };
	struct sigaction sa = { .sa_handler = SIG_DFL };
	sigset_t none;

	for (size_t i = 0; i < sizeof(to_default) / sizeof(*to_default); i++)
		sigaction(to_default[i], &sa, NULL);
	sa.sa_handler = on_hup;
	sigaction(SIGHUP, &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* A death (status -1: it could not start), and when to start the next. */
static void
died(struct indexnow_keeper *k, int status, long long now_ms)
{
	if (k->backoff_ms == 0 || now_ms - k->started_ms >= LIVED_LONG_MS)
		k->backoff_ms = RESTART_FIRST_MS;
	else if ((k->backoff_ms *= 2) > RESTART_MAX_MS)
		k->backoff_ms = RESTART_MAX_MS;
	k->again_ms = now_ms + k->backoff_ms;
	if (status == -1)
		return;
	if (WIFSIGNALED(status))
		log_at(LOG_ERR, "IndexNow: its process %d was killed by signal "
		    "%d; started again in %lld s", (int)k->pid,
		    WTERMSIG(status), k->backoff_ms / 1000);
	else
		log_at(LOG_ERR, "IndexNow: its process %d exited with %d; "
		    "started again in %lld s", (int)k->pid,
		    WEXITSTATUS(status), k->backoff_ms / 1000);
	k->pid = -1;
}

static void
on_hup(int sig)
{
	(void)sig;
	reread = 1;
}
