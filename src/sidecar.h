/* A NoPressure sidecar: the RON metadata beside each content blob. */
#ifndef SITEMAPD_SIDECAR_H
#define SITEMAPD_SIDECAR_H

#include <stddef.h>

#include "buf.h"

struct sidecar {
	char	*alias;		/* canonical, or NULL for no alias */
	int	 markdown;	/* mime is exactly text/markdown */
	char	**tags;		/* trimmed */
	size_t	 ntags;
};

/*
 * Parses and validates one sidecar (SPEC section 2). Returns 0, or -1 with
 * the reason appended to why.
 */
int	sidecar_parse(const char *text, size_t len, struct sidecar *,
	    struct buf *why);
void	sidecar_free(struct sidecar *);

#endif
