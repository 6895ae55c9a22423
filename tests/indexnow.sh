#!/bin/sh
# IndexNow against an endpoint on 127.0.0.1 that the test starts and
# scripts (tests/indexnow-endpoint.py): what is submitted and when, for a
# document root and a NoPressure root; what each answer does; the state
# across restarts and shared by a farm; the key file; and that no answer
# of sitemapd waits on an endpoint that hangs.
. "$SRCDIR/tests/lib.sh"
need cgi-fcgi libfcgi-bin

KEY=9f2c4e6a8b0d1f3e
S="$TMP/site"
mkdir -p "$S"
for p in a b c; do printf '<title>%s</title><p>%s</p>\n' $p $p >"$S/$p.html"; done
printf '<meta name="robots" content="noindex"><title>d</title>\n' >"$S/d.html"

. "$SRCDIR/tests/endpoint.sh"

# indexnow_ini FILE ROOT STATE [SOURCE]: a site and its [indexnow].
indexnow_ini() {
	printf '[site]\nsource = %s\nroot = %s\n[indexnow]\nkey = %s\nhost = www.example.org\nendpoint = %s\ndelay = 0\nstate = %s\n' \
	    "${4:-docroot}" "$2" "$KEY" "$ENDPOINT" "$3" >"$1"
}
# run INI: sitemapd indexnow; sets RC and LOG.
run() {
	"$SITEMAPD" -c "$1" indexnow >"$TMP/run.out" 2>"$TMP/run.err"
	RC=$?
	LOG=$(cat "$TMP/run.err")
	check_no_sanitizer_report "$LOG"
}
U=https://www.example.org

# The command, as a CGI site's cron runs it.
indexnow_ini "$TMP/once.ini" "$S" "$TMP/once.db"
run "$TMP/once.ini"
check_eq "first run: exit 0" 0 "$RC"
check_eq "... nothing submitted: the sitemap lists it all" 0 "$(posts)"
check_contains "... and it says so" "seen for the first time" "$LOG"
run "$TMP/once.ini"
check_eq "second run, nothing changed: exit 0, nothing sent" "0 0" "$RC $(posts)"

printf '<title>e</title><p>new</p>\n' >"$S/e.html"
echo "<title>b</title><p>b, edited</p>" >"$S/b.html"
rm "$S/c.html"
printf '<meta name="robots" content="noindex"><title>f</title><p>private</p>\n' \
    >"$S/f.html"
n=$(posts)
run "$TMP/once.ini"
check_eq "added, changed, removed: exit 0" 0 "$RC"
check_eq "... each submitted once, in one POST" "$U/b.html
$U/c.html
$U/e.html" "$(sent "$n")"
check_eq "... one POST" $((n + 1)) "$(posts)"
body=$(tail -n 1 "$TMP/posts")
check_contains "... of JSON" '"type": "application/json; charset=utf-8"' "$body"
check_contains "... naming the host, the key and where it is" \
    "\"host\": \"www.example.org\", \"key\": \"$KEY\", \"keyLocation\": \"$U/indexnow-$KEY.txt\"" \
    "$body"
check_contains "... and logged" "3 URLs submitted to $ENDPOINT (1 added, 1 changed, 1 removed)" "$LOG"
run "$TMP/once.ini"
check_eq "run again: nothing sent, exit 0" "0 $((n + 1))" "$RC $(posts)"
# A staging copy ([site] indexable = no) tells no engine of its changes.
sed 's/^\[indexnow\]$/indexable = no\n&/' "$TMP/once.ini" >"$TMP/staging.ini"
echo "<title>b</title><p>b, edited again</p>" >"$S/b.html"
run "$TMP/staging.ini"
check_eq "indexable = no: a page edited, nothing sent, exit 0" "0 $((n + 1))" \
    "$RC $(posts)"
check_contains "... and it says why" "[site] indexable = no: nothing submitted" "$LOG"
run "$TMP/once.ini"
check_eq "... indexable again: the edit is sent" "$((n + 2))" "$(posts)"

