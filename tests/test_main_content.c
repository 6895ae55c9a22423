/*
 * Which element of a page its content hash covers, what a change there
 * or elsewhere does to the hash, and which images its sitemap entry
 * lists: tables of hand-written pages, each failure at its case's line.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "content_hash.h"
#include "image_sums.h"
#include "page_images.h"
#include "unit.h"

static int	write_file(const char *, const char *);
static uint64_t	sum_of_file(struct image_sums *, const char *);

/* The sums of a page whose markup is html. */
static struct content_sums
sums_of(const char *html)
{
	struct content_sums sums;
	FILE *f = tmpfile();

	fputs(html, f);
	fflush(f);
	if (content_hash(fileno(f), NULL, NULL, 1, &sums) == -1)
		memset(&sums, 0, sizeof(sums));
	fclose(f);
	return sums;
}

static void
test_chosen(void)
{
	static const struct {
		int		 line;
		const char	*html;
		enum main_kind	 want;
	} cases[] = {
		{ __LINE__, "<p>no landmarks at all</p>", MAIN_BODY },
		{ __LINE__, "<nav>n</nav><p>x</p><footer>f</footer>",
		    MAIN_BODY },
		{ __LINE__, "<main>x</main>", MAIN_ELEMENT },
		{ __LINE__, "<main hidden>old</main><main>x</main>",
		    MAIN_ELEMENT },
		{ __LINE__, "<main>a<main>b</main></main>", MAIN_ELEMENT },
		{ __LINE__, "<div role=\"main\">x</div>", MAIN_ROLE },
		{ __LINE__, "<div role=\"MAIN\">x</div>", MAIN_ROLE },
		{ __LINE__, "<div role=\"main\">x</div><main>y</main>",
		    MAIN_ELEMENT },
		{ __LINE__, "<header role=\"main\">x</header>", MAIN_ROLE },
		{ __LINE__, "<article>a</article>", MAIN_ARTICLE },
		{ __LINE__, "<article>a</article><article>b</article>",
		    MAIN_BODY },
		{ __LINE__, "<article>a<article>comment</article></article>",
		    MAIN_ARTICLE },
		/* A sidebar's cards are no second article. */
		{ __LINE__, "<aside><article>c</article></aside>"
		    "<article>a</article>", MAIN_ARTICLE },
		/* Neither a main never shown nor one in a template. */
		{ __LINE__, "<main hidden>x</main><p>y</p>", MAIN_BODY },
		{ __LINE__, "<template><main>x</main></template><p>y</p>",
		    MAIN_BODY },
		{ __LINE__, "<div hidden><main>x</main></div><p>y</p>",
		    MAIN_BODY },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct content_sums s = sums_of(cases[i].html);

		UNIT_AT(cases[i].line, s.from == cases[i].want);
		UNIT_AT(cases[i].line, s.main != 0);
	}
}

