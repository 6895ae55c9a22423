/*
 * Image files hashed and kept by their state (image_sums.h): libdeflate's
 * CRC-32 and Adler-32 side by side, at memory speed, under one lock.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libdeflate.h>

#include "buf.h"
#include "file.h"
#include "hash.h"
#include "id_map.h"
#include "image_sums.h"

/* So many files kept at most: then forgotten, all at once. */
#define KEPT_MAX	(1024 * 1024)

struct image_sum {
	dev_t		 dev;
	ino_t		 ino;
	off_t		 size;
	struct timespec	 mtime;
	uint64_t	 sum;
};

struct image_sums {
	pthread_mutex_t	 lock;
	struct image_sum *v;
	size_t		 n;
	struct id_map	 at;		/* by key_of */
};

static uint64_t	key_of(const struct stat *);
static int	same_state(const struct image_sum *, const struct stat *);
static uint64_t	sum_of(int fd, off_t size);

struct image_sums *
image_sums_new(void)
{
	struct image_sums *s = xcalloc(1, sizeof(*s));

	pthread_mutex_init(&s->lock, NULL);
	return s;
}

void
image_sums_free(struct image_sums *s)
{
	if (s == NULL)
		return;
	pthread_mutex_destroy(&s->lock);
	free(s->v);
	id_map_free(&s->at);
	free(s);
}

uint64_t
image_sums_of(struct image_sums *s, const char *path, const struct stat *was)
{
	struct stat st;
	const char *cannot;
	uint64_t sum = 0;
	size_t at;
	int fd;

	/* Its state, known: no open for one it has, most of the time. */
	if (!S_ISREG(was->st_mode))
		return 0;
	pthread_mutex_lock(&s->lock);
	if (id_map_get(&s->at, key_of(was), &at) &&
	    same_state(&s->v[at], was))
		sum = s->v[at].sum;
	pthread_mutex_unlock(&s->lock);
	if (sum != 0)
		return sum;
	if ((fd = file_open_regular(AT_FDCWD, path, 0, &st, &cannot)) == -1)
		return 0;
	sum = sum_of(fd, st.st_size);
	close(fd);
	if (sum == 0)
		return 0;
	pthread_mutex_lock(&s->lock);
	if (s->n == KEPT_MAX) {
		s->n = 0;
		id_map_free(&s->at);
	}
	if (!id_map_get(&s->at, key_of(&st), &at)) {
		s->v = xgrowarray(s->v, s->n, sizeof(*s->v));
		at = s->n++;
		id_map_put(&s->at, key_of(&st), at);
	}
	s->v[at] = (struct image_sum){ st.st_dev, st.st_ino, st.st_size,
	    st.st_mtim, sum };
	pthread_mutex_unlock(&s->lock);
	return sum;
}

static uint64_t
key_of(const struct stat *st)
{
	uint64_t key = hash_add(HASH_INIT, &st->st_dev, sizeof(st->st_dev));

	return hash_add(key, &st->st_ino, sizeof(st->st_ino));
}

static int
same_state(const struct image_sum *k, const struct stat *st)
{
	return k->dev == st->st_dev && k->ino == st->st_ino &&
	    k->size == st->st_size && k->mtime.tv_sec == st->st_mtim.tv_sec &&
	    k->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

/* Its bytes, to IMAGE_SUMS_READ_MAX, and its size: 0 on a read error. */
static uint64_t
sum_of(int fd, off_t size)
{
	char chunk[64 * 1024];
	uint32_t crc = 0, adler = 1;
	size_t total = 0;
	ssize_t n;
	uint64_t sum;

	while (total < IMAGE_SUMS_READ_MAX &&
	    (n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n == -1) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		crc = libdeflate_crc32(crc, chunk, (size_t)n);
		adler = libdeflate_adler32(adler, chunk, (size_t)n);
		total += (size_t)n;
	}
	sum = (uint64_t)crc << 32 | adler;
	sum = hash_add(sum, &size, sizeof(size));
	return sum + (sum == 0);
}
