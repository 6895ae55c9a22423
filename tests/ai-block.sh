#!/bin/sh
# AI crawlers, enforced: "sitemapd ai-block SERVER" tried in nginx, Apache
# (a <VirtualHost>, and a shared host's .htaccess beside sitemapd as a
# CGI) and lighttpd (sitemapd as FastCGI): each configuration is tested
# by the server first, then the crawlers robots.txt turns away get 403
# but for /robots.txt, and browsers and other crawlers get the page. The
# CGI and the FastCGI are the binary copied alone into an empty folder:
# it carries its own list of crawlers.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/http.sh"

R="$SRCDIR/contrib/example-site"
BROWSER="Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
GOOGLEBOT="Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
GPTBOT="Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot"
AGENT="Mozilla/5.0 (compatible; Google-Agent; +https://developers.google.com/crawling)"
SEARCHBOT="Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot"
AMAZONBOT="Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36"
BYTESPIDER="Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)"
COHERE="cohere-ai"
BINGBOT="Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36"
# Crawlers whose names are no robots.txt product token, with the User-Agent
# each sends (its operator's page, or logs and code that record it).
UNNAMED="AI2Bot:Mozilla/5.0 (compatible) AI2Bot (+https://www.allenai.org/crawler)
Ai2Bot-Dolma:Mozilla/5.0 (compatible) Ai2Bot-Dolma (+https://www.allenai.org/crawl)
img2dataset:Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:72.0) Gecko/20100101 Firefox/72.0 (compatible; img2dataset; +https://github.com/rom1504/img2dataset)
Crawl4AI:Mozilla/5.0 (compatible; Crawl4AI/0.5.1; +https://github.com/unclecode/crawl4ai)
Kangaroo Bot:Mozilla/5.0 (compatible; Kangaroo Bot/1.0)
Sidetrade indexer bot:Mozilla/5.0 (compatible; Sidetrade indexer bot; +http://bot.sidetrade.com)"
# What no AI rule may catch: search engines, link previews, browsers and
# tools, as each sends its User-Agent.
CONTROLS="Googlebot:$GOOGLEBOT
Googlebot smartphone:Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)
Googlebot-Image:Googlebot-Image/1.0
Bingbot:$BINGBOT
YandexBot:Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)
Baiduspider:Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)
DuckDuckBot:DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)
Applebot:Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)
Sogou:Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)
PetalBot:Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)
Yeti:Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)
SeznamBot:Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/)
Qwantbot:Mozilla/5.0 (compatible; Qwantbot/1.0; +https://help.qwant.com/bot/)
facebookexternalhit:facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)
Twitterbot:Twitterbot/1.0
Slackbot:Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)
LinkedInBot:LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)
Discordbot:Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)
TelegramBot:TelegramBot (like TwitterBot)
WhatsApp:WhatsApp/2.23.20.0
Pinterestbot:Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)
Chrome:$BROWSER
Firefox:Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0
Safari on iPhone:Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1
Edge:Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0
curl:curl/7.88.1
Wget:Wget/1.21.3"

# Apache's children run as www-data when it starts as root.
chmod 755 "$TMP"
mkdir -p "$TMP/solo" "$TMP/htdocs"
echo page >"$TMP/htdocs/index.html"
cp -R "$R" "$TMP/root"
chmod -R go+rX "$TMP/root"
# Training and user-triggered crawlers turned away, as ai.robots.txt's
# robots.json (tests/ai-robots-txt) names them; Amazonbot allowed a path
# of its own, so it is no crawler to refuse.
AI_LINES="[robots]
ai_train = disallow
ai_user = disallow
ai_search = allow
ai_crawlers = $SRCDIR/tests/ai-robots-txt/robots.json
[robots:Amazonbot]
allow = /press/"

# The binary alone: an empty folder, the binary and its INI.
cp "$SITEMAPD" "$TMP/solo/sitemapd"
ini "$TMP/solo/sitemapd.ini" "$TMP/root" "[robots]
ai_train = disallow
ai_search = disallow
ai_user = disallow"
SITEMAPD="$TMP/solo/sitemapd" cgi SCRIPT_FILENAME="$TMP/solo/sitemapd" \
    REQUEST_URI=/robots.txt
check_eq "the binary alone, as a CGI: robots.txt" 200 "$STATUS"
for token in GPTBot OAI-SearchBot ChatGPT-User Amzn-SearchBot Google-Agent; do
	check_contains "... turns away $token" "User-agent: $token
Disallow: /login/" "$BODY"
done

