/* Which content source reads a root: [site] source names it. */
#include "source.h"

const struct source_ops *
source_of(const struct config *cfg)
{
	return cfg->source == SOURCE_DOCROOT ? &docroot_source :
	    &nopressure_source;
}
