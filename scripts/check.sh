#!/usr/bin/env bash
# `npm test`'s type check and lint side by side (two cores, each single-threaded): a minute sooner than
# one after the other. Both always run to the end; the result fails if either does.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run typecheck &
typecheck=$!
npm run lint
lint=$?
wait "$typecheck"
typecheck=$?
[ "$typecheck" -eq 0 ] || echo "== npm run typecheck failed (its output is above)" >&2
[ "$lint" -eq 0 ] || echo "== npm run lint failed (its output is above)" >&2
[ "$typecheck" -eq 0 ] && [ "$lint" -eq 0 ]
