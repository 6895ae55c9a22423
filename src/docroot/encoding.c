/*
 * Encodings as a browser has them: the Encoding Standard's labels, the
 * HTML Standard's sniffing, and iconv(3) to decode, U+FFFD for what it
 * cannot.
 */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ascii.h"
#include "encoding.h"
#include "iso2022jp.h"
#include "utf8.h"

struct encoding {
	const char	*name;
	const char	*iconv;		/* NULL: replacement */
};

enum {
	UTF_8, IBM866, ISO_8859_2, ISO_8859_3, ISO_8859_4, ISO_8859_5,
	ISO_8859_6, ISO_8859_7, ISO_8859_8, ISO_8859_8_I, ISO_8859_10,
	ISO_8859_13, ISO_8859_14, ISO_8859_15, ISO_8859_16, KOI8_R, KOI8_U,
	MACINTOSH, WINDOWS_874, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252,
	WINDOWS_1253, WINDOWS_1254, WINDOWS_1255, WINDOWS_1256, WINDOWS_1257,
	WINDOWS_1258, X_MAC_CYRILLIC, GBK, GB18030, BIG5, EUC_JP, ISO_2022_JP,
	SHIFT_JIS, EUC_KR, REPLACEMENT, UTF_16BE, UTF_16LE, X_USER_DEFINED
};

static const struct encoding encodings[] = {
	[UTF_8] = { "UTF-8", "UTF-8" },
	[IBM866] = { "IBM866", "IBM866" },
	[ISO_8859_2] = { "ISO-8859-2", "ISO-8859-2" },
	[ISO_8859_3] = { "ISO-8859-3", "ISO-8859-3" },
	[ISO_8859_4] = { "ISO-8859-4", "ISO-8859-4" },
	[ISO_8859_5] = { "ISO-8859-5", "ISO-8859-5" },
	[ISO_8859_6] = { "ISO-8859-6", "ISO-8859-6" },
	[ISO_8859_7] = { "ISO-8859-7", "ISO-8859-7" },
	[ISO_8859_8] = { "ISO-8859-8", "ISO-8859-8" },
	[ISO_8859_8_I] = { "ISO-8859-8-I", "ISO-8859-8" },
	[ISO_8859_10] = { "ISO-8859-10", "ISO-8859-10" },
	[ISO_8859_13] = { "ISO-8859-13", "ISO-8859-13" },
	[ISO_8859_14] = { "ISO-8859-14", "ISO-8859-14" },
	[ISO_8859_15] = { "ISO-8859-15", "ISO-8859-15" },
	[ISO_8859_16] = { "ISO-8859-16", "ISO-8859-16" },
	[KOI8_R] = { "KOI8-R", "KOI8-R" },
	[KOI8_U] = { "KOI8-U", "KOI8-U" },
	[MACINTOSH] = { "macintosh", "MACINTOSH" },
	[WINDOWS_874] = { "windows-874", "CP874" },
	[WINDOWS_1250] = { "windows-1250", "CP1250" },
	[WINDOWS_1251] = { "windows-1251", "CP1251" },
	[WINDOWS_1252] = { "windows-1252", "CP1252" },
	[WINDOWS_1253] = { "windows-1253", "CP1253" },
	[WINDOWS_1254] = { "windows-1254", "CP1254" },
	[WINDOWS_1255] = { "windows-1255", "CP1255" },
	[WINDOWS_1256] = { "windows-1256", "CP1256" },
	[WINDOWS_1257] = { "windows-1257", "CP1257" },
	[WINDOWS_1258] = { "windows-1258", "CP1258" },
	[X_MAC_CYRILLIC] = { "x-mac-cyrillic", "MAC-CYRILLIC" },
	[GBK] = { "GBK", "GB18030" },	/* the standard decodes GBK so */
	[GB18030] = { "gb18030", "GB18030" },
	[BIG5] = { "Big5", "BIG5-HKSCS" },
	[EUC_JP] = { "EUC-JP", "EUC-JP" },
	[ISO_2022_JP] = { "ISO-2022-JP", "ISO-2022-JP" },
	[SHIFT_JIS] = { "Shift_JIS", "WINDOWS-31J" },
	[EUC_KR] = { "EUC-KR", "CP949" },
	[REPLACEMENT] = { "replacement", NULL },
	[UTF_16BE] = { "UTF-16BE", "UTF-16BE" },
	[UTF_16LE] = { "UTF-16LE", "UTF-16LE" },
	[X_USER_DEFINED] = { "x-user-defined", "CP1252" },
};

