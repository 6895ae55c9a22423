#!/bin/sh
# [docroot] page_facts: a CGI keeps what each page's head said, by its
# file's state, and reads again only the pages whose file changed. After
# random edits of every kind, every answer equals a fresh read's (the
# property); several CGI processes at once, facts written by a FastCGI
# process and read by a CGI, facts of another version or laid out
# otherwise, a corrupt file and a locked one each give a fresh read's
# answer; check reads every page afresh; no answer is kept.
. "$SRCDIR/tests/lib.sh"

need strace
need sqlite3
need python3
CLIENT=$(dirname "$SITEMAPD")/../tests/fcgi-client
[ -x "$CLIENT" ] || { echo "tests/fcgi-client not built"; exit 1; }

FACTS=$TMP/facts.db
# inis ROOT: facts.ini keeps facts of ROOT, fresh.ini reads it afresh,
# both with the same lastmod store; R is the root opened() counts in.
inis() {
	R=$1
	mkdir -p "$R"
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\npage_facts = %s\n' \
	    "$R" "$TMP/dates.db" "$FACTS" >"$TMP/facts.ini"
	printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\n' \
	    "$R" "$TMP/dates.db" >"$TMP/fresh.ini"
}

# Random edits of every kind a site meets: MUTATE SEED COUNT.
cat >"$TMP/mutate.py" <<'EOF'
import os, random, sys

root, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
only = sys.argv[4] if len(sys.argv) > 4 else None
rnd = random.Random(seed)
folders = ["", "docs", "docs/api", "blog", "fr"]

def pages():
    out = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".html"):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(out)

def url(rel):
    return "/" + (rel[:-len("index.html")] if rel.endswith("index.html")
                  else rel)

def head(rel):
    others = pages() or [rel]
    other = url(rnd.choice(others))
    parts = ["<title>%s %d</title>" % (rel, rnd.randrange(1000))]
    for _ in range(rnd.randrange(3)):
        parts.append(rnd.choice([
            '<meta name="robots" content="noindex">',
            '<meta name="robots" content="index, follow">',
            '<link rel="canonical" href="%s">' % other,
            '<link rel="canonical" href="%s">' % url(rel),
            '<link rel="canonical" href="https://elsewhere.example/">',
            '<link rel="alternate" hreflang="fr" href="%s">' % other,
            '<link rel="alternate" hreflang="en" href="%s">' % url(rel),
            '<meta property="article:modified_time" content="2021-0%d-04">'
            % rnd.randrange(1, 10),
            '<meta property="article:published_time" content="2019-05-06">',
            '<meta property="article:modified_time" content="2999-01-01">',
            '<script type="application/ld+json">{"@type": "Article", '
            '"dateModified": "2022-02-0%d"}</script>' % rnd.randrange(1, 10),
            '<meta http-equiv="refresh" content="0; url=/gone">',
        ]))
    return "".join(parts)

def write(rel):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("<!doctype html><html><head>%s</head><body><p>%s</p>"
                "</body></html>\n" % (head(rel), rnd.randrange(10 ** 6)))

def new_rel():
    d = rnd.choice(folders)
    name = rnd.choice(["p%d.html" % rnd.randrange(40), "index.html",
                       "p%d/index.html" % rnd.randrange(40), "404.html"])
    return os.path.join(d, name) if d else name

for _ in range(count):
    have = pages()
    op = only or rnd.choice(["add", "edit", "edit", "delete", "rename",
                             "touch", "samesize", "dir"]) if have else "add"
    rel = rnd.choice(have) if have else None
    if op == "add":
        write(new_rel())
    elif op == "edit":
        write(rel)
    elif op == "delete":
        os.unlink(os.path.join(root, rel))
    elif op == "rename":
        to = os.path.join(root, new_rel())
        os.makedirs(os.path.dirname(to), exist_ok=True)
        os.replace(os.path.join(root, rel), to)
    elif op == "touch":
        os.utime(os.path.join(root, rel))
    elif op == "samesize":
        # One byte of the body changed, mtime put back: the change time
        # alone says it changed.
        path = os.path.join(root, rel)
        st = os.stat(path)
        with open(path, "r+b") as f:
            data = f.read()
            at = data.rfind(b"</p>") - 1
            f.seek(at)
            f.write(b"7" if data[at:at + 1] != b"7" else b"8")
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    elif op == "dir":
        # x.html and x/index.html: which the server answers /x with.
        base = rel[:-5] if not rel.endswith("index.html") else rel[:-11] + "q"
        write(os.path.join(base, "index.html") if rnd.randrange(2)
              else base.rstrip("/") + ".html")