ini "$TMP/block.ini" "$TMP/root" "$AI_LINES"
"$SITEMAPD" -c "$TMP/block.ini" render /robots.txt >"$TMP/htdocs/robots.txt"
for server in nginx apache lighttpd caddy; do
	"$SITEMAPD" -c "$TMP/block.ini" ai-block $server >"$TMP/block.$server"
	check_eq "ai-block $server: exit 0" 0 "$?"
done
check_contains "the snippet says what it is made from" \
    "# Made by sitemapd ai-block nginx from $TMP/block.ini" \
    "$(cat "$TMP/block.nginx")"
check_contains "... and whom robots.txt allows paths, and it spares" \
    "Not refused, as robots.txt allows them paths: Amazonbot." \
    "$(cat "$TMP/block.nginx")"
check_contains "... robots.json's crawlers" "|Bytespider|" \
    "$(cat "$TMP/block.nginx")"
ini "$TMP/builtin.ini" "$TMP/root" "[robots]
ai_train = disallow"
check_lacks "... a token no fetcher sends is not matched" Google-Extended \
    "$("$SITEMAPD" -c "$TMP/builtin.ini" ai-block nginx)"
ini "$TMP/none.ini" "$TMP/root" "[robots]
ai_search = allow"
"$SITEMAPD" -c "$TMP/none.ini" ai-block nginx >"$TMP/out" 2>"$TMP/err"
check_eq "ai-block with no class disallowed: exit 1" 1 "$?"
check_contains "... says what to set" "set ai_train, ai_search or ai_user = disallow" \
    "$(cat "$TMP/err")"
"$SITEMAPD" -c "$TMP/block.ini" ai-block tomcat >/dev/null 2>"$TMP/err"
check_eq "ai-block for a server it does not know: exit 2, a usage error" 2 "$?"

