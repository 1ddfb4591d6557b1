#!/usr/bin/env bash
# Installs the Debian packages the tests use, if missing. Safe to run again.
# - tmux: the smoke test drives the real binary in a terminal.
# - iproute2, nftables: network namespaces for the mDNS and hole-punching tests (as root).
# - procps: `kill -TERM`, the relay's graceful-shutdown test.
# - chromium, nodejs, npm, and playwright-core from npm (tests/web, its version pinned by
#   package-lock.json): the browser tests of `tripot web` (client/cli/tests/web.rs). Playwright drives
#   Debian's chromium; it downloads no browser of its own.
# - dame-rs from pip: `python3 -m dame hub`, the external draughts engine of client/cli/tests/hub_cli.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
needed=()
command -v tmux >/dev/null 2>&1 || needed+=(tmux)
command -v ip >/dev/null 2>&1 || needed+=(iproute2)
command -v nft >/dev/null 2>&1 || needed+=(nftables)
[ -x /usr/bin/kill ] || [ -x /bin/kill ] || needed+=(procps)  # the builtin does not count: tests exec it
[ -x /usr/bin/chromium ] || needed+=(chromium)
command -v node >/dev/null 2>&1 || needed+=(nodejs)
command -v npm >/dev/null 2>&1 || needed+=(npm)
if [ ${#needed[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${needed[@]}" >/dev/null
  else
    echo "install-test-deps: not root, cannot install ${needed[*]}; tests that need them will skip" >&2
  fi
fi
# playwright-core at the version package-lock.json pins, into tests/web/node_modules (where the
# browser test looks); `npm ci` again only when that version is not the one installed.
if command -v npm >/dev/null 2>&1; then
  want=$(node -e 'console.log(require("./tests/web/package-lock.json").packages["node_modules/playwright-core"].version)')
  have=$(node -e 'try { console.log(require("./tests/web/node_modules/playwright-core/package.json").version) } catch (_) { console.log("none") }')
  if [ "$want" != "$have" ]; then
    npm ci --prefix tests/web --no-audit --no-fund --loglevel=error
  fi
else
  echo "install-test-deps: npm is missing, cannot install playwright-core; the browser test will skip (or fail under CI)" >&2
fi
# dame-rs (a Rust draughts engine for Python) at the version the Hub tests were written against:
# `python3 -m dame hub` is the external Hub engine of client/cli/tests/hub_cli.rs.
if command -v python3 >/dev/null 2>&1; then
  if ! python3 -c 'import importlib.metadata as m; assert m.version("dame-rs") == "0.2.0"' 2>/dev/null; then
    python3 -m pip install -q dame-rs==0.2.0 2>/dev/null \
      || python3 -m pip install -q --break-system-packages dame-rs==0.2.0 \
      || echo "install-test-deps: cannot install dame-rs; the Hub engine test will skip (or fail under CI)" >&2
  fi
else
  echo "install-test-deps: python3 is missing; the Hub engine test will skip (or fail under CI)" >&2
fi
