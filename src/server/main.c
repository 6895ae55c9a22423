/*
 * sitemapd: serves a site's /robots.txt and /sitemap.xml, live from its
 * NoPressure content root, as FastCGI, as CGI or from the command line.
 */
#include "autoconf.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ai_block.h"
#include "ai_headers.h"
#include "baseurl.h"
#include "check.h"
#include "config.h"
#include "content_root.h"
#include "export.h"
#include "fcgi.h"
#include "follow.h"
#include "file.h"
#include "list.h"
#include "log.h"
#include "number.h"
#include "recipe.h"
#include "report.h"
#include "request.h"
#include "submit.h"
#include "usage.h"

#ifndef SYSCONFDIR
#define SYSCONFDIR "/etc"
#endif


struct render_params {
	const char	*path;
	const char	*host;
	const char	*output;	/* render --output */
	const char	*dir;		/* export */
	int		 https;
};

/* What a command that reads the INI took from its arguments. */
struct command_args {
	struct render_params rp;	/* render, list */
	const char	*server;	/* ai-block, ai-headers, recipe */
	const char	*usage;		/* the command's: its servers */
};

typedef int command_args_fn(int, char **, struct command_args *);
typedef int command_run_fn(const struct config *, const struct command_args *);

static command_args_fn	render_args, list_args, no_args, server_args,
			export_args;
static command_run_fn	render, check, list, ai_block, ai_headers, recipe,
			indexnow, export;

/*
 * The commands, one row each: the usage and sitemapd(8) list them from
 * here (tests/man.sh checks both). One that reads the INI takes -c after
 * its name too, has its arguments read first, as git does, and then runs
 * with the INI opened here, in one place; the others run on their own.
 */
static const struct command {
	const char	*name;
	const char	*usage;		/* the usage line's, after the name */
	command_args_fn	*args;		/* NULL: reads no INI */
	command_run_fn	*run;
	int		(*run_alone)(int, char **);
} commands[] = {
	{ "render", " PATH [--host HOST] [--https] [--output FILE]",
	    render_args, render, NULL },
	{ "export", " DIR [--host HOST] [--https]", export_args, export,
	    NULL },
	{ "check", "", no_args, check, NULL },
	{ "list", " [--host HOST] [--https]", list_args, list, NULL },
	{ "ai-block", " nginx|apache|lighttpd|caddy", server_args, ai_block,
	    NULL },
	{ "ai-headers", " nginx|apache|lighttpd|caddy", server_args,
	    ai_headers, NULL },
	{ "recipe", " nginx|apache|htaccess|lighttpd|caddy", server_args, recipe,
	    NULL },
	{ "indexnow", "", no_args, indexnow, NULL },
	{ "robots-check", " ROBOTS_FILE USER_AGENT URL...", NULL, NULL,
	    robots_check },
	{ "audit", AUDIT_USAGE, NULL, NULL, audit },
};

static int	run_command(const struct command *, const char *, int,
		    char **);

static const char usage_head[] =
"usage: sitemapd [-c FILE] [-l LOG] [-s unix:PATH [-m MODE] [-g GROUP] |\n"
"                -s tcp:HOST:PORT]\n";

