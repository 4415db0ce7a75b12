#!/usr/bin/env bash
# Puts PostgreSQL 18's pg_dump and pg_restore on a Debian machine (as root), which backups of the embedded
# PostgreSQL 18 need (ADR 0021): npm ships none and Debian 12 has only 15. First apt.postgresql.org's
# postgresql-client-18; where that cannot be reached, the two programs are built from Debian's own
# postgresql-18 source package into /usr/local/pgsql (about 1-3 minutes on 2 cores). Does nothing when a
# pg_dump 18 is already there. `.ci/run` calls it; README "Backups" tells a person to.
set -euo pipefail

has_pg_dump_18() {
  local f
  for f in /usr/lib/postgresql/18/bin/pg_dump /usr/local/pgsql/bin/pg_dump; do
    [ -x "$f" ] && "$f" --version | grep -q '(PostgreSQL) 18\.' && return 0
  done
  return 1
}
if ! has_pg_dump_18; then
  echo "== installing PostgreSQL 18's pg_dump and pg_restore for the backup tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-common >/dev/null
  if /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y >/dev/null 2>&1 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client-18 >/dev/null 2>&1; then
    echo "   from apt.postgresql.org"
  else
    # apt.postgresql.org is out of reach: build the two programs from Debian's own PostgreSQL 18 source.
    rm -f /etc/apt/sources.list.d/pgdg.sources
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bison flex gcc make bzip2 zlib1g-dev >/dev/null
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: sid\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      >/etc/apt/sources.list.d/ayar-pg18-src.sources
    apt-get update -qq
    src=$(mktemp -d)
    (cd "$src" && apt-get source -qq --download-only postgresql-18 >/dev/null 2>&1 &&
      tar xjf postgresql-18_*.orig.tar.bz2 && cd postgresql-18.*/ &&
      ./configure -q --without-icu --without-readline >/dev/null &&
      make -s -j"$(nproc)" -C src/backend generated-headers >/dev/null &&
      # src/common and src/port first: pg_dump's parallel make reaches both from libpq and libpgport at
      # once, and the two writers of libpgcommon_excluded_shlib.a then race ("ar: unable to copy file").
      make -s -j"$(nproc)" -C src/common >/dev/null && make -s -j"$(nproc)" -C src/port >/dev/null &&
      make -s -j"$(nproc)" -C src/bin/pg_dump >/dev/null &&
      make -s -C src/bin/pg_dump install >/dev/null && make -s -C src/interfaces/libpq install >/dev/null) || true
    rm -rf "$src" /etc/apt/sources.list.d/ayar-pg18-src.sources
    apt-get update -qq
  fi
  if has_pg_dump_18; then
    echo "   pg_dump 18 is in place"
  else
    echo "== FAILED: no pg_dump 18 could be installed; the embedded backup round trip cannot run" >&2
    exit 1
  fi
fi
