#!/usr/bin/env bash
# Creates or refreshes the Python venv ($FOLIO_VENV, default .venv) from scripts/requirements.txt.
# Idempotent and quick when nothing changed: a stamp holds the requirements' checksum.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

requirements="$FOLIO_ROOT/scripts/requirements.txt"
stamp="$FOLIO_VENV/.requirements.sha256"
want=$(sha256sum "$requirements" | cut -d' ' -f1)

if [[ -x "$FOLIO_VENV/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    exit 0
fi

# Debian's interpreter (python3-venv) is the one every fresh machine has; fall back to PATH's.
python=${FOLIO_PYTHON:-/usr/bin/python3}
[[ -x "$python" ]] || python=$(command -v python3)
log "creating Python venv in $FOLIO_VENV with $python ($("$python" --version 2>&1))"
"$python" -m venv "$FOLIO_VENV"
"$FOLIO_VENV/bin/python" -m pip install --quiet --disable-pip-version-check --requirement "$requirements"
printf '%s\n' "$want" >"$stamp"
