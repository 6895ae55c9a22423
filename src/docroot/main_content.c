/*
 * Where a page's main content is (main_content.h): a stack of the open
 * elements' flags, so that each end undoes what its start did.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "buf.h"
#include "html_read.h"
#include "main_content.h"

/* An open element's flags: the low MAIN_KINDS bits, the landmark counts
 * it raised; then these. */
#define OPENED(kind)	(1u << (MAIN_KINDS + (kind)))	/* it is the candidate */
#define UNSEEN		(1u << (2 * MAIN_KINDS))
#define TITLE		(UNSEEN << 1)
#define ARTICLE		(UNSEEN << 2)	/* an <article>, for their nesting */
#define SECTION		(UNSEEN << 3)	/* sectioning content, but <nav> */

static int	is_unseen(const struct main_content *, const char *,
		    const char *const *, const char *);
static int	is_around_content(const struct main_content *, const char *,
		    const char *const *, const char *);
static int	is_landmark(const char *, const char *);
static int	in_content(const struct main_content *);
static int	is_role(const char *, const char *const *, size_t);
static int	is_one_of(const char *, const char *const *, size_t);
static int	first_token_is(const char *, const char *);

void
main_content_init(struct main_content *m, enum main_rules rules)
{
	memset(m, 0, sizeof(*m));
	m->rules = rules;
	m->open = 1u << MAIN_BODY;	/* the body is all the page shows */
}

void
main_content_free(struct main_content *m)
{
	free(m->stack);
	main_content_init(m, m->rules);
}

void
main_content_start(struct main_content *m, const char *name,
    const char *const *atts)
{
	const char *role = html_attribute((const xmlChar **)atts, "role");
	unsigned flags = 0;

	if (m->depth + m->deeper >= MAIN_CONTENT_DEPTH) {
		m->deeper++;
		return;
	}
	if (m->unseen == 0 && is_unseen(m, name, atts, role))
		flags |= UNSEEN;
	else if (m->unseen == 0) {
		/* The first of each, once: a later one is only content. */
		if (!(m->found & 1u << MAIN_ELEMENT) &&
		    strcmp(name, "main") == 0)
			flags |= OPENED(MAIN_ELEMENT);
		if (!(m->found & 1u << MAIN_ROLE) && role != NULL &&
		    first_token_is(role, "main"))
			flags |= OPENED(MAIN_ROLE);
		if (strcmp(name, "article") == 0) {
			flags |= ARTICLE;
			/* Outside every landmark: not a sidebar's cards. */
			if (m->articles_open == 0 &&
			    m->landmarks[MAIN_BODY] == 0 && m->articles++ == 0)
				flags |= OPENED(MAIN_ARTICLE);
		}
		if (is_around_content(m, name, atts, role))
			flags |= m->open;
		/* The document's title is its first, as a browser's. */
		if (!m->titled && strcmp(name, "title") == 0) {
			flags |= TITLE;
			m->titled = 1;
		}
	}
	for (int k = 0; k < MAIN_KINDS; k++) {
		if (flags & 1u << k)
			m->landmarks[k]++;
		if (flags & OPENED(k)) {
			m->open |= 1u << k;
			m->found |= 1u << k;
			m->landmarks[k] = 0;
		}
	}
	m->unseen += (flags & UNSEEN) != 0;
	m->title += (flags & TITLE) != 0;
	m->articles_open += (flags & ARTICLE) != 0;
	if (strcmp(name, "article") == 0 || strcmp(name, "section") == 0 ||
	    strcmp(name, "aside") == 0)
		flags |= SECTION;
	m->sections += (flags & SECTION) != 0;
	m->stack = xgrowarray(m->stack, m->depth, sizeof(*m->stack));
	m->stack[m->depth++] = (uint16_t)flags;
}

void
main_content_end(struct main_content *m)
{
	unsigned flags;

	if (m->deeper > 0) {
		m->deeper--;
		return;
	}
	if (m->depth == 0)
		return;
	flags = m->stack[--m->depth];
	for (int k = 0; k < MAIN_KINDS; k++) {
		if (flags & 1u << k)
			m->landmarks[k]--;
		if (flags & OPENED(k))
			m->open &= ~(1u << k);
	}
	m->unseen -= (flags & UNSEEN) != 0;
	m->title -= (flags & TITLE) != 0;
	m->articles_open -= (flags & ARTICLE) != 0;
	m->sections -= (flags & SECTION) != 0;
}

unsigned
main_content_here(const struct main_content *m)
{
	unsigned here = 0;

	if (m->unseen > 0 || m->title > 0)
		return 0;
	for (int k = 0; k < MAIN_KINDS; k++)
		if ((m->open & 1u << k) && m->landmarks[k] == 0)
			here |= 1u << k;
	return here;
}