/* Two pages, and whether their main hashes are the same. */
static void
test_changes(void)
{
	static const char head[] = "<!doctype html><html><head>"
	    "<title>T</title></head><body>";
	static const struct {
		int		 line;
		const char	*a, *b;
		int		 same;
	} cases[] = {
		/* What a template repeats on every page. */
		{ __LINE__, "<nav>a b</nav><main>x</main>",
		    "<nav>a b c</nav><main>x</main>", 1 },
		{ __LINE__, "<main>x</main><footer>Built 20:36:16</footer>",
		    "<main>x</main><footer>Built 20:36:17</footer>", 1 },
		{ __LINE__, "<header>Site</header><main>x</main>",
		    "<header>Site 2</header><main>x</main>", 1 },
		{ __LINE__, "<aside>toc</aside><main>x</main>",
		    "<aside>toc 2</aside><main>x</main>", 1 },
		/* Docusaurus: its previous and next links inside <main>. */
		{ __LINE__, "<main><article>x</article><nav>Prev A</nav></main>",
		    "<main><article>x</article><nav>Prev B</nav></main>", 1 },
		/* Starlight: its credits, edit link and previous and next
		 * pages in a <footer> of no section inside <main>. */
		{ __LINE__, "<main>x<footer>Made with A</footer></main>",
		    "<main>x<footer>Made with B</footer></main>", 1 },
		{ __LINE__, "<main><div><div>x</div><footer>A</footer></div>"
		    "</main>", "<main><div><div>x</div><footer>B</footer>"
		    "</div></main>", 1 },
		{ __LINE__, "<main>x<div><a href=\"/a\" rel=\"prev\">Doc A"
		    "</a></div></main>", "<main>x<div><a href=\"/b\" "
		    "rel=\"prev\">Doc B</a></div></main>", 1 },
		{ __LINE__, "<main>x<a href=\"/a\" rel=\"nofollow NEXT\">A"
		    "</a></main>", "<main>x<a href=\"/b\" rel=\"nofollow "
		    "NEXT\">B</a></main>", 1 },
		{ __LINE__, "<main>x<div role=\"contentinfo\">a</div></main>",
		    "<main>x<div role=\"contentinfo\">b</div></main>", 1 },
		/* An aside beside the content, of the site. */
		{ __LINE__, "<aside>a</aside><article>x</article>",
		    "<aside>b</aside><article>x</article>", 1 },
		{ __LINE__, "<div role=\"complementary\">a</div><main>x</main>",
		    "<div role=\"complementary\">b</div><main>x</main>", 1 },
		{ __LINE__, "<main>x<div role=\"navigation\">a</div></main>",
		    "<main>x<div role=\"navigation\">b</div></main>", 1 },
		{ __LINE__, "<main>x<form role=\"search\">a</form></main>",
		    "<main>x<form role=\"search\">b</form></main>", 1 },
		{ __LINE__, "<main>x<search>a</search></main>",
		    "<main>x<search>b</search></main>", 1 },
		{ __LINE__, "<main>x<template>a</template></main>",
		    "<main>x<template>b</template></main>", 1 },
		{ __LINE__, "<main>x<p hidden>a</p></main>",
		    "<main>x<p hidden>b</p></main>", 1 },
		{ __LINE__, "<div class=sidebar>a</div><div role=main>x</div>",
		    "<div class=sidebar>b</div><div role=main>x</div>", 1 },
		{ __LINE__, "<p>menu a</p><article>x</article>",
		    "<p>menu b</p><article>x</article>", 1 },
		{ __LINE__, "<main hidden>a</main><main>x</main>",
		    "<main hidden>b</main><main>x</main>", 1 },
		/* What the page itself says. */
		{ __LINE__, "<main>x</main>", "<main>y</main>", 0 },
		{ __LINE__, "<main>a<main>b</main></main>",
		    "<main>a<main>c</main></main>", 0 },
		{ __LINE__, "<main hidden>a</main><main>x</main>",
		    "<main hidden>a</main><main>y</main>", 0 },
		{ __LINE__, "<div role=main>x</div>", "<div role=main>y</div>",
		    0 },
		{ __LINE__, "<header role=main>x</header>",
		    "<header role=main>y</header>", 0 },
		{ __LINE__, "<article>x</article><article>a</article>",
		    "<article>x</article><article>b</article>", 0 },
		{ __LINE__, "<nav>n</nav><p>x</p>", "<nav>n</nav><p>y</p>", 0 },
		{ __LINE__, "<main><header>x</header>a</main>",
		    "<main><header>x</header>b</main>", 0 },
		/* A picture replaced, in the content; not in the header. */
		{ __LINE__, "<main><img src=\"a.png\"></main>",
		    "<main><img src=\"b.png\"></main>", 0 },
		{ __LINE__, "<header><img src=\"a.png\"></header><main>x</main>",
		    "<header><img src=\"b.png\"></header><main>x</main>", 1 },
		{ __LINE__, "<main><img hidden src=\"a.png\">x</main>",
		    "<main><img hidden src=\"b.png\">x</main>", 1 },
		/* No text spells a picture. */
		{ __LINE__, "<main><img src=\"a.png\"></main>",
		    "<main>img: a.png</main>", 0 },
		/* Blanks and markup a reader does not see. */
		{ __LINE__, "<main>x  y</main>", "<main>x\n\ty</main>", 1 },
		{ __LINE__, "<main><p class=a>x</p></main>",
		    "<main><p class=b>x</p><script>1</script></main>", 1 },
		{ __LINE__, "<main>x</main>", "<main>x </main>", 1 },
		{ __LINE__, "<main><p>x</p><p>y</p></main>",
		    "<main><p>xy</p></main>", 0 },
	};
	struct buf a = BUF_INIT, b = BUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		buf_reset(&a);
		buf_reset(&b);
		buf_printf(&a, "%s%s</body></html>", head, cases[i].a);
		buf_printf(&b, "%s%s</body></html>", head, cases[i].b);
		UNIT_AT(cases[i].line, (sums_of(buf_str(&a)).main ==
		    sums_of(buf_str(&b)).main) == cases[i].same);
	}
	buf_free(&a);
	buf_free(&b);
}

