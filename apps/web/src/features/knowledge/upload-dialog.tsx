'use client';

import {
  DOCUMENT_LANGUAGES,
  type TDocument,
  type TDocumentLanguage,
  type TUploadResponse,
} from '@amms/contracts/knowledge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, SelectField, TextField } from '@/components/ui/form';
import { isDefiniteFailure, useActionKey } from '@/lib/idempotency';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { refreshQueries } from '@/lib/refresh';
import { orgApi } from '@/lib/org-api';
import { documentApi, knowledgeKeys } from './api';
import { knowledgeMessages } from './messages';
import { ModelChecklist } from './model-picker';
import { useModelNames } from './ui';
import { checkPdf, formatBytes, isAbort, uploadDocument, type UploadProgress } from './upload';
import { formErrors } from '@/lib/form-errors';

export type UploadTarget = { kind: 'new' } | { kind: 'version'; document: TDocument };

const titleFromFile = (name: string) =>
  name
    .replace(/\.pdf$/i, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 200);

/**
 * Upload a manual (a new document, or the next version of one): file, and for a new document
 * its title, language and machine models. Shows the bytes sent as they go (the file may be
 * 100 MB), can be cancelled, and cannot be closed by accident while it runs.
 */
export function UploadDialog({
  orgId,
  target,
  onClose,
  onDone,
}: {
  orgId: string;
  target: UploadTarget;
  onClose: () => void;
  onDone: (result: TUploadResponse) => void;
}) {
  const m = useMessages(knowledgeMessages);
  const { locale } = useI18n();
  const qc = useQueryClient();
  const { models, query: modelsQuery } = useModelNames(orgId);
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [language, setLanguage] = useState<TDocumentLanguage>(locale === 'en' ? 'en' : 'zh');
  const [modelIds, setModelIds] = useState<string[]>([]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const isNew = target.kind === 'new';
  // the same file and fields sent again (a retry after a network failure) carry the same key
  const action = useActionKey();
  const upload = useMutation({
    mutationFn: async ({ form, key }: { form: FormData; key: string }) => {
      abort.current = new AbortController();
      const path = isNew ? `${orgApi(orgId)}/documents` : `${documentApi(orgId, target.document.id)}/versions`;
      return uploadDocument(path, form, setProgress, { signal: abort.current.signal, idempotencyKey: key });
    },
    onSuccess: async (result) => {
      action.reset();
      await refreshQueries(qc, knowledgeKeys.documents(orgId));
      onDone(result);
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) action.reset();
    },
    onSettled: () => {
      abort.current = null;
    },
  });

  const apiErrors = formErrors(upload.error, {
    top: true,
    fields: { title: m.upload.titleRequired, file: m.upload.notPdf },
    codes: {
      PAYLOAD_TOO_LARGE: ['file', format(m.upload.tooLarge, { size: file ? formatBytes(file.size, locale) : '' })],
      UNSUPPORTED_MEDIA_TYPE: ['file', m.upload.notPdf],
      FILE_NOT_PDF: ['file', m.upload.notPdf],
    },
  });
  const errors = { ...apiErrors, ...local };
  const shownError =
    upload.error && !isAbort(upload.error) && Object.keys(apiErrors).length === 0 ? upload.error : null;

  const choose = (f: File | null) => {
    setFile(f);
    setLocal((e) => ({ ...e, file: '' }));
    if (f && isNew && !titleTouched) setTitle(titleFromFile(f.name));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const fileProblem = checkPdf(file);
    if (fileProblem === 'required') next.file = m.upload.fileRequired;
    if (fileProblem === 'notPdf') next.file = m.upload.notPdf;
    if (fileProblem === 'tooLarge') next.file = format(m.upload.tooLarge, { size: formatBytes(file!.size, locale) });
    if (isNew && !title.trim()) next.title = m.upload.titleRequired;
    if (isNew && title.trim().length > 200) next.title = m.upload.titleTooLong;
    setLocal(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(next.file ? fileId : 'kb-upload-title')?.focus();
      return;
    }
    const form = new FormData();
    if (isNew) {
      form.set('title', title.trim());
      form.set('language', language);
      for (const id of modelIds) form.append('machineModelIds[]', id);
    }
    // the file last: the API can read the fields before the bytes arrive
    form.set('file', file!, file!.name);
    setProgress({ loaded: 0, total: file!.size });
    const key = action.keyFor([file!.name, file!.size, file!.lastModified, title.trim(), language, modelIds]);
    upload.mutate({ form, key });
  };

  const running = upload.isPending;
  const pct = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const heading = isNew ? m.upload.title : format(m.upload.newVersionTitle, { title: target.document.title });

  return (
    <Dialog title={heading} onClose={running ? () => undefined : onClose} wide={isNew}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {!isNew ? (
          <p className="text-sm text-slate-700">
            {format(m.upload.newVersionIntro, { n: target.document.latestVersion.versionNumber + 1 })}
          </p>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
            {m.upload.file}
          </label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept="application/pdf,.pdf"
            disabled={running}
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${fileId}-error` : `${fileId}-hint`}
            className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-800 file:mr-3 file:min-h-10 file:border-0 file:bg-slate-100 file:px-3 file:font-semibold file:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-700"
          />
          {errors.file ? (
            <p id={`${fileId}-error`} className="text-sm text-red-700">
              {errors.file}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="text-xs text-slate-600">
              {m.upload.fileHint}
              {file ? ` · ${file.name} (${formatBytes(file.size, locale)})` : ''}
            </p>
          )}
        </div>

        {isNew ? (
          <>
            <TextField
              id="kb-upload-title"
              label={m.upload.titleField}
              value={title}
              maxLength={200}
              disabled={running}
              onChange={(e) => {
                setTitle(e.target.value);
                setTitleTouched(true);
              }}
              error={errors.title}
            />
            <SelectField
              label={m.upload.language}
              value={language}
              disabled={running}
              onChange={(e) => setLanguage(e.target.value as TDocumentLanguage)}
              error={errors.language}
            >
              {DOCUMENT_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {m.language[l]}
                </option>
              ))}
            </SelectField>
            <ModelChecklist
              models={models}
              loading={modelsQuery.isPending}
              value={modelIds}
              onChange={setModelIds}
              disabled={running}
              error={errors.machineModelIds}
            />
          </>
        ) : null}

        {progress && (running || upload.isSuccess) ? (
          <div className="space-y-1">
            <progress
              max={100}
              value={pct}
              aria-label={m.upload.progressLabel}
              aria-valuetext={`${pct}%`}
              className="h-2 w-full overflow-hidden rounded bg-slate-200 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-700"
            />
            <p className="text-sm text-slate-700">
              {pct >= 100 && running
                ? m.upload.verifying
                : format(m.upload.progress, {
                    percent: pct,
                    done: formatBytes(progress.loaded, locale),
                    total: formatBytes(progress.total, locale),
                  })}
            </p>
          </div>
        ) : null}
        <p role="status" className="sr-only">
          {running && pct >= 100 ? m.upload.verifying : upload.error && isAbort(upload.error) ? m.upload.aborted : ''}
        </p>
        {upload.error && isAbort(upload.error) ? <p className="text-sm text-slate-700">{m.upload.aborted}</p> : null}
        <ErrorAlert error={shownError} />

        <FormActions
          cancelLabel={running ? m.upload.abort : m.upload.cancel}
          onCancel={running ? () => abort.current?.abort() : onClose}
        >
          <Button type="submit" pending={running}>
            {m.upload.submit}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
