/* Growable byte buffers and allocation that cannot fail. */
#ifndef SITEMAPD_BUF_H
#define SITEMAPD_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char	*data;		/* always NUL-terminated once non-empty */
	size_t	 len;
	size_t	 cap;
};

#define BUF_INIT { NULL, 0, 0 }

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
/*
 * Room for element n of an array that only this function grows, one
 * element at a time: it doubles at each power of two, so that n appends
 * copy O(n) elements, not O(n^2).
 */
void	*xgrowarray(void *, size_t n, size_t size);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);

void	 buf_add(struct buf *, const void *, size_t);
void	 buf_adds(struct buf *, const char *);
void	 buf_addc(struct buf *, char);
void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 buf_vprintf(struct buf *, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
/* Room for n more bytes, written in place and then taken by buf_commit. */
char	*buf_room(struct buf *, size_t n);
void	 buf_commit(struct buf *, size_t n);
const char *buf_str(const struct buf *);
void	 buf_reset(struct buf *);
/* Appends what fd holds up to its end: -1 with errno (EFBIG past max). */
int	 buf_read_fd(struct buf *, int fd, size_t max);
void	 buf_free(struct buf *);

#endif
