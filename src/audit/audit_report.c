/*
 * An audit's report: for a person, the steps' table, then findings by
 * severity and kind, each with its count and first URLs; for a program,
 * one JSON object (sitemapd(8), AUDIT REPORT, gives its schema): the
 * first findings of each kind, and each kind's count.
 */
#include "autoconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "audit.h"
#include "escape.h"

/* URLs shown under each kind of finding; --json gives those kept. */
#define SHOWN_PER_KIND	5

static void	print_evidence(const struct audit_step *, FILE *);
static void	print_kind(const struct audit_result *, const char *, FILE *);
static void	put_text(FILE *, const char *);

void
audit_print_text(const struct audit_result *r, FILE *fp)
{
	static const enum severity order[] = { SEV_ERROR, SEV_WARNING,
	    SEV_INFO };
	const char *kinds[AUDIT_KINDS_MAX];
	size_t nkinds = 0;

	if (strcmp(r->verdict, "not-indexable") == 0)
		fprintf(fp, "sitemapd audit of %s: the site asks not to be "
		    "indexed; its sitemap is not judged\n\n", r->origin);
	else
		fprintf(fp, "sitemapd audit of %s: %s, score %.2f of 1\n\n",
		    r->origin, r->verdict, r->score);
	fprintf(fp, "%-14s %-6s %-8s %s\n", "step", "weight", "status",
	    "title");
	for (size_t i = 0; i < AUDIT_STEPS; i++)
		fprintf(fp, "%-14s %-6.2f %-8s %s\n", r->steps[i].id,
		    r->steps[i].weight, step_status_name(r->steps[i].status),
		    r->steps[i].title);
	fprintf(fp, "\n%zu sitemaps read, %zu URLs listed, %zu fetched, "
	    "%zu requests\n", r->sitemaps, r->listed, r->checked,
	    r->requests);
	for (size_t i = 0; i < AUDIT_STEPS; i++)
		print_evidence(&r->steps[i], fp);
	if (r->nfindings == 0) {
		fputs("\nNo findings.\n", fp);
		return;
	}
	/* Kinds are the table's own strings: one pointer each. */
	for (size_t i = 0; i < r->nfindings; i++) {
		size_t k = 0;

		while (k < nkinds && kinds[k] != r->findings[i].kind)
			k++;
		if (k == nkinds && nkinds < AUDIT_KINDS_MAX)
			kinds[nkinds++] = r->findings[i].kind;
	}
	for (size_t s = 0; s < sizeof(order) / sizeof(*order); s++)
		for (size_t k = 0; k < nkinds; k++)
			if (finding_severity(kinds[k]) == order[s])
				print_kind(r, kinds[k], fp);
}

