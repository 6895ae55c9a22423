/*
 * The sitemap's entries and left-out pages, made from pages and changed
 * in place when some pages change: rows found by binary search, the rest
 * moved in blocks, and only the rows next to a change looked at again;
 * then the hreflang alternates each entry shows, paired again.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alternates.h"
#include "escape.h"
#include "shared_str.h"
#include "sitemap.h"
#include "sorted.h"

static void	count_extensions(struct sitemap *,
		    const struct sitemap_extensions *, int);

/*
 * By path, then id. The paths are XML-escaped, but the URL encoding lets
 * only & and ' through of what XML escapes, and their entities sort as
 * they do: the order is that of the URLs.
 */
static int
by_path(const void *a, const void *b)
{
	const struct sitemap_entry *x = a, *y = b;

	if (x->section != y->section)
		return x->section < y->section ? -1 : 1;
	return sorted_by_string_then_id(x->path, x->id, y->path, y->id);
}

static int
left_out_by_path(const void *a, const void *b)
{
	const struct sitemap_left_out *x = a, *y = b;

	return sorted_by_string_then_id(x->path, x->id, y->path, y->id);
}

static struct sorted
entries_of(const struct sitemap *sm)
{
	return (struct sorted){ sm->entries, sm->n, sizeof(*sm->entries),
	    by_path };
}

static struct sorted
left_out_of(const struct sitemap *sm)
{
	return (struct sorted){ sm->left_out, sm->nleft_out,
	    sizeof(*sm->left_out), left_out_by_path };
}

static void
left_out_free(struct sitemap_left_out *l)
{
	free(l->path);
	free(l->tag);
}

void
sitemap_build(const struct listing *rules, const struct site *site,
    struct sitemap *sm)
{
	const struct page **pages = xcalloc(site->n ? site->n : 1,
	    sizeof(*pages));
	struct sitemap_edit edit = { 0 };

	for (size_t i = 0; i < site->n; i++)
		pages[i] = &site->pages[i];
	memset(sm, 0, sizeof(*sm));
	sitemap_add(rules, sm, &edit, pages, site->n, NULL);
	free(pages);
}

static void
push_index(size_t **v, size_t *n, size_t i)
{
	*v = xgrowarray(*v, *n, sizeof(**v));
	(*v)[(*n)++] = i;
}

void
sitemap_remove(const struct listing *rules, struct sitemap *sm,
    struct sitemap_edit *edit, const struct page *const *pages, size_t n)
{
	struct sorted entries = entries_of(sm), left_out = left_out_of(sm);
	struct buf url = BUF_INIT, xml = BUF_INIT;
	size_t at;

	for (size_t i = 0; i < n; i++) {
		struct sitemap_entry entry = { 0 };
		struct sitemap_left_out left = { 0 };

		/* A page in neither: broken, or never listable. */
		if (page_broken(pages[i]))
			continue;
		buf_reset(&url);
		buf_reset(&xml);
		sitemap_url_path(rules, pages[i], &url);
		escape_xml(&xml, buf_str(&url));
		entry.path = (char *)buf_str(&xml) + 1;
		entry.section = section_of(&sm->sections, entry.path);
		entry.id = pages[i]->id;
		left.path = (char *)buf_str(&url);
		left.id = pages[i]->id;
		if ((at = sorted_find(&entries, &entry)) != SIZE_MAX)
			push_index(&edit->gone, &edit->ngone, at);
		else if ((at = sorted_find(&left_out, &left)) != SIZE_MAX)
			push_index(&edit->was_at, &edit->nwas_at, at);
	}
	buf_free(&url);
	buf_free(&xml);
}

/* The dropped rows are sorted: one says whether l is old news. */
static int
was_left_out(const struct sitemap_left_out *was, size_t nwas,
    const struct sitemap_left_out *l)
{
	const struct sitemap_left_out *old;

	if (nwas == 0)
		return 0;
	old = bsearch(l, was, nwas, sizeof(*was), left_out_by_path);
	return old != NULL && old->reason == l->reason;
}

/* A row whose neighbour changed: is it now, or no longer, a repeat? */
static int
recheck(struct sitemap *sm, size_t i)
{
	struct sitemap_entry *e = &sm->entries[i];
	uint8_t dup;

	if (i >= sm->n)
		return 0;
	dup = i > 0 && e->path_len == e[-1].path_len &&
	    memcmp(e->path, e[-1].path, e->path_len) == 0;
	if (dup == e->dup)
		return 0;
	sm->ndup += dup;
	sm->ndup -= e->dup;
	e->dup = dup;
	return 1;
}

