/*
 * Where a page's main content is, found as a reader and assistive
 * technology find it: the first <main> not hidden, else the first
 * element whose role is main, else the page's one <article>, else the
 * body. Within it, neither what a template repeats on every page (the
 * landmarks <nav>, <header>, <footer>, <aside>, <search> and the roles
 * banner, navigation, contentinfo, complementary and search) nor what is
 * not shown (scripts, styles, templates, hidden elements). Followed over
 * a parser's start and end events, every candidate side by side, since
 * which one holds is known only at the end.
 */
#ifndef SITEMAPD_MAIN_CONTENT_H
#define SITEMAPD_MAIN_CONTENT_H

#include <stddef.h>
#include <stdint.h>

/*
 * The candidates, in the order they are chosen; page.h's content_from
 * is one more.
 */
enum main_kind {
	MAIN_ELEMENT,		/* <main> */
	MAIN_ROLE,		/* role="main" */
	MAIN_ARTICLE,		/* the one <article> */
	MAIN_BODY,		/* the body, without landmarks */
	MAIN_KINDS
};

/* Deeper than libxml2 nests: what lies below counts as its parent. */
#define MAIN_CONTENT_DEPTH	4096

struct main_content {
	uint16_t	*stack;		/* an open element's flags each */
	size_t		 depth, cap, deeper;
	int		 unseen;	/* open elements not shown */
	int		 title;		/* inside the first <title> */
	int		 titled;	/* it was met */
	int		 articles_open;
	int		 articles;	/* outermost <article>s seen */
	uint8_t		 open;		/* candidates open now, a bit each */
	uint8_t		 found;		/* candidates met */
	int		 landmarks[MAIN_KINDS];	/* open inside each */
};

void	main_content_init(struct main_content *);
void	main_content_free(struct main_content *);
/* An element begins: its name and attributes as libxml2 gives them. */
void	main_content_start(struct main_content *, const char *name,
	    const char *const *atts);
/* The innermost open element ends. */
void	main_content_end(struct main_content *);
/* The candidates what comes now is part of, a bit (1 << kind) each. */
unsigned	main_content_here(const struct main_content *);
/* Whether what comes now is the page's title: its first <title>. */
int	main_content_in_title(const struct main_content *);
/* Which candidate holds the main content, once the page was read. */
enum main_kind	main_content_chosen(const struct main_content *);

#endif
