/* Address ranges: which peers are trusted proxies. */
#include <arpa/inet.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#include "cidr.h"
#include "number.h"

static int
is_v4_mapped(const unsigned char addr[16])
{
	static const unsigned char mapped[12] = { [10] = 0xff, [11] = 0xff };

	return memcmp(addr, mapped, sizeof(mapped)) == 0;
}

/* Fills addr from text; IPv4-mapped IPv6 counts as the IPv4 address. */
static int
parse_addr(const char *s, int *family, unsigned char addr[16])
{
	if (inet_pton(AF_INET, s, addr) == 1) {
		*family = AF_INET;
		return 0;
	}
	if (inet_pton(AF_INET6, s, addr) != 1)
		return -1;
	*family = AF_INET6;
	if (is_v4_mapped(addr)) {
		memmove(addr, addr + 12, 4);
		*family = AF_INET;
	}
	return 0;
}

/* Compares the first bits bits of a and b. */
static int
prefix_equal(const unsigned char *a, const unsigned char *b, unsigned bits)
{
	unsigned whole = bits / 8, rest = bits % 8;
	unsigned char mask = (unsigned char)(0xff << (8 - rest));

	if (memcmp(a, b, whole) != 0)
		return 0;
	return rest == 0 || ((a[whole] ^ b[whole]) & mask) == 0;
}

int
cidr_parse(const char *s, struct cidr *out, const char **why)
{
	const char *slash = strchr(s, '/');
	char text[INET6_ADDRSTRLEN];
	size_t n = slash ? (size_t)(slash - s) : strlen(s);
	unsigned max;

	memset(out, 0, sizeof(*out));
	if (n == 0 || n >= sizeof(text)) {
		*why = "not an IP address";
		return -1;
	}
	memcpy(text, s, n);
	text[n] = '\0';
	if (inet_pton(AF_INET, text, out->addr) == 1)
		out->family = AF_INET;
	else if (inet_pton(AF_INET6, text, out->addr) == 1)
		out->family = AF_INET6;
	else {
		*why = "not an IP address";
		return -1;
	}
	max = out->family == AF_INET ? 32 : 128;
	out->bits = max;
	if (slash) {
		uint64_t v;
		const char *e;

		if (number_parse(slash + 1, strlen(slash + 1), 10, 0, 0, max,
		    &v, &e) == -1) {
			*why = e == number_invalid ? "prefix length must be a "
			    "plain number" : "prefix length out of range";
			return -1;
		}
		out->bits = (unsigned)v;
	}
	/* Bits past the prefix must be zero: 10.0.0.1/8 is likely a typo. */
	for (unsigned b = out->bits; b < max; b++) {
		if (out->addr[b / 8] & (0x80 >> (b % 8))) {
			*why = "address has bits set past the prefix length";
			return -1;
		}
	}
	/* Peers are matched with mapped addresses made IPv4; so are ranges. */
	if (out->family == AF_INET6 && out->bits >= 96 &&
	    is_v4_mapped(out->addr)) {
		memmove(out->addr, out->addr + 12, 4);
		out->family = AF_INET;
		out->bits -= 96;
	}
	return 0;
}

int
cidr_list_contains(const struct cidr *list, size_t n, const char *addr)
{
	unsigned char bin[16];
	int family;

	if (addr == NULL || parse_addr(addr, &family, bin) == -1)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (list[i].family == family &&
		    prefix_equal(bin, list[i].addr, list[i].bits))
			return 1;
	return 0;
}
