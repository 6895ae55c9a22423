#!/usr/bin/env python3
# The main content of pages, read apart from sitemapd (Python's own HTML
# parser), for tests/main-content-sites.sh to say which pages changed:
#   main-content.py ROOT < FILES
# prints, for each file (a path below ROOT) read from standard input,
# "FILE DIGEST KIND": a digest of its first <title> and of its main
# content: its words, code as written, where its links go, its pictures
# (the bytes of those that are files below ROOT) and their alt text, what
# its frames and players play, a list's start, a box ticked; and which
# element holds that. The main content is the first <main> not hidden,
# else the first element whose role is main, else the one <article>
# outside landmarks, else the body; without what a template puts around
# it (<nav>, <search>, the roles banner, navigation, contentinfo and
# search, links rel=prev or next, a <header> or <footer> of no <article>,
# <section> or <aside>, an <aside> or role complementary outside those
# and outside main) and what is not shown (script, style, template,
# noscript, hidden but for tab panels and hidden="until-found").
import hashlib
import html.parser
import os
import re
import sys
import urllib.parse

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "param", "source", "track", "wbr"}
UNSEEN = {"script", "style", "template", "noscript"}
SITE_ROLES = {"banner", "navigation", "contentinfo", "search"}
SECTIONS = {"article", "section", "aside"}
VERBATIM = {"pre", "code", "textarea", "listing", "xmp"}
SHOWN = {("a", "href"), ("area", "href"), ("img", "alt"), ("area", "alt"),
         ("iframe", "src"), ("embed", "src"), ("video", "src"),
         ("video", "poster"), ("audio", "src"), ("source", "src"),
         ("source", "srcset"), ("track", "src"), ("object", "data"),
         ("ol", "start"), ("ol", "reversed"), ("li", "value"),
         ("input", "checked")}
KINDS = ("main", "role=main", "article", "body")
ROOT = sys.argv[1]


def first_role(attrs):
    role = (attrs.get("role") or "").split()
    return role[0].lower() if role else None


def file_digest(page, src):
    """The bytes of the file below ROOT an image's src names, or ''."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(src).path)
    if not path or src.startswith("//") or re.match(r"[a-zA-Z]+:", src):
        return ""
    if not path.startswith("/"):
        path = "/" + os.path.dirname(page) + "/" + path
    path = os.path.normpath(ROOT + path)
    if os.path.isdir(path):
        path += "/index.html"
    if not os.path.isfile(path):
        return ""
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


class Reader(html.parser.HTMLParser):
    def __init__(self, page):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.stack = []         # (tag, what it opened)
        self.words = {k: [] for k in KINDS}
        self.title = []
        self.found = set()
        self.articles = 0

    def inside(self, what):
        return any(what in opened for _, opened in self.stack)

    def here(self):
        """The candidates what comes now belongs to."""
        if self.inside("unseen") or self.inside("title"):
            return []
        kinds = []
        for kind in KINDS:
            if kind == "body":
                open_at = 0
            else:
                at = [i for i, (_, o) in enumerate(self.stack) if kind in o]
                if not at:
                    continue
                open_at = at[0] + 1
            if not any("landmark" in o for _, o in self.stack[open_at:]):
                kinds.append(kind)
        return kinds

    def handle_starttag(self, tag, attrs_list):
        attrs = dict(attrs_list)
        opened = set()
        role = first_role(attrs)
        if self.inside("unseen"):
            pass
        elif tag in UNSEEN or ("hidden" in attrs and role != "tabpanel" and
                               (attrs["hidden"] or "").lower() !=
                               "until-found"):
            opened.add("unseen")
        else:
            if tag == "main" and "main" not in self.found:
                opened.add("main")
            if role == "main" and "role=main" not in self.found:
                opened.add("role=main")
            if tag == "article":
                opened.add("an article")
                if not self.inside("an article") and not any(
                        "landmark" in o for _, o in self.stack):
                    self.articles += 1
                    if self.articles == 1:
                        opened.add("article")
            if self.around_content(tag, attrs, role):
                opened.add("landmark")
            if tag == "title" and "title" not in self.found:
                opened.add("title")
        self.found |= opened
        if "unseen" not in opened:
            if tag in VERBATIM:
                opened.add("verbatim")
            words = ["\0%s:%s" % (a, attrs[a] or "") for t, a in
                     sorted(SHOWN) if t == tag and a in attrs]
            if tag == "img" and "src" in attrs:
                words.append("\0img:" + (attrs["src"] or "") +
                             file_digest(self.page, attrs["src"] or ""))
            for kind in self.here():
                self.words[kind].extend(words)
        if tag not in VOID:
            self.stack.append((tag, opened))

    def around_content(self, tag, attrs, role):
        in_section = any(t in SECTIONS for t, _ in self.stack)
        in_content = in_section or self.inside("main") or \
            self.inside("role=main")
        if role:
            return role in SITE_ROLES or (role == "complementary" and
                                          not in_content)
        if tag in ("nav", "search"):
            return True
        if tag in ("header", "footer"):
            return not in_section
        if tag == "aside":
            return not in_content
        rel = (attrs.get("rel") or "").lower().split()
        return tag in ("a", "area") and ("prev" in rel or "next" in rel)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        words = [w for w in re.split(r"[ \t\n\v\f\r]+", data) if w]
        if self.inside("verbatim"):
            words = ["\0code:" + data]
        if self.inside("title") and not self.inside("unseen"):
            self.title.extend(words)
        for kind in self.here():
            self.words[kind].extend(words)

    def chosen(self):
        for kind in ("main", "role=main"):
            if kind in self.found:
                return kind
        return "article" if self.articles == 1 else "body"


def main():
    for name in sys.stdin.read().split("\n"):
        if not name:
            continue
        reader = Reader(name)
        with open(ROOT + "/" + name, encoding="utf-8",
                  errors="replace") as f:
            reader.feed(f.read())
        reader.close()
        kind = reader.chosen()
        text = " ".join(reader.title) + "\n" + " ".join(reader.words[kind])
        digest = hashlib.sha1(text.encode()).hexdigest()[:16]
        print(name, digest, kind)


main()
