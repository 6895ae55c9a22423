/*
 * What IndexNow is told: the listed URLs with a hash of what each shows,
 * the JSON of a submission, and what an answer means.
 */
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "hash.h"
#include "id_map.h"
#include "indexnow.h"
#include "sitemap.h"

static uint64_t	what_it_shows(const struct page *, uint64_t content);
static int	by_url(const void *, const void *);

int
indexnow_listed(struct page_cache *cache, const struct config *cfg,
    struct indexnow_set *set, struct buf *why)
{
	const struct listing rules = config_listing(cfg);
	struct buf base = BUF_INIT, url = BUF_INIT;
	const struct page **pages;
	struct sitemap *sm;
	struct id_map at = { 0 };
	size_t npages, i;
	time_t changed;

	memset(set, 0, sizeof(*set));
	if ((sm = cache_sitemap(cache, cfg, &changed, why)) == NULL)
		return -1;
	pages = cache_pages(cache, &npages);
	for (i = 0; i < npages; i++)
		id_map_put(&at, pages[i]->id, i);
	indexnow_base(&cfg->indexnow, &base);
	set->v = xcalloc(sm->n + 1, sizeof(*set->v));
	for (i = 0; i < sm->n; i++) {
		const struct sitemap_entry *e = &sm->entries[i];
		size_t k;

		/* A dup shares the path of the entry before: listed once. */
		if (e->dup || !id_map_get(&at, e->id, &k))
			continue;
		buf_reset(&url);
		buf_adds(&url, buf_str(&base));
		sitemap_url_path(&rules, pages[k], &url);
		set->v[set->n].url = xstrdup(buf_str(&url));
		set->v[set->n].page = pages[k];
		set->v[set->n++].seen = what_it_shows(pages[k],
		    pages[k]->content);
	}
	set->cache = cache;
	indexnow_set_sort(set);
	free(pages);
	id_map_free(&at);
	buf_free(&base);
	buf_free(&url);
	return 0;
}

uint64_t
indexnow_seen_before(const struct indexnow_set *set, size_t i,
    enum content_kind kind)
{
	const struct page *page = set->v[i].page;
	uint64_t before;

	if (page == NULL || set->cache == NULL || page->content == 0 ||
	    (before = cache_content_before(set->cache, page, kind)) == 0)
		return 0;
	return what_it_shows(page, before);
}

int
indexnow_digest(struct page_cache *cache, const struct config *cfg,
    uint64_t *digest, struct buf *why)
{
	struct sitemap *sm;
	time_t changed;

	if ((sm = cache_sitemap(cache, cfg, &changed, why)) == NULL)
		return -1;
	*digest = HASH_INIT;
	for (size_t i = 0; i < sm->n; i++) {
		const struct sitemap_entry *e = &sm->entries[i];
		uint64_t shown = sitemap_entry_hash(e);

		*digest = hash_add(*digest, &e->id, sizeof(e->id));
		*digest = hash_add(*digest, &shown, sizeof(shown));
		*digest = hash_add(*digest, &e->last_modified,
		    sizeof(e->last_modified));
	}
	return 0;
}

void
indexnow_set_sort(struct indexnow_set *set)
{
	qsort(set->v, set->n, sizeof(*set->v), by_url);
}

void
indexnow_set_free(struct indexnow_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->v[i].url);
	free(set->v);
	memset(set, 0, sizeof(*set));
}

void
indexnow_base(const struct indexnow_config *in, struct buf *out)
{
	buf_printf(out, "%s://%s", in->https ? "https" : "http", in->host);
}

void
indexnow_key_path(const char *key, struct buf *out)
{
	buf_printf(out, "/indexnow-%s.txt", key);
}

void
indexnow_body(const struct indexnow_config *in, char *const *urls, size_t n,
    struct buf *out)
{
	struct json_object *body = json_object_new_object();
	struct json_object *list = json_object_new_array_ext((int)n);
	struct buf where = BUF_INIT;

	indexnow_base(in, &where);
	indexnow_key_path(in->key, &where);
	json_object_object_add(body, "host", json_object_new_string(in->host));
	json_object_object_add(body, "key", json_object_new_string(in->key));
	json_object_object_add(body, "keyLocation",
	    json_object_new_string(buf_str(&where)));
	for (size_t i = 0; i < n; i++)
		json_object_array_add(list, json_object_new_string(urls[i]));
	json_object_object_add(body, "urlList", list);
	buf_adds(out, json_object_to_json_string_ext(body,
	    JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(body);
	buf_free(&where);
}

enum indexnow_answer
indexnow_answer(long status, const char **meaning)
{
	static const struct {
		long		 status;
		enum indexnow_answer answer;
		const char	*meaning;
	} known[] = {
		{ 200, INDEXNOW_ACCEPTED, "accepted" },
		{ 202, INDEXNOW_ACCEPTED, "accepted; the key is yet to be "
		    "checked" },
		{ 400, INDEXNOW_REFUSED, "bad request: the submission's form" },
		{ 403, INDEXNOW_REFUSED, "forbidden: the key file does not "
		    "answer the key (is its URL routed to sitemapd?)" },
		{ 422, INDEXNOW_REFUSED, "unprocessable: URLs of another host, "
		    "or a key that does not match the protocol" },
		{ 429, INDEXNOW_LATER, "too many requests: sent again later" },
	};

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (known[i].status == status) {
			*meaning = known[i].meaning;
			return known[i].answer;
		}
	if (status <= 0 || status >= 500) {
		*meaning = status <= 0 ? "no answer: sent again later" :
		    "the endpoint failed: sent again later";
		return INDEXNOW_LATER;
	}
	*meaning = status >= 200 && status < 300 ? "accepted" :
	    "refused, for no reason IndexNow documents";
	return status >= 200 && status < 300 ? INDEXNOW_ACCEPTED :
	    INDEXNOW_REFUSED;
}

/*
 * What a reader would see change: the content's hash where the source
 * knows it (content), which a rebuild of the same page keeps, else its
 * date; and its hreflang alternates.
 */
static uint64_t
what_it_shows(const struct page *page, uint64_t content)
{
	uint64_t k = HASH_INIT;

	if (content != 0)
		k = hash_add(k, &content, sizeof(content));
	else
		k = hash_add(k, &page->last_modified,
		    sizeof(page->last_modified));
	if (page->extensions)
		k = hash_add(k, page->extensions, strlen(page->extensions));
	return k;
}

static int
by_url(const void *a, const void *b)
{
	return strcmp(((const struct indexnow_url *)a)->url,
	    ((const struct indexnow_url *)b)->url);
}