/* Every label of the Encoding Standard, sorted, for bsearch. */
static const struct label {
	const char	*label;
	int		 encoding;
} labels[] = {
	{ "866", IBM866 }, { "ansi_x3.4-1968", WINDOWS_1252 },
	{ "arabic", ISO_8859_6 }, { "ascii", WINDOWS_1252 },
	{ "asmo-708", ISO_8859_6 }, { "big5", BIG5 }, { "big5-hkscs", BIG5 },
	{ "chinese", GBK }, { "cn-big5", BIG5 }, { "cp1250", WINDOWS_1250 },
	{ "cp1251", WINDOWS_1251 }, { "cp1252", WINDOWS_1252 },
	{ "cp1253", WINDOWS_1253 }, { "cp1254", WINDOWS_1254 },
	{ "cp1255", WINDOWS_1255 }, { "cp1256", WINDOWS_1256 },
	{ "cp1257", WINDOWS_1257 }, { "cp1258", WINDOWS_1258 },
	{ "cp819", WINDOWS_1252 }, { "cp866", IBM866 }, { "csbig5", BIG5 },
	{ "cseuckr", EUC_KR }, { "cseucpkdfmtjapanese", EUC_JP },
	{ "csgb2312", GBK }, { "csibm866", IBM866 },
	{ "csiso2022jp", ISO_2022_JP }, { "csiso2022kr", REPLACEMENT },
	{ "csiso58gb231280", GBK }, { "csiso88596e", ISO_8859_6 },
	{ "csiso88596i", ISO_8859_6 }, { "csiso88598e", ISO_8859_8 },
	{ "csiso88598i", ISO_8859_8_I }, { "csisolatin1", WINDOWS_1252 },
	{ "csisolatin2", ISO_8859_2 }, { "csisolatin3", ISO_8859_3 },
	{ "csisolatin4", ISO_8859_4 }, { "csisolatin5", WINDOWS_1254 },
	{ "csisolatin6", ISO_8859_10 }, { "csisolatin9", ISO_8859_15 },
	{ "csisolatinarabic", ISO_8859_6 },
	{ "csisolatincyrillic", ISO_8859_5 }, { "csisolatingreek", ISO_8859_7 },
	{ "csisolatinhebrew", ISO_8859_8 }, { "cskoi8r", KOI8_R },
	{ "csksc56011987", EUC_KR }, { "csmacintosh", MACINTOSH },
	{ "csshiftjis", SHIFT_JIS }, { "csunicode", UTF_16LE },
	{ "cyrillic", ISO_8859_5 }, { "dos-874", WINDOWS_874 },
	{ "ecma-114", ISO_8859_6 }, { "ecma-118", ISO_8859_7 },
	{ "elot_928", ISO_8859_7 }, { "euc-jp", EUC_JP }, { "euc-kr", EUC_KR },
	{ "gb18030", GB18030 }, { "gb2312", GBK }, { "gb_2312", GBK },
	{ "gb_2312-80", GBK }, { "gbk", GBK }, { "greek", ISO_8859_7 },
	{ "greek8", ISO_8859_7 }, { "hebrew", ISO_8859_8 },
	{ "hz-gb-2312", REPLACEMENT }, { "ibm819", WINDOWS_1252 },
	{ "ibm866", IBM866 }, { "iso-10646-ucs-2", UTF_16LE },
	{ "iso-2022-cn", REPLACEMENT }, { "iso-2022-cn-ext", REPLACEMENT },
	{ "iso-2022-jp", ISO_2022_JP }, { "iso-2022-kr", REPLACEMENT },
	{ "iso-8859-1", WINDOWS_1252 }, { "iso-8859-10", ISO_8859_10 },
	{ "iso-8859-11", WINDOWS_874 }, { "iso-8859-13", ISO_8859_13 },
	{ "iso-8859-14", ISO_8859_14 }, { "iso-8859-15", ISO_8859_15 },
	{ "iso-8859-16", ISO_8859_16 }, { "iso-8859-2", ISO_8859_2 },
	{ "iso-8859-3", ISO_8859_3 }, { "iso-8859-4", ISO_8859_4 },
	{ "iso-8859-5", ISO_8859_5 }, { "iso-8859-6", ISO_8859_6 },
	{ "iso-8859-6-e", ISO_8859_6 }, { "iso-8859-6-i", ISO_8859_6 },
	{ "iso-8859-7", ISO_8859_7 }, { "iso-8859-8", ISO_8859_8 },
	{ "iso-8859-8-e", ISO_8859_8 }, { "iso-8859-8-i", ISO_8859_8_I },
	{ "iso-8859-9", WINDOWS_1254 }, { "iso-ir-100", WINDOWS_1252 },
	{ "iso-ir-101", ISO_8859_2 }, { "iso-ir-109", ISO_8859_3 },
	{ "iso-ir-110", ISO_8859_4 }, { "iso-ir-126", ISO_8859_7 },
	{ "iso-ir-127", ISO_8859_6 }, { "iso-ir-138", ISO_8859_8 },
	{ "iso-ir-144", ISO_8859_5 }, { "iso-ir-148", WINDOWS_1254 },
	{ "iso-ir-149", EUC_KR }, { "iso-ir-157", ISO_8859_10 },
	{ "iso-ir-58", GBK }, { "iso8859-1", WINDOWS_1252 },
	{ "iso8859-10", ISO_8859_10 }, { "iso8859-11", WINDOWS_874 },
	{ "iso8859-13", ISO_8859_13 }, { "iso8859-14", ISO_8859_14 },
	{ "iso8859-15", ISO_8859_15 }, { "iso8859-2", ISO_8859_2 },
	{ "iso8859-3", ISO_8859_3 }, { "iso8859-4", ISO_8859_4 },
	{ "iso8859-5", ISO_8859_5 }, { "iso8859-6", ISO_8859_6 },
	{ "iso8859-7", ISO_8859_7 }, { "iso8859-8", ISO_8859_8 },
	{ "iso8859-9", WINDOWS_1254 }, { "iso88591", WINDOWS_1252 },
	{ "iso885910", ISO_8859_10 }, { "iso885911", WINDOWS_874 },
	{ "iso885913", ISO_8859_13 }, { "iso885914", ISO_8859_14 },
	{ "iso885915", ISO_8859_15 }, { "iso88592", ISO_8859_2 },
	{ "iso88593", ISO_8859_3 }, { "iso88594", ISO_8859_4 },
	{ "iso88595", ISO_8859_5 }, { "iso88596", ISO_8859_6 },
	{ "iso88597", ISO_8859_7 }, { "iso88598", ISO_8859_8 },
	{ "iso88599", WINDOWS_1254 }, { "iso_8859-1", WINDOWS_1252 },
	{ "iso_8859-15", ISO_8859_15 }, { "iso_8859-1:1987", WINDOWS_1252 },
	{ "iso_8859-2", ISO_8859_2 }, { "iso_8859-2:1987", ISO_8859_2 },
	{ "iso_8859-3", ISO_8859_3 }, { "iso_8859-3:1988", ISO_8859_3 },
	{ "iso_8859-4", ISO_8859_4 }, { "iso_8859-4:1988", ISO_8859_4 },
	{ "iso_8859-5", ISO_8859_5 }, { "iso_8859-5:1988", ISO_8859_5 },
	{ "iso_8859-6", ISO_8859_6 }, { "iso_8859-6:1987", ISO_8859_6 },
	{ "iso_8859-7", ISO_8859_7 }, { "iso_8859-7:1987", ISO_8859_7 },
	{ "iso_8859-8", ISO_8859_8 }, { "iso_8859-8:1988", ISO_8859_8 },
	{ "iso_8859-9", WINDOWS_1254 }, { "iso_8859-9:1989", WINDOWS_1254 },
	{ "koi", KOI8_R }, { "koi8", KOI8_R }, { "koi8-r", KOI8_R },
	{ "koi8-ru", KOI8_U }, { "koi8-u", KOI8_U }, { "koi8_r", KOI8_R },
	{ "korean", EUC_KR }, { "ks_c_5601-1987", EUC_KR },
	{ "ks_c_5601-1989", EUC_KR }, { "ksc5601", EUC_KR },
	{ "ksc_5601", EUC_KR }, { "l1", WINDOWS_1252 }, { "l2", ISO_8859_2 },
	{ "l3", ISO_8859_3 }, { "l4", ISO_8859_4 }, { "l5", WINDOWS_1254 },
	{ "l6", ISO_8859_10 }, { "l9", ISO_8859_15 }, { "latin1", WINDOWS_1252 },
	{ "latin2", ISO_8859_2 }, { "latin3", ISO_8859_3 },
	{ "latin4", ISO_8859_4 }, { "latin5", WINDOWS_1254 },
	{ "latin6", ISO_8859_10 }, { "logical", ISO_8859_8_I },
	{ "mac", MACINTOSH }, { "macintosh", MACINTOSH }, { "ms932", SHIFT_JIS },
	{ "ms_kanji", SHIFT_JIS }, { "replacement", REPLACEMENT },
	{ "shift-jis", SHIFT_JIS }, { "shift_jis", SHIFT_JIS },
	{ "sjis", SHIFT_JIS }, { "sun_eu_greek", ISO_8859_7 },
	{ "tis-620", WINDOWS_874 }, { "ucs-2", UTF_16LE },
	{ "unicode", UTF_16LE }, { "unicode-1-1-utf-8", UTF_8 },
	{ "unicode11utf8", UTF_8 }, { "unicode20utf8", UTF_8 },
	{ "unicodefeff", UTF_16LE }, { "unicodefffe", UTF_16BE },
	{ "us-ascii", WINDOWS_1252 }, { "utf-16", UTF_16LE },
	{ "utf-16be", UTF_16BE }, { "utf-16le", UTF_16LE }, { "utf-8", UTF_8 },
	{ "utf8", UTF_8 }, { "visual", ISO_8859_8 },
	{ "windows-1250", WINDOWS_1250 }, { "windows-1251", WINDOWS_1251 },
	{ "windows-1252", WINDOWS_1252 }, { "windows-1253", WINDOWS_1253 },
	{ "windows-1254", WINDOWS_1254 }, { "windows-1255", WINDOWS_1255 },
	{ "windows-1256", WINDOWS_1256 }, { "windows-1257", WINDOWS_1257 },
	{ "windows-1258", WINDOWS_1258 }, { "windows-31j", SHIFT_JIS },
	{ "windows-874", WINDOWS_874 }, { "windows-949", EUC_KR },
	{ "x-cp1250", WINDOWS_1250 }, { "x-cp1251", WINDOWS_1251 },
	{ "x-cp1252", WINDOWS_1252 }, { "x-cp1253", WINDOWS_1253 },
	{ "x-cp1254", WINDOWS_1254 }, { "x-cp1255", WINDOWS_1255 },
	{ "x-cp1256", WINDOWS_1256 }, { "x-cp1257", WINDOWS_1257 },
	{ "x-cp1258", WINDOWS_1258 }, { "x-euc-jp", EUC_JP }, { "x-gbk", GBK },
	{ "x-mac-cyrillic", X_MAC_CYRILLIC }, { "x-mac-roman", MACINTOSH },
	{ "x-mac-ukrainian", X_MAC_CYRILLIC }, { "x-sjis", SHIFT_JIS },
	{ "x-unicode20utf8", UTF_8 }, { "x-user-defined", X_USER_DEFINED },
	{ "x-x-big5", BIG5 },
};

