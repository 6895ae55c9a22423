/* Log lines go to stderr, which every web server puts in its error log. */
#ifndef SITEMAPD_LOG_H
#define SITEMAPD_LOG_H

void	log_msg(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_set_quiet(int);

#endif
