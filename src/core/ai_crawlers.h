/*
 * The AI crawlers by class ([robots] ai_train, ai_search, ai_user), and
 * what their operators say of them. The list is etc/ai-crawlers, compiled
 * in, or a file the INI names, so that an administrator updates it without
 * a rebuild.
 */
#ifndef SITEMAPD_AI_CRAWLERS_H
#define SITEMAPD_AI_CRAWLERS_H

#include <stddef.h>

#include "buf.h"

enum ai_class { AI_TRAIN, AI_SEARCH, AI_USER, AI_CLASSES };

/* What an operator says of its crawler. */
#define AI_MAY_IGNORE_ROBOTS	0x1	/* it may not apply robots.txt */
#define AI_ROBOTS_ONLY		0x2	/* a token robots.txt reads; no fetcher */
#define AI_UNDOCUMENTED		0x4	/* its operator publishes nothing; a
					   community list names it */
/* Its name is no product token: web server rules match it, robots.txt
   cannot name it. */
#define AI_UA_ONLY		0x8

struct ai_crawler {
	enum ai_class	 class;		/* the first its entries name */
	char		*token;
	unsigned	 flags;
	unsigned	 classes;	/* every class they name, a bit each */
};

/* Whether the crawler is one of class c: refused where c is refused. */
#define AI_CRAWLER_IN(crawler, c)	(((crawler)->classes >> (c)) & 1u)

struct ai_crawlers {
	struct ai_crawler *v;
	size_t		 n;
	char		 updated[11];	/* YYYY-MM-DD, or "" when unsaid */
	char		**skipped;	/* names no User-Agent could hold */
	size_t		 nskipped;
};

/* "train", "search", "user", as the list names the classes. */
extern const char *const ai_class_names[AI_CLASSES];
/* How messages name the list compiled in. */
#define AI_CRAWLERS_BUILTIN	"the built-in list"

/*
 * Reads the list in text (len bytes), called file in messages: lines as
 * etc/ai-crawlers has them, or ai.robots.txt's robots.json. A name that
 * is no product token (RFC 9309) but a User-Agent's words (letters,
 * digits, blanks, "." "_" "-") is kept as AI_UA_ONLY; robots.json's
 * "name/1.0" is read as name, its other names kept in skipped. Returns 0, or
 * -1 with "file:line: reason" in why.
 */
int	ai_crawlers_parse(const char *text, size_t len, const char *file,
	    struct ai_crawlers *, struct buf *why);
/* The same, from the file at path, or the list compiled in for NULL. */
int	ai_crawlers_load(const char *path, struct ai_crawlers *,
	    struct buf *why);
/*
 * "the built-in list of 2026-11-26, 164 crawlers, 142 undocumented", or
 * the file and its date.
 */
void	ai_crawlers_describe(const char *path, struct buf *out);
void	ai_crawlers_free(struct ai_crawlers *);

#endif