# A rebuild rewrites every page, the same: nothing to tell.
for p in a b e; do cp "$S/$p.html" "$TMP/copy" && mv "$TMP/copy" "$S/$p.html"; done
touch "$S"/*.html
n=$(posts)
run "$TMP/once.ini"
check_eq "a rebuild of the same pages submits nothing" "0 $n" "$RC $(posts)"
printf '<meta name="robots" content="noindex"><title>a</title>\n' >"$S/a.html"
run "$TMP/once.ini"
check_eq "a page that stops being listable is submitted" "$U/a.html" "$(sent "$n")"

# What each answer does.
answer_case() {	# answer_case SCRIPT EXIT-CODE LOG-TEXT RESENT DESCRIPTION
	echo "$1" >"$TMP/script"
	echo "<title>e</title><p>$5</p>" >"$S/e.html"
	n=$(posts)
	run "$TMP/once.ini"
	check_eq "$5: exit $2" "$2" "$RC"
	check_contains "$5: logged" "$3" "$LOG"
	run "$TMP/once.ini"
	check_eq "$5: the next run sends it $4" \
	    "$([ "$4" = again ] && echo "$U/e.html
$U/e.html" || echo "$U/e.html")" "$(sent "$n")"
}
answer_case 202 0 "1 URLs submitted" "no more" "202 accepted"
answer_case "429 7" 1 "too many requests" again "429 with Retry-After"
answer_case 500 1 "the endpoint failed" again "500"
answer_case 403 1 "forbidden: the key file does not answer the key" "no more" "403"
answer_case 422 1 "unprocessable" "no more" "422"
answer_case 400 1 "bad request" "no more" "400"
: >"$TMP/script"

# More than 10,000 at once: in POSTs of 10,000 at most.
mkdir -p "$S/many"
i=0
# (Not 404.html: an error page is never listed.)
while [ $i -le 10000 ]; do echo "<title>$i</title>" >"$S/many/p$i.html"; i=$((i + 1)); done
n=$(posts)
run "$TMP/once.ini"
check_eq "10,001 new pages: two POSTs" $((n + 2)) "$(posts)"
check_eq "... of 10,000 and 1" "10000 1" "$(tail -n 2 "$TMP/posts" | python3 -c '
import json, sys
print(" ".join(str(len(json.loads(l)["body"]["urlList"])) for l in sys.stdin))')"
rm -r "$S/many"
run "$TMP/once.ini"

# A NoPressure root: a page published is submitted.
cp -R "$SRCDIR/contrib/example-site" "$TMP/nop"
indexnow_ini "$TMP/nop.ini" "$TMP/nop" "$TMP/nop.db" nopressure
run "$TMP/nop.ini"
page "$TMP/nop" 00000000000009a1 1 "$(md fresh-page)"
n=$(posts)
run "$TMP/nop.ini"
check_eq "NoPressure: a page published is submitted" "$U/fresh-page" "$(sent "$n")"

# Bad [indexnow] values are refused with the file and line.
refuse() {	# refuse DESCRIPTION MESSAGE LINES
	printf '[site]\nsource = docroot\nroot = %s\n%s\n' "$S" "$3" >"$TMP/bad.ini"
	"$SITEMAPD" -c "$TMP/bad.ini" check >/dev/null 2>"$TMP/err"
	check_eq "$1: exit 2" 2 "$?"
	check_contains "$1: says why" "$2" "$(cat "$TMP/err")"
}
refuse "a short key" "bad.ini:5: key: 8 to 128" "[indexnow]
key = abc"
refuse "a key with a dot" "bad.ini:5: key: 8 to 128" "[indexnow]
key = abcdefgh.ij"
refuse "a host with a path" "bad.ini:5: host: a host name" "[indexnow]
host = example.org/x"
refuse "an endpoint that is no URL" "bad.ini:5: endpoint: an http or https URL" \
    "[indexnow]
endpoint = ftp://x/"
refuse "a delay past a day" "bad.ini:5: delay: seconds, from 0 to 86400" \
    "[indexnow]
delay = 90000"
refuse "no state" "bad.ini:5: [indexnow] needs state" "[indexnow]
key = $KEY
host = example.org"
refuse "a host the site does not answer for" \
    "bad.ini:8: host example.org is none of [http] allowed_hosts" \
    "[http]
allowed_hosts = www.example.com
[indexnow]
key = $KEY
host = example.org
state = x.db"
printf '[site]\nsource = docroot\nroot = %s\n[http]\nallowed_hosts = www.example.org\n[indexnow]\nkey = %s\nhost = WWW.Example.ORG\nstate = x.db\n' \
    "$S" "$KEY" >"$TMP/case.ini"
out=$("$SITEMAPD" -c "$TMP/case.ini" check 2>&1)
check_lacks "a host named in capitals is the allowed host" \
    "none of [http] allowed_hosts" "$out"
check_contains "... and is written as URLs are" \
    "https://www.example.org/indexnow-$KEY.txt" "$out"

# FastCGI: a process of its own submits, and never holds an answer.
node_ini() {	# node_ini INI STATE
	indexnow_ini "$1" "$S" "$2"
}
answer() {	# answer SOCKET PATH: the status line sitemapd gives
	env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI="$2" \
	    timeout 20 cgi-fcgi -bind -connect "$1" 2>/dev/null |
	    tr -d '\r' | sed -n 's/^Status: \([0-9]*\).*/\1/p; s/^Content-Type: .*/200/p' |
	    head -n 1
}
nodes=""
start_node() {	# start_node N INI
	rm -f "$TMP/node$1.sock"
	"$SITEMAPD" -c "$2" -s "unix:$TMP/node$1.sock" 2>>"$TMP/node$1.log" &
	nodes="$nodes $!"
	wait_for test -S "$TMP/node$1.sock"
}
stop_nodes() { for pid in $nodes; do stop_process "$pid"; done; nodes=""; }
on_exit stop_nodes
has_posts() { [ "$(posts)" -ge "$1" ]; }
# barrier NAME: a page added, and waited for until a POST names it.
barrier() {
	echo "<title>$1</title>" >"$S/$1.html"
	for _i in $(seq 100); do
		sent 0 | grep -qx "$U/$1.html" && return 0
		sleep 0.3
	done
	return 1
}

