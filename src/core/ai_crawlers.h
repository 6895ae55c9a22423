/*
 * The AI crawlers by class ([robots] ai_train, ai_search, ai_user), read
 * from the list that ships with sitemapd (etc/ai-crawlers) or one the INI
 * names, so that an administrator updates it without a rebuild.
 */
#ifndef SITEMAPD_AI_CRAWLERS_H
#define SITEMAPD_AI_CRAWLERS_H

#include <stddef.h>

#include "buf.h"

enum ai_class { AI_TRAIN, AI_SEARCH, AI_USER, AI_CLASSES };

struct ai_crawler {
	enum ai_class	 class;
	char		*token;
};

struct ai_crawlers {
	struct ai_crawler *v;
	size_t		 n;
};

/* "train", "search", "user", as the list names the classes. */
extern const char *const ai_class_names[AI_CLASSES];

/*
 * Reads the list in text (len bytes), called file in messages. Returns 0,
 * or -1 with "file:line: reason" in why.
 */
int	ai_crawlers_parse(const char *text, size_t len, const char *file,
	    struct ai_crawlers *, struct buf *why);
/* The same, from the file at path. */
int	ai_crawlers_read(const char *path, struct ai_crawlers *,
	    struct buf *why);
void	ai_crawlers_free(struct ai_crawlers *);

#endif