static void
date_again(struct sitemap *sm)
{
	sm->newest = 0;
	for (size_t i = 0; i < sm->n; i++)
		if (!sm->entries[i].dup &&
		    sm->entries[i].last_modified > sm->newest)
			sm->newest = sm->entries[i].last_modified;
}

/*
 * An entry's path: its page's alias, shared, where the alias is already
 * the path as a sitemap writes it (most are), else a copy.
 */
static char *
path_of(const struct page *page, const char *path)
{
	if (page->alias != NULL && strcmp(page->alias, path) == 0)
		return shared_str_hold(page->alias);
	return shared_str_dup(path);
}

/* Entries and left-out rows for pages. */
static void
rows_of(const struct listing *rules, const struct page *const *pages, size_t n,
    struct sitemap_entry **add, size_t *nadd, struct sitemap_left_out **left,
    size_t *nleft)
{
	struct buf encoded = BUF_INIT, xml = BUF_INIT;

	*add = xcalloc(n ? n : 1, sizeof(**add));
	*left = NULL;
	*nadd = *nleft = 0;
	for (size_t i = 0; i < n; i++) {
		struct sitemap_left_out why;
		struct sitemap_entry *e = &(*add)[*nadd];

		buf_reset(&encoded);
		switch (sitemap_verdict(rules, pages[i], &encoded, &why)) {
		case VERDICT_LISTED:
			/* Sorted as URLs; from here on only XML. */
			buf_reset(&xml);
			escape_xml(&xml, buf_str(&encoded));
			e->path = path_of(pages[i], buf_str(&xml) + 1);
			e->path_len = (uint32_t)xml.len - 1;
			e->section = section_of(rules->sections, e->path);
			e->id = pages[i]->id;
			e->extensions = extensions_declared(
			    pages[i]->extensions, rules);
			sitemap_entry_dated(e, pages[i]->last_modified);
			(*nadd)++;
			break;
		case VERDICT_LEFT_OUT:
			why.path = xstrdup(buf_str(&encoded));
			*left = xgrowarray(*left, *nleft,
			    sizeof(**left));
			(*left)[(*nleft)++] = why;
			break;
		default:
			break;
		}
	}
	buf_free(&encoded);
	buf_free(&xml);
}

static int
by_end(const void *a, const void *b)
{
	size_t x = ((const struct sitemap_part *)a)->end;
	size_t y = ((const struct sitemap_part *)b)->end;

	return x < y ? -1 : x > y;
}

/* The part holding entry i, when the parts are cut: the first ending after. */
static struct sitemap_part *
part_of(struct sitemap *sm, size_t i)
{
	struct sorted parts = { sm->parts, sm->nparts, sizeof(*sm->parts),
	    by_end };
	struct sitemap_part key = { .end = i };
	size_t at = sorted_upper(&parts, &key);

	return at < sm->nparts ? &sm->parts[at] : NULL;
}

/*
 * A page whose URL stays (the common edit) keeps its row: only its date
 * changes, and the parts stay cut unless what it shows beside changed
 * size (*recut). Returns how many of add were taken so; they are moved
 * to the end of add.
 */
static size_t
update_in_place(struct sitemap *sm, struct sitemap_edit *edit,
    struct sitemap_entry *add, size_t nadd, int *redate, int *recut)
{
	struct sorted entries = entries_of(sm);
	size_t kept = 0;

	for (size_t j = 0; j < nadd; j++) {
		size_t at = sorted_find(&entries, &add[j]), *pending;
		struct sitemap_entry *e;
		struct sitemap_part *part;

		pending = at == SIZE_MAX || edit->ngone == 0 ? NULL :
		    bsearch(&at, edit->gone, edit->ngone, sizeof(*edit->gone),
		    sorted_by_index);
		if (pending == NULL) {
			add[kept++] = add[j];
			continue;
		}
		*pending = SIZE_MAX;
		e = &sm->entries[at];
		if (!e->dup && e->last_modified >= sm->newest)
			*redate = 1;
		else if (!e->dup && add[j].last_modified > sm->newest)
			sm->newest = add[j].last_modified;
		e->last_modified = add[j].last_modified;
		memcpy(e->date, add[j].date, sizeof(e->date));
		count_extensions(sm, e->extensions, -1);
		count_extensions(sm, add[j].extensions, 1);
		/* Sizes for any base URL: the same with two lengths. */
		if (extensions_size(e->extensions, 1) !=
		    extensions_size(add[j].extensions, 1) ||
		    extensions_size(e->extensions, 64) !=
		    extensions_size(add[j].extensions, 64))
			*recut = 1;
		extensions_free(e->extensions);
		e->extensions = add[j].extensions;
		shared_str_drop(add[j].path);
		if (sm->parts && (part = part_of(sm, at)) != NULL)
			*part = (struct sitemap_part){ .start = part->start,
			    .end = part->end, .seq = part->seq };
	}
	sorted_indices(edit->gone, &edit->ngone);
	return kept;
}