# expect NAME: what each user agent gets from $URL.
expect() {
	for case in "403 / GPTBot:$GPTBOT" "200 /robots.txt GPTBot:$GPTBOT" \
	    "403 / Google-Agent:$AGENT" "200 / browser:$BROWSER" \
	    "200 / Googlebot:$GOOGLEBOT" "200 / OAI-SearchBot:$SEARCHBOT" \
	    "200 / Amazonbot:$AMAZONBOT" "200 / a longer namesake:SuperGPTBot/1.0" \
	    "403 / lower case:gptbot/1.0" "403 / Bytespider:$BYTESPIDER" \
	    "403 / cohere-ai:$COHERE" "200 / Bingbot:$BINGBOT"; do
		want=${case%% *}; rest=${case#* }; path=${rest%% *}
		who=${rest#* }; ua=${who#*:}; who=${who%%:*}
		get "$path" -A "$ua"
		check_eq "$1: $who gets $want for $path" "$want" "$STATUS"
	done
	while IFS=: read -r who ua; do
		get / -A "$ua"
		check_eq "$1: $who, no product token, gets 403" 403 "$STATUS"
	done <<EOF
$UNNAMED
EOF
	get /robots.txt -A "$GPTBOT"
	check_contains "$1: GPTBot reads that it may not fetch" \
	    "User-agent: GPTBot" "$BODY"
}

# The list sitemapd carries, every class refused: each crawler without a
# product token matched by its User-Agent, robots.txt naming none of
# them, and no search engine, link preview or browser caught.
ini "$TMP/all.ini" "$TMP/root" "[robots]
ai_train = disallow
ai_search = disallow
ai_user = disallow"
"$SITEMAPD" -c "$TMP/all.ini" render /robots.txt >"$TMP/all.txt"
while IFS=: read -r who ua; do
	check_lacks "built-in list: robots.txt cannot name $who" \
	    "User-agent: ${who%% *}" "$(cat "$TMP/all.txt")"
done <<EOF
$UNNAMED
EOF
check_contains "... and check says the rule refuses them" \
    "so robots.txt cannot name them: AI2Bot, Ai2Bot-Dolma, img2dataset" \
    "$("$SITEMAPD" -c "$TMP/all.ini" check 2>&1)"
if command -v nginx >/dev/null; then
	start_nginx "$TMP/htdocs" "$("$SITEMAPD" -c "$TMP/all.ini" ai-block nginx)"
	URL=$NGINX
	while IFS=: read -r who ua; do
		get / -A "$ua"
		check_eq "built-in list in nginx: $who gets 403" 403 "$STATUS"
	done <<EOF
$UNNAMED
EOF
	while IFS=: read -r who ua; do
		get / -A "$ua"
		check_eq "built-in list in nginx: $who gets 200" 200 "$STATUS"
	done <<EOF
$CONTROLS
EOF
	stop_nginx
fi

if command -v nginx >/dev/null; then
	start_nginx "$TMP/htdocs" "$(cat "$TMP/block.nginx")"
	nginx -t -p "$TMP" -c "$TMP/nginx.conf" >"$TMP/nginx-t" 2>&1
	check_eq "nginx -t with the snippet" 0 "$?"
	URL=$NGINX
	expect nginx
	stop_nginx
else
	echo "nginx is not installed: its snippet untried"
fi

if command -v caddy >/dev/null && [ -f /etc/caddy/Caddyfile ]; then
	chmod 755 "$TMP"
	chmod -R go+rX "$TMP/htdocs"
	start_caddy ":80 {
	root * \"$TMP/htdocs\"
$(cat "$TMP/block.caddy")
	file_server
}"
	check_eq "caddy validate with the snippet" 0 "$CADDY_VALID"
	URL=$CADDY
	expect caddy
	stop_caddy
else
	echo "caddy is not installed: its snippet untried"
fi

if command -v lighttpd >/dev/null; then
	# sitemapd as FastCGI: the binary alone, spawned by lighttpd.
	cp "$SITEMAPD" "$TMP/solo/fcgi"
	LIGHTTPD_EXTRA="server.modules += ( \"mod_access\" )
$(cat "$TMP/block.lighttpd")" SITEMAPD="$TMP/solo/fcgi" \
	    start_lighttpd "$TMP/block.ini"
	lighttpd -tt -f "$TMP/lighttpd.conf" >"$TMP/lighttpd-t" 2>&1
	check_eq "lighttpd -tt with the snippet" 0 "$?"
	rm "$TMP/htdocs/robots.txt"	# from sitemapd now
	expect "lighttpd, sitemapd the binary alone as FastCGI"
	get /robots.txt -A "$GPTBOT"
	check_contains "lighttpd: robots.txt is sitemapd's" \
	    "Sitemap: $URL/sitemap.xml" "$BODY"
	stop_lighttpd
	"$SITEMAPD" -c "$TMP/block.ini" render /robots.txt \
	    >"$TMP/htdocs/robots.txt"
else
	echo "lighttpd is not installed: its snippet untried"
fi

MODULES=/usr/lib/apache2/modules
if command -v apache2 >/dev/null && [ -f "$MODULES/mod_rewrite.so" ]; then
	# Shared hosting: the binary alone beside its INI and .htaccess.
	mkdir -p "$TMP/cgi-root"
	cp "$SITEMAPD" "$TMP/cgi-root/sitemapd.cgi"
	ini "$TMP/cgi-root/sitemapd.ini" "$TMP/root" "$AI_LINES"
	cat "$TMP/block.apache" "$SRCDIR/contrib/htaccess" \
	    >"$TMP/cgi-root/.htaccess"
	echo page >"$TMP/cgi-root/index.html"
	P1=$(free_port); P2=$(free_port)
	apache_conf "$TMP/apache.conf" <<CONF
DirectoryIndex index.html
LoadModule mpm_prefork_module $MODULES/mod_mpm_prefork.so
LoadModule authz_core_module $MODULES/mod_authz_core.so
LoadModule mime_module $MODULES/mod_mime.so
TypesConfig /etc/mime.types
LoadModule dir_module $MODULES/mod_dir.so
LoadModule rewrite_module $MODULES/mod_rewrite.so
LoadModule cgi_module $MODULES/mod_cgi.so
StartServers 2
Listen 127.0.0.1:$P1
Listen 127.0.0.1:$P2
<Directory />
	AllowOverride None
	Require all granted
</Directory>
<Directory "$TMP/cgi-root">
	AllowOverride FileInfo Options=ExecCGI
</Directory>
<VirtualHost 127.0.0.1:$P1>
	DocumentRoot "$TMP/htdocs"
	Include "$TMP/block.apache"
</VirtualHost>
<VirtualHost 127.0.0.1:$P2>
	DocumentRoot "$TMP/cgi-root"
</VirtualHost>
CONF
	apache2 -t -f "$TMP/apache.conf" >"$TMP/apache-t" 2>&1
	check_eq "apache2 -t with the snippet" 0 "$?"
	start_apache "$TMP/apache.conf" "http://127.0.0.1:$P1/robots.txt" ||
	    exit 1
	URL="http://127.0.0.1:$P1"
	expect "apache <VirtualHost>"
	URL="http://127.0.0.1:$P2"
	expect "apache .htaccess, sitemapd the binary alone as a CGI"
	get /robots.txt -A "$GPTBOT"
	check_contains "apache .htaccess: robots.txt is sitemapd's" \
	    "Sitemap: $URL/sitemap.xml" "$BODY"
	check_no_sanitizer_report "$(cat "$TMP/apache/error.log")"
else
	echo "apache2 or mod_rewrite is not installed: its snippet untried"
fi
finish
