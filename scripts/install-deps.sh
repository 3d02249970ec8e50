#!/usr/bin/env bash
# Installs the Debian packages Folio needs, only those missing (quick no-op when all are there).
#   scripts/install-deps.sh            build/run: the C libraries' -dev packages
#   scripts/install-deps.sh --test     + what scripts/test.sh and lint.sh need (Chromium, Java for the Nu checker, venv, curl, shellcheck,
#                                        CJK fonts so screenshots of the Chinese and Japanese pages show text,
#                                        PostgreSQL and nginx for the cluster stage)
#   scripts/install-deps.sh --all      + the benchmark tools (wrk, nginx, hyperfine)
set -euo pipefail

# libsqlite3-dev: SQLite (CSQLite); zlib1g-dev: gzip (CZlib); libssl-dev: libcrypto's SHA-256/HMAC (CCrypto);
# libstemmer-dev: Snowball stemmers (CStemmer) for grading and search;
# libqrencode-dev: QR codes (CQREncode) for the progress page's resume code;
# libpq-dev: the PostgreSQL client library (CPostgreSQL) for --database-url.
# libcurl4-openssl-dev: the outbound HTTP client (CCurl) of webhook and xAPI deliveries.
# libicu-dev: ICU transliterators (CICU) reading romaji as kana when grading Japanese.
# postgresql (tests): the server for the throwaway cluster of scripts/postgres.sh; nginx (tests): the
# load balancer of the cluster stage.
build=(libsqlite3-dev zlib1g-dev libssl-dev libstemmer-dev libqrencode-dev libpq-dev libicu-dev libcurl4-openssl-dev)
test=(chromium chromium-driver default-jre-headless python3-venv curl shellcheck fonts-noto-cjk postgresql nginx)
bench=(wrk nginx hyperfine)

packages=("${build[@]}")
case "${1:-}" in
    "") ;;
    --test) packages+=("${test[@]}") ;;
    --all) packages+=("${test[@]}" "${bench[@]}") ;;
    *) echo "usage: $0 [--test|--all]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
    if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
        missing+=("$p")
    fi
done
((${#missing[@]} == 0)) && exit 0

sudo=()
if ((EUID != 0)); then
    command -v sudo >/dev/null || { echo "need root (or sudo) to apt-get install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
echo "installing Debian packages: ${missing[*]}" >&2
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "${missing[@]}"
