/* Growable byte buffers, and allocation that ends the process when it fails. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"

/*
 * Running out of memory while answering a request leaves nothing sensible
 * to send, so it ends the process; the web server starts a new one.
 */
static void
out_of_memory(void)
{
	fputs("sitemapd: out of memory\n", stderr);
	abort();
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void *p;

	if (size != 0 && n > SIZE_MAX / size)
		out_of_memory();
	p = realloc(old, n * size != 0 ? n * size : 1);
	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xgrowarray(void *old, size_t n, size_t size)
{
	if ((n & (n - 1)) != 0)	/* neither 0 nor a power of two: room */
		return old;
	return xreallocarray(old, n != 0 ? 2 * n : 1, size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static void
buf_grow(struct buf *b, size_t extra)
{
	size_t need;

	if (extra > SIZE_MAX - b->len - 1)
		out_of_memory();
	need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	if (b->cap < 64)
		b->cap = 64;
	while (b->cap < need)
		b->cap = b->cap > SIZE_MAX / 2 ? need : b->cap * 2;
	b->data = xreallocarray(b->data, b->cap, 1);
}

void
buf_add(struct buf *b, const void *p, size_t n)
{
	buf_grow(b, n);
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

char *
buf_room(struct buf *b, size_t n)
{
	buf_grow(b, n);
	return b->data + b->len;
}

void
buf_commit(struct buf *b, size_t n)
{
	b->len += n;
	b->data[b->len] = '\0';
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_addc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list copy;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	buf_grow(b, (size_t)n);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

const char *
buf_str(const struct buf *b)
{
	return b->data ? b->data : "";
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

void
buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

int
buf_read_fd(struct buf *b, int fd, size_t max)
{
	char chunk[8192];
	size_t start = b->len;
	ssize_t n;

	while ((n = read(fd, chunk, sizeof(chunk))) > 0) {
		if (b->len - start + (size_t)n > max) {
			errno = EFBIG;
			return -1;
		}
		buf_add(b, chunk, (size_t)n);
	}
	return n == -1 ? -1 : 0;
}