EOF
mutate() { python3 "$TMP/mutate.py" "$R" "$@"; }

# answer INI URI: the status and body a CGI gives, into ANSWER; its
# log in LOG.
answer() {
	cgi SITEMAPD_CONFIG="$1" REQUEST_URI="$2" HTTP_HOST=example.com
	ANSWER="$STATUS $BODY"
}
# same WHAT: the facts' sitemap and list equal a fresh read's.
same() {
	answer "$TMP/facts.ini" /sitemap.xml
	_f=$ANSWER _log=$LOG
	answer "$TMP/fresh.ini" /sitemap.xml
	_s=$ANSWER
	_fl=$("$SITEMAPD" -c "$TMP/facts.ini" list --host example.com 2>&1)
	_sl=$("$SITEMAPD" -c "$TMP/fresh.ini" list --host example.com 2>&1)
	if [ "$_f" = "$_s" ] && [ "$_fl" = "$_sl" ]; then ok "$1"; else
		not_ok "$1"
		printf '%s\n' "$_f" >"$TMP/a"; printf '%s\n' "$_s" >"$TMP/b"
		diff "$TMP/a" "$TMP/b" | head -20
		printf '%s\n' "$_fl" >"$TMP/a"; printf '%s\n' "$_sl" >"$TMP/b"
		diff "$TMP/a" "$TMP/b" | head -20
		printf 'its log: %s\n' "$_log" | head -5
	fi
}
# opened INI: how many pages of R a CGI request for the sitemap opens;
# opened_names INI: which.
opened() { opened_names "$1" | wc -w; }
opened_names() {
	env -i GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET \
	    REQUEST_URI=/sitemap.xml HTTP_HOST=example.com \
	    SITEMAPD_CONFIG="$1" strace -f -qq -e trace=open,openat \
	    -o "$TMP/strace" "$SITEMAPD" >/dev/null 2>&1
	sed -n "s|.*\"\\($R/[^\"]*\\.html\\)\".*|\\1|p" "$TMP/strace" | sort -u |
	    tr '\n' ' ' | sed 's/ $//'
}
# aged: the files' states at least two seconds old, as a fact needs.
aged() { sleep 2.1; }

# --- the facts are used: a warm request opens only the pages whose ---------
# --- verdict another file or the clock decides ------------------------------
inis "$TMP/site"
for i in $(seq 30); do
	printf '<html><head><title>%s</title></head><body>%s</body></html>\n' \
	    "$i" "$i" >"$R/p$i.html"
done
printf '<html><head><meta name="robots" content="noindex"></head></html>\n' \
    >"$R/hidden.html"
printf '<html><head><link rel="alternate" hreflang="fr" href="/p2.html"></head><body>x</body></html>\n' \
    >"$R/p1.html"
printf '<html><head><link rel="canonical" href="/p3.html"></head><body>x</body></html>\n' \
    >"$R/copy.html"
printf '<html><head><meta property="article:modified_time" content="2999-01-01"></head><body>x</body></html>\n' \
    >"$R/ahead.html"
printf '<html><head><title>solo</title></head><body>solo</body></html>\n' \
    >"$R/solo.html"
aged
all=$(opened "$TMP/fresh.ini")
check_eq "the first request makes the facts: it opens every page a fresh read does" \
    "$all" "$(opened "$TMP/facts.ini")"
check_eq "a fresh read opens every page" 34 "$all"
same "the facts' answer is a fresh read's"
check_eq "a warm request opens only the page whose canonical names another, and the one dated ahead" \
    "$R/ahead.html $R/copy.html" "$(opened_names "$TMP/facts.ini")"
printf '<html><head><title>new</title></head><body>new</body></html>\n' \
    >"$R/solo.html"
aged
check_eq "one page edited: that page alone is opened besides" \
    "$R/ahead.html $R/copy.html $R/solo.html" \
    "$(opened_names "$TMP/facts.ini")"