/*
 * What a reader sees besides the text of the content, each class a
 * table of an edit (a to b) and whether it moves the hash: issue 65's
 * classes, met in real generators' pages.
 */
struct edit {
	int		 line;
	const char	*a, *b;
	int		 moves;
};

static void
edits_check(const struct edit *cases, size_t n)
{
	static const char head[] = "<!doctype html><html><head>"
	    "<title>T</title></head><body><nav>n</nav>";
	struct buf a = BUF_INIT, b = BUF_INIT;

	for (size_t i = 0; i < n; i++) {
		buf_reset(&a);
		buf_reset(&b);
		buf_printf(&a, "%s%s<footer>f</footer></body></html>", head,
		    cases[i].a);
		buf_printf(&b, "%s%s<footer>f</footer></body></html>", head,
		    cases[i].b);
		UNIT_AT(cases[i].line, (sums_of(buf_str(&a)).main !=
		    sums_of(buf_str(&b)).main) == cases[i].moves);
	}
	buf_free(&a);
	buf_free(&b);
}
#define EDITS_CHECK(cases)	edits_check(cases, sizeof(cases) / \
	sizeof(cases[0]))

/* Asides in the content: Starlight's notes, Sphinx's sidebars, topics
 * and footnotes. */
static void
test_nested_aside(void)
{
	static const struct edit cases[] = {
		{ __LINE__, "<main><p>x</p><aside aria-label=\"Note\" "
		    "class=\"starlight-aside\"><p>Old</p></aside></main>",
		    "<main><p>x</p><aside aria-label=\"Note\" "
		    "class=\"starlight-aside\"><p>New</p></aside></main>",
		    1 },
		{ __LINE__, "<div role=\"main\"><section><aside "
		    "class=\"sidebar\">a</aside></section></div>",
		    "<div role=\"main\"><section><aside class=\"sidebar\">"
		    "b</aside></section></div>", 1 },
		{ __LINE__, "<div role=\"main\"><aside class=\"footnote\">"
		    "a</aside></div>", "<div role=\"main\"><aside "
		    "class=\"footnote\">b</aside></div>", 1 },
		{ __LINE__, "<article><p>x</p><aside>a</aside></article>",
		    "<article><p>x</p><aside>b</aside></article>", 1 },
		{ __LINE__, "<main><div role=\"complementary\">a</div></main>",
		    "<main><div role=\"complementary\">b</div></main>", 1 },
		/* The nav inside an aside is still navigation. */
		{ __LINE__, "<main>x<aside><nav>a</nav></aside></main>",
		    "<main>x<aside><nav>b</nav></aside></main>", 0 },
		/* Beside the content, not in it. */
		{ __LINE__, "<aside>a</aside><main>x</main>",
		    "<aside>b</aside><main>x</main>", 0 },
	};

	EDITS_CHECK(cases);
}

