/* Log lines go to stderr, which every web server puts in its error log. */
#ifndef SITEMAPD_LOG_H
#define SITEMAPD_LOG_H

void	log_msg(const char *, ...) __attribute__((format(printf, 1, 2)));
void	log_set_quiet(int);
/* Hands each line, without prefix, to fn instead; NULL restores stderr. */
void	log_set_sink(void (*fn)(const char *line, void *ctx), void *ctx);

#endif
