/*
 * A document root's robots.txt merged into the one sitemapd writes: the
 * first line is the agent, the second the URL, the rest the file. What
 * the file disallows, what is served must disallow (for a crawler's
 * name, and a URL a crawler would ask for); and unless a line was left out or cut (and said so),
 * the two give the agent the same verdict for the URL.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "reserved.h"
#include "robots_file.h"
#include "robots_matcher.h"
#include "robots_writer.h"

/* A URL as a crawler asks for it: no blank, control or 8-bit byte. */
static int
encoded(const char *url)
{
	for (const unsigned char *p = (const unsigned char *)url; *p; p++)
		if (*p <= ' ' || *p >= 0x7f)
			return 0;
	return 1;
}

static void
count(void *ctx, enum finding kind, const char *kind_of, const char *line)
{
	(void)kind;
	(void)kind_of;
	(void)line;
	(*(int *)ctx)++;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char root[PATH_MAX], file[PATH_MAX + 16];
	char *text = malloc(size + 1), *agent = text, *url, *body;
	struct robotstxt original, served;
	struct buf why = BUF_INIT, out = BUF_INIT;
	struct reserved reserved;
	struct robots r;
	struct host_policy hosts;
	int left_out = 0;
	struct reporter rep = { count, &left_out };
	FILE *f;

	/* Under TMPDIR, which tests/fuzz.sh sets to a folder it removes. */
	if (file[0] == '\0') {
		snprintf(root, sizeof(root), "%s/robots-file-XXXXXX",
		    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (mkdtemp(root) == NULL)
			abort();
		snprintf(file, sizeof(file), "%s/robots.txt", root);
	}
	memcpy(text, data, size);
	text[size] = '\0';
	if ((url = strchr(agent, '\n')) == NULL ||
	    (body = strchr(url + 1, '\n')) == NULL)
		goto out;
	*url++ = '\0';
	*body++ = '\0';
	if ((f = fopen(file, "w")) == NULL)
		abort();
	fwrite(body, 1, size - (size_t)(body - text), f);
	fclose(f);

	reserved_init(&reserved);
	reserved_drop_nopressure(&reserved);
	robots_init(&r);
	host_policy_init(&hosts);
	if (docroot_robots_merge(root, NULL, &hosts, &r, &rep, &why) == 0 &&
	    robots_finish(&r, &reserved, &why) == 0) {
		int site, ours;

		robots_render(&r, "http://x", &out);
		robotstxt_parse(&original, body, size - (size_t)(body - text));
		robotstxt_parse(&served, out.data, out.len);
		site = robotstxt_allowed(&original, agent, url, NULL);
		ours = robotstxt_allowed(&served, agent, url, NULL);
		if ((!site && ours && encoded(url) &&
		    robotstxt_agent_valid(agent)) ||
		    (left_out == 0 && site != ours)) {
			fprintf(stderr, "verdicts differ; served:\n%s\n",
			    buf_str(&out));
			abort();
		}
		robotstxt_free(&original);
		robotstxt_free(&served);
	}
	robots_free(&r);
	host_policy_free(&hosts);
	reserved_free(&reserved);
	buf_free(&why);
	buf_free(&out);
out:
	free(text);
	return 0;
}