void
sitemap_add(const struct listing *rules, struct sitemap *sm,
    struct sitemap_edit *edit, const struct page *const *pages, size_t n,
    const struct reporter *news)
{
	struct sorted entries, left_out;
	struct sitemap_entry *add, *gone;
	struct sitemap_left_out *left, *was;
	struct buf line = BUF_INIT;
	size_t nadd, nleft, nwas, *placed;
	time_t added_newest = 0;
	size_t nalternates = sm->nalternates, nimaged = sm->nimaged;
	int redate = 0, recut = 0, paired_again;

	if (edit->all) {
		sections_free(&sm->sections);
		if (rules->sections != NULL)
			sections_copy(&sm->sections, rules->sections);
	}
	rows_of(rules, pages, n, &add, &nadd, &left, &nleft);
	if (edit->all) {
		for (size_t i = 0; i < sm->n; i++) {
			shared_str_drop(sm->entries[i].path);
			extensions_free(sm->entries[i].extensions);
		}
		sm->nalternates = sm->nimaged = 0;
		was = sm->left_out;
		nwas = sm->nleft_out;
		sm->left_out = NULL;
		sm->n = sm->nleft_out = sm->ndup = 0;
		sm->max_path_len = 0;
		sm->newest = 0;
		edit->ngone = edit->nwas_at = 0;
	} else {
		sorted_indices(edit->gone, &edit->ngone);
		sorted_indices(edit->was_at, &edit->nwas_at);
		nadd = update_in_place(sm, edit, add, nadd, &redate,
		    &recut);
		/* Copies: the rows stay, their keys compared, until the edit. */
		nwas = edit->nwas_at;
		was = xcalloc(nwas ? nwas : 1, sizeof(*was));
		for (size_t i = 0; i < nwas; i++)
			was[i] = sm->left_out[edit->was_at[i]];
	}
	/* Rows that go are kept aside until their neighbours are looked at. */
	gone = xcalloc(edit->ngone ? edit->ngone : 1, sizeof(*gone));
	for (size_t i = 0; i < edit->ngone; i++) {
		gone[i] = sm->entries[edit->gone[i]];
		sm->ndup -= gone[i].dup;
		redate |= !gone[i].dup && gone[i].last_modified >= sm->newest;
	}
	for (size_t i = 0; i < nadd; i++) {
		count_extensions(sm, add[i].extensions, 1);
		if (add[i].path_len > sm->max_path_len)
			sm->max_path_len = add[i].path_len;
		if (add[i].last_modified > added_newest)
			added_newest = add[i].last_modified;
	}
	placed = xcalloc(nadd ? nadd : 1, sizeof(*placed));
	entries = entries_of(sm);
	sorted_sort(&entries, add, nadd);
	sorted_edit(&entries, edit->gone, edit->ngone, add, nadd, placed);
	left_out = left_out_of(sm);
	sorted_sort(&left_out, left, nleft);
	sorted_edit(&left_out, edit->was_at, edit->nwas_at, left, nleft, NULL);
	sm->entries = entries.rows;
	sm->n = entries.n;
	sm->left_out = left_out.rows;
	sm->nleft_out = left_out.n;

	/* Where rows came or went, the next one may repeat its path. */
	for (size_t i = 0; i < nadd; i++) {
		redate |= recheck(sm, placed[i]);
		redate |= recheck(sm, placed[i] + 1);
	}
	for (size_t i = 0; i < edit->ngone; i++) {
		redate |= recheck(sm, sorted_upper(&entries, &gone[i]));
		shared_str_drop(gone[i].path);
		count_extensions(sm, gone[i].extensions, -1);
		extensions_free(gone[i].extensions);
	}
	if (redate)
		date_again(sm);
	else if (added_newest > sm->newest)
		sm->newest = added_newest;

	for (size_t i = 0; news && i < nleft; i++) {
		/* What a page or its site asks for is no news. */
		if (left[i].reason == LEFT_OUT_EXCLUDED ||
		    left[i].reason == LEFT_OUT_UNLISTED ||
		    was_left_out(was, nwas, &left[i]))
			continue;
		buf_reset(&line);
		sitemap_describe_left_out(rules, &left[i], &line);
		report(news, sitemap_left_out_finding(left[i].reason), "%s",
		    buf_str(&line));
	}
	/*
	 * Cut again when next asked, unless only dates changed, or what an
	 * entry shows beside at the same size. What one entry shows of its
	 * alternates depends on others: paired again.
	 */
	paired_again = sm->nalternates > 0 && sitemap_pair_alternates(sm);
	if (edit->all || nadd > 0 || edit->ngone > 0 || paired_again ||
	    recut || sm->nalternates != nalternates ||
	    sm->nimaged != nimaged) {
		free(sm->parts);
		sm->parts = NULL;
		sm->nparts = 0;
	}
	for (size_t i = 0; i < nwas; i++)
		left_out_free(&was[i]);
	free(was);
	free(gone);
	free(edit->gone);
	free(edit->was_at);
	memset(edit, 0, sizeof(*edit));
	free(add);
	free(left);
	free(placed);
	sm->max_urls = rules->max_urls;
	sm->max_bytes = rules->max_bytes;
	sm->stylesheet = rules->stylesheet;
	snprintf(sm->url_path, sizeof(sm->url_path), "%s",
	    rules->url_path ? rules->url_path : "");
	buf_free(&line);
}