check_eq "... then it no more" "$R/ahead.html $R/copy.html" \
    "$(opened_names "$TMP/facts.ini")"
same "... and the answer is a fresh read's"
rows=$(sqlite3 "$FACTS" 'SELECT count(*) FROM page_facts')
check_eq "no answer is kept: the file holds page facts alone" \
    "page_facts page_facts_context" \
    "$(sqlite3 "$FACTS" "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name" | tr '\n' ' ' | sed 's/ $//')"
check_eq "the facts of every page but those two" 32 "$rows"
WARM="$R/ahead.html $R/copy.html"

# --- several CGI processes at once ----------------------------------------
rm -f "$FACTS" "$FACTS-wal" "$FACTS-shm"
aged
answer "$TMP/fresh.ini" /sitemap.xml
expect=$ANSWER
for wave in cold warm; do
	for i in 1 2 3 4 5 6; do
		env -i GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=GET \
		    REQUEST_URI=/sitemap.xml HTTP_HOST=example.com \
		    SITEMAPD_CONFIG="$TMP/facts.ini" "$SITEMAPD" \
		    >"$TMP/par.$i" 2>"$TMP/par.$i.err" &
	done
	wait
	bad=0
	for i in 1 2 3 4 5 6; do
		got="$(sed -n 's/^Status: \([0-9]*\).*/\1/p' "$TMP/par.$i" | tr -d '\r') $(sed '1,/^\r$/d' "$TMP/par.$i")"
		[ "$got" = "$expect" ] || bad=$((bad + 1))
	done
	check_eq "six CGI processes at once, $wave: each answers as a fresh read" 0 "$bad"
done
check_eq "... and the facts they wrote are whole: a warm request opens no other page" \
    "$WARM" "$(opened_names "$TMP/facts.ini")"

# --- written by a FastCGI process, read by a CGI ---------------------------
rm -f "$FACTS" "$FACTS-wal" "$FACTS-shm"
SOCK=$TMP/fcgi.sock
"$SITEMAPD" -c "$TMP/facts.ini" -s "unix:$SOCK" 2>"$TMP/server.log" &
SERVER_PID=$!
stop() { stop_process "$SERVER_PID"; }
on_exit stop
wait_for test -S "$SOCK"
wait_for sh -c "'$CLIENT' '$SOCK' get /sitemap.xml 10000 | grep -q 'status 200'"
wait_for sh -c "[ \"\$(sqlite3 '$FACTS' 'SELECT count(*) FROM page_facts' 2>/dev/null)\" -gt 0 ]"
stop
check_eq "facts a FastCGI process wrote: a CGI opens no other page" "$WARM" \
    "$(opened_names "$TMP/facts.ini")"
same "... and answers as a fresh read"

# --- facts of another version, or laid out otherwise -----------------------
sqlite3 "$FACTS" "UPDATE page_facts_context SET context = 'sitemapd 0.0.1'"
all=$(opened "$TMP/fresh.ini")
check_eq "facts of another version: every page read again" "$all" \
    "$(opened "$TMP/facts.ini")"
check_contains "... and replaced by this version's" "sitemapd " \
    "$(sqlite3 "$FACTS" 'SELECT context FROM page_facts_context')"
check_lacks "... whose context is its own" "0.0.1" \
    "$(sqlite3 "$FACTS" 'SELECT context FROM page_facts_context')"
sqlite3 "$FACTS" "DROP TABLE page_facts; CREATE TABLE page_facts (id INTEGER PRIMARY KEY, verdict TEXT); INSERT INTO page_facts VALUES (1, 'listed'); UPDATE page_facts_context SET context = 'sitemapd 0.0.1'"
same "a table laid out otherwise by an older version: a fresh read's answer"
aged
check_eq "... made again: the next request opens no other page" "$WARM" \
    "$(opened_names "$TMP/facts.ini")"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\npage_facts = %s\nclean_urls = yes\n' \
    "$R" "$TMP/dates.db" "$FACTS" >"$TMP/clean.ini"
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\nlastmod_store = %s\nclean_urls = yes\n' \
    "$R" "$TMP/dates.db" >"$TMP/cleanfresh.ini"
