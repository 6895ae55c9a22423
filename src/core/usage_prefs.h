/*
 * What [robots] content_usage and content_signal may say: the IETF aipref
 * drafts' vocabulary (draft-ietf-aipref-vocab, in the dictionary syntax of
 * RFC 9651) with the path of draft-ietf-aipref-attach, and Cloudflare's
 * Content Signals. Both are preferences that robots.txt parsers which do
 * not know them skip: no verdict changes.
 */
#ifndef SITEMAPD_USAGE_PREFS_H
#define SITEMAPD_USAGE_PREFS_H

/*
 * "[/path ]train-ai=n, search=y": *path gets the path as written, or NULL
 * when there is none, *prefs the dictionary as it is written back. -1 with
 * *why for what the drafts do not have.
 */
int	usage_prefs_parse(const char *value, char **path, char **prefs,
	    const char **why);
/* Its *why for "/open data/ train-ai=n", which a caller may spell out. */
#define USAGE_PATH_BLANK	"a blank in the path; write it as %20"
/* "search=yes, ai-input=no, ai-train=no" into *prefs, or -1 with *why. */
int	content_signal_parse(const char *value, char **prefs,
	    const char **why);

#endif