#define WS	"\t\n\f\r "
#define REPLACEMENT_CHAR	"\xef\xbf\xbd"	/* U+FFFD */

struct decoder {
	int		 utf8;		/* checked here: iconv takes too much */
	struct iso2022jp *jp;		/* decoded here: iconv reads it otherwise */
	size_t		 unit;		/* bytes skipped past what cannot be
					   decoded: a UTF-16 code unit */
	iconv_t		 cd;		/* (iconv_t)-1: replacement */
	char		 held[8];	/* a sequence cut short */
	size_t		 nheld;
	int		 replaced;	/* the replacement encoding: said once */
};

static const struct encoding *prescan(const unsigned char *, size_t);
static int	get_attribute(const unsigned char **, const unsigned char *,
		    struct buf *, struct buf *);
static void	utf8_feed(struct decoder *, const char *, size_t, struct buf *);
static int	continues(const unsigned char *, size_t);
static int	by_label(const void *, const void *);

const struct encoding *
encoding_for_label(const char *s, size_t n)
{
	char lower[32];
	const char *end = s + n;
	const struct label key = { lower, 0 }, *found;

	ascii_trim(&s, &end, WS);
	if ((size_t)(end - s) >= sizeof(lower))
		return NULL;
	for (size_t i = 0; s + i < end; i++)
		lower[i] = (char)ascii_tolower((unsigned char)s[i]);
	lower[end - s] = '\0';
	found = bsearch(&key, labels, sizeof(labels) / sizeof(*labels),
	    sizeof(*labels), by_label);
	return found ? &encodings[found->encoding] : NULL;
}

