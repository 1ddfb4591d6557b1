#!/usr/bin/env bash
# Installs the Debian packages the tests use, if missing. Safe to run again.
# - tmux: the smoke test drives the real binary in a terminal.
# - iproute2, nftables: network namespaces for the mDNS and hole-punching tests (as root).
# - procps: `kill -TERM`, the relay's graceful-shutdown test.
set -euo pipefail
needed=()
command -v tmux >/dev/null 2>&1 || needed+=(tmux)
command -v ip >/dev/null 2>&1 || needed+=(iproute2)
command -v nft >/dev/null 2>&1 || needed+=(nftables)
[ -x /usr/bin/kill ] || [ -x /bin/kill ] || needed+=(procps)  # the builtin does not count: tests exec it
if [ ${#needed[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${needed[@]}" >/dev/null
  else
    echo "install-test-deps: not root, cannot install ${needed[*]}; tests that need them will skip" >&2
  fi
fi
