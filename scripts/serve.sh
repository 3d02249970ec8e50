#!/usr/bin/env bash
# Runs Folio on a fresh machine of this kind: installs the C libraries' -dev packages when missing
# (apt-get, as root or through sudo), builds the release binary, then `folio serve` with the flags
# given (defaults: http://127.0.0.1:8080, database ./folio.sqlite, Content/ Public/ Migrations/ here).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$FOLIO_ROOT"

"$FOLIO_ROOT/scripts/install-deps.sh"
swift build -c release --product folio
exec "$(swift build -c release --show-bin-path)/folio" serve "$@"