/* What a click shows: tab panels, and what a search in the page does. */
static void
test_tabpanel(void)
{
	static const struct edit cases[] = {
		{ __LINE__, "<main><div role=\"tabpanel\">npm i</div><div "
		    "role=\"tabpanel\" hidden>yarn add a</div></main>",
		    "<main><div role=\"tabpanel\">npm i</div><div "
		    "role=\"tabpanel\" hidden>yarn add b</div></main>", 1 },
		{ __LINE__, "<main><div role=\"TabPanel\" hidden=\"\">a"
		    "</div></main>", "<main><div role=\"TabPanel\" "
		    "hidden=\"\">b</div></main>", 1 },
		{ __LINE__, "<main><div hidden=\"until-found\">a</div></main>",
		    "<main><div hidden=\"until-found\">b</div></main>", 1 },
		{ __LINE__, "<main><details><summary>s</summary>a</details>"
		    "</main>", "<main><details><summary>s</summary>b"
		    "</details></main>", 1 },
		/* Hidden for good. */
		{ __LINE__, "<main>x<div hidden>a</div></main>",
		    "<main>x<div hidden>b</div></main>", 0 },
		{ __LINE__, "<main>x<div role=\"tabpanel\"><template>a"
		    "</template></div></main>", "<main>x<div "
		    "role=\"tabpanel\"><template>b</template></div></main>",
		    0 },
		{ __LINE__, "<main>x<div hidden><div role=\"tabpanel\">a"
		    "</div></div></main>", "<main>x<div hidden><div "
		    "role=\"tabpanel\">b</div></div></main>", 0 },
	};

	EDITS_CHECK(cases);
}

/* A post's own header and footer, inside its <article> or <section>. */
static void
test_article_header_footer(void)
{
	static const struct edit cases[] = {
		/* PaperMod, minima: the description, the author. */
		{ __LINE__, "<main><article><header><h1>P</h1><div "
		    "class=\"post-description\">Old</div></header>x</article>"
		    "</main>", "<main><article><header><h1>P</h1><div "
		    "class=\"post-description\">New</div></header>x"
		    "</article></main>", 1 },
		/* Pelican: the post's dates, in its footer. */
		{ __LINE__, "<article><footer class=\"post-info\">Modified: "
		    "2025-01-02</footer>x</article>", "<article><footer "
		    "class=\"post-info\">Modified: 2025-02-03</footer>x"
		    "</article>", 1 },
		/* Docusaurus: the blog post's authors. */
		{ __LINE__, "<main><article><header><h1>P</h1><div>Ann</div>"
		    "</header>x</article></main>", "<main><article><header>"
		    "<h1>P</h1><div>Bob</div></header>x</article></main>", 1 },
		{ __LINE__, "<main><section><footer>a</footer></section></main>",
		    "<main><section><footer>b</footer></section></main>", 1 },
		/* The site's, of no section, wherever the template put it. */
		{ __LINE__, "<header>a</header><main><article>x</article></main>",
		    "<header>b</header><main><article>x</article></main>", 0 },
		{ __LINE__, "<main><header>a</header><article>x</article>"
		    "</main>", "<main><header>b</header><article>x</article>"
		    "</main>", 0 },
		{ __LINE__, "<main><article>x</article><footer>a</footer>"
		    "</main>", "<main><article>x</article><footer>b</footer>"
		    "</main>", 0 },
		/* PaperMod: its previous and next posts, a nav in the footer. */
		{ __LINE__, "<main><article>x<footer><nav class=\"paginav\">"
		    "A</nav></footer></article></main>", "<main><article>x"
		    "<footer><nav class=\"paginav\">B</nav></footer>"
		    "</article></main>", 0 },
	};

	EDITS_CHECK(cases);
}

/* Where a link goes. */
static void
test_href(void)
{
	static const struct edit cases[] = {
		{ __LINE__, "<main><a href=\"/files/setup-1.0.exe\">Download"
		    "</a></main>", "<main><a href=\"/files/setup-2.0.exe\">"
		    "Download</a></main>", 1 },
		{ __LINE__, "<main><p>See <a href=\"/v1/guide\">the guide</a>"
		    "</p></main>", "<main><p>See <a href=\"/v2/guide\">the "
		    "guide</a></p></main>", 1 },
		{ __LINE__, "<main><map><area href=\"/a\"></map></main>",
		    "<main><map><area href=\"/b\"></map></main>", 1 },
		/* No text spells a link. */
		{ __LINE__, "<main><a href=\"/a\">x</a></main>",
		    "<main><a>x</a>href: /a</main>", 1 },
		/* What does not show: its class, its title. */
		{ __LINE__, "<main><a href=\"/a\" class=\"c1\">x</a></main>",
		    "<main><a href=\"/a\" class=\"c2\">x</a></main>", 0 },
		{ __LINE__, "<nav><a href=\"/a\">x</a></nav><main>y</main>",
		    "<nav><a href=\"/b\">x</a></nav><main>y</main>", 0 },
	};

	EDITS_CHECK(cases);
}

