#!/usr/bin/env bash
# Static checks, all run, any finding fails:
#   swift format lint --strict over every Swift source, with the repository's .swift-format;
#   ShellCheck over scripts/, bench/ and .ci/run;
#   hadolint over the Dockerfile (DL3008, pinning apt package versions, is ignored: Debian's
#   security updates replace the pinned versions);
#   scripts/check-compose.py over compose.yaml and deploy/nginx.conf (PyYAML from the venv, nginx -t).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$FOLIO_ROOT"

"$FOLIO_ROOT/scripts/venv.sh"
rc=0
paths=(Package.swift Sources Tests Fuzz bench/FolioBench)
existing=()
for p in "${paths[@]}"; do [[ -e "$p" ]] && existing+=("$p"); done
log "swift format lint --strict: ${existing[*]}"
if ! swift format lint --strict --parallel --recursive "${existing[@]}"; then
    rc=1
    log "fix with: swift format --in-place --parallel --recursive ${existing[*]}"
fi
log "shellcheck: scripts, bench, .ci/run"
shellcheck -x -P scripts scripts/*.sh bench/*.sh .ci/run || rc=1
log "hadolint Dockerfile"
"$FOLIO_VENV/bin/hadolint" --no-color --failure-threshold warning --ignore DL3008 Dockerfile || rc=1
log "compose.yaml and deploy/nginx.conf"
"$FOLIO_VENV/bin/python" "$FOLIO_ROOT/scripts/check-compose.py" || rc=1
((rc == 0)) && log "lint passed"
exit "$rc"