static const char usage_text[] =
"       sitemapd --help | --version\n"
"\n"
"Started by a web server, sitemapd answers FastCGI on the socket it\n"
"inherits, or a single CGI request. With -s it listens on its own socket.\n"
"\n"
"  -c FILE       configuration (default: $SITEMAPD_CONFIG, then\n"
"                sitemapd.ini beside a CGI script, then\n"
"                " SYSCONFDIR "/sitemapd.ini)\n"
"  -s SOCKET     listen on unix:PATH or tcp:HOST:PORT (HOST is required)\n"
"  -m MODE       octal permissions of the unix socket, such as 0660\n"
"  -g GROUP      group of the unix socket: the web server's, such as\n"
"                www-data (sitemapd's user must be in it)\n"
"  -l LOG        where log lines go: stderr (the default; syslog when\n"
"                stderr is /dev/null), syslog (facility daemon), or an\n"
"                absolute file path, appended to and reopened on SIGHUP\n"
"  render PATH   print the body a GET of PATH would get, for static export;\n"
"                --host names the host (default: the first name of\n"
"                allowed_hosts, else localhost), --https makes URLs\n"
"                https; --output writes FILE, replaced only when the\n"
"                body is whole (through a symlink, the file it names;\n"
"                a FIFO or a device is written into); on failure\n"
"                nothing is written\n"
"  export DIR    write into DIR, for a static host, robots.txt, the sitemap\n"
"                and every part, the stylesheet and IndexNow's key file,\n"
"                as render would; --host and --https as for render, the\n"
"                host given or the one of allowed_hosts\n"
"  check         print what keeps pages out of the sitemap or crawlers\n"
"                away, one line each; exit 0 clean, 1 problems, 2 bad INI\n"
"  list          print every page, a document root's in URL order, a\n"
"                NoPressure root's by id: its id (of a document root's\n"
"                page, a hash of its file's path), then listed with its\n"
"                URL, date and where that comes from (file, stated by\n"
"                the page, remembered by the lastmod store, or changed\n"
"                after stated), or left out and why; --host as for\n"
"                render\n"
"  ai-block      print a rule for the web server's site that answers 403 to\n"
"                the AI crawlers [robots] disallows, but for /robots.txt\n"
"  ai-headers    print a rule for the web server's site that adds the\n"
"                Content-Usage header of [robots] content_usage, the\n"
"                longest path matching deciding, to each answer\n"
"  recipe        print the web server's rules that answer each URL listed\n"
"                of a document root with its file, from the INI's settings\n"
"  indexnow      submit to IndexNow what changed since the last submission;\n"
"                exit 0 when all was accepted or nothing changed\n"
"  robots-check  print \"allowed\" or \"disallowed\", a tab and the URL for\n"
"                each URL, as Google reads ROBOTS_FILE (- for stdin) for\n"
"                the crawler whose product token is USER_AGENT\n"
"  audit         check a deployed site from outside: its sitemaps as the\n"
"                Sitemap check 1.0.0 does, then each listed URL (or a\n"
"                --sample of N); --json prints one object; exit 0 pass or\n"
"                warn, 1 fail or a listed URL at fault (--strict: or a\n"
"                warning), 2 usage\n";

static void
usage(FILE *fp)
{
	fputs(usage_head, fp);
	for (size_t i = 0; i < sizeof(commands) / sizeof(*commands); i++)
		fprintf(fp, "       sitemapd %s%s%s\n", commands[i].args ?
		    "[-c FILE] " : "", commands[i].name, commands[i].usage);
	fputs(usage_text, fp);
}

/* Which INI (sitemapd(8), ENVIRONMENT): -c, the environment, the CGI. */
static char *
config_file(const char *option, int cgi)
{
	const char *env = getenv("SITEMAPD_CONFIG");
	const char *script = getenv("SCRIPT_FILENAME");

	if (option)
		return xstrdup(option);
	if (env && *env)
		return xstrdup(env);
	if (cgi && script && *script) {
		struct buf path = BUF_INIT;
		char *copy = xstrdup(script);

		buf_printf(&path, "%s/sitemapd.ini", dirname(copy));
		free(copy);
		if (access(buf_str(&path), F_OK) == 0)
			return path.data;
		buf_free(&path);
	}
	return xstrdup(SYSCONFDIR "/sitemapd.ini");
}

/*
 * "sitemapd check -c FILE": -c after the command counts as before it, as
 * people type it. It is taken out of argv; given twice, it is refused.
 * Returns 0, or EXIT_USAGE after saying what is wrong.
 */
static int
config_after_command(int *argc, char **argv, const char **option)
{
	int kept = 1;

	for (int i = 1; i < *argc; i++) {
		const char *value = NULL;

		if (strcmp(argv[i], "-c") == 0 && i + 1 < *argc)
			value = argv[++i];
		else if (strncmp(argv[i], "-c", 2) == 0 && argv[i][2] != '\0')
			value = argv[i] + 2;
		else if (strcmp(argv[i], "-c") == 0)
			return usage_error("%s: -c needs a FILE", argv[0]);
		if (value == NULL) {
			argv[kept++] = argv[i];
			continue;
		}
		if (*option != NULL)
			return usage_error("%s: -c is given twice", argv[0]);
		*option = value;
	}
	*argc = kept;
	argv[kept] = NULL;
	return 0;
}

