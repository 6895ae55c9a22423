/*
 * What every command line of sitemapd shares: how a wrong one is told
 * (usage.c), and the commands that read no INI (commands_alone.c),
 * which main.c runs from its table of commands.
 */
#ifndef SITEMAPD_USAGE_H
#define SITEMAPD_USAGE_H

#define EXIT_USAGE	2
#define HELP_POINTER	"(sitemapd --help shows every command and option)\n"

#define AUDIT_USAGE	" URL [--json] [--strict] [--sample N] [--no-urls]\n" \
	"                [--ignore-robots] [--concurrency N] [--rate N]" \
	" [--timeout S]\n                [--max-time S]"

/*
 * What is wrong, in one line, and where the whole usage is: returns
 * EXIT_USAGE.
 */
int	usage_error(const char *, ...) __attribute__((format(printf, 1, 2)));

/* sitemapd robots-check ROBOTS_FILE USER_AGENT URL... */
int	robots_check(int argc, char **argv);
/* sitemapd audit URL [options] */
int	audit(int argc, char **argv);

#endif