const struct encoding *
encoding_from_content(const char *s)
{
	for (;;) {
		const char *v;

		while (*s && strncasecmp(s, "charset", 7) != 0)
			s++;
		if (*s == '\0')
			return NULL;
		s += 7;
		while (ascii_in((unsigned char)*s, WS))
			s++;
		if (*s != '=')
			continue;
		s++;
		while (ascii_in((unsigned char)*s, WS))
			s++;
		if (*s == '"' || *s == '\'') {
			const char *close = strchr(s + 1, *s);

			return close ? encoding_for_label(s + 1,
			    (size_t)(close - s - 1)) : NULL;
		}
		v = s;
		while (*s && !ascii_in((unsigned char)*s, WS ";"))
			s++;
		return s > v ? encoding_for_label(v, (size_t)(s - v)) : NULL;
	}
}

const struct encoding *
encoding_sniff(const unsigned char *p, size_t n, size_t *bom)
{
	const struct encoding *e;
	const unsigned char *bad;

	*bom = 0;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
		*bom = 3;
		return &encodings[UTF_8];
	}
	if (n >= 2 && (memcmp(p, "\xfe\xff", 2) == 0 ||
	    memcmp(p, "\xff\xfe", 2) == 0)) {
		*bom = 2;
		return &encodings[p[0] == 0xfe ? UTF_16BE : UTF_16LE];
	}
	if ((e = prescan(p, n < ENCODING_PRESCAN ? n : ENCODING_PRESCAN))
	    != NULL)
		return e;
	/*
	 * No word on it: as browsers' detectors find, bytes that are UTF-8
	 * are taken as UTF-8, others as the Web's default. A sequence cut
	 * off by the end of what was read is no reason to think otherwise.
	 */
	bad = utf8_invalid_at(p, n);
	return bad == NULL || n - (size_t)(bad - p) < 4 ? &encodings[UTF_8] :
	    &encodings[WINDOWS_1252];
}