answer "$TMP/clean.ini" /sitemap.xml
a=$ANSWER
answer "$TMP/cleanfresh.ini" /sitemap.xml
check_eq "other [docroot] settings: the facts of the old ones are not taken" \
    "$ANSWER" "$a"

# --- a corrupt file, a locked one ------------------------------------------
head -c 20000 /dev/urandom >"$FACTS"
rm -f "$FACTS-wal" "$FACTS-shm"
cp "$FACTS" "$TMP/garbage"
same "a file that is no database: a fresh read's answer"
check_contains "... said in the log" "page_facts $FACTS" "$_log"
cmp -s "$FACTS" "$TMP/garbage" && ok "... and the file is left as it was" ||
    not_ok "the file that is no database was changed"
rm -f "$FACTS"
answer "$TMP/facts.ini" /sitemap.xml
aged
answer "$TMP/facts.ini" /sitemap.xml
size=$(wc -c <"$FACTS")
head -c $((size / 2)) "$FACTS" >"$TMP/half" && cat "$TMP/half" >"$FACTS"
rm -f "$FACTS-wal" "$FACTS-shm"
same "a database cut in half: a fresh read's answer"
rm -f "$FACTS" "$FACTS-wal" "$FACTS-shm"
answer "$TMP/facts.ini" /sitemap.xml
python3 -c '
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA locking_mode = EXCLUSIVE")
c.execute("BEGIN EXCLUSIVE")
c.execute("DELETE FROM page_facts")
print("locked", flush=True)
time.sleep(120)
' "$FACTS" >"$TMP/locker.out" 2>&1 &
LOCKER=$!
stop_locker() { kill "$LOCKER" 2>/dev/null; wait "$LOCKER" 2>/dev/null; }
on_exit stop_locker
wait_for grep -q locked "$TMP/locker.out"
printf '<html><head><meta name="robots" content="noindex"></head></html>\n' \
    >"$R/solo.html"
answer "$TMP/facts.ini" /sitemap.xml
a=$ANSWER log=$LOG
answer "$TMP/fresh.ini" /sitemap.xml
check_eq "a locked file: a fresh read's answer, after 5 seconds at most" \
    "$ANSWER" "$a"
check_contains "... said in the log" "page_facts $FACTS" "$log"
stop_locker
same "the lock gone: the facts again"

# --- check reads every page, and says what the facts hold ------------------
printf '<html><head><link rel="alternate" hreflang="no such tag" href="/"></head><body>x</body></html>\n' \
    >"$R/badlang.html"
aged
answer "$TMP/facts.ini" /sitemap.xml
out=$("$SITEMAPD" -c "$TMP/facts.ini" check 2>&1)
check_contains "check reads a page its facts hold, and says what it says" \
    'badlang.html: hreflang "no such tag" is no language tag' "$out"
check_contains "check says how many pages the facts hold" \
    "[docroot] page_facts $FACTS: " "$out"

# --- the property: after random edits, the same answers as a fresh read ---
inis "$TMP/random"
mutate 1 60 add
round=1
while [ "$round" -le 14 ]; do
	mutate $((round * 7919)) $((round % 5 + 1))
	# Some rounds at once, so that changed files are too young to keep.
	[ $((round % 3)) -eq 0 ] || aged
	same "round $round of random edits: the same answer as a fresh read"
	same "round $round, again, from the facts it wrote"
	round=$((round + 1))
done

# --- the INI -----------------------------------------------------------------
printf '[site]\nsource = docroot\nroot = %s\n[docroot]\npage_facts = postgresql://db/x\n' \
    "$R" >"$TMP/bad.ini"
out=$("$SITEMAPD" -c "$TMP/bad.ini" check 2>&1)
check_contains "page_facts is a file of this machine's: a URI is refused, by line" \
    "$TMP/bad.ini:5: page_facts: a SQLite file's path" "$out"

printf '[site]\nsource = docroot\nroot = %s\n[docroot]\npage_facts = %s/sitemapd-facts.db\n' \
    "$R" "$R" >"$TMP/inside.ini"
out=$("$SITEMAPD" -c "$TMP/inside.ini" check 2>&1)
check_contains "check: facts inside the document root, which the server may send" \
    "page_facts $R/sitemapd-facts.db is inside the document root" "$out"

finish
