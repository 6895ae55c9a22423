/* What every libFuzzer target defines; tests/fuzz.sh builds and runs them. */
#ifndef SITEMAPD_FUZZ_H
#define SITEMAPD_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#endif