const char *
encoding_name(const struct encoding *e)
{
	return e->name;
}

int
encoding_is_replacement(const struct encoding *e)
{
	return e->iconv == NULL;
}

const struct encoding *
encoding_from_meta(const struct encoding *e)
{
	if (e == &encodings[UTF_16BE] || e == &encodings[UTF_16LE])
		return &encodings[UTF_8];
	if (e == &encodings[X_USER_DEFINED])
		return &encodings[WINDOWS_1252];
	return e;
}

struct decoder *
decoder_new(const struct encoding *e)
{
	struct decoder *d = xcalloc(1, sizeof(*d));

	d->cd = (iconv_t)-1;
	d->utf8 = e == &encodings[UTF_8];
	d->unit = e == &encodings[UTF_16BE] || e == &encodings[UTF_16LE] ?
	    2 : 1;
	if (e == &encodings[ISO_2022_JP]) {
		d->jp = xcalloc(1, sizeof(*d->jp));
		if (iso2022jp_open(d->jp) == -1) {
			decoder_free(d);
			return NULL;
		}
		return d;
	}
	if (e->iconv != NULL && !d->utf8 &&
	    (d->cd = iconv_open("UTF-8", e->iconv)) == (iconv_t)-1) {
		free(d);
		return NULL;
	}
	return d;
}

