/* The few HTTP header fields sitemapd reads and writes (RFC 9110). */
#define _XOPEN_SOURCE 700	/* strptime */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "http.h"

void
http_date(time_t t, char out[HTTP_DATE_SIZE])
{
	static const char days[7][4] = { "Sun", "Mon", "Tue", "Wed", "Thu",
	    "Fri", "Sat" };
	static const char months[12][4] = { "Jan", "Feb", "Mar", "Apr",
	    "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;

	/* Spelled out: strftime's %a and %b follow the locale. */
	gmtime_r(&t, &tm);
	snprintf(out, HTTP_DATE_SIZE, "%s, %02d %s %04d %02d:%02d:%02d GMT",
	    days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
	    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

int
http_date_parse(const char *s, time_t *t)
{
	static const char *const formats[] = {
		"%a, %d %b %Y %H:%M:%S GMT",	/* IMF-fixdate */
		"%A, %d-%b-%y %H:%M:%S GMT",	/* RFC 850 */
		"%a %b %e %H:%M:%S %Y",		/* asctime */
	};

	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		struct tm tm;
		const char *end;

		memset(&tm, 0, sizeof(tm));
		end = strptime(s, formats[i], &tm);
		if (end != NULL && *end == '\0') {
			*t = timegm(&tm);
			return *t == (time_t)-1 ? -1 : 0;
		}
	}
	return -1;
}

static const char *
skip_list_space(const char *s)
{
	return s + strspn(s, " \t,");
}

int
http_etag_listed(const char *list, const char *etag)
{
	size_t etag_len = strlen(etag);

	for (const char *s = skip_list_space(list); *s;
	    s = skip_list_space(s)) {
		const char *close, *after;

		if (*s == '*')
			return 1;
		if (strncmp(s, "W/", 2) == 0)
			s += 2;
		if (*s != '"' || (close = strchr(s + 1, '"')) == NULL)
			return 0;	/* not a list of entity-tags */
		/* "tag"x is no entity-tag: nothing of it may match. */
		after = close + 1 + strspn(close + 1, " \t");
		if (*after != ',' && *after != '\0')
			return 0;
		if ((size_t)(close + 1 - s) == etag_len &&
		    memcmp(s, etag, etag_len) == 0)
			return 1;
		s = close + 1;
	}
	return 0;
}

/* A qvalue of zero: "0", "0.", "0.0" up to three decimals. */
static int
q_is_zero(const char *v, size_t len)
{
	if (len == 0 || v[0] != '0')
		return 0;
	if (len == 1)
		return 1;
	if (v[1] != '.' || len > 5)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (v[i] != '0')
			return 0;
	return 1;
}

int
http_accepts_gzip(const char *s)
{
	int gzip = -1, any = -1;

	if (s == NULL)
		return 0;
	for (s = skip_list_space(s); *s; s = skip_list_space(s)) {
		size_t len = strcspn(s, ";, \t");
		const char *name = s;
		int accepted = 1;

		s += len;
		/* Parameters; only q matters. */
		while (*(s += strspn(s, " \t")) == ';') {
			size_t plen;

			s += 1 + strspn(s + 1, " \t");
			plen = strcspn(s, ";, \t");
			if (plen >= 2 && (s[0] == 'q' || s[0] == 'Q') &&
			    s[1] == '=')
				accepted = !q_is_zero(s + 2, plen - 2);
			s += plen;
		}
		if ((len == 4 && strncasecmp(name, "gzip", 4) == 0) ||
		    (len == 6 && strncasecmp(name, "x-gzip", 6) == 0))
			gzip = accepted;
		else if (len == 1 && *name == '*')
			any = accepted;
		if (*s && *s != ',')
			s += strcspn(s, ",");
	}
	return gzip != -1 ? gzip : any == 1;
}
