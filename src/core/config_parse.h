/*
 * The INI as it is being read, shared by the files that read it:
 * config.c (the keys and the reading) and config_values.c (the helpers
 * the parts' keys call). Nothing outside them includes it.
 */
#ifndef SITEMAPD_CONFIG_PARSE_H
#define SITEMAPD_CONFIG_PARSE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Pointers alone here: config.h and config_module.h include none of this. */
struct buf;
struct config;

/* Each key a part declares has a slot: a bit of seen, its lines. */
#define SLOTS	64

struct config_parse {
	FILE		*f;
	const char	*file;
	struct config	*cfg;
	int		 line;
	int		 error_line;	/* first error seen, 0 for none */
	int		 failed;	/* an error was kept */
	struct buf	*err;
	uint64_t	 seen;		/* single-valued keys already set */
	const char	*agent;		/* of [robots:AGENT]; NULL in [robots] */
	int		 first_line[SLOTS];	/* where each was set first */
	int		 last_line[SLOTS];	/* and last */
	char		*admin;		/* admin_path, canonical */
	int		 admin_line;
	struct published {		/* what robots.txt will print */
		char	*text;
		int	 line;
	}		*published;
	size_t		 npublished;
};

#endif
