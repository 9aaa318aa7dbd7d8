#!/usr/bin/env bash
# Backs up AMMS: the database (pg_dump custom format) and then the blob store (STORAGE_DIR), into
# one timestamped folder. Blobs go second: a row may point to a blob written after the dump, never
# the reverse, so a restore of this pair is consistent.
#   DATABASE_URL=postgresql://… STORAGE_DIR=/data/blobs deploy/scripts/backup.sh /backups
set -euo pipefail
out_root="${1:?usage: backup.sh <backup-folder>}"
: "${DATABASE_URL:?set DATABASE_URL}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$out_root/amms-$stamp"
mkdir -p "$out"
pg_dump --format=custom --no-owner --no-privileges --file="$out/database.dump" "$DATABASE_URL"
if [ -n "${STORAGE_DIR:-}" ] && [ -d "$STORAGE_DIR" ]; then
  tar -C "$STORAGE_DIR" -czf "$out/blobs.tar.gz" .
fi
( cd "$out" && sha256sum ./* > SHA256SUMS )
echo "$out"
