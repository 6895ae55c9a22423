#!/bin/sh
# Deploys that move whole folders: a long-running process, under inotify
# and under watch = stat, answers after a folder is moved into one made
# after start, in each order of mkdir, mv and request, and after each
# batch of random changes (a
# folder removed, renamed, replaced by another of its name, two swapped,
# a new tree, pages added back where they were removed) exactly as a
# fresh read of the root does. Many folders go in one batch, so what is
# forgotten at once is checked as what is forgotten one by one.
# TREE_BATCHES sets the batches for each mode (default 25).
. "$SRCDIR/tests/lib.sh"

need cgi-fcgi libfcgi-bin
need python3

R=$TMP/site
SOCK=$TMP/s.sock
printf '[site]\nsource = docroot\nroot = %s\n' "$R" >"$TMP/fresh.ini"

# Random folder operations, a batch of them: CHANGE SEED.
cat >"$TMP/change.py" <<'PY'
import os, random, shutil, sys

root, seed = sys.argv[1], int(sys.argv[2])
rnd = random.Random(seed)
names = ["a", "b", "c", "docs", "blog", "x.html", "v1.0"]

def page(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write("<html><head><title>%s</title></head><body>%s</body></html>\n"
                % (text, text))
    os.replace(path + ".tmp", path)

def folders():
    out = []
    for d, subs, _ in os.walk(root):
        out += [os.path.join(d, s) for s in subs]
    return out

def pages():
    return [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs]

def tree(at, depth):
    for i in range(rnd.randrange(1, 4)):
        page(os.path.join(at, rnd.choice(["index.html", "p%d.html" % i])),
             "%s %d" % (at, seed))
    if depth > 0:
        for _ in range(rnd.randrange(3)):
            tree(os.path.join(at, rnd.choice(names)), depth - 1)

def somewhere():
    return rnd.choice([root] + folders())

for _ in range(rnd.randrange(1, 9)):
    op = rnd.choice(["new", "new", "new", "rmtree", "rename", "replace",
                     "swap", "page", "unpage", "again", "many"])
    fs = folders()
    if op == "new" or not fs:
        tree(os.path.join(somewhere(), rnd.choice(names)), 2)
    elif op == "rmtree":
        shutil.rmtree(rnd.choice(fs), ignore_errors=True)
    elif op == "rename":
        src = rnd.choice(fs)
        dst = os.path.join(somewhere(), rnd.choice(names) + "2")
        if not os.path.exists(dst) and not dst.startswith(src + "/"):
            os.rename(src, dst)
    elif op == "replace":
        # As a deploy: the old folder away, a new one of its name.
        d = rnd.choice(fs)
        shutil.rmtree(d, ignore_errors=True)
        tree(d, 1)
    elif op == "swap":
        d, e = rnd.choice(fs), rnd.choice(fs)
        if d != e and not d.startswith(e + "/") and not e.startswith(d + "/"):
            os.rename(d, d + ".swap")
            os.rename(e, d)
            os.rename(d + ".swap", e)
    elif op == "page":
        page(os.path.join(somewhere(), rnd.choice(names) + ".html"), "p")
    elif op == "unpage":
        ps = pages()
        if ps:
            os.unlink(rnd.choice(ps))
    elif op == "again":
        # A page removed and written back at its path, in one batch.
        ps = pages()
        if ps:
            p = rnd.choice(ps)
            os.unlink(p)
            page(p, "again %d" % seed)
    elif op == "many":
        for d in rnd.sample(fs, min(len(fs), rnd.randrange(2, 5))):
            shutil.rmtree(d, ignore_errors=True)
PY

# The sitemap a process answers over FastCGI, and a fresh CGI read's.
live() { fcgi_body "$SOCK" /sitemap.xml; }
fresh() {
	cgi SITEMAPD_CONFIG="$TMP/fresh.ini" REQUEST_URI=/sitemap.xml \
	    HTTP_HOST=example.com
	printf '%s\n' "$BODY"
}

# --- folders moved into folders new since start, in every order ----------
# Deploy scripts build a folder and move it into a new one; whatever the
# order of mkdir, mv and requests, the folder is followed from then on:
# an edit and a new page in it after the move, and again after its new
# parent moves, are answered as a fresh read answers them.
# order NAME STEPS: STEPS run in $R, "ask" a request between, then a page
# edited and one added in the folder moved (to $R/$dest), then the
# answer, against a fresh read's.
order() {
	_name=$1; shift
	rm -rf "$R"
	mkdir -p "$R/f"
	printf '<title>f</title><p>f\n' >"$R/f/index.html"
	printf '<title>h</title><p>h\n' >"$R/index.html"
	start_live
	for _step; do
		case $_step in
		ask) live >/dev/null ;;
		*) (cd "$R" && eval "$_step") ;;
		esac
	done
	live >/dev/null
	printf '<title>f2</title><p>f, edited\n' >"$R/$dest/index.html"
	printf '<title>n</title><p>new\n' >"$R/$dest/new.html"
	live >"$TMP/live.xml"
	fresh >"$TMP/fresh.xml"
	check_eq "$mode, $_name: an edit and a new page in the moved folder, as a fresh read" \
	    "$(cat "$TMP/fresh.xml")" "$(cat "$TMP/live.xml")"
	check_contains "$mode, $_name: ... the new page listed" \
	    "/$dest/new.html" "$(cat "$TMP/live.xml")"
	stop_process "$pid"
}
# start_live: a process on $R under watch = $mode, its first scan done.
start_live() {
	printf '[site]\nsource = docroot\nroot = %s\nwatch = %s\n' "$R" "$mode" \
	    >"$TMP/live.ini"
	start_fcgi "$TMP/live.ini" "$SOCK"
}
for mode in inotify stat; do
	dest=z/r1
	order "mkdir and mv at once" "mkdir z" "mv f z/r1"
	order "mkdir, a request, mv" "mkdir z" ask "mv f z/r1"
	order "mv into a folder made in the same command" \
	    "mkdir z && mv f z/r1"
	dest=a/b/c/r
	order "mv deep into folders made at once" "mkdir -p a/b/c" "mv f a/b/c/r"
	dest=w/r1
	order "mv into a new folder, which moves in turn" "mkdir z" \
	    "mv f z/r1" ask "mv z w"
	order "... all in one batch" "mkdir z" "mv f z/r1" "mv z w"
	dest=g
	order "a plain rename" "mv f g"
done

batches=${TREE_BATCHES:-25}
for mode in inotify stat; do
	rm -rf "$R"
	mkdir -p "$R"
	python3 "$TMP/change.py" "$R" 0
	start_live
	differ=0 listed=0
	for b in $(seq "$batches"); do
		python3 "$TMP/change.py" "$R" "$b"
		live >"$TMP/live.xml"
		fresh >"$TMP/fresh.xml"
		[ "$(grep -c '<loc>' "$TMP/fresh.xml")" -ge 5 ] &&
		    listed=$((listed + 1))
		if ! cmp -s "$TMP/live.xml" "$TMP/fresh.xml"; then
			differ=$((differ + 1))
			echo "$mode, batch $b:"
			diff "$TMP/live.xml" "$TMP/fresh.xml" | head -10
		fi
	done
	check_eq "$mode: after each of $batches batches, the answer is a fresh read's" \
	    0 "$differ"
	check_eq "$mode: ... most of which listed five pages or more" 1 \
	    "$((listed * 2 > batches))"
	stop_process "$pid"
done
finish
