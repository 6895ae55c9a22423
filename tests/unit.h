/* The CUnit suites, one per module; unit.c runs them all. */
#ifndef SITEMAPD_UNIT_H
#define SITEMAPD_UNIT_H

#include <CUnit/CUnit.h>

void	suite_alias(void);
void	suite_baseurl(void);
void	suite_cache(void);
void	suite_config(void);
void	suite_content(void);
void	suite_docroot(void);
void	suite_escape(void);
void	suite_fcgi(void);
void	suite_http(void);
void	suite_id_map(void);
void	suite_known_files(void);
void	suite_main_content(void);
void	suite_addresses(void);
void	suite_folder_set(void);
void	suite_image_users(void);
void	suite_indexnow(void);
void	suite_copy(void);
void	suite_shared_str(void);
void	suite_number(void);
void	suite_proxy(void);
void	suite_proxy_env(void);
void	suite_request(void);
void	suite_reserved(void);
void	suite_robots(void);
void	suite_robotstxt(void);
void	suite_ron(void);
void	suite_tags(void);
void	suite_sitemap(void);
void	suite_sorted(void);

/*
 * A helper or a table reports a failure at the line of its case, not its
 * own, as lighttpd's tests do: it takes that line and asserts with these.
 * A helper named like a function is a macro that passes __LINE__.
 */
#define UNIT_AT(line, cond)	CU_assertImplementation(!!(cond), \
	(unsigned)(line), #cond, __FILE__, "", CU_FALSE)
#define UNIT_FAIL_AT(line, what)	CU_assertImplementation(CU_FALSE, \
	(unsigned)(line), (what), __FILE__, "", CU_FALSE)

struct request;
struct host_policy;

/* Asserts the base URL of req under hp; want NULL means a 400. */
#define check_base_url(...) \
	check_base_url_at(__FILE__, __LINE__, __VA_ARGS__)
void	check_base_url_at(const char *file, int line, const struct request *,
	    const struct host_policy *, const char *want);

/* A new directory for one test's files, and its removal. */
char	*unit_tmpdir(void);
void	 unit_rmtree(char *dir);
/* Writes text to dir/path, making the directories on the way. */
void	 unit_write(const char *dir, const char *path, const char *text);

/* Adds a suite with its tests; tests is a NULL-terminated CU_TestInfo. */
void	unit_add_suite(const char *name, CU_TestInfo *tests);

#endif
