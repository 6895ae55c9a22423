/*
 * Directories listed ahead of a walk (lister.h). The walk takes them in
 * the order it added them; the listers take the next not yet begun, never
 * more than LISTED_AHEAD ahead of it, so that what waits is bounded.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "lister.h"

enum { WAITING, LISTING, LISTED };

struct ahead {
	char		*rel;
	int		 state;
	struct dir_listing l;
};

struct lister {
	pthread_mutex_t	 mu;
	pthread_cond_t	 work, done;
	char		*root;
	struct ahead	*v;
	size_t		 n;
	size_t		 taken;		/* by the walk: before it, freed */
	size_t		 next;		/* to be begun */
	int		 stop;
	pthread_t	 threads[LISTERS];
	int		 nthreads;
};

static void	*listing_thread(void *);
static void	list_one(struct lister *, size_t i);

void
dir_list_fd(int fd, struct dir_listing *out)
{
	struct dirent *de;
	DIR *d;

	*out = (struct dir_listing){ 0 };
	if (fstat(fd, &out->st) == -1 || (d = fdopendir(fd)) == NULL) {
		out->err = errno;
		close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		struct dir_entry *e;

		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		out->v = xgrowarray(out->v, out->n, sizeof(*out->v));
		e = &out->v[out->n++];
		e->name = xstrdup(de->d_name);
		if (fstatat(dirfd(d), de->d_name, &e->st,
		    AT_SYMLINK_NOFOLLOW) == -1)
			e->st.st_mode = 0;
	}
	closedir(d);
}

void
dir_listing_free(struct dir_listing *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
	*l = (struct dir_listing){ 0 };
}

struct lister *
lister_start(const char *root)
{
	struct lister *p = xcalloc(1, sizeof(*p));

	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	p->root = xstrdup(root);
	/* Fewer, even none, only make it slower: the walk lists the rest. */
	while (p->nthreads < LISTERS && pthread_create(
	    &p->threads[p->nthreads], NULL, listing_thread, p) == 0)
		p->nthreads++;
	return p;
}

void
lister_add(struct lister *p, const char *rel)
{
	pthread_mutex_lock(&p->mu);
	p->v = xgrowarray(p->v, p->n, sizeof(*p->v));
	p->v[p->n++] = (struct ahead){ xstrdup(rel), WAITING, { 0 } };
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

void
lister_next(struct lister *p, struct dir_listing *out)
{
	size_t i;

	pthread_mutex_lock(&p->mu);
	i = p->taken;
	/*
	 * The walk lists a folder itself only with no lister: its own work
	 * on the pages is what the listers keep ahead of.
	 */
	if (p->nthreads == 0 && p->v[i].state == WAITING) {
		p->next = i + 1;
		p->v[i].state = LISTING;
		pthread_mutex_unlock(&p->mu);
		list_one(p, i);
		pthread_mutex_lock(&p->mu);
	}
	while (p->v[i].state != LISTED)
		pthread_cond_wait(&p->done, &p->mu);
	*out = p->v[i].l;
	free(p->v[i].rel);
	p->v[i].rel = NULL;
	p->taken++;
	/* One more may be begun. */
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

void
lister_stop(struct lister *p)
{
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	for (int t = 0; t < p->nthreads; t++)
		pthread_join(p->threads[t], NULL);
	for (size_t i = p->taken; i < p->n; i++) {
		free(p->v[i].rel);
		dir_listing_free(&p->v[i].l);
	}
	free(p->v);
	free(p->root);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->mu);
	free(p);
}

static void *
listing_thread(void *arg)
{
	struct lister *p = arg;

	pthread_mutex_lock(&p->mu);
	while (!p->stop) {
		size_t i = p->next;

		if (i < p->n && i < p->taken + LISTED_AHEAD) {
			p->next = i + 1;
			p->v[i].state = LISTING;
			pthread_mutex_unlock(&p->mu);
			list_one(p, i);
			pthread_mutex_lock(&p->mu);
			continue;
		}
		pthread_cond_wait(&p->work, &p->mu);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/*
 * Lists directory i, begun (LISTING) by the caller: its name is read
 * under the lock, for the array may move as the walk adds to it.
 */
static void
list_one(struct lister *p, size_t i)
{
	struct dir_listing l;
	struct buf path = BUF_INIT;
	int fd;

	pthread_mutex_lock(&p->mu);
	buf_adds(&path, p->root);
	if (*p->v[i].rel)
		buf_printf(&path, "/%s", p->v[i].rel);
	pthread_mutex_unlock(&p->mu);
	if ((fd = open(buf_str(&path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) ==
	    -1)
		l = (struct dir_listing){ .err = errno };
	else
		dir_list_fd(fd, &l);
	buf_free(&path);
	pthread_mutex_lock(&p->mu);
	p->v[i].l = l;
	p->v[i].state = LISTED;
	pthread_cond_broadcast(&p->done);
	pthread_mutex_unlock(&p->mu);
}