void
sitemap_free(struct sitemap *sm)
{
	for (size_t i = 0; i < sm->n; i++) {
		shared_str_drop(sm->entries[i].path);
		extensions_free(sm->entries[i].extensions);
	}
	free(sm->entries);
	free(sm->parts);
	for (size_t i = 0; i < sm->nleft_out; i++)
		left_out_free(&sm->left_out[i]);
	free(sm->left_out);
	sections_free(&sm->sections);
	memset(sm, 0, sizeof(*sm));
}

size_t
sitemap_shown_at(const struct sitemap *sm, const char *path, size_t len)
{
	struct sitemap_entry key = { .path = xstrndup(path, len) };
	struct sorted entries = entries_of(sm);
	size_t at;

	key.section = section_of(&sm->sections, key.path);
	at = sorted_lower(&entries, &key);

	if (at >= sm->n || sm->entries[at].dup ||
	    strcmp(sm->entries[at].path, key.path) != 0)
		at = SIZE_MAX;
	free(key.path);
	return at;
}

/* Whether entry i shows its alternate at path (len bytes), and if not, why. */
enum alternate { ALTERNATE_SHOWN, ALTERNATE_NOT_LISTED, ALTERNATE_ONE_WAY };

static enum alternate
alternate_of(const struct sitemap *sm, size_t i, const char *path, size_t len)
{
	size_t at = sitemap_shown_at(sm, path, len);
	const struct sitemap_extensions *back;

	if (at == SIZE_MAX)
		return ALTERNATE_NOT_LISTED;
	back = sm->entries[at].extensions;
	if (at == i || alternates_name(extensions_alternates(back),
	    sm->entries[i].path, sm->entries[i].path_len) != NULL)
		return ALTERNATE_SHOWN;
	return ALTERNATE_ONE_WAY;
}

/* Whether shown names e under a language, not only as x-default. */
static int
names_own_lang(const char *shown, const struct sitemap_entry *e)
{
	for (const char *p = shown; *p; p = strchr(p, '\n') + 1) {
		const char *path = strchr(p, '\t') + 1;

		if (strncmp(p, "x-default\t", 10) != 0 &&
		    strncmp(path, e->path, e->path_len) == 0 &&
		    path[e->path_len] == '\n')
			return 1;
	}
	return 0;
}

/*
 * The line of the first alternate shown for entry i that names it back:
 * the language it gives entry i is up to its tab. NULL for none.
 */
static const char *
own_lang(const struct sitemap *sm, size_t i, const char *shown)
{
	for (const char *p = shown; *p; p = strchr(p, '\n') + 1) {
		const char *path = strchr(p, '\t') + 1;
		size_t at = sitemap_shown_at(sm, path,
		    (size_t)(strchr(path, '\n') - path));
		const char *line;

		if (at != SIZE_MAX && at != i && (line = alternates_name(
		    extensions_alternates(sm->entries[at].extensions),
		    sm->entries[i].path, sm->entries[i].path_len)) != NULL)
			return line;
	}
	return NULL;
}

