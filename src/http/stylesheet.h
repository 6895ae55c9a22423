/* The CSS a browser lays the sitemap out with, served as /sitemap.css. */
#ifndef SITEMAPD_STYLESHEET_H
#define SITEMAPD_STYLESHEET_H

extern const char sitemap_css[];

#endif
