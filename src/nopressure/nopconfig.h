/*
 * NoPressure's own config.yaml, in the runtime root: sitemapd reads one
 * value from it, admin.path, the admin area it must never list or name.
 * Nothing else is looked at; the file may hold secrets.
 */
#ifndef SITEMAPD_NOPCONFIG_H
#define SITEMAPD_NOPCONFIG_H

#include "buf.h"

/*
 * Reads root/config.yaml. Returns 1 with admin.path in *path (to free),
 * 0 when there is no such file, -1 with the reason in why when it cannot
 * be read or parsed or holds no admin.path.
 */
int	nopconfig_admin_path(const char *root, char **path, struct buf *why);

#endif
