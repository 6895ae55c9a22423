/*
 * A NoPressure sidecar: the RON metadata beside each content blob, read
 * and validated as NoPressure's flat_storage.rs does (read_sidecar, then
 * validate_sidecar).
 */
#ifndef SITEMAPD_SIDECAR_H
#define SITEMAPD_SIDECAR_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* The fields sitemapd needs, as ron's from_str gives them. */
struct sidecar_fields {
	struct buf	 alias;		/* empty when absent */
	int		 has_title;
	struct buf	 title;
	struct buf	 mime;
	struct buf	*tags;		/* as written; may hold NUL */
	size_t		 ntags;
	int		 has_nav_order;
	int32_t		 nav_order;
};

/* What a valid sidecar means for the sitemap. */
struct sidecar {
	char	*alias;		/* canonical, or NULL for no alias */
	int	 markdown;	/* mime is exactly text/markdown */
	int	 image;		/* mime begins image/ */
	char	**tags;		/* as written; one holding NUL is left out */
	size_t	 ntags;
};

/* Parses RON into fields. Returns 0, or -1 with the reason in why. */
int	sidecar_read(const char *text, size_t len, struct sidecar_fields *,
	    struct buf *why);
void	sidecar_fields_free(struct sidecar_fields *);

/* Reads and validates. Returns 0, or -1 with the reason appended to why. */
int	sidecar_parse(const char *text, size_t len, struct sidecar *,
	    struct buf *why);
void	sidecar_free(struct sidecar *);

#endif
