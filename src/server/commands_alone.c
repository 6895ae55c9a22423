/*
 * The commands that read no INI: robots-check, Google's reading of any
 * robots.txt, and audit, a deployed site checked from outside.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit.h"
#include "buf.h"
#include "number.h"
#include "robots_matcher.h"
#include "usage.h"

int
robots_check(int argc, char **argv)
{
	struct robotstxt rt;
	struct buf text = BUF_INIT;
	int fd, rc;

	if (argc < 4)
		return usage_error("robots-check: give %s", argc == 1 ?
		    "ROBOTS_FILE USER_AGENT URL..." : argc == 2 ?
		    "a USER_AGENT and at least one URL" : "at least one URL");
	fd = strcmp(argv[1], "-") == 0 ? 0 : open(argv[1], O_RDONLY | O_CLOEXEC);
	rc = fd == -1 ? -1 : buf_read_fd(&text, fd, SIZE_MAX);
	if (rc == -1)
		fprintf(stderr, "sitemapd: %s: %s\n", argv[1], strerror(errno));
	if (fd > 0)
		close(fd);
	if (rc == -1) {
		buf_free(&text);
		return EXIT_USAGE;
	}
	/* Google compares the agent whole, so "Googlebot/2.1" names nobody. */
	if (!robotstxt_agent_valid(argv[2]))
		fprintf(stderr, "sitemapd: \"%s\" is not a product token "
		    "([A-Za-z_-]+); only \"*\" groups apply to it\n", argv[2]);
	robotstxt_parse(&rt, text.data ? text.data : "", text.len);
	for (int i = 3; i < argc; i++)
		printf("%s\t%s\n", robotstxt_allowed(&rt, argv[2], argv[i],
		    NULL) ? "allowed" : "disallowed", argv[i]);
	robotstxt_free(&rt);
	buf_free(&text);
	return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* audit --help: each option on a line of its own (sitemapd(8) says more). */
static const char audit_help[] =
"Checks a deployed site from outside: its robots.txt and sitemaps as the\n"
"Sitemap check 1.0.0 does, then each URL they list, as a polite crawler.\n"
"\n"
"  URL              the site (https://example.com/) or one sitemap's URL\n"
"  --json           one JSON object instead of the report\n"
"  --strict         exit 1 on a warning too\n"
"  --sample N       fetch N of the listed URLs, the same N each run\n"
"                   (default: every one)\n"
"  --no-urls        stop after the five steps: no listed URL fetched\n"
"  --ignore-robots  fetch what robots.txt disallows the auditor too\n"
"  --concurrency N  requests at once (default 4)\n"
"  --rate N         requests started a second at most (default 10)\n"
"  --timeout S      seconds for one fetch, its redirects, retries and a\n"
"                   body that trickles included (default 30)\n"
"  --max-time S     seconds for the whole audit (default 900): what was\n"
"                   not fetched by then is a finding\n"
"\n"
"Exit 0 pass or warn, 1 fail or a listed URL at fault (--strict: or a\n"
"warning), 2 usage. The environment's http_proxy, https_proxy and\n"
"no_proxy are read as curl reads them.\n";

/*
 * Reads no INI: any site, served by sitemapd or not. Options after the
 * URL or before it; numbers strictly, as everywhere.
 */
int
audit(int argc, char **argv)
{
	static const struct { const char *name; uint64_t min, max; } bounds[] = {
		{ "--sample", 1, 10000000 }, { "--concurrency", 1, 64 },
		{ "--rate", 1, 1000 }, { "--timeout", 1, 600 },
		{ "--max-time", 1, 86400 },
	};
	struct audit_options opt = { .concurrency = 4, .rate = 10,
	    .timeout_s = 30, .max_time_s = AUDIT_MAX_TIME,
	    .progress = isatty(2) };
	struct audit_result r;
	struct buf why = BUF_INIT;
	int json = 0, strict = 0, rc;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *reason;
		uint64_t n = 0;
		size_t b;

		if (strcmp(arg, "--json") == 0) {
			json = 1;
			continue;
		}
		if (strcmp(arg, "--strict") == 0) {
			strict = 1;
			continue;
		}
		if (strcmp(arg, "--ignore-robots") == 0) {
			opt.ignore_robots = 1;
			continue;
		}
		if (strcmp(arg, "--no-urls") == 0) {
			opt.skip_urls = 1;
			continue;
		}
		for (b = 0; b < sizeof(bounds) / sizeof(*bounds); b++)
			if (strcmp(arg, bounds[b].name) == 0)
				break;
		if (b < sizeof(bounds) / sizeof(*bounds)) {
			if (++i == argc)
				return usage_error("audit: %s needs a number",
				    arg);
			if (number_parse(argv[i], strlen(argv[i]), 10, 0,
			    bounds[b].min, bounds[b].max, &n, &reason) == -1)
				return usage_error("audit: %s %s: expected a "
				    "number from %ju to %ju", arg, argv[i],
				    (uintmax_t)bounds[b].min,
				    (uintmax_t)bounds[b].max);
			if (b == 0)
				opt.sample = (size_t)n;
			else if (b == 1)
				opt.concurrency = (int)n;
			else if (b == 2)
				opt.rate = (double)n;
			else if (b == 3)
				opt.timeout_s = (long)n;
			else
				opt.max_time_s = (long)n;
			continue;
		}
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			printf("usage: sitemapd audit%s\n\n%s", AUDIT_USAGE,
			    audit_help);
			return fflush(stdout) == 0 ? EXIT_SUCCESS :
			    EXIT_FAILURE;
		}
		if (arg[0] == '-')
			return usage_error("audit: unknown option %s", arg);
		if (opt.target != NULL)
			return usage_error("audit: one URL, not %s and %s",
			    opt.target, arg);
		opt.target = arg;
	}
	if (opt.target == NULL)
		return usage_error("audit: give the URL of a site or of a "
		    "sitemap");
	if (json)
		opt.progress = 0;
	if (audit_run(&opt, &r, &why) == -1) {
		rc = usage_error("audit: %s", buf_str(&why));
		buf_free(&why);
		return rc;
	}
	if (json)
		audit_print_json(&r, stdout);
	else
		audit_print_text(&r, stdout);
	rc = r.verdict[0] == 'f' || (strict && r.verdict[0] == 'w') ?
	    EXIT_FAILURE : EXIT_SUCCESS;
	audit_free(&r);
	if (fflush(stdout) != 0)
		rc = EXIT_FAILURE;
	return rc;
}
