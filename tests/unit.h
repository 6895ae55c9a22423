/* The CUnit suites, one per module; unit.c runs them all. */
#ifndef SITEMAPD_UNIT_H
#define SITEMAPD_UNIT_H

#include <CUnit/CUnit.h>

void	suite_alias(void);
void	suite_baseurl(void);
void	suite_escape(void);
void	suite_fcgi(void);
void	suite_http(void);
void	suite_proxy(void);
void	suite_reserved(void);
void	suite_robots(void);
void	suite_robotstxt(void);
void	suite_ron(void);
void	suite_tags(void);
void	suite_sitemap(void);
void	suite_sorted(void);

struct request;
struct host_policy;

/* Asserts the base URL of req under hp; want NULL means a 400. */
void	check_base_url(const struct request *, const struct host_policy *,
	    const char *want);

/* Adds a suite with its tests; tests is a NULL-terminated CU_TestInfo. */
void	unit_add_suite(const char *name, CU_TestInfo *tests);

#endif
