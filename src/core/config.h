/* The INI configuration, as sitemapd.ini(5) describes it. */
#ifndef SITEMAPD_CONFIG_H
#define SITEMAPD_CONFIG_H

#include <sys/stat.h>

#include "ai_crawlers.h"
#include "host.h"
#include "buf.h"
#include "dir_watch.h"
#include "listing.h"
#include "reserved.h"
#include "robots_writer.h"

/* How a long-running process learns that the content root changed. */
enum watch { WATCH_AUTO, WATCH_INOTIFY, WATCH_STAT };

/* What reads the root: [site] source. */
enum source_kind { SOURCE_NOPRESSURE, SOURCE_DOCROOT };

/* Which files of a document root are pages, and their URLs: [docroot]. */
struct docroot_rules {
	char		**extensions;	/* without the dot */
	size_t		 nextensions;
	char		**index;	/* listed as their directory's URL */
	size_t		 nindex;
	int		 clean_urls;	/* /about.html listed as /about */
	char		**exclude;	/* patterns of paths never listed, as
					   list gives the reason: */
#define EXCLUDED_BY	"excluded by [docroot] exclude "
	size_t		 nexclude;
	char		*lastmod_store;	/* SQLite file of dates, or NULL */
	int		 trailing_slash;	/* /docs/ for docs/index.html;
					   no: /docs */
	char		*url_path;	/* where the files are published,
					   "docs/"; NULL: at the root */
	char		*page_facts;	/* SQLite file of what each page's
					   head said, or NULL */
};

/* Whom to tell which URLs changed, and where what was told is kept. */
#define INDEXNOW_ENDPOINT	"https://api.indexnow.org/indexnow"
#define INDEXNOW_DELAY		60
#define INDEXNOW_DELAY_MAX	86400
struct indexnow_config {
	char		*key;		/* NULL: [indexnow] is not set */
	char		*host;		/* of the URLs submitted */
	int		 https;
	char		*endpoint;
	long		 delay;		/* seconds a change waits for others */
	char		*state;		/* SQLite file or postgresql:// URI */
};

/* What [robots] says of a class of AI crawlers. */
enum ai_wish { AI_UNSAID, AI_ALLOWED, AI_DISALLOWED };

/* Where [robots] content_usage goes: [robots] preferences_in. */
enum preferences_in { PREFERENCES_IN_ROBOTS, PREFERENCES_IN_HEADER,
	PREFERENCES_IN_BOTH };

struct config {
	char		*file;
	enum source_kind source;
	char		*root;		/* runtime root, absolute; NULL built in */
	int		 root_line;	/* of the INI that names it, or 0 */
	char		*home_alias;	/* canonical; listed as "/" */
	int		 trailing_slash;
	int		 indexable;	/* no: a staging copy, kept out of
					   every search (robots.txt, 404s,
					   X-Robots-Tag) */
	enum watch	 watch;
	int		 gzip;		/* when the client takes it */
	size_t		 max_urls;	/* per sitemap file */
	char		**exclude_tags;	/* pages with one are not listed */
	size_t		 nexclude_tags;
	int		 stylesheet;	/* serve /sitemap.css and link it */
	int		 images;	/* [sitemap] images: each page's */
	struct sections	 sections;
	size_t		 max_bytes;
	struct reserved	 reserved;
	char		*ini_admin;	/* [site] admin_path, canonical */
	char		*yaml_admin;	/* config.yaml's admin.path, canonical */
	char		*yaml_error;	/* why config.yaml could not be used */
	int		 admin_unknown;	/* so the sitemaps fail closed */
	struct robots	 robots;	/* derived from reserved */
	enum ai_wish	 ai[AI_CLASSES];	/* ai_train, ai_search, ai_user */
	char		*ai_crawlers;	/* its list, NULL for the built-in one */
	int		 ai_search_engines;	/* its search engines' crawlers
					   disallowed too, as meant */
	enum preferences_in preferences_in;
	struct robots_usage *site_usage;	/* [robots] content_usage, for
					   the Content-Usage header */
	size_t		 nsite_usage;
	struct host_policy hosts;
	struct docroot_rules docroot;
	struct indexnow_config indexnow;
	char		*robots_as_is;	/* config_fallback's: the root's own
					   robots.txt, served as it stands */
	int		 robots_unknown;	/* config_fallback's: no rules known,
					   robots.txt answers 503 */
	time_t		 mtime;		/* of file, when read */
	unsigned	 generation;	/* differs for every load */
};

/*
 * Reads file. Returns 0, or -1 with "file:line: reason" in err; nothing
 * in cfg needs freeing then.
 */
int	config_load(const char *file, struct config *cfg, struct buf *err);
void	config_free(struct config *cfg);
/* What the sitemap reads of cfg, borrowed: cfg must outlive it. */
struct listing config_listing(const struct config *cfg);
/* Whether [robots] refuses the crawler: a class of its is disallowed. */
int	ai_crawler_refused(const struct config *, const struct ai_crawler *);
/*
 * What building a sitemap reads of src, copied for a thread that may
 * outlive src (a reload frees it); generation stays src's.
 */
void	config_snapshot(struct config *dst, const struct config *src);

/*
 * What stands in for a file that cannot be used: the defaults, no root.
 * It serves robots.txt (the built-in reserved paths, nothing secret) and
 * nothing else.
 */
void	config_builtin(struct config *cfg, const char *file);

/*
 * What stands in for the INI at file when it cannot be used, by what of
 * it can still be read, so that robots.txt never serves another source's
 * rules: for a NoPressure root (the source by default) the built-in
 * rules; for a document root its own robots.txt as it stands; for any
 * other, or a root whose robots.txt cannot be read, none (robots.txt
 * answers 503, the one 5xx it may give: crawlers hold off). It serves no
 * sitemap. Says which to the log.
 */
void	config_fallback(struct config *cfg, const char *file);

/* A configuration that follows its file while the process runs. */
struct config_watch {
	struct stat	 st;
	struct stat	 root_file_st;	/* config.yaml, robots.txt; 0s */
	struct config	 cfg;
	struct dir_watch paths;		/* the INI and the root's file */
	int		 look;		/* compare their states next time */
};

int	config_watch_open(struct config_watch *, const char *file,
	    struct buf *err);
/*
 * From now on the files are followed with inotify where it can be
 * trusted, and stat'ed only after an event: for a long-running process.
 */
void	config_watch_follow(struct config_watch *);

/*
 * The configuration as the file is now. A file that changed into an
 * invalid one is logged and the last valid configuration stays in use:
 * a running site never stops over a typo.
 */
const struct config *config_watch_get(struct config_watch *);
/* Makes the next config_watch_get read the file even if it looks unchanged. */
void	config_watch_expire(struct config_watch *);
void	config_watch_close(struct config_watch *);

#endif
