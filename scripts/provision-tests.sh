#!/usr/bin/env bash
# What `npm test` needs beyond npm, provisioned before the suite runs (README "Quick start"), so that on a
# fresh Debian machine `npm ci && npm test` is all a newcomer runs and no test skips for a missing tool:
#   - chromium:         the end-to-end tests drive the web app in headless Chromium (e2e/, axe).
#   - redis-server:     the server tests of several processes sharing rate limits start their own Redis.
#   - pg_dump 18:       the backup round trips of the embedded PostgreSQL 18 (ADR 0021); Debian 12 has 15.
#   - systemd-analyze:  deploy/ayar.service is checked with `systemd-analyze verify` and `security`.
#   - python3:          the kill -9 test's parent that never reaps its children.
# As root it installs what is missing with apt (and scripts/install-pg-dump-18.sh); as anyone else it
# names what is missing and the command that installs it, and fails. Each install is said as it starts.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
has() { command -v "$1" >/dev/null 2>&1; }
has_pg_dump_18() {
  local f
  for f in /usr/lib/postgresql/18/bin/pg_dump /usr/local/pgsql/bin/pg_dump; do
    [ -x "$f" ] && "$f" --version | grep -q '(PostgreSQL) 18\.' && return 0
  done
  return 1
}

[ -x /usr/bin/chromium ] || missing+=("chromium:the end-to-end tests' browser")
has redis-server || missing+=("redis-server:the server tests of several processes")
has systemd-analyze || missing+=("systemd:systemd-analyze, which checks deploy/ayar.service")
has python3 || missing+=("python3-minimal:the kill -9 test's never-reaping parent")
pg18=0
has_pg_dump_18 || pg18=1

if [ ${#missing[@]} -eq 0 ] && [ $pg18 -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "npm test needs tools this machine lacks:" >&2
  for m in "${missing[@]}"; do echo "  - ${m%%:*} (${m#*:})" >&2; done
  [ $pg18 -eq 1 ] && echo "  - pg_dump 18 (the backup round trips of the embedded PostgreSQL 18)" >&2
  packages=$(for m in "${missing[@]}"; do printf '%s ' "${m%%:*}"; done)
  echo "Install them as root, then run npm test again:" >&2
  [ -n "$packages" ] && echo "  sudo apt-get install -y $packages" >&2
  [ $pg18 -eq 1 ] && echo "  sudo bash scripts/install-pg-dump-18.sh" >&2
  exit 1
fi

if [ ${#missing[@]} -gt 0 ]; then
  for m in "${missing[@]}"; do echo "== installing Debian's ${m%%:*} for ${m#*:}"; done
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(for m in "${missing[@]}"; do printf '%s ' "${m%%:*}"; done) >/dev/null
fi
if [ $pg18 -eq 1 ]; then
  bash scripts/install-pg-dump-18.sh
fi
