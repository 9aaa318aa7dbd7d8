'use client';

import { useState } from 'react';
import { type TImportKind, type TImportPreview, type TImportRowError } from '@amms/contracts/integrations';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { importMessages } from './messages';
import { commitImport, uploadImport } from './upload';

type FailedRows = { row: number; errors: TImportRowError[] }[];

/** The kinds whose export is the file to fill in again (an export imports back). */
const EXPORT_OF: Partial<Record<TImportKind, 'exportFields' | 'exportParts' | 'exportStock'>> = {
  fields: 'exportFields',
  parts: 'exportParts',
  stock: 'exportStock',
};

/** Upload → preview table with each row's errors → commit all rows (or none). One kind at a time. */
export function ImportPage({
  orgId,
  kinds,
  timeZone,
  initialKind,
}: {
  orgId: string;
  kinds: readonly TImportKind[];
  timeZone: string;
  /** `?kind=` (the inventory pages link to their kind) */
  initialKind?: TImportKind;
}) {
  const m = useMessages(importMessages);
  const { locale } = useI18n();
  const [kind, setKind] = useState<TImportKind>(
    initialKind && kinds.includes(initialKind) ? initialKind : (kinds[0] ?? 'assets'),
  );
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [failed, setFailed] = useState<FailedRows | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const uploadKey = useIdempotencyKey();
  const commitKey = useIdempotencyKey();

  const reset = () => {
    setPreview(null);
    setCreated(null);
    setFailed(null);
    setError(null);
    uploadKey.reset();
    commitKey.reset();
  };
  const base = `/api/proxy/orgs/${encodeURIComponent(orgId)}`;

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setPreview(await uploadImport(orgId, kind, file, uploadKey.key()));
      uploadKey.reset();
    } catch (err) {
      if (isApiError(err) && err.status > 0 && err.status < 500) uploadKey.reset();
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      const out = await commitImport(orgId, kind, preview.id, commitKey.key());
      setCreated(out.created);
      commitKey.reset();
    } catch (err) {
      if (isApiError(err, 422) && err.code === 'IMPORT_ROWS_INVALID')
        setFailed((err.details as { rows: FailedRows }).rows);
      if (isApiError(err) && err.status > 0 && err.status < 500) commitKey.reset();
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const errorsOf = (row: number) => preview?.rows.find((r) => r.row === row)?.errors ?? [];

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">{m.intro}</p>
      <section aria-labelledby="import-kind" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="import-kind" className="text-base font-semibold text-slate-900">
          {m.kindLabel}
        </h2>
        <div role="radiogroup" aria-labelledby="import-kind" className="flex flex-wrap gap-2">
          {kinds.map((k) => (
            <Button
              key={k}
              role="radio"
              aria-checked={k === kind}
              variant={k === kind ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => {
                setKind(k);
                reset();
              }}
            >
              {m.kinds[k]}
            </Button>
          ))}
        </div>
        <p className="text-sm text-slate-600">{m.templateHint}</p>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="font-semibold text-slate-800">{m.template}:</span>
          <a
            className="text-emerald-800 underline"
            href={`${base}/imports/${kind}/template?format=csv&lang=${locale}`}
            download
          >
            {m.templateCsv}
          </a>
          <a
            className="text-emerald-800 underline"
            href={`${base}/imports/${kind}/template?format=xlsx&lang=${locale}`}
            download
          >
            {m.templateXlsx}
          </a>
          {EXPORT_OF[kind] ? (
            <a
              className="text-emerald-800 underline"
              href={`${base}/${kind}/export?format=xlsx&lang=${locale}`}
              download
            >
              {m[EXPORT_OF[kind]]}
            </a>
          ) : null}
        </div>
        {kind === 'stock' ? <p className="text-sm text-slate-600">{m.stockHint}</p> : null}
      </section>

      {created !== null ? (
        <section
          role="status"
          className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <p className="font-semibold">{format(m.done, { n: created })}</p>
          <Button variant="secondary" onClick={() => (setFile(null), reset())}>
            {m.again}
          </Button>
        </section>
      ) : (
        <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <label className="block text-sm font-medium text-slate-800">
            {m.file}
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="mt-1 block w-full text-sm"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                reset();
              }}
            />
          </label>
          <Button onClick={() => void upload()} disabled={!file} pending={busy && !preview}>
            {m.preview}
          </Button>
          {error ? <ErrorAlert error={error} /> : null}
          {failed ? (
            <div className="text-sm text-red-900">
              <p>{m.rowsInvalid}</p>
              <ul className="list-disc pl-5">
                {failed.map((r) => (
                  <li key={r.row}>
                    {m.row} {r.row}: {r.errors.map((e) => `${e.column ?? ''} ${e.message}`).join('; ')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      )}

      {preview && created === null ? (
        <section aria-labelledby="import-preview" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="import-preview" className="text-base font-semibold text-slate-900">
            {format(m.summary, { total: preview.total, valid: preview.valid, invalid: preview.invalid })}
          </h2>
          <p className="text-xs text-slate-600">
            {format(m.expires, { time: formatDateTime(preview.expiresAt, locale, timeZone) })}
          </p>
          <div className="max-h-[32rem] overflow-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50">
                <tr>
                  <th className="px-2 py-1">{m.row}</th>
                  {preview.columns.map((c) => (
                    <th key={c} className="px-2 py-1 font-mono text-xs">
                      {c}
                    </th>
                  ))}
                  <th className="px-2 py-1">{m.errors}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.row} className={r.errors.length ? 'bg-red-50' : ''} data-testid={`import-row-${r.row}`}>
                    <td className="px-2 py-1 font-mono">{r.row}</td>
                    {preview.columns.map((c) => (
                      <td
                        key={c}
                        className={`px-2 py-1 ${errorsOf(r.row).some((e) => e.column === c) ? 'font-semibold text-red-800' : ''}`}
                      >
                        {r.values[c]}
                      </td>
                    ))}
                    <td className="px-2 py-1">
                      {r.errors.length === 0 ? (
                        <span className="text-emerald-800">{m.ok}</span>
                      ) : (
                        <ul>
                          {r.errors.map((e, i) => (
                            <li key={i} className="text-red-800">
                              {e.column ? <span className="font-mono text-xs">{e.column}: </span> : null}
                              {e.message}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.invalid > 0 ? (
            <p className="text-sm font-semibold text-red-800">{m.fixFirst}</p>
          ) : (
            <Button onClick={() => void commit()} pending={busy}>
              {format(m.commit, { n: preview.total })}
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}
