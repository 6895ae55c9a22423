/*
 * ron-dump FILE...: what sitemapd's RON reader makes of each sidecar, in
 * the form of tests/ron-corpus/expected.tsv: FILE<TAB>OK<TAB>{json} or
 * FILE<TAB>ERR<TAB>reason, with FILE as its base name.
 */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sidecar.h"

static void
json_string(const struct buf *b)
{
	putchar('"');
	for (size_t i = 0; i < b->len; i++) {
		unsigned char c = (unsigned char)b->data[i];

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

int
main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		struct buf text = BUF_INIT, why = BUF_INIT;
		struct sidecar_fields sf;
		int fd = open(argv[i], O_RDONLY);

		if (fd == -1 || buf_read_fd(&text, fd, 1 << 20) == -1) {
			perror(argv[i]);
			return 2;
		}
		close(fd);
		printf("%s\t", basename(argv[i]));
		if (sidecar_read(buf_str(&text), text.len, &sf, &why) == -1)
			printf("ERR\t%s\n", buf_str(&why));
		else {
			fputs("OK\t{\"alias\": ", stdout);
			json_string(&sf.alias);
			fputs(", \"title\": ", stdout);
			if (sf.has_title)
				json_string(&sf.title);
			else
				fputs("null", stdout);
			fputs(", \"mime\": ", stdout);
			json_string(&sf.mime);
			fputs(", \"tags\": [", stdout);
			for (size_t t = 0; t < sf.ntags; t++) {
				fputs(t ? ", " : "", stdout);
				json_string(&sf.tags[t]);
			}
			fputs("], \"nav_order\": ", stdout);
			if (sf.has_nav_order)
				printf("%d}\n", (int)sf.nav_order);
			else
				fputs("null}\n", stdout);
			sidecar_fields_free(&sf);
		}
		buf_free(&text);
		buf_free(&why);
	}
	return 0;
}