/* An image's alt text: what it says to one who cannot see it. */
static void
test_alt(void)
{
	static const struct edit cases[] = {
		{ __LINE__, "<main><img src=\"a.png\" alt=\"Old\"></main>",
		    "<main><img src=\"a.png\" alt=\"New\"></main>", 1 },
		{ __LINE__, "<main><img src=\"a.png\"></main>",
		    "<main><img src=\"a.png\" alt=\"a\"></main>", 1 },
		{ __LINE__, "<main><img src=\"a.png\" alt=\"a\"></main>",
		    "<main><img src=\"a.png\" alt=\"a\" width=\"9\">"
		    "</main>", 0 },
		{ __LINE__, "<header><img src=\"l.png\" alt=\"a\"></header>"
		    "<main>x</main>", "<header><img src=\"l.png\" "
		    "alt=\"b\"></header><main>x</main>", 0 },
	};

	EDITS_CHECK(cases);
}

/* What a frame or a player plays; a list's start; a box ticked. */
static void
test_embedded(void)
{
	static const struct edit cases[] = {
		{ __LINE__, "<main><iframe src=\"https://v.example/embed/a\">"
		    "</iframe></main>", "<main><iframe "
		    "src=\"https://v.example/embed/b\"></iframe></main>", 1 },
		{ __LINE__, "<main><video src=\"a.mp4\"></video></main>",
		    "<main><video src=\"b.mp4\"></video></main>", 1 },
		{ __LINE__, "<main><video><source src=\"a.webm\"></video>"
		    "</main>", "<main><video><source src=\"b.webm\"></video>"
		    "</main>", 1 },
		{ __LINE__, "<main><audio src=\"a.ogg\"></audio></main>",
		    "<main><audio src=\"b.ogg\"></audio></main>", 1 },
		{ __LINE__, "<main><ol start=\"3\"><li>a</li></ol></main>",
		    "<main><ol start=\"4\"><li>a</li></ol></main>", 1 },
		{ __LINE__, "<main><ul><li><input type=\"checkbox\" disabled>"
		    " a</li></ul></main>", "<main><ul><li><input "
		    "type=\"checkbox\" disabled checked> a</li></ul></main>",
		    1 },
		{ __LINE__, "<main><iframe src=\"a\" class=\"x\"></iframe>"
		    "</main>", "<main><iframe src=\"a\" class=\"y\">"
		    "</iframe></main>", 0 },
	};

	EDITS_CHECK(cases);
}

/* Code's blanks as written: a line moved out of its loop. */
static void
test_pre_blanks(void)
{
	static const struct edit cases[] = {
		{ __LINE__, "<main><pre>for x in y:\n    a()\n    b()</pre>"
		    "</main>", "<main><pre>for x in y:\n    a()\nb()</pre>"
		    "</main>", 1 },
		{ __LINE__, "<main><pre><code><span>if</span> x:\n  "
		    "<span>y</span></code></pre></main>", "<main><pre><code>"
		    "<span>if</span> x:\n    <span>y</span></code></pre>"
		    "</main>", 1 },
		{ __LINE__, "<main><p>Run <code>a  b</code></p></main>",
		    "<main><p>Run <code>a b</code></p></main>", 1 },
		/* A highlighter's markup inside code parts no words. */
		{ __LINE__, "<main><pre>ab</pre></main>",
		    "<main><pre><span>a</span><span>b</span></pre></main>", 0 },
		/* Outside code, blanks are as a reader sees them. */
		{ __LINE__, "<main><p>a  b</p><pre>c</pre></main>",
		    "<main><p>a\n b</p><pre>c</pre></main>", 0 },
		{ __LINE__, "<main><p>a</p><pre>b</pre></main>",
		    "<main><p>a</p> <pre>b</pre></main>", 0 },
	};

	EDITS_CHECK(cases);
}