void
decoder_feed(struct decoder *d, const char *in, size_t n, struct buf *out)
{
	struct buf all = BUF_INIT;
	char *p;
	size_t left;

	if (d->utf8) {
		utf8_feed(d, in, n, out);
		return;
	}
	if (d->jp != NULL) {
		iso2022jp_feed(d->jp, in, n, out);
		return;
	}
	if (d->cd == (iconv_t)-1) {
		/* The replacement encoding: all of it is one U+FFFD. */
		if (n > 0 && !d->replaced++)
			buf_adds(out, REPLACEMENT_CHAR);
		return;
	}
	/* A sequence the last piece cut short goes first. */
	buf_add(&all, d->held, d->nheld);
	buf_add(&all, in, n);
	d->nheld = 0;
	p = all.data;
	left = all.len;
	while (left > 0) {
		size_t room = left * 4 + 16, orem = room;
		char *o = buf_room(out, room), *start = o;
		size_t rc = iconv(d->cd, &p, &left, &o, &orem);

		buf_commit(out, (size_t)(o - start));
		if (rc != (size_t)-1 || errno == E2BIG)
			continue;
		if (errno == EINVAL && left < sizeof(d->held)) {
			memcpy(d->held, p, left);
			d->nheld = left;
			break;
		}
		/*
		 * What a browser's decoder cannot decode, it shows as U+FFFD,
		 * and goes on at the next unit: in UTF-16 a lone surrogate's
		 * two bytes, or every code unit after it would be misread.
		 */
		buf_adds(out, REPLACEMENT_CHAR);
		p += left < d->unit ? left : d->unit;
		left -= left < d->unit ? left : d->unit;
	}
	buf_free(&all);
}

void
decoder_end(struct decoder *d, struct buf *out)
{
	if (d->jp != NULL)
		iso2022jp_end(d->jp, out);
	if (d->nheld > 0)
		buf_adds(out, REPLACEMENT_CHAR);
	d->nheld = 0;
}

void
decoder_free(struct decoder *d)
{
	if (d == NULL)
		return;
	if (d->jp != NULL) {
		iso2022jp_close(d->jp);
		free(d->jp);
	}
	if (d->cd != (iconv_t)-1)
		iconv_close(d->cd);
	free(d);
}

/*
 * The HTML Standard's prescan: <meta charset>, or <meta http-equiv=
 * content-type content="...charset=...">, outside comments and within
 * the bytes given.
 */
static const struct encoding *
prescan(const unsigned char *p, size_t n)
{
	const unsigned char *end = p + n;
	const struct encoding *found = NULL;
	struct buf name = BUF_INIT, value = BUF_INIT, seen = BUF_INIT;

	while (p < end && found == NULL) {
		size_t left = (size_t)(end - p);

		if (left >= 4 && memcmp(p, "<!--", 4) == 0) {
			/* to a ">" after two dashes, those of "<!--" may count */
			const unsigned char *q = p + 2;

			while (q + 2 < end && !(q[0] == '-' && q[1] == '-' &&
			    q[2] == '>'))
				q++;
			if (q + 2 >= end)
				break;
			p = q + 3;
		} else if (left >= 6 && strncasecmp((const char *)p, "<meta",
		    5) == 0 && ascii_in(p[5], WS "/")) {
			int got_pragma = 0, need_pragma = -1, r;
			const struct encoding *charset = NULL;

			p += 6;
			buf_reset(&seen);
			buf_addc(&seen, '\n');
			while ((r = get_attribute(&p, end, &name, &value)) == 1) {
				struct buf key = BUF_INIT;

				buf_printf(&key, "\n%s\n", buf_str(&name));
				if (strstr(buf_str(&seen), buf_str(&key))) {
					buf_free(&key);
					continue;
				}
				buf_printf(&seen, "%s\n", buf_str(&name));
				buf_free(&key);
				if (strcmp(buf_str(&name), "http-equiv") == 0) {
					if (strcmp(buf_str(&value),
					    "content-type") == 0)
						got_pragma = 1;
				} else if (strcmp(buf_str(&name), "content") ==
				    0) {
					const struct encoding *e =
					    encoding_from_content(buf_str(&value));

					if (e != NULL && charset == NULL) {
						charset = e;
						need_pragma = 1;
					}
				} else if (strcmp(buf_str(&name), "charset") ==
				    0) {
					charset = encoding_for_label(
					    buf_str(&value), value.len);
					need_pragma = 0;
				}
			}
			if (r == -1)
				break;	/* the end, inside the tag */
			if (need_pragma == -1 || (need_pragma && !got_pragma) ||
			    charset == NULL)
				continue;
			found = encoding_from_meta(charset);
		} else if (left >= 2 && p[0] == '<' && (ascii_is_alpha(p[1]) ||
		    (left >= 3 && p[1] == '/' && ascii_is_alpha(p[2])))) {
			int r;

			p += p[1] == '/' ? 2 : 1;
			while (p < end && !ascii_in(*p, WS ">"))
				p++;
			while ((r = get_attribute(&p, end, &name, &value)) == 1)
				;
			if (r == -1)
				break;
		} else if (left >= 2 && p[0] == '<' && (p[1] == '!' ||
		    p[1] == '/' || p[1] == '?')) {
			const unsigned char *gt = memchr(p, '>', left);

			if (gt == NULL)
				break;
			p = gt + 1;
		} else
			p++;
	}
	buf_free(&name);
	buf_free(&value);
	buf_free(&seen);
	return found;
}

