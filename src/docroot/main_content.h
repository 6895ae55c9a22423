/*
 * Where a page's main content is, found as a reader and assistive
 * technology find it: the first <main> not hidden, else the first
 * element whose role is main, else the page's one <article>, else the
 * body. Within it, all a reader is shown or shown by a click, but
 * neither what a template puts around the content on every page nor
 * what is never shown (scripts, styles, templates, noscript, hidden
 * elements but tab panels and hidden="until-found"). What a template
 * puts around it (MAIN_RULES_NOW): navigation (<nav>, <search>, the
 * roles navigation and search), links to the previous and next pages
 * (rel="prev", rel="next"), the site's banner and footer (the roles
 * banner and contentinfo, and a <header> or <footer> of no <article>,
 * <section> or <aside>: the page's own, which is the site's, though a
 * template put it inside <main>), and an <aside> beside the content
 * rather than in it. sitemapd 0.2.0 (MAIN_RULES_0_2) left out every
 * landmark within the content and every hidden element; its rules are
 * kept so that the hashes it stored can be read again. Followed over a
 * parser's start and end events, every candidate side by side, since
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

/* Which rules say what the content is. */
enum main_rules {
	MAIN_RULES_NOW,
	MAIN_RULES_0_2,		/* sitemapd 0.2.0's, for the hashes it kept */
};

/* Deeper than libxml2 nests: what lies below counts as its parent. */
#define MAIN_CONTENT_DEPTH	4096

struct main_content {
	enum main_rules	 rules;
	uint16_t	*stack;		/* an open element's flags each */
	size_t		 depth, cap, deeper;
	int		 unseen;	/* open elements not shown */
	int		 title;		/* inside the first <title> */
	int		 titled;	/* it was met */
	int		 articles_open;
	int		 articles;	/* outermost <article>s seen */
	int		 sections;	/* open <article>, <section>, <aside> */
	uint8_t		 open;		/* candidates open now, a bit each */
	uint8_t		 found;		/* candidates met */
	int		 landmarks[MAIN_KINDS];	/* open inside each */
};

void	main_content_init(struct main_content *, enum main_rules);
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
