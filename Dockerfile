# Folio: built with the official Swift image, run on Debian slim with the three C libraries it links.
#   docker build -t folio .
#   docker run -p 8080:8080 -v folio-data:/data -e FOLIO_ADMIN_TOKEN=… folio
# Content/ can be replaced by mounting a folder over /app/Content (POST /admin/reload picks it up).

FROM swift:6.3.1-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev zlib1g-dev libssl-dev libstemmer-dev libqrencode-dev libpq-dev libicu-dev \
       libcurl4-openssl-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.swift names every target's folder, so all of them are copied; only `folio` is built.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Fuzz ./Fuzz
COPY bench/FolioBench ./bench/FolioBench
# The Swift runtime and Foundation are linked in statically (checked on bookworm: the binary then
# needs only libc, libstdc++ and the C libraries below), so the run stage has no Swift at all.
RUN swift build -c release --product folio --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/folio" /out/folio

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 zlib1g libssl3 libstemmer0d libqrencode4 libpq5 libicu72 libcurl4 \
       ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 folio \
    && useradd --uid 10001 --gid folio --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin folio \
    && install -d -o folio -g folio -m 0750 /data
COPY --from=build /out/folio /usr/local/bin/folio
COPY Content /app/Content
COPY Public /app/Public
COPY Migrations /app/Migrations
WORKDIR /app
ENV FOLIO_HOST=0.0.0.0 \
    FOLIO_PORT=8080 \
    FOLIO_DB=/data/folio.sqlite \
    FOLIO_CONTENT=/app/Content \
    FOLIO_PUBLIC=/app/Public \
    FOLIO_MIGRATIONS=/app/Migrations
USER 10001:10001
EXPOSE 8080
VOLUME ["/data"]
# `folio healthcheck` GETs http://127.0.0.1:$FOLIO_PORT/healthz: exit 0 on 200 (no curl in the image).
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 CMD ["folio", "healthcheck"]
# folio is PID 1 here: it handles SIGTERM itself (stop accepting, finish in-flight requests, close the DB).
STOPSIGNAL SIGTERM
CMD ["folio", "serve", "--host", "0.0.0.0"]
