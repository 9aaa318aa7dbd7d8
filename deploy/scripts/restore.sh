#!/usr/bin/env bash
# Restores a folder written by backup.sh into DATABASE_URL (which must be an empty or disposable
# database: objects are dropped and recreated) and STORAGE_DIR. Checks the checksums first, then
# restores in one transaction, so a broken dump changes nothing. Run the migrate job afterwards:
# it applies nothing when the dump is current, and what is missing when it is older.
#   DATABASE_URL=postgresql://… STORAGE_DIR=/data/blobs deploy/scripts/restore.sh /backups/amms-20261203T101500Z
set -euo pipefail
src="${1:?usage: restore.sh <backup-folder>}"
: "${DATABASE_URL:?set DATABASE_URL}"
( cd "$src" && sha256sum --quiet -c SHA256SUMS )
pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error --dbname="$DATABASE_URL" "$src/database.dump"
if [ -f "$src/blobs.tar.gz" ]; then
  : "${STORAGE_DIR:?set STORAGE_DIR (the backup has blobs)}"
  mkdir -p "$STORAGE_DIR"
  tar -C "$STORAGE_DIR" -xzf "$src/blobs.tar.gz"
fi
echo "restored $src"
