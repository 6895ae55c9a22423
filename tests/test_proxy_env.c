/*
 * The proxy a URL goes through, by table: each variable curl reads, in
 * its order, and no_proxy's entries as curl documents them.
 */
#include <stdlib.h>
#include <string.h>

#include "proxy_env.h"
#include "unit.h"

static const char *const variables[] = { "http_proxy", "HTTP_PROXY",
	"https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy",
	"NO_PROXY" };

static void	clear(void);

static void
test_no_proxy_names_hosts(void)
{
	static const struct {
		int		 line;
		const char	*list, *host;
		int		 excluded;
	} cases[] = {
		{ __LINE__, "*", "example.com", 1 },
		{ __LINE__, "example.com", "example.com", 1 },
		{ __LINE__, "example.com", "www.example.com", 1 },
		{ __LINE__, "example.com", "EXAMPLE.COM", 1 },
		{ __LINE__, ".example.com", "www.example.com", 1 },
		{ __LINE__, ".example.com", "example.com", 1 },
		{ __LINE__, "ample.com", "www.example.com", 0 },
		{ __LINE__, "example.com", "example.com.org", 0 },
		{ __LINE__, "a.org, example.com", "example.com", 1 },
		{ __LINE__, "a.org,,b.org", "c.org", 0 },
		{ __LINE__, "", "example.com", 0 },
		{ __LINE__, "10.0.0.0/8", "10.1.2.3", 1 },
		{ __LINE__, "10.0.0.0/8", "11.1.2.3", 0 },
		{ __LINE__, "127.0.0.1", "127.0.0.1", 1 },
		{ __LINE__, "127.0.0.1", "127.0.0.2", 0 },
		{ __LINE__, "::1", "::1", 1 },
		{ __LINE__, "fe80::/10", "fe80::1", 1 },
		{ __LINE__, "10.0.0.0/8", "ten.example", 0 },
		{ __LINE__, "*.example.com", "www.example.com", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		UNIT_AT(cases[i].line, proxy_env_excluded(cases[i].list,
		    cases[i].host) == cases[i].excluded);
}

static void
test_proxy_by_scheme(void)
{
	static const struct {
		int		 line;
		const char	*set[3];	/* "NAME=VALUE", NULL ends */
		const char	*url, *proxy;	/* NULL: none */
	} cases[] = {
		{ __LINE__, { "http_proxy=h" }, "http://a.org/", "h" },
		{ __LINE__, { "http_proxy=h" }, "https://a.org/", NULL },
		{ __LINE__, { "HTTP_PROXY=H" }, "http://a.org/", NULL },
		{ __LINE__, { "https_proxy=s" }, "https://a.org/", "s" },
		{ __LINE__, { "HTTPS_PROXY=S" }, "https://a.org/", "S" },
		{ __LINE__, { "https_proxy=s", "HTTPS_PROXY=S" },
		    "https://a.org/", "s" },
		{ __LINE__, { "all_proxy=a" }, "http://a.org/", "a" },
		{ __LINE__, { "ALL_PROXY=A" }, "https://a.org/", "A" },
		{ __LINE__, { "http_proxy=h", "all_proxy=a" }, "http://a.org/",
		    "h" },
		{ __LINE__, { "http_proxy=" , "all_proxy=a" }, "http://a.org/",
		    "a" },
		{ __LINE__, { "http_proxy=h", "no_proxy=a.org" },
		    "http://www.a.org:8080/x", NULL },
		{ __LINE__, { "http_proxy=h", "NO_PROXY=a.org" },
		    "http://a.org/", NULL },
		{ __LINE__, { "http_proxy=h", "no_proxy=::1" },
		    "http://[::1]:80/", NULL },
		{ __LINE__, { "http_proxy=h", "no_proxy=b.org" },
		    "http://a.org/", "h" },
		{ __LINE__, { "http_proxy=h" }, "no URL", NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got;

		clear();
		for (size_t k = 0; k < 3 && cases[i].set[k] != NULL; k++)
			putenv((char *)cases[i].set[k]);
		got = proxy_env_for(cases[i].url);
		if (cases[i].proxy == NULL)
			UNIT_AT(cases[i].line, got == NULL);
		else
			UNIT_AT(cases[i].line, got != NULL &&
			    strcmp(got, cases[i].proxy) == 0);
	}
	clear();
}

static void
clear(void)
{
	for (size_t i = 0; i < sizeof(variables) / sizeof(variables[0]); i++)
		unsetenv(variables[i]);
}

void
suite_proxy_env(void)
{
	static CU_TestInfo tests[] = {
		{ "no_proxy's entries, by table", test_no_proxy_names_hosts },
		{ "the variable each scheme reads, by table",
		    test_proxy_by_scheme },
		CU_TEST_INFO_NULL,
	};

	unit_add_suite("proxy_env", tests);
}
