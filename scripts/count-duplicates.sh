#!/usr/bin/env bash
# Counts repeated code: pairs of places sharing six or more lines of the same
# shape (`duplicates`, see its README), boilerplate pairs not counted, generated files left out:
#   - packages/sdk/src/generated (written by `npm run generate -w @amms/sdk` from openapi.json);
#   - prisma/migrations (written by `prisma migrate`, never edited once applied).
# It copies the files git tracks (and the untracked ones it does not ignore) minus those into a scratch
# folder and runs `duplicates` there. `--with-migrations` keeps prisma/migrations in.
# Usage: scripts/count-duplicates.sh [--with-migrations] [--list]   (--list prints the counted rows)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v duplicates >/dev/null || { echo "count-duplicates: the duplicates command is not on PATH" >&2; exit 2; }

exclude='^(packages/sdk/src/generated/|prisma/migrations/)'
list=0
for arg in "$@"; do
  case "$arg" in
    --with-migrations) exclude='^packages/sdk/src/generated/' ;;
    --list) list=1 ;;
    *) echo "usage: $0 [--with-migrations] [--list]" >&2; exit 2 ;;
  esac
done

scratch=$(mktemp -d /tmp/count-duplicates.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
git ls-files -z --cached --others --exclude-standard |
  grep -zvE "$exclude" |
  while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
  xargs -0 cp --parents -t "$scratch"

out=$(duplicates --repo "$scratch" --seconds 200 --most 200)
head=$(printf '%s\n' "$out" | head -1)
total=$(printf '%s\n' "$head" | grep -oE '^[0-9]+')
boiler=$(printf '%s\n' "$head" | grep -oE '[0-9]+ of those marked boilerplate' | grep -oE '^[0-9]+' || echo 0)
echo "$head"
echo "counted (not boilerplate): $((total - boiler))"
if [ "$list" = 1 ]; then printf '%s\n' "$out" | grep -E '^D[0-9]+ ' | grep -v boilerplate; fi
printf '%s\n' "$out" | grep -E '^(incomplete|left out):' || true
