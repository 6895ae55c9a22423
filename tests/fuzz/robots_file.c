/*
 * A document root's robots.txt merged into the one sitemapd writes: the
 * first line is the agent, the second the URL, the rest the file. Unless
 * a line was left out (and said so), the file and what is served must
 * give the agent the same verdict for the URL.
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

static void
count(void *ctx, enum finding kind, const char *line)
{
	(void)kind;
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
	if (docroot_robots_merge(root, NULL, &r, &rep, &why) == 0 &&
	    robots_finish(&r, &reserved, &why) == 0 && left_out == 0) {
		robots_render(&r, "http://x", &out);
		robotstxt_parse(&original, body, size - (size_t)(body - text));
		robotstxt_parse(&served, out.data, out.len);
		if (robotstxt_allowed(&original, agent, url, NULL) !=
		    robotstxt_allowed(&served, agent, url, NULL)) {
			fprintf(stderr, "verdicts differ; served:\n%s\n",
			    buf_str(&out));
			abort();
		}
		robotstxt_free(&original);
		robotstxt_free(&served);
	}
	robots_free(&r);
	reserved_free(&reserved);
	buf_free(&why);
	buf_free(&out);
out:
	free(text);
	return 0;
}
