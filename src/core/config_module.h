/*
 * What a part of sitemapd declares to the core, as an nginx module
 * declares its directives: its keys of the INI (section, name, default,
 * the function that checks and sets each), what it checks once the file
 * is read, and what "sitemapd check" says of it. The core walks the
 * tables of config_modules and knows no part by name; a part above the
 * core (a source, IndexNow) keeps its keys and their messages beside its
 * code.
 */
#ifndef SITEMAPD_CONFIG_MODULE_H
#define SITEMAPD_CONFIG_MODULE_H

#include <stddef.h>

struct config;
struct config_parse;	/* the file being read, for messages and lines */
struct page_cache;
struct reporter;

struct config_key {
	const char	*section;
	const char	*name;
	const char	*value;		/* the default, set as if written;
					   NULL: none */
	int		 repeatable;
	/*
	 * Checks value and sets it in cfg. Returns 0, or -1 after
	 * config_error, which names the file and line.
	 */
	int		 (*set)(struct config_parse *, struct config *,
			    const struct config_key *, const char *value);
	size_t		 offset;	/* of its field, for config_set_* */
};

/* A number's macro as the text of a default: CONFIG_NUMBER(60) is "60". */
#define CONFIG_NUMBER(n)	CONFIG_TEXT(n)
#define CONFIG_TEXT(n)		#n

struct config_module {
	/*
	 * A source's name, as [site] source names it ("docroot"), which
	 * is also its own section's; otherwise what messages call it.
	 */
	const char	*name;
	int		 source;	/* enum source_kind; -1: every site */
	const char	*what;		/* "a NoPressure root", for messages */
	const char	*root_file;	/* a source's file in its root that
					   the configuration reads, or NULL */
	const struct config_key *keys;
	size_t		 nkeys;
	/* Once the whole file is read: rules across keys, the root's files. */
	void		 (*finish)(struct config_parse *, struct config *);
	/* sitemapd check: what it says before the pages are read... */
	void		 (*check)(const struct config *,
			    const struct reporter *);
	/* ... and after; cache is NULL when they could not be read. */
	void		 (*check_pages)(const struct config *,
			    const struct page_cache *,
			    const struct reporter *);
};

/* Every part, the core's own first; NULL ends it. */
extern const struct config_module *const config_modules[];

extern const struct config_module site_module;
extern const struct config_module sitemap_module;
extern const struct config_module nopressure_module;
extern const struct config_module docroot_module;
extern const struct config_module indexnow_module;

/* True when m takes part for cfg: its source is the one chosen, or any. */
int	config_module_applies(const struct config_module *m,
	    const struct config *cfg);

/*
 * The first error is kept, with the file and line (0: the file as a
 * whole), as later ones are often its echoes. Both return -1.
 */
int	config_error(struct config_parse *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
int	config_error_at(struct config_parse *, int line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/*
 * Where a key was last set; with name NULL, the first line that set a
 * key of the section. 0: nowhere.
 */
int	config_line(const struct config_parse *, const char *section,
	    const char *name);
/* [site] admin_path, canonical; NULL when the INI names none. */
const char *config_admin(const struct config_parse *);

/* A path, taken from the directory of the INI when relative. */
char	*config_path(const struct config_parse *, const char *value);
/* The same, of the INI at file. */
char	*config_path_of(const char *file, const char *value);
/* Appends the items of a list separated by commas, each trimmed. */
void	 config_list_add(const char *value, char ***items, size_t *n);
void	 config_list_free(char ***items, size_t *n);

/* The stock setters, into the field at key->offset. */
int	config_set_bool(struct config_parse *, struct config *,
	    const struct config_key *, const char *);		/* int */
int	config_set_store(struct config_parse *, struct config *,
	    const struct config_key *, const char *);		/* char * */

#endif