int
main_content_in_title(const struct main_content *m)
{
	return m->title > 0 && m->unseen == 0;
}

enum main_kind
main_content_chosen(const struct main_content *m)
{
	if (m->found & 1u << MAIN_ELEMENT)
		return MAIN_ELEMENT;
	if (m->found & 1u << MAIN_ROLE)
		return MAIN_ROLE;
	return m->articles == 1 ? MAIN_ARTICLE : MAIN_BODY;
}

/*
 * What a reader is never shown: scripts, styles, templates, what a
 * browser without scripts alone shows, and elements marked hidden, but
 * (now) those a click or a search in the page shows: a tab panel, and
 * hidden="until-found".
 */
static int
is_unseen(const struct main_content *m, const char *name,
    const char *const *atts, const char *role)
{
	static const char *const never[] = { "script", "style", "template",
	    "noscript" };
	static const char *const shown_by_a_click[] = { "tabpanel" };
	const char *hidden = html_attribute((const xmlChar **)atts, "hidden");

	if (is_one_of(name, never, sizeof(never) / sizeof(never[0])))
		return 1;
	if (hidden == NULL)
		return 0;
	if (m->rules == MAIN_RULES_0_2)
		return 1;
	return !is_role(role, shown_by_a_click, 1) &&
	    strcasecmp(hidden, "until-found") != 0;
}

/*
 * What a template puts around the content on every page (the header's
 * comment says which), by what it is: its tag, its role, or what its
 * links are.
 */
static int
is_around_content(const struct main_content *m, const char *name,
    const char *const *atts, const char *role)
{
	static const char *const site_roles[] = { "banner", "navigation",
	    "contentinfo", "search" };
	static const char *const navigation[] = { "nav", "search" };
	static const char *const own_header[] = { "header", "footer" };
	static const char *const beside[] = { "complementary" };
	static const char *const links[] = { "a", "area" };
	const char *rel;

	if (m->rules == MAIN_RULES_0_2)
		return is_landmark(name, role);
	/* A role said overrides the element's own, as ARIA has it. */
	if (role != NULL && role[strspn(role, ASCII_SPACE)] != '\0') {
		if (is_role(role, site_roles, sizeof(site_roles) /
		    sizeof(site_roles[0])))
			return 1;
		return is_role(role, beside, 1) && !in_content(m);
	}
	if (is_one_of(name, navigation, 2))
		return 1;
	/* Of no section: the page's own header or footer, the site's. */
	if (is_one_of(name, own_header, 2))
		return m->sections == 0;
	if (strcmp(name, "aside") == 0)
		return !in_content(m);
	/* The previous and next pages, named by their titles. */
	return is_one_of(name, links, 2) &&
	    (rel = html_attribute((const xmlChar **)atts, "rel")) != NULL &&
	    (html_has_token(rel, "prev", ASCII_SPACE, 1) ||
	    html_has_token(rel, "next", ASCII_SPACE, 1));
}

/* sitemapd 0.2.0's: every landmark of a template. */
static int
is_landmark(const char *name, const char *role)
{
	static const char *const names[] = { "nav", "header", "footer",
	    "aside", "search" };
	static const char *const roles[] = { "banner", "navigation",
	    "contentinfo", "complementary", "search" };

	/* A role said overrides the element's own, as ARIA has it. */
	if (role != NULL && role[strspn(role, ASCII_SPACE)] != '\0')
		return is_role(role, roles, sizeof(roles) / sizeof(roles[0]));
	return is_one_of(name, names, sizeof(names) / sizeof(names[0]));
}

/* Whether what opens now is inside a section or a main landmark. */
static int
in_content(const struct main_content *m)
{
	return m->sections > 0 ||
	    (m->open & (1u << MAIN_ELEMENT | 1u << MAIN_ROLE)) != 0;
}

/* Whether role's first token is one of roles. */
static int
is_role(const char *role, const char *const *roles, size_t n)
{
	for (size_t i = 0; role != NULL && i < n; i++)
		if (first_token_is(role, roles[i]))
			return 1;
	return 0;
}

static int
is_one_of(const char *name, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* Whether a role's first token is role, in any case, as ARIA reads it. */
static int
first_token_is(const char *list, const char *role)
{
	size_t n = strlen(role);

	list += strspn(list, ASCII_SPACE);
	for (size_t i = 0; i < n; i++)
		if (ascii_tolower((unsigned char)list[i]) != role[i])
			return 0;
	return list[n] == '\0' || ascii_in((unsigned char)list[n], ASCII_SPACE);
}
