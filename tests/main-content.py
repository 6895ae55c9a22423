#!/usr/bin/env python3
# The main content of pages, read apart from sitemapd (Python's own HTML
# parser), for tests/main-content-sites.sh to say which pages changed:
#   main-content.py ROOT < FILES
# prints, for each file (a path below ROOT) read from standard input,
# "FILE DIGEST KIND": a digest of its first <title> and the words and
# picture URLs of its main content, and which element holds that. The
# main content is the first <main> not hidden, else the first element
# whose role is main, else the one <article> outside landmarks, else the
# body; without <nav>, <header>, <footer>, <aside>, <search>, the roles
# banner, navigation, contentinfo, complementary and search, and what is
# not shown (script, style, template, noscript, hidden).
import hashlib
import html.parser
import re
import sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "param", "source", "track", "wbr"}
UNSEEN = {"script", "style", "template", "noscript"}
LANDMARKS = {"nav", "header", "footer", "aside", "search"}
LANDMARK_ROLES = {"banner", "navigation", "contentinfo", "complementary",
                  "search"}
KINDS = ("main", "role=main", "article", "body")


def first_role(attrs):
    role = (attrs.get("role") or "").split()
    return role[0].lower() if role else None


class Reader(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
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
        elif tag in UNSEEN or "hidden" in attrs:
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
            if (role in LANDMARK_ROLES if role else tag in LANDMARKS):
                opened.add("landmark")
            if tag == "title" and "title" not in self.found:
                opened.add("title")
        self.found |= opened
        if tag == "img" and "unseen" not in opened:
            for kind in self.here():
                self.words[kind].append("\0img:" + (attrs.get("src") or ""))
        if tag not in VOID:
            self.stack.append((tag, opened))

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
    root = sys.argv[1]
    for name in sys.stdin.read().split("\n"):
        if not name:
            continue
        reader = Reader()
        with open(root + "/" + name, encoding="utf-8",
                  errors="replace") as f:
            reader.feed(f.read())
        reader.close()
        kind = reader.chosen()
        text = " ".join(reader.title) + "\n" + " ".join(reader.words[kind])
        digest = hashlib.sha1(text.encode()).hexdigest()[:16]
        print(name, digest, kind)


main()