/* A group name, or a number; -1 when there is no such group. */
static int
parse_group(const char *s)
{
	const struct group *gr = getgrnam(s);
	const char *why;
	uint64_t gid;

	if (gr != NULL)
		return (int)gr->gr_gid;
	if (number_parse(s, strlen(s), 10, 0, 0, INT32_MAX, &gid, &why) == -1)
		return -1;
	return (int)gid;
}

/* Octal, at most 0777, nothing else: a typo must not open a socket. */
static int
parse_mode(const char *s)
{
	const char *why;
	uint64_t mode;

	if (strlen(s) > 4 || number_parse(s, strlen(s), 8,
	    NUMBER_LEADING_ZEROS, 0, 0777, &mode, &why) == -1)
		return -1;
	return (int)mode;
}

/* The INI's path, as open_config reads it and messages show it. */
static char *
config_file_path(const char *option, int cgi)
{
	char *given = config_file(option, cgi);
	char *file = file_path_clean(given);

	free(given);
	return file;
}

static int
open_config(struct config_watch *watch, const char *option, int cgi)
{
	struct buf err = BUF_INIT;
	char *file = config_file_path(option, cgi);
	int rc = config_watch_open(watch, file, &err);

	if (rc == -1)
		log_at(LOG_ERR, "%s", buf_str(&err));
	buf_free(&err);
	free(file);
	return rc;
}


static const char *
render_param(const char *name, void *ctx)
{
	const struct render_params *rp = ctx;

	if (strcmp(name, "REQUEST_METHOD") == 0)
		return "GET";
	if (strcmp(name, "REQUEST_URI") == 0)
		return rp->path;
	if (strcmp(name, "HTTP_HOST") == 0)
		return rp->host;
	if (strcmp(name, "HTTPS") == 0)
		return rp->https ? "on" : NULL;
	return NULL;
}

/*
 * "--host HOST", "--https" and, for render, "--output FILE" and PATH.
 * Returns 0, or EXIT_USAGE after saying what is wrong.
 */
static int
host_args(int argc, char **argv, struct render_params *rp, int want_path)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--https") == 0)
			rp->https = 1;
		else if ((strcmp(a, "--host") == 0 || (want_path &&
		    strcmp(a, "--output") == 0)) && i + 1 == argc)
			return usage_error("%s: %s needs a value", argv[0], a);
		else if (strcmp(a, "--host") == 0)
			rp->host = argv[++i];
		else if (want_path && strcmp(a, "--output") == 0)
			rp->output = argv[++i];
		else if (strncmp(a, "--", 2) == 0 && strchr(a, '=') != NULL)
			return usage_error("%s: write \"%.*s VALUE\", not %s",
			    argv[0], (int)(strchr(a, '=') - a), a, a);
		else if (a[0] == '-')
			return usage_error("%s: unknown option %s", argv[0], a);
		else if (!want_path || rp->path != NULL)
			return usage_error("%s: unexpected argument %s",
			    argv[0], a);
		else if (a[0] != '/')
			return usage_error("%s: PATH starts with \"/\", as in "
			    "/%s", argv[0], a);
		else
			rp->path = a;
	}
	if (want_path && rp->path == NULL)
		return usage_error("%s: which PATH? such as /sitemap.xml",
		    argv[0]);
	return 0;
}

/*
 * What --output FILE replaces: FILE, or the file a symlink there names
 * (the link stays), into real; NULL for what is no regular file (a FIFO,
 * /dev/null, /dev/stdout), which is written into once the body is whole,
 * never replaced.
 */
static const char *
render_replaced(const char *output, char *real)
{
	struct stat st;

	if (stat(output, &st) == -1)
		return output;
	if (!S_ISREG(st.st_mode))
		return NULL;
	return realpath(output, real) != NULL ? real : output;
}

/* The body, whole, into what --output names that is no file. */
static int
write_into(const char *output, const struct buf *body)
{
	FILE *to = fopen(output, "w");
	int rc;

	if (to == NULL)
		return -1;
	rc = fwrite(body->data, 1, body->len, to) == body->len ? 0 : -1;
	return fclose(to) != 0 ? -1 : rc;
}

