#!/usr/bin/env bash
# `npm test`: lint, type checks, unit and API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
# then the Playwright suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  else
    echo "Chromium is missing: install Debian's chromium package (sudo apt-get install chromium)" >&2
    exit 1
  fi
fi

# Lint and the type checks side by side (two cores), each one's output shown whole once it ends.
echo "== lint, and type checks"
logs=$(mktemp -d)
npm run lint >"$logs/lint" 2>&1 &
lint=$!
npm run typecheck >"$logs/types" 2>&1 &
types=$!
failed=0
wait "$lint" || failed=1
cat "$logs/lint"
wait "$types" || failed=1
cat "$logs/types"
rm -rf "$logs"
if [ "$failed" != 0 ]; then echo "lint or type checks failed" >&2; exit 1; fi
echo "== drizzle schema against the migrations"; node scripts/check-migrations.mjs
echo "== unit and API tests (PGlite)"; npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Again on PostgreSQL: the API test files that open a database (they import the test helpers or the db module).
  # The others (parsers, Factur-X rules, PDF, zip) do not depend on the database and ran above.
  mapfile -t db_tests < <(grep -rlE "from '(\.\./|\./)+(test|db)/" apps/api/src --include='*.test.ts' | sort)
  echo "== API tests (PostgreSQL, ${#db_tests[@]} files)"; TEST_DB=postgres npx vitest run "${db_tests[@]}"
fi
echo "== end-to-end (Chromium)"; npm run test:e2e
echo "== sign-in page JavaScript budget"; node apps/web/scripts/bundle-budget.mjs
