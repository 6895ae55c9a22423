#include "escape.h"
#include "unit.h"

#define xml(...)	xml_at(__LINE__, __VA_ARGS__)
static void
xml_at(int line, const char *in, const char *want)
{
	struct buf b = BUF_INIT;

	escape_xml(&b, in);
	UNIT_AT(line, strcmp(buf_str(&b), want) == 0);
	buf_free(&b);
}

#define path(...)	path_at(__LINE__, __VA_ARGS__)
static void
path_at(int line, const char *in, const char *want)
{
	struct buf b = BUF_INIT;

	escape_url_path(&b, in);
	UNIT_AT(line, strcmp(buf_str(&b), want) == 0);
	buf_free(&b);
}

static void
test_xml(void)
{
	xml("", "");
	xml("plain", "plain");
	xml("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&apos;f");
	xml("&amp;", "&amp;amp;");
	xml("caf\xc3\xa9", "caf\xc3\xa9");
}

static void
test_url_path(void)
{
	path("/about/team", "/about/team");
	path("/-._~!$&'()*+,;=:@", "/-._~!$&'()*+,;=:@");
	path("/a b", "/a%20b");
	path("/caf\xc3\xa9", "/caf%C3%A9");
	path("/\"<>\\^`{|}", "/%22%3C%3E%5C%5E%60%7B%7C%7D");
	path("/tab\there", "/tab%09here");
	path("/q?x#y", "/q%3Fx%23y");
	/* An existing escape stays; a lone % does not start one. */
	path("/%41%c3%a9", "/%41%c3%a9");
	path("/100%", "/100%25");
	path("/%zz", "/%25zz");
	path("/%4", "/%254");
}

void
suite_escape(void)
{
	static CU_TestInfo tests[] = {
		{ "xml", test_xml },
		{ "url path", test_url_path },
		CU_TEST_INFO_NULL
	};

	unit_add_suite("escape", tests);
}