static int
render_args(int argc, char **argv, struct command_args *ca)
{
	return host_args(argc, argv, &ca->rp, 1);
}

static int
render(const struct config *cfg, const struct command_args *ca)
{
	struct render_params rp = ca->rp;
	struct buf host = BUF_INIT, body = BUF_INIT;
	struct output out = { .write = buf_write, .ctx = &body };
	struct page_cache cache;
	struct request req;
	char real[PATH_MAX];
	const char *replaced = NULL;
	int status, rc = EXIT_FAILURE;

	if (rp.host == NULL) {
		host_policy_default(&cfg->hosts, &host);
		rp.host = buf_str(&host);
	}
	if (rp.output != NULL)
		replaced = render_replaced(rp.output, real);
	request_from_params(&req, render_param, &rp);
	cache_init(&cache, 0, &report_to_log);
	status = request_handle(cfg, &cache, &req, &out);
	cache_free(&cache);
	/* Written once whole: on any failure, nothing is. */
	if (status != 200)
		fprintf(stderr, "sitemapd: %s: status %d; nothing written\n",
		    rp.path, status);
	else if (replaced != NULL && file_replace(AT_FDCWD, replaced,
	    body.data, body.len) == -1)
		fprintf(stderr, "sitemapd: %s: %s\n", replaced,
		    strerror(errno));
	else if (replaced == NULL && rp.output != NULL &&
	    write_into(rp.output, &body) == -1)
		fprintf(stderr, "sitemapd: %s: %s\n", rp.output,
		    strerror(errno));
	else if (rp.output == NULL && (fwrite(body.data, 1, body.len,
	    stdout) != body.len || fflush(stdout) != 0))
		fprintf(stderr, "sitemapd: stdout: %s\n", strerror(errno));
	else
		rc = EXIT_SUCCESS;
	buf_free(&body);
	buf_free(&host);
	return rc;
}

/* DIR, then what render takes but PATH and --output. */
static int
export_args(int argc, char **argv, struct command_args *ca)
{
	if (argc < 2 || argv[1][0] == '-')
		return usage_error("%s: into which DIR?", argv[0]);
	ca->rp.dir = argv[1];
	argv[1] = argv[0];
	return host_args(argc - 1, argv + 1, &ca->rp, 0);
}

static int
export(const struct config *cfg, const struct command_args *ca)
{
	return export_site(cfg, ca->rp.dir, ca->rp.host, ca->rp.https);
}

static int
list_args(int argc, char **argv, struct command_args *ca)
{
	ca->rp.path = "/sitemap.xml";
	return host_args(argc, argv, &ca->rp, 0);
}

static int
list(const struct config *cfg, const struct command_args *ca)
{
	struct render_params rp = ca->rp;
	struct buf base = BUF_INIT, why = BUF_INIT, host = BUF_INIT;
	struct request req;
	int rc = EXIT_USAGE;

	if (rp.host == NULL) {
		host_policy_default(&cfg->hosts, &host);
		rp.host = buf_str(&host);
	}
	request_from_params(&req, render_param, &rp);
	/* Each line says why; check is where the log lines are. */
	log_set_quiet(1);
	if (content_root_check(cfg, &why) != CONTENT_ROOT_OK) {
		fprintf(stderr, "sitemapd: %s\n", buf_str(&why));
		rc = EXIT_FAILURE;
	} else if (base_url(&req, &cfg->hosts, &base, &why) == -1)
		fprintf(stderr, "sitemapd: --host %s: %s\n", rp.host,
		    buf_str(&why));
	else
		rc = list_site(cfg, buf_str(&base), stdout) == 0 &&
		    fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
	buf_free(&base);
	buf_free(&why);
	buf_free(&host);
	return rc;
}

/* A command of no arguments: check, indexnow. */
static int
no_args(int argc, char **argv, struct command_args *ca)
{
	(void)ca;
	if (argc != 1)
		return usage_error("%s: unexpected argument %s", argv[0],
		    argv[1]);
	return 0;
}