node_ini "$TMP/node.ini" "$TMP/node.db"
start_node 1 "$TMP/node.ini"
wait_for grep -q "seen for the first time" "$TMP/node1.log"
barrier first-barrier
n0=$(posts)
# The first look of a new state records; a change then is submitted.
check_eq "FastCGI: nothing but changes submitted" "$U/first-barrier.html" \
    "$(sent $((n0 - 1)))"
echo "<title>b</title><p>b, again</p>" >"$S/b.html"
wait_for has_posts $((n0 + 1))
check_eq "FastCGI: a change is submitted by itself" "$U/b.html" "$(sent "$n0")"

# Its process killed: the server says so and starts another, which goes on.
node=$(echo $nodes)
child=$(pgrep -P "$node" -x sitemapd-idxnow)
check_eq "FastCGI: one IndexNow process beside the server" 1 \
    "$(printf '%s\n' "$child" | grep -c .)"
kill -KILL $child
wait_for grep -q "IndexNow: its process $child was killed by signal 9; started again in 1 s" \
    "$TMP/node1.log"
check_eq "its death is logged, with when it starts again" 0 "$?"
barrier after-kill
check_eq "... and the next process submits what changes" 0 "$?"
check_eq "... one process again, not the dead one" \
    "1 no" "$(pgrep -P "$node" -x sitemapd-idxnow | grep -c .) $(pgrep -P "$node" -x sitemapd-idxnow | grep -qx "$child" && echo yes || echo no)"
n0=$(posts)

# Retry-After is obeyed as given, in seconds or as a date; a wait of its
# own counts from the end of the attempt. at N: when the Nth POST came.
at() { sed -n "${1}p" "$TMP/posts" | python3 -c 'import json, sys; print(int(json.load(sys.stdin)["at"]))'; }
n0=$(posts)
echo "429 3" >"$TMP/script"
barrier retry-after-seconds
wait_for has_posts $((n0 + 2))
check_contains "429 with Retry-After: 3: tried again in 3 s, not later" \
    "IndexNow: tried again in 3 s, as its Retry-After asks" \
    "$(cat "$TMP/node1.log")"
check_eq "... and not sooner" 1 \
    "$([ $(($(at $((n0 + 2))) - $(at $((n0 + 1))))) -ge 3 ] && echo 1)"
check_eq "... then sent" "$U/retry-after-seconds.html" "$(sent $((n0 + 1)))"
n0=$(posts)
when=$(($(date +%s) + 6))
echo "429 $(date -u -d "@$when" '+%a, %d %b %Y %H:%M:%S GMT')" >"$TMP/script"
barrier retry-after-date
wait_for has_posts $((n0 + 2))
check_eq "429 with Retry-After as a date: not tried again before it" 1 \
    "$([ "$(at $((n0 + 2)))" -ge $((when - 1)) ] && echo 1)"
check_eq "... then sent" "$U/retry-after-date.html" "$(sent $((n0 + 1)))"

# The endpoint hangs: robots.txt and the sitemap are answered at once.
echo hang >"$TMP/script"
echo "<title>hang</title>" >"$S/hang.html"
wait_for grep -q '"answer": "hang"' "$TMP/posts"
check_eq "the endpoint holds the submission: robots.txt answered" 200 \
    "$(answer "$TMP/node1.sock" /robots.txt)"
check_eq "... and the sitemap" 200 "$(answer "$TMP/node1.sock" /sitemap.xml)"
check_eq "... and the key file" 200 \
    "$(answer "$TMP/node1.sock" "/indexnow-$KEY.txt")"
body=$(env -i REQUEST_METHOD=GET HTTP_HOST=x REQUEST_URI="/indexnow-$KEY.txt" \
    cgi-fcgi -bind -connect "$TMP/node1.sock" 2>/dev/null | tr -d '\r')