void
audit_print_json(const struct audit_result *r, FILE *fp)
{
	json_object *o = json_object_new_object(), *steps, *findings;
	json_object *summary = json_object_new_object();
	json_object *counts = json_object_new_object();
	char score[16];

	snprintf(score, sizeof(score), "%.2f", r->score);
	json_object_object_add(o, "tool", json_object_new_string(
	    PACKAGE_NAME " audit " PACKAGE_VERSION));
	json_object_object_add(o, "check", json_object_new_string(
	    "sitemap 1.0.0"));
	json_object_object_add(o, "origin", json_object_new_string(r->origin));
	json_object_object_add(o, "verdict", json_object_new_string(
	    r->verdict));
	json_object_object_add(o, "score", json_object_new_double_s(r->score,
	    score));
	steps = json_object_new_array();
	for (size_t i = 0; i < AUDIT_STEPS; i++) {
		const struct audit_step *s = &r->steps[i];
		json_object *step = json_object_new_object();
		json_object *evidence = json_object_new_array();
		const char *line = s->evidence.data ? s->evidence.data : "";

		while (*line) {
			size_t n = strcspn(line, "\n");

			json_object_array_add(evidence,
			    json_object_new_string_len(line, (int)n));
			line += n + (line[n] == '\n');
		}
		json_object_object_add(step, "id", json_object_new_string(
		    s->id));
		json_object_object_add(step, "title", json_object_new_string(
		    s->title));
		snprintf(score, sizeof(score), "%.2f", s->weight);
		json_object_object_add(step, "weight",
		    json_object_new_double_s(s->weight, score));
		json_object_object_add(step, "status", json_object_new_string(
		    step_status_name(s->status)));
		json_object_object_add(step, "evidence", evidence);
		json_object_array_add(steps, step);
	}
	json_object_object_add(o, "steps", steps);
	json_object_object_add(summary, "sitemaps",
	    json_object_new_int64((int64_t)r->sitemaps));
	json_object_object_add(summary, "listed",
	    json_object_new_int64((int64_t)r->listed));
	json_object_object_add(summary, "fetched",
	    json_object_new_int64((int64_t)r->checked));
	json_object_object_add(summary, "requests",
	    json_object_new_int64((int64_t)r->requests));
	json_object_object_add(o, "summary", summary);
	findings = json_object_new_array();
	for (size_t i = 0; i < r->nfindings; i++) {
		const struct audit_finding *f = &r->findings[i];
		json_object *one = json_object_new_object();

		json_object_object_add(one, "kind", json_object_new_string(
		    f->kind));
		json_object_object_add(one, "severity", json_object_new_string(
		    severity_name(finding_severity(f->kind))));
		json_object_object_add(one, "url", f->url ?
		    json_object_new_string(f->url) : NULL);
		json_object_object_add(one, "detail", json_object_new_string(
		    f->detail));
		json_object_array_add(findings, one);
	}
	json_object_object_add(o, "findings", findings);
	/* Past the first of a kind, findings are counted, not listed. */
	for (size_t i = 0; i < r->nfindings; i++)
		if (!json_object_object_get_ex(counts, r->findings[i].kind,
		    NULL))
			json_object_object_add(counts, r->findings[i].kind,
			    json_object_new_int64((int64_t)finding_count(r,
			    r->findings[i].kind)));
	json_object_object_add(o, "counts", counts);
	fputs(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
	    JSON_C_TO_STRING_NOSLASHESCAPE), fp);
	fputc('\n', fp);
	json_object_put(o);
}

static void
print_evidence(const struct audit_step *s, FILE *fp)
{
	const char *line = s->evidence.data ? s->evidence.data : "";

	fprintf(fp, "\n%s (%s):\n", s->id, step_status_name(s->status));
	while (*line) {
		size_t n = strcspn(line, "\n");
		char *one = strndup(line, n);

		fputs("  ", fp);
		put_text(fp, one);
		fputc('\n', fp);
		free(one);
		line += n + (line[n] == '\n');
	}
}

/* A kind's findings: their count, heading, and the first few. */
static void
print_kind(const struct audit_result *r, const char *kind, FILE *fp)
{
	size_t count = finding_count(r, kind), shown = 0;

	fprintf(fp, "\n%s: %s (%s): %zu\n", severity_name(
	    finding_severity(kind)), finding_heading(kind), kind, count);
	for (size_t i = 0; i < r->nfindings && shown < SHOWN_PER_KIND; i++) {
		const struct audit_finding *f = &r->findings[i];

		if (f->kind != kind)
			continue;
		fputs("  ", fp);
		if (f->url) {
			put_text(fp, f->url);
			fputs(": ", fp);
		}
		put_text(fp, f->detail);
		fputc('\n', fp);
		shown++;
	}
	if (count > shown)
		fprintf(fp, "  and %zu more\n", count - shown);
}

/* A site's text on a line of ours: no control byte forges another. */
static void
put_text(FILE *fp, const char *s)
{
	struct buf out = BUF_INIT;

	escape_text(&out, s);
	fputs(buf_str(&out), fp);
	buf_free(&out);
}
