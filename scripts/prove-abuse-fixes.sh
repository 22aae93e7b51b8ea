#!/usr/bin/env bash
# For each fix commit of issue 31: a worktree at the fix, its source (not its tests) put back to the parent, then
# the finding's test run. A proof that the test fails without the fix.
main=$(git rev-parse --show-toplevel)
set -u
cd "$main"
run() {
  local commit=$1; shift
  local fix=${FIX:-$commit}
  local dir=${TMPDIR:-/tmp}/prove-$commit
  git worktree add -q --detach "$dir" "$commit"
  # Every package from main's install, but the workspace's own packages (@market/*) from this worktree, so the
  # contract is the one of the commit under test.
  mkdir "$dir/node_modules"
  for entry in $main/node_modules/* $main/node_modules/.bin $main/node_modules/.package-lock.json; do
    [ "$(basename "$entry")" = "@market" ] || ln -s "$entry" "$dir/node_modules/"
  done
  mkdir "$dir/node_modules/@market"
  for pkg in bench:bench contracts:packages/contracts docs:docs e2e:e2e server:apps/server web:apps/web; do
    ln -s "$dir/${pkg#*:}" "$dir/node_modules/@market/${pkg%%:*}"
  done
  [ -d $main/apps/server/node_modules ] && ln -s $main/apps/server/node_modules "$dir/apps/server/node_modules"
  (
    cd "$dir"
    files=$(git show --name-only --format= "$fix" | grep -v -E '(^|/)test/|\.test\.tsx?$' | grep -E "${ONLY:-.}")
    git checkout -q "$fix^" -- $files 2>/dev/null || for f in $files; do git checkout -q "$fix^" -- "$f" 2>/dev/null || rm -f "$f"; done
    echo "=== $commit (fix $fix): source put back to parent: $(echo $files | wc -w) files; tests: $*"
    TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} timeout 900 npx vitest run --project server --project server-postgres "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' | grep -E "^ +(✓|×)|Tests |Test Files|AssertionError|Error:" | head -60
  )
  git worktree remove --force "$dir"
}
run 7dd4e68 apps/server/test/abuse/limits-two-apps.test.ts
run 2c503bc apps/server/test/abuse/mail-abuse.test.ts
run 9563311 apps/server/test/abuse/sms-budget.test.ts apps/server/test/abuse/hoarding-two-apps.test.ts
run 3df354c apps/server/test/abuse/sign-in-jam.test.ts
FIX=9563311 ONLY=contact run 7533c0c apps/server/test/abuse/contact-replies.test.ts