check_contains "the key file is text" "Content-Type: text/plain; charset=utf-8" \
    "$body"
check_eq "... the key" "$KEY" "$(printf '%s\n' "$body" | tail -n 1)"
check_eq "another key's file is not found" 404 \
    "$(answer "$TMP/node1.sock" /indexnow-0000000000000000.txt)"

# After a hang of 30 s, the next try waits its 5 s from the end of it.
n0=$(grep -n '"answer": "hang"' "$TMP/posts" | tail -n 1 | cut -d : -f 1)
for _i in $(seq 600); do has_posts $((n0 + 1)) && break; sleep 0.1; done
check_eq "a hang of 30 s: tried again 5 s after it ended, not sooner" 1 \
    "$([ $(($(at $((n0 + 1))) - $(at "$n0"))) -ge 34 ] && echo 1)"
check_eq "... then sent" "$U/hang.html" "$(sent "$n0")"

# A restart submits nothing again; a change made while stopped is sent.
stop_nodes
: >"$TMP/script"
echo "<title>b</title><p>b, while stopped</p>" >"$S/b.html"
n=$(posts)
start_node 1 "$TMP/node.ini"
barrier second-barrier
check_eq "a restart sends what changed while stopped, and nothing more" \
    "$U/b.html
$U/second-barrier.html" "$(sent "$n")"
stop_nodes

# sitemapd check: what is pending.
echo "<title>c</title><p>c is back</p>" >"$S/c.html"
check_contains "check says what is pending" \
    "[indexnow] 1 URLs pending (1 added, 0 changed, 0 removed), for $ENDPOINT" \
    "$("$SITEMAPD" -c "$TMP/node.ini" check 2>&1)"
check_contains "... and that the key file does not answer where it is not served" \
    "[indexnow] the key file $U/indexnow-$KEY.txt does not answer the key" \
    "$("$SITEMAPD" -c "$TMP/node.ini" check 2>&1)"
run "$TMP/node.ini"

# The key file through the web server, as contrib/lighttpd.conf routes it,
# and check fetching it as an engine would.
if command -v lighttpd >/dev/null && command -v curl >/dev/null; then
	. "$SRCDIR/tests/http.sh"
	node_ini "$TMP/served.ini" "$TMP/served.db"
	start_lighttpd "$TMP/served.ini"
	# Its own endpoint, nowhere: its submissions are not this test's.
	sed -i "s/^host = .*/host = 127.0.0.1:$PORT/; s/^state = /https = no\nstate = /;
	    s|^endpoint = .*|endpoint = http://127.0.0.1:9/indexnow|" \
	    "$TMP/served.ini"
	get "/indexnow-$KEY.txt"
	check_eq "lighttpd routes the key file to sitemapd" "200 $KEY" \
	    "$STATUS $BODY"
	check_contains "check fetches it: the key answered" \
	    "[indexnow] the key file $URL/indexnow-$KEY.txt answers the key" \
	    "$("$SITEMAPD" -c "$TMP/served.ini" check 2>&1)"
	sed "s/^key = .*/key = another-key-1234/" "$TMP/served.ini" \
	    >"$TMP/other-key.ini"
	check_contains "... and says so when it does not" \
	    "[indexnow] the key file $URL/indexnow-another-key-1234.txt does not answer the key" \
	    "$("$SITEMAPD" -c "$TMP/other-key.ini" check 2>&1)"
	stop_lighttpd
fi

# A farm: two nodes on one PostgreSQL state submit each change once.
. "$SRCDIR/tests/pg.sh"
start_pg
node_ini "$TMP/farm.ini" "postgresql://sitemapd@/postgres?host=$PG"
check_no_sanitizer_report "$(cat "$TMP"/node*.log)"
rm -f "$TMP"/node*.log
start_node 1 "$TMP/farm.ini"
start_node 2 "$TMP/farm.ini"
wait_for grep -q "seen for the first time" "$TMP/node1.log" "$TMP/node2.log"
barrier farm-barrier-1
n=$(posts)
for p in g h; do echo "<title>$p</title>" >"$S/$p.html"; done
barrier farm-barrier-2
barrier farm-barrier-3
check_eq "a farm on PostgreSQL: each change submitted once" \
    "$U/farm-barrier-2.html
$U/farm-barrier-3.html
$U/g.html
$U/h.html" "$(sent "$n")"
check_lacks "... and no node failed on the state" "IndexNow: state" \
    "$(cat "$TMP"/node*.log)"
stop_nodes
check_no_sanitizer_report "$(cat "$TMP"/node*.log)"
finish
