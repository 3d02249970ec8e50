"""Static check of compose.yaml and deploy/nginx.conf (no container engine runs here): run by scripts/lint.sh.

Parses compose.yaml with PyYAML (anchors and merge keys resolved) and checks what a multi-node Folio needs:
PostgreSQL with a health check; at least two Folio nodes, each with FOLIO_DATABASE_URL pointing at that
service, waiting for it to be healthy, listening on all addresses, trusting the proxy, health-checked, and
setting only FOLIO_* variables that `folio serve` reads; nginx mounting a config file that exists, whose
upstream lists exactly those nodes on their ports, and which `nginx -t` accepts (when nginx is installed).
Prints each problem and exits 1 if there is any.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import urlparse

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
problems = []


def expect(condition, message):
    if not condition:
        problems.append(message)
    return condition


def known_variables():
    with open(os.path.join(ROOT, "Sources", "App", "Configuration", "CommandLine.swift"), encoding="utf-8") as source:
        return set(re.findall(r'"(FOLIO_[A-Z_]+)"', source.read())) | {"FOLIO_ADMIN_TOKEN"}


def main():
    with open(os.path.join(ROOT, "compose.yaml"), encoding="utf-8") as handle:
        compose = yaml.safe_load(handle)
    services = compose.get("services") or {}
    known = known_variables()
    expect("postgres" in services, "compose.yaml: no postgres service")
    postgres = services.get("postgres", {})
    expect("healthcheck" in postgres, "postgres: no healthcheck (the nodes wait for service_healthy)")
    nodes = {name: service for name, service in services.items()
             if "FOLIO_DATABASE_URL" in (service.get("environment") or {})}
    expect(len(nodes) >= 2, f"compose.yaml: {len(nodes)} Folio nodes with FOLIO_DATABASE_URL, want at least 2")
    upstream = set()
    for name, node in nodes.items():
        environment = node["environment"]
        # Compose's `${VAR:?message}` interpolation stands for a value the URL parser must not see.
        url = urlparse(re.sub(r"\$\{[^}]*\}", "value", str(environment["FOLIO_DATABASE_URL"])))
        expect(url.scheme in ("postgres", "postgresql"), f"{name}: FOLIO_DATABASE_URL is not a postgres:// URL")
        expect(url.hostname in services, f"{name}: FOLIO_DATABASE_URL names host {url.hostname}, not a service")
        condition = ((node.get("depends_on") or {}).get(url.hostname) or {}).get("condition")
        expect(condition == "service_healthy", f"{name}: does not wait for {url.hostname} to be healthy")
        expect(environment.get("FOLIO_HOST") == "0.0.0.0", f"{name}: FOLIO_HOST must be 0.0.0.0 in a container")
        expect(str(environment.get("FOLIO_TRUST_PROXY")) in ("1", "true", "yes", "on"),
               f"{name}: FOLIO_TRUST_PROXY off behind nginx (every client would share the proxy's address)")
        expect("FOLIO_ADMIN_TOKEN" in environment, f"{name}: no FOLIO_ADMIN_TOKEN (each node would need the same)")
        expect("healthcheck" in node, f"{name}: no healthcheck")
        for variable in environment:
            expect(not variable.startswith("FOLIO_") or variable in known,
                   f"{name}: {variable} is not a variable folio reads")
        upstream.add(f"{node.get('hostname', name)}:{environment.get('FOLIO_PORT', '8080')}")
    tokens = {str(node["environment"].get("FOLIO_ADMIN_TOKEN")) for node in nodes.values()}
    expect(len(tokens) == 1, "the nodes do not share one FOLIO_ADMIN_TOKEN")

    balancers = {name: service for name, service in services.items() if "nginx" in str(service.get("image", ""))}
    expect(len(balancers) == 1, f"compose.yaml: {len(balancers)} nginx services, want 1")
    for name, balancer in balancers.items():
        mounts = [str(volume).split(":") for volume in balancer.get("volumes") or []]
        configs = [mount[0] for mount in mounts if len(mount) >= 2 and mount[1] == "/etc/nginx/nginx.conf"]
        if not expect(len(configs) == 1, f"{name}: does not mount its nginx.conf"):
            continue
        path = os.path.normpath(os.path.join(ROOT, configs[0]))
        if not expect(os.path.isfile(path), f"{name}: {configs[0]} does not exist"):
            continue
        with open(path, encoding="utf-8") as handle:
            config = handle.read()
        servers = set(re.findall(r"^\s*server\s+([\w.-]+:\d+)", config, re.MULTILINE))
        expect(servers == upstream, f"{configs[0]}: upstream {sorted(servers)} != the nodes {sorted(upstream)}")
        expect(all(service in services for service in (balancer.get("depends_on") or {})),
               f"{name}: depends on an unknown service")
        check_nginx_syntax(config, servers)
    for service in services.values():
        for volume in service.get("volumes") or []:
            source = str(volume).split(":")[0]
            if not source.startswith((".", "/")):
                expect(source in (compose.get("volumes") or {}), f"volume {source} is not declared")


def check_nginx_syntax(config, servers):
    """`nginx -t` on the config with the nodes' names pointed at loopback (no DNS for them here)."""
    if shutil.which("nginx") is None:
        print("check-compose: nginx not installed; nginx -t skipped", file=sys.stderr)
        return
    for server in servers:
        config = config.replace(server, "127.0.0.1:" + server.split(":")[1])
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "nginx.conf")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(config.replace("events {", f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{", 1))
        result = subprocess.run(["nginx", "-t", "-q", "-p", folder, "-c", path], capture_output=True, text=True)
        expect(result.returncode == 0, f"nginx -t: {result.stderr.strip()}")


if __name__ == "__main__":
    main()
    for problem in problems:
        print(f"check-compose: {problem}", file=sys.stderr)
    if not problems:
        print("check-compose: compose.yaml and its nginx.conf are consistent")
    sys.exit(1 if problems else 0)