static int
check(const struct config *cfg, const struct command_args *ca)
{
	int problems;

	(void)ca;
	problems = check_site(cfg, stdout);
	if (problems == 0)
		fprintf(stderr, "sitemapd: %s: no problems\n", cfg->file);
	if (fflush(stdout) != 0)
		return EXIT_USAGE;
	return problems == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* A server's rules: what ai-block and recipe print, from the INI. */
typedef int rules_writer(const struct config *, const char *server,
    struct buf *out, struct buf *why);

static int
print_rules(const struct config *cfg, const char *server, rules_writer *write)
{
	struct buf out = BUF_INIT, why = BUF_INIT;
	int rc;

	rc = write(cfg, server, &out, &why);
	if (rc == 0)
		fputs(buf_str(&out), stdout);
	else
		fprintf(stderr, "sitemapd: %s\n", buf_str(&why));
	buf_free(&out);
	buf_free(&why);
	if (rc == -1)
		return EXIT_FAILURE;
	return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/*
 * One server of those the command's usage names (" nginx|apache|..."),
 * told before any INI is read.
 */
static int
server_args(int argc, char **argv, struct command_args *ca)
{
	const char *list = ca->usage + 1;
	size_t n = argc == 2 ? strlen(argv[1]) : 0;
	struct buf names = BUF_INIT;
	int rc;

	for (const char *p = list; n > 0 && *p; p += strcspn(p, "|"),
	    p += *p == '|')
		if (strcspn(p, "|") == n && strncmp(p, argv[1], n) == 0) {
			ca->server = argv[1];
			return 0;
		}
	/* "nginx|apache|lighttpd": "nginx, apache or lighttpd". */
	for (const char *p = list; *p; p++) {
		if (*p != '|')
			buf_addc(&names, *p);
		else if (strchr(p + 1, '|') != NULL)
			buf_adds(&names, ", ");
		else
			buf_adds(&names, " or ");
	}
	rc = argc == 2 ? usage_error("%s: give %s, not %s", argv[0],
	    buf_str(&names), argv[1]) : usage_error("%s: give %s", argv[0],
	    buf_str(&names));
	buf_free(&names);
	return rc;
}

static int
ai_block(const struct config *cfg, const struct command_args *ca)
{
	return print_rules(cfg, ca->server, ai_block_write);
}

static int
ai_headers(const struct config *cfg, const struct command_args *ca)
{
	return print_rules(cfg, ca->server, ai_headers_write);
}

static int
recipe(const struct config *cfg, const struct command_args *ca)
{
	return print_rules(cfg, ca->server, recipe_write);
}

static int
indexnow(const struct config *cfg, const struct command_args *ca)
{
	(void)ca;
	if (cfg->indexnow.key == NULL) {
		fprintf(stderr, "sitemapd: %s has no [indexnow]\n", cfg->file);
		return EXIT_USAGE;
	}
	return indexnow_once(cfg) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static int
version(void)
{
	struct buf list = BUF_INIT;

	ai_crawlers_describe(NULL, &list);
	printf("%s %s\nAI crawlers: %s\n", PACKAGE_NAME, PACKAGE_VERSION,
	    buf_str(&list));
	buf_free(&list);
	return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *config_option = NULL, *socket_spec = NULL;
	const char *unix_path = NULL, *log_option = NULL;
	struct config_watch watch;
	struct indexnow_keeper keeper;
	struct fcgi_companion companion = { indexnow_keeper_tend, &keeper };
	struct buf err = BUF_INIT;
	int ch, fd, cgi, rc, mode = -1, group = -1;

	while ((ch = getopt_long(argc, argv, "+c:s:m:g:l:hV", longopts, NULL))
	    != -1) {
		switch (ch) {
		case 'c':
			config_option = optarg;
			break;
		case 's':
			socket_spec = optarg;
			break;
		case 'g':
			if ((group = parse_group(optarg)) == -1)
				return usage_error("-g %s: no such group",
				    optarg);
			break;
		case 'l':
			log_option = optarg;
			break;
		case 'm':
			if ((mode = parse_mode(optarg)) == -1) {
				fprintf(stderr, "sitemapd: -m %s: expected an "
				    "octal mode such as 0660\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'h':
			usage(stdout);
			return EXIT_SUCCESS;
		case 'V':
			return version();
		default:
			/* getopt has said what is wrong. */
			fputs(HELP_POINTER, stderr);
			return EXIT_USAGE;
		}
	}
	argc -= optind;
	argv += optind;
	/* Lines a command prints are for whoever typed it, unless told. */
	if ((log_option || argc == 0) && log_to(log_option, &err) == -1) {
		fprintf(stderr, "sitemapd: %s\n", buf_str(&err));
		buf_free(&err);
		return EXIT_USAGE;
	}
	for (size_t i = 0; argc > 0 && i < sizeof(commands) /
	    sizeof(*commands); i++) {
		const struct command *cmd = &commands[i];

		if (strcmp(argv[0], cmd->name) != 0)
			continue;
		if (cmd->args == NULL)
			return cmd->run_alone(argc, argv);
		return run_command(cmd, config_option, argc, argv);
	}
	if (argc > 0)
		return usage_error("unknown command %s", argv[0]);
	if (socket_spec && strncmp(socket_spec, "unix:", 5) == 0)
		unix_path = socket_spec + 5;
	if ((mode != -1 || group != -1) && unix_path == NULL) {
		fprintf(stderr, "sitemapd: -%c applies only to -s unix:PATH\n",
		    mode != -1 ? 'm' : 'g');
		return EXIT_USAGE;
	}

	cgi = socket_spec == NULL && gateway_is_cgi();
	if (cgi && getenv("GATEWAY_INTERFACE") == NULL) {
		return usage_error("not started by a web server: give a "
		    "command, or -s to listen on a socket");
	}
	/* Read before the first request: nothing later is trusted for it. */
	if (open_config(&watch, config_option, cgi) == -1) {
		char *file = config_file_path(config_option, cgi);

		/* No file to follow: a wrong -c, said at once. */
		if (!cgi && access(file, F_OK) == -1) {
			free(file);
			return EXIT_USAGE;
		}
		/*
		 * Crawlers take a 5xx robots.txt for "disallow everything":
		 * the site's own rules where they can be known, never
		 * another source's; the sitemaps a 503. A process runs on,
		 * and takes the INI once it is mended.
		 */
		config_fallback(&watch.cfg, file);
		free(file);
	} else if (!cgi &&
	    content_root_check(&watch.cfg, &err) != CONTENT_ROOT_OK)
		/* Said at start; each answer then says what it can. */
		log_at(LOG_WARNING, "%s", buf_str(&err));
	buf_free(&err);	/* and used again below */
	if (cgi)
		rc = cgi_serve(&watch);
	else {
		if (watch.cfg.indexnow.key != NULL)
			indexnow_keeper_start(&keeper, watch.cfg.file,
			    fcgi_now_ms());
		fd = 0;
		if (socket_spec && (fd = fcgi_listen(socket_spec, mode, group,
		    &err)) == -1) {
			log_at(LOG_ERR, "%s", buf_str(&err));
			buf_free(&err);
			config_watch_close(&watch);
			return EXIT_USAGE;
		}
		if (socket_spec)
			log_at(LOG_INFO, "listening on %s, serving %s",
			    socket_spec, watch.cfg.root ? watch.cfg.root :
			    "robots.txt alone until the INI is mended");
		rc = fcgi_serve(fd, &watch, watch.cfg.indexnow.key != NULL ?
		    &companion : NULL);
		/* Our own socket goes with us; an inherited one is not ours. */
		if (unix_path)
			unlink(unix_path);
	}
	config_watch_close(&watch);
	return rc == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/*
 * A command that reads the INI: -c after its name taken, its arguments
 * read, then the INI opened, here alone, and the command run with it.
 */
static int
run_command(const struct command *cmd, const char *config_option, int argc,
    char **argv)
{
	struct command_args ca = { .server = NULL, .usage = cmd->usage };
	struct config_watch watch;
	int rc;

	if (config_after_command(&argc, argv, &config_option) != 0 ||
	    cmd->args(argc, argv, &ca) != 0)
		return EXIT_USAGE;
	if (open_config(&watch, config_option, 0) == -1)
		return EXIT_USAGE;
	rc = cmd->run(&watch.cfg, &ca);
	config_watch_close(&watch);
	return rc;
}