/*
 * The prescan's "get an attribute": 1 with name and value (lowercase),
 * 0 past the ">" that ends the tag, -1 at the end of the bytes.
 */
static int
get_attribute(const unsigned char **pp, const unsigned char *end,
    struct buf *name, struct buf *value)
{
	const unsigned char *p = *pp;

	buf_reset(name);
	buf_reset(value);
	while (p < end && ascii_in(*p, WS "/"))
		p++;
	if (p == end)
		return -1;
	if (*p == '>') {
		*pp = p + 1;
		return 0;
	}
	for (;; p++) {
		if (p == end)
			return -1;
		if (*p == '=' && name->len > 0)
			break;
		if (ascii_in(*p, WS)) {
			while (p < end && ascii_in(*p, WS))
				p++;
			if (p == end)
				return -1;
			if (*p != '=') {
				*pp = p;
				return 1;
			}
			break;
		}
		if (*p == '/' || *p == '>') {
			*pp = p;
			return 1;
		}
		buf_addc(name, (char)ascii_tolower(*p));
	}
	p++;	/* the "=" */
	while (p < end && ascii_in(*p, WS))
		p++;
	if (p == end)
		return -1;
	if (*p == '"' || *p == '\'') {
		unsigned char quote = *p;

		for (p++; p < end && *p != quote; p++)
			buf_addc(value, (char)ascii_tolower(*p));
		if (p == end)
			return -1;
		*pp = p + 1;
		return 1;
	}
	if (*p == '>') {
		*pp = p;
		return 1;
	}
	for (; p < end && !ascii_in(*p, WS ">"); p++)
		buf_addc(value, (char)ascii_tolower(*p));
	if (p == end)
		return -1;
	*pp = p;
	return 1;
}

/*
 * UTF-8 as the Encoding Standard decodes it (glibc's iconv passes the
 * five- and six-byte forms through): what is not UTF-8 is U+FFFD, a
 * sequence cut short by the end of the piece waits for the next.
 */
static void
utf8_feed(struct decoder *d, const char *in, size_t n, struct buf *out)
{
	struct buf all = BUF_INIT;
	const unsigned char *p, *end, *bad;

	buf_add(&all, d->held, d->nheld);
	buf_add(&all, in, n);
	d->nheld = 0;
	p = (const unsigned char *)buf_str(&all);
	end = p + all.len;
	while (p < end) {
		size_t want, have;

		if ((bad = utf8_invalid_at(p, (size_t)(end - p))) == NULL)
			bad = end;
		buf_add(out, p, (size_t)(bad - p));
		if ((p = bad) == end)
			break;
		want = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : 2;
		have = (size_t)(end - p);
		if (*p >= 0xc2 && *p <= 0xf4 && have < want &&
		    continues(p + 1, have - 1)) {
			memcpy(d->held, p, have);
			d->nheld = have;
			break;
		}
		buf_adds(out, REPLACEMENT_CHAR);
		p++;
	}
	buf_free(&all);
}

/* n continuation bytes. */
static int
continues(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	return 1;
}

static int
by_label(const void *a, const void *b)
{
	return strcmp(((const struct label *)a)->label,
	    ((const struct label *)b)->label);
}