/* An image file by its bytes: replaced, it moves; rewritten the same, not. */
static void
test_image_bytes(void)
{
	static const struct {
		int		 line;
		const char	*a, *b;
		int		 moves;
	} cases[] = {
		{ __LINE__, "PNG screenshot 1", "PNG screenshot 2", 1 },
		{ __LINE__, "PNG screenshot 1", "PNG screenshot 1", 0 },
		{ __LINE__, "", "", 0 },
		{ __LINE__, "", "\n", 1 },
		{ __LINE__, "ab", "ba", 1 },
	};
	struct image_sums *sums = image_sums_new();
	char path[] = "/tmp/sitemapd-image-XXXXXX";
	int fd = mkstemp(path);

	UNIT_AT(__LINE__, fd != -1);
	for (size_t i = 0; fd != -1 && i < sizeof(cases) / sizeof(cases[0]);
	    i++) {
		uint64_t a, b, again;
		struct timespec later[2] = { { 0, UTIME_OMIT },
		    { 1000000000 + (time_t)i, 0 } };

		/* Rewritten as a rebuild does: its state is another. */
		UNIT_AT(cases[i].line, write_file(path, cases[i].a) == 0);
		a = sum_of_file(sums, path);
		UNIT_AT(cases[i].line, write_file(path, cases[i].b) == 0);
		UNIT_AT(cases[i].line, utimensat(AT_FDCWD, path, later, 0) == 0);
		b = sum_of_file(sums, path);
		again = sum_of_file(sums, path);
		UNIT_AT(cases[i].line, a != 0 && b != 0 && again == b);
		UNIT_AT(cases[i].line, (a != b) == cases[i].moves);
	}
	/* No file: its URL alone counts. */
	if (fd != -1) {
		close(fd);
		unlink(path);
	}
	UNIT_AT(__LINE__, sum_of_file(sums, path) == 0);
	image_sums_free(sums);
}

/* image_sums_of path, as a stat finds it now; 0 for no file. */
static uint64_t
sum_of_file(struct image_sums *sums, const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? image_sums_of(sums, path, &st) : 0;
}

/* Replaces the file at path with text. */
static int
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/*
 * sitemapd 0.2.0's hash is read as it read it, so that the rows it
 * stored keep their dates: the figure is what 0.2.0 (commit ffa8a32)
 * stored for this page, whose content holds what it left out.
 */
static void
test_main_0_2_kept(void)
{
	struct content_sums s = sums_of("<!doctype html><html><head><title>"
	    "A page</title><style>p{}</style></head><body><nav>Home Docs"
	    "</nav><main><h1>A  page</h1><p>Its text.</p><script>x=1"
	    "</script><aside>A note</aside><div role=\"tabpanel\" hidden>"
	    "Tab</div><a href=\"/x\">x</a><pre>  a\n    b</pre></main>"
	    "<footer>Built today</footer></body></html>\n");

	UNIT_AT(__LINE__, s.main_0_2 == UINT64_C(0x5bc255e5287a9dfc));
	UNIT_AT(__LINE__, s.main != s.main_0_2);
}

/* The page's own title is its content; a title in its body is not. */
static void
test_title(void)
{
	UNIT_AT(__LINE__, sums_of("<title>A</title><main>x</main>").main !=
	    sums_of("<title>B</title><main>x</main>").main);
	UNIT_AT(__LINE__, sums_of("<title>A</title><main>x</main>").main ==
	    sums_of("<title>A</title><main>x</main><svg><title>B</title>"
	    "</svg>").main);
	/* The title and the content do not run into each other. */
	UNIT_AT(__LINE__, sums_of("<title>ab</title><main>c</main>").main !=
	    sums_of("<title>a</title><main>bc</main>").main);
}

/*
 * The whole page's hash is the one stores written before the main
 * content's hold: it must not move, or every page upgraded moves its
 * date. The figure is what sitemapd 0.1.0 (commit 0c5ba9f) hashed.
 */
