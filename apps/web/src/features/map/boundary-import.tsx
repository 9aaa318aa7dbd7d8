'use client';

import {
  ZBoundaryImportCommitResponse,
  ZBoundaryImportPreview,
  type TBoundaryImportPreview,
} from '@amms/contracts/geo';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { uploadFile } from '@/lib/multipart-upload';
import { importMessages } from './import-messages';

const ha = (m2: number | null) => (m2 === null ? '—' : String(Math.round(m2 / 100) / 100));

/**
 * Boundaries for many fields at once (GeoJSON, KML or a zipped Shapefile): upload → the preview
 * says per feature which field it matches (or creates), its measured area and what was repaired
 * or refused → commit writes all of them or none.
 */
export function BoundaryImport(props: { orgId: string; onCommitted: (fields: number) => void }) {
  const m = useMessages(importMessages);
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [preview, setPreview] = useState<TBoundaryImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const uploadKey = useIdempotencyKey();
  const commitKey = useIdempotencyKey();
  const base = `orgs/${encodeURIComponent(props.orgId)}/imports/boundaries/previews`;

  const run = async <T,>(work: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (e) {
      setError(e);
      return null;
    } finally {
      setBusy(false);
    }
  };
  const upload = async () => {
    if (!file) return;
    const p = await run(() =>
      uploadFile(
        `${base}${createMissing ? '?createMissing=true' : ''}`,
        file,
        file.name,
        uploadKey.key(),
        ZBoundaryImportPreview,
      ),
    );
    uploadKey.reset();
    if (p) setPreview(p);
  };
  const commit = async () => {
    if (!preview) return;
    const out = await run(() =>
      apiFetch(`${base}/${encodeURIComponent(preview.id)}/commit`, ZBoundaryImportCommitResponse, {
        method: 'POST',
        body: {},
        idempotencyKey: commitKey.key(),
      }),
    );
    commitKey.reset();
    if (!out) return;
    setPreview(null);
    setFile(null);
    props.onCommitted(out.fieldIds.length);
  };

  return (
    <section aria-labelledby="boundary-import-title" className="space-y-3 rounded border border-slate-200 p-3">
      <h2 id="boundary-import-title" className="font-medium">
        {m.title}
      </h2>
      <p className="text-sm text-slate-600">{m.hint}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          {m.file}
          <input
            type="file"
            className="ml-2 text-sm"
            accept=".geojson,.json,.kml,.zip,application/geo+json,application/vnd.google-earth.kml+xml,application/zip"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </label>
        <label className="inline-flex items-center gap-1 text-sm">
          <input type="checkbox" checked={createMissing} onChange={(e) => setCreateMissing(e.target.checked)} />
          {m.createMissing}
        </label>
        <Button size="sm" variant="secondary" disabled={!file} pending={busy && !preview} onClick={() => void upload()}>
          {m.check}
        </Button>
      </div>
      <ErrorAlert error={error} />
      {preview ? (
        <div className="space-y-2">
          <p className="text-sm" role="status">
            {fill(m.summary, { total: preview.total, valid: preview.valid, invalid: preview.invalid })}
          </p>
          {preview.notes.map((n) => (
            <p key={n} className="text-sm text-amber-800">
              {n}
            </p>
          ))}
          <table className="w-full text-left text-sm" aria-label={m.previewTable}>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col">#</th>
                <th scope="col">{m.name}</th>
                <th scope="col">{m.action}</th>
                <th scope="col">{m.measured}</th>
                <th scope="col">{m.notes}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => (
                <tr key={r.row} className="border-b border-slate-100">
                  <td>{r.row}</td>
                  <th scope="row" className="font-medium">
                    {r.name ?? '—'}
                  </th>
                  <td>{r.action ? m.actions[r.action] : m.refused}</td>
                  <td>
                    {ha(r.measuredAreaM2)}
                    {r.areaDiffers ? ` · ${fill(m.entered, { e: ha(r.enteredAreaM2) })}` : ''}
                  </td>
                  <td>
                    {[...r.repairs.map((x) => x.message), ...r.errors.map((e) => `${e.code}: ${e.message}`)].join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button size="sm" disabled={preview.invalid > 0} pending={busy} onClick={() => void commit()}>
            {fill(m.commit, { n: preview.valid })}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