int
sitemap_pair_alternates(struct sitemap *sm)
{
	struct buf shown = BUF_INIT;
	int changed = 0;

	for (size_t i = 0; i < sm->n && sm->nalternates > 0; i++) {
		struct sitemap_extensions *a =
		    extensions_pairable(sm->entries[i].extensions);
		uint32_t n = 0, bytes = 0;

		if (a == NULL)
			continue;
		buf_reset(&shown);
		/* A repeated path is not shown, nor are its alternates. */
		for (const char *p = a->declared; *p && !sm->entries[i].dup;
		    p = strchr(p, '\n') + 1) {
			const char *path = strchr(p, '\t') + 1;
			size_t len = (size_t)(strchr(path, '\n') - path);

			if (alternate_of(sm, i, path, len) != ALTERNATE_SHOWN)
				continue;
			buf_add(&shown, p, (size_t)(path - p) + len + 1);
			n++;
			bytes += (uint32_t)((size_t)(path - p) - 1 + len);
		}
		/*
		 * Google asks each entry of a cluster to name every member,
		 * itself too: in the language the others give it.
		 */
		if (n > 0 && !names_own_lang(buf_str(&shown),
		    &sm->entries[i])) {
			const char *self = own_lang(sm, i, buf_str(&shown));

			if (self != NULL) {
				size_t lang = strcspn(self, "\t");

				buf_add(&shown, self, lang + 1);
				buf_add(&shown, sm->entries[i].path,
				    sm->entries[i].path_len);
				buf_addc(&shown, '\n');
				n++;
				bytes += (uint32_t)(lang +
				    sm->entries[i].path_len);
			}
		}
		if (a->shown ? strcmp(a->shown, buf_str(&shown)) != 0 :
		    shown.len > 0) {
			changed = 1;
			free(a->shown);
			a->shown = shown.len ? xstrdup(buf_str(&shown)) : NULL;
		}
		a->nshown = n;
		a->shown_bytes = bytes;
	}
	buf_free(&shown);
	return changed;
}

static void	report_disagreement(const struct sitemap *, size_t,
		    const struct reporter *);

void
sitemap_report_alternates(const struct sitemap *sm,
    const struct reporter *rep)
{
	static const char *const why[] = {
		[ALTERNATE_NOT_LISTED] = "is not listed",
		[ALTERNATE_ONE_WAY] = "does not name it back",
	};

	for (size_t i = 0; i < sm->n && sm->nalternates > 0; i++) {
		const struct sitemap_entry *e = &sm->entries[i];

		if (e->extensions == NULL || e->dup)
			continue;
		for (const char *p = extensions_alternates(e->extensions); *p;
		    p = strchr(p, '\n') + 1) {
			const char *path = strchr(p, '\t') + 1;
			int len = (int)(strchr(path, '\n') - path);
			enum alternate v = alternate_of(sm, i, path,
			    (size_t)len);

			if (v != ALTERNATE_SHOWN)
				report(rep, FINDING_NOTE, "/%s: its hreflang "
				    "%.*s alternate /%.*s %s: not shown",
				    e->path, (int)(path - p - 1), p, len, path,
				    why[v]);
		}
		report_disagreement(sm, i, rep);
	}
}

/* The pages of entry i's cluster that give it another language than the first. */
static void
report_disagreement(const struct sitemap *sm, size_t i,
    const struct reporter *rep)
{
	const struct sitemap_entry *e = &sm->entries[i];
	const char *first = NULL;

	if (extensions_shown(e->extensions) == NULL)
		return;
	for (const char *p = extensions_shown(e->extensions); *p;
	    p = strchr(p, '\n') + 1) {
		const char *path = strchr(p, '\t') + 1;
		int len = (int)(strchr(path, '\n') - path);
		size_t at = sitemap_shown_at(sm, path, (size_t)len);
		const char *said;

		if (at == SIZE_MAX || at == i || (said = alternates_name(
		    extensions_alternates(sm->entries[at].extensions),
		    e->path, e->path_len)) == NULL)
			continue;
		if (first == NULL)
			first = said;
		else if (strcspn(said, "\t") != strcspn(first, "\t") ||
		    strncmp(said, first, strcspn(first, "\t")) != 0)
			report(rep, FINDING_NOTE, "/%s: the pages of its hreflang "
			    "cluster disagree on its language: %.*s, and %.*s "
			    "in /%.*s", e->path, (int)strcspn(first, "\t"), first,
			    (int)strcspn(said, "\t"), said, len, path);
	}
}

/* Counts an entry's extensions in, by one, or out, by -1. */
static void
count_extensions(struct sitemap *sm, const struct sitemap_extensions *a,
    int by)
{
	if (a == NULL)
		return;
	if (extensions_alternates(a)[0] != '\0')
		sm->nalternates += (size_t)by;
	if (sitemap_images(a) != NULL)
		sm->nimaged += (size_t)by;
}