static void
test_whole_kept(void)
{
	struct content_sums s = sums_of("<!doctype html><html><head><title>"
	    "A page</title><style>p{}</style></head><body><nav>Home Docs"
	    "</nav><main><h1>A  page</h1><p>Its text.</p><script>x=1"
	    "</script></main><footer>Built today</footer></body></html>\n");

	UNIT_AT(__LINE__, s.whole == UINT64_C(0x5a239d26fb776355));
	UNIT_AT(__LINE__, s.from == MAIN_ELEMENT);
}

/* Nesting past what it follows is read, not lost. */
static void
test_deep(void)
{
	struct buf a = BUF_INIT, b = BUF_INIT;

	for (int i = 0; i < MAIN_CONTENT_DEPTH + 10; i++) {
		buf_adds(&a, "<div>");
		buf_adds(&b, "<div>");
	}
	buf_adds(&a, "<main>x</main>");
	buf_adds(&b, "<main>y</main>");
	UNIT_AT(__LINE__, sums_of(buf_str(&a)).main != 0);
	UNIT_AT(__LINE__, sums_of(buf_str(&a)).main !=
	    sums_of(buf_str(&b)).main);
	buf_free(&a);
	buf_free(&b);
}

/* The images listed of a page at path whose markup is html. */
static void
images_of(const char *html, const char *path, struct buf *out)
{
	struct page_images *pi = page_images_begin();
	struct content_sums sums;
	FILE *f = tmpfile();

	fputs(html, f);
	fflush(f);
	if (content_hash(fileno(f), NULL, pi, 1, &sums) == 0)
		(void)page_images_end(pi, sums.from, path, out);
	page_images_free(pi);
	fclose(f);
}

