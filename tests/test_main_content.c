/*
 * Which element of a page its content hash covers, and what a change
 * there or elsewhere does to the hash: tables of hand-written pages, each
 * failure at its case's line.
 */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "content_hash.h"
#include "unit.h"

/* The sums of a page whose markup is html. */
static struct content_sums
sums_of(const char *html)
{
	struct content_sums sums;
	FILE *f = tmpfile();

	fputs(html, f);
	fflush(f);
	if (content_hash(fileno(f), NULL, &sums) == -1)
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
		/* Starlight: its credits in a <footer> inside <main>. */
		{ __LINE__, "<main>x<footer>Made with A</footer></main>",
		    "<main>x<footer>Made with B</footer></main>", 1 },
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
		{ __LINE__, "<main><img src=\"a.png\"></main>",
		    "<main><img src=\"a.png\" alt=\"a\"></main>", 1 },
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

void
suite_main_content(void)
{
	static CU_TestInfo tests[] = {
		{ "the element that holds the main content", test_chosen },
		{ "what moves the hash, and what does not", test_changes },
		{ "the page's own title", test_title },
		{ "the whole page's hash, as stores hold it", test_whole_kept },
		{ "nesting deeper than followed", test_deep },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("main_content", tests);
}
