/*
 * genpages ROOT N [FIRST [LONG]]: writes N markdown pages (empty blobs,
 * small sidecars) into a NoPressure runtime root, made if need be, with
 * ids from FIRST (default 1), for bench/run and the tests. Aliases are
 * spread over a few sections so that sorting and escaping do real work;
 * with LONG, each is LONG characters longer, for large answers.
 *
 * genpages --html ROOT N [FIRST]: N small HTML pages in a document root,
 * in folders of a hundred, each folder with an index.html among them;
 * --html-images, each with a logo in its header and one or two images
 * (every other page) in its <main>, as a typical page has; each image a
 * file (links to one), as sitemapd lists only images the server has.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void
die(const char *what)
{
	fprintf(stderr, "genpages: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void
write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd == -1 || write(fd, text, len) != (ssize_t)len || close(fd) == -1)
		die(path);
}

static void
make_dir(const char *path)
{
	if (mkdir(path, 0755) == -1 && errno != EEXIST)
		die(path);
}

/* path another name of image. */
static void
link_image(const char *image, const char *path)
{
	if (link(image, path) == -1 && errno != EEXIST)
		die(path);
}

/* A document root: sections/NN/NNNN/page-N.html, an index per folder. */
static int
html(const char *root, unsigned long n, unsigned long first, int images)
{
	static const char *const sections[] = { "blog", "docs", "news",
	    "guides", "products", "help" };
	char path[4096], text[512], image[4096];

	make_dir(root);
	if (images) {
		snprintf(image, sizeof(image), "%s/img", root);
		make_dir(image);
		snprintf(image, sizeof(image), "%s/img/chart.png", root);
		write_file(image, "\x89PNG\r\n\x1a\n", 8);
		snprintf(path, sizeof(path), "%s/logo.png", root);
		link_image(image, path);
	}
	for (unsigned long i = first; i < first + n; i++) {
		unsigned long folder = i / 100;
		int len;

		snprintf(path, sizeof(path), "%s/%s", root, sections[folder % 6]);
		make_dir(path);
		snprintf(path, sizeof(path), "%s/%s/%lu", root,
		    sections[folder % 6], folder);
		make_dir(path);
		snprintf(path, sizeof(path), "%s/%s/%lu/%s", root,
		    sections[folder % 6], folder, i % 100 == 0 ? "index.html" :
		    "");
		if (i % 100 != 0)
			snprintf(path + strlen(path), sizeof(path) - strlen(path),
			    "page-%lu.html", i);
		if (images)
			len = snprintf(text, sizeof(text), "<!doctype html>\n"
			    "<html><head><title>Page %lu</title></head>\n<body>"
			    "<header><img src=\"/logo.png\"></header><main>"
			    "<h1>Page %lu</h1><p>Some text.</p><img "
			    "src=\"img/figure-%lu.png\">%s</main></body></html>\n",
			    i, i, i, i % 2 ? "<img src=\"/img/chart.png\">" : "");
		else
			len = snprintf(text, sizeof(text), "<!doctype html>\n"
			    "<html><head><title>Page %lu</title></head>\n<body>"
			    "<h1>Page %lu</h1><p>Some text.</p></body></html>\n",
			    i, i);
		write_file(path, text, (size_t)len);
		if (!images)
			continue;
		snprintf(path, sizeof(path), "%s/%s/%lu/img", root,
		    sections[folder % 6], folder);
		make_dir(path);
		snprintf(path + strlen(path), sizeof(path) - strlen(path),
		    "/figure-%lu.png", i);
		/* A file's links are bounded (65,000 on ext4): one a folder. */
		if (i == first || i % 100 == 0) {
			write_file(path, "\x89PNG\r\n\x1a\n", 8);
			snprintf(image, sizeof(image), "%s", path);
		} else
			link_image(image, path);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	static const char *const sections[] = { "blog", "docs", "news",
	    "guides", "products", "help" };
	char path[4096], text[4096], pad[2048] = "";
	unsigned long n, first = 1, longer = 0;

	if (argc >= 4 && (strcmp(argv[1], "--html") == 0 ||
	    strcmp(argv[1], "--html-images") == 0) &&
	    (n = strtoul(argv[3], NULL, 10)) > 0)
		return html(argv[2], n, argc > 4 ? strtoul(argv[4], NULL, 10) :
		    1, strcmp(argv[1], "--html-images") == 0);
	if (argc < 3 || argc > 5 || (n = strtoul(argv[2], NULL, 10)) == 0 ||
	    (argc >= 4 && (first = strtoul(argv[3], NULL, 10)) == 0) ||
	    (argc == 5 && (longer = strtoul(argv[4], NULL, 10)) >=
	    sizeof(pad))) {
		fputs("usage: genpages ROOT N [FIRST [LONG]]\n"
		    "       genpages --html|--html-images ROOT N [FIRST]\n",
		    stderr);
		return 2;
	}
	memset(pad, 'x', longer);
	pad[longer] = '\0';
	snprintf(path, sizeof(path), "%s/content", argv[1]);
	if ((mkdir(argv[1], 0755) == -1 && errno != EEXIST) ||
	    (mkdir(path, 0755) == -1 && errno != EEXIST))
		die(path);
	for (unsigned shard = 0; shard < 256; shard++) {
		snprintf(path, sizeof(path), "%s/content/%02x", argv[1], shard);
		if (mkdir(path, 0755) == -1 && errno != EEXIST)
			die(path);
	}
	for (unsigned long i = first; i < first + n; i++) {
		unsigned long long id = i;
		int len;

		snprintf(path, sizeof(path), "%s/content/%02llx/%016llx.1",
		    argv[1], id & 0xff, id);
		write_file(path, "", 0);
		len = snprintf(text, sizeof(text), "(\n    alias: \"%s/%lu/"
		    "page-%lu%s\",\n    title: Some(\"Page %lu\"),\n    mime: "
		    "\"text/markdown\",\n    tags: [],\n)\n",
		    sections[i % 6], i % 97, i, pad, i);
		snprintf(path, sizeof(path), "%s/content/%02llx/%016llx.1.ron",
		    argv[1], id & 0xff, id);
		write_file(path, text, (size_t)len);
	}
	return 0;
}