static void
test_images(void)
{
	static const struct {
		int		 line;
		const char	*html;
		const char	*want;	/* each "\turl\n" */
	} cases[] = {
		/* The template's pictures are on every page: not its own. */
		{ __LINE__, "<header><img src=\"/logo.png\"></header><main>"
		    "<img src=\"a.png\"></main><footer><img src=\"/b.svg\">"
		    "</footer>", "\t/docs/guide/a.png\n" },
		{ __LINE__, "<nav><img src=\"n.png\"></nav><p><img "
		    "src=\"p.png\"></p><aside><img src=\"s.png\"></aside>",
		    "\t/docs/guide/p.png\n" },
		{ __LINE__, "<img src=\"body.png\"><article><img src=\"a.png\">"
		    "</article>", "\t/docs/guide/a.png\n" },
		/* srcset is a choice among sizes; src is the image. */
		{ __LINE__, "<main><img srcset=\"a.png 1x, b.png 2x\"></main>",
		    "" },
		{ __LINE__, "<main><img src=\"a.png\" srcset=\"a2.png 2x\">"
		    "</main>", "\t/docs/guide/a.png\n" },
		{ __LINE__, "<main><picture><source srcset=\"a.webp\" "
		    "type=\"image/webp\"><img src=\"a.jpg\"></picture></main>",
		    "\t/docs/guide/a.jpg\n" },
		/* No URL to fetch: the bytes are in the page. */
		{ __LINE__, "<main><img src=\"data:image/png;base64,AAAA\">"
		    "<img src=\" DATA:x\"><img src=\"blob:https://e/1\">"
		    "<img src=\"javascript:x()\"><img src=\"\"><img></main>",
		    "" },
		{ __LINE__, "<main><img src=\"../img/x.png\"><img "
		    "src=\"/../../y.png\"></main>",
		    "\t/docs/img/x.png\n\t/y.png\n" },
		/* Another host, a CDN's, as Google allows. */
		{ __LINE__, "<main><img src=\"https://cdn.example/x.png?w=1&h=2\">"
		    "<img src=\"//cdn.example/y.png\"><img "
		    "src=\"HTTPS://cdn.example/z.png\"></main>",
		    "\thttps://cdn.example/x.png?w=1&h=2\n"
		    "\t//cdn.example/y.png\n\thttps://cdn.example/z.png\n" },
		/* As a browser sends them. */
		{ __LINE__, "<meta charset=\"utf-8\"><main><img src=\" my photo \xc3\xa9.png\n\">"
		    "<img src=\"100%.png\"><img src=\"a%20b.png\"></main>",
		    "\t/docs/guide/my%20photo%20%C3%A9.png\n"
		    "\t/docs/guide/100%25.png\n\t/docs/guide/a%20b.png\n" },
		/* One image, however often and however it is spelled. */
		{ __LINE__, "<main><img src=\"a.png\"><img src=\"./a.png\">"
		    "<img src=\"a.png#top\"><img src=\"/docs/guide/a.png\">"
		    "</main>", "\t/docs/guide/a.png\n" },
		{ __LINE__, "<head><base href=\"/static/\"></head><main><img "
		    "src=\"x.png\"></main>", "\t/static/x.png\n" },
		{ __LINE__, "<head><base href=\"https://cdn.example/s/\"><base "
		    "href=\"/no/\"></head><main><img src=\"x.png\"></main>",
		    "\thttps://cdn.example/s/x.png\n" },
		/* What the page does not show. */
		{ __LINE__, "<main><div hidden><img src=\"h.png\"></div>"
		    "<noscript><img src=\"n.png\"></noscript><template><img "
		    "src=\"t.png\"></template><img src=\"v.png\"></main>",
		    "\t/docs/guide/v.png\n" },
		/* What no server rule of sitemapd serves. */
		{ __LINE__, "<main><img src=\"/.git/x.png\"><img "
		    "src=\".hidden.png\"></main>", "" },
	};
	struct buf got = BUF_INIT, html = BUF_INIT, want = BUF_INIT;
	size_t n;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		buf_reset(&got);
		images_of(cases[i].html, "/docs/guide/intro.html", &got);
		UNIT_AT(cases[i].line, strcmp(buf_str(&got), cases[i].want) == 0);
		if (strcmp(buf_str(&got), cases[i].want) != 0)
			fprintf(stderr, "line %d: got [%s]\n", cases[i].line,
			    buf_str(&got));
	}
	/* Google reads 1,000 of a page: the first ones. */
	buf_adds(&html, "<main>");
	for (int i = 0; i < PAGE_IMAGES_MAX + 1; i++) {
		buf_printf(&html, "<img src=\"i%d.png\">", i);
		if (i < PAGE_IMAGES_MAX)
			buf_printf(&want, "\t/i%d.png\n", i);
	}
	buf_reset(&got);
	images_of(buf_str(&html), "/", &got);
	UNIT_AT(__LINE__, strcmp(buf_str(&got), buf_str(&want)) == 0);
	/* A template's thousand pictures do not crowd out the page's own. */
	buf_reset(&html);
	for (int i = 0; i < PAGE_IMAGES_MAX + 5; i++)
		buf_printf(&html, "<nav><img src=\"n%d.png\"></nav>", i);
	buf_adds(&html, "<main><img src=\"own.png\"></main>");
	buf_reset(&got);
	images_of(buf_str(&html), "/", &got);
	UNIT_AT(__LINE__, strcmp(buf_str(&got), "\t/own.png\n") == 0);
	n = 0;
	for (const char *p = buf_str(&got); (p = strchr(p, '\n')); p++)
		n++;
	UNIT_AT(__LINE__, n == 1);
	buf_free(&got);
	buf_free(&html);
	buf_free(&want);
}

void
suite_main_content(void)
{
	static CU_TestInfo tests[] = {
		{ "the element that holds the main content", test_chosen },
		{ "what moves the hash, and what does not", test_changes },
		{ "the page's own title", test_title },
		{ "the whole page's hash, as stores hold it", test_whole_kept },
		{ "0.2.0's hash, as stores hold it", test_main_0_2_kept },
		{ "an aside in the content", test_nested_aside },
		{ "a tab panel, hidden until clicked", test_tabpanel },
		{ "a post's own header and footer",
		    test_article_header_footer },
		{ "where a link goes", test_href },
		{ "an image's alt text", test_alt },
		{ "frames, players, lists and boxes", test_embedded },
		{ "code's blanks", test_pre_blanks },
		{ "an image file by its bytes", test_image_bytes },
		{ "nesting deeper than followed", test_deep },
		{ "the images of the main content", test_images },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("main_content", tests);
}
