'use client';

import { ATTACHMENT_TYPES_BY_OWNER, type TAttachment, type TAttachmentOwnerType } from '@amms/contracts/attachments';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useDeleteAttachment, useUploadAttachment } from './mutations';
import { attachmentMessages } from './messages';
import { attachmentUrl, attachmentsQuery } from './queries';

type Props = {
  orgId: string;
  ownerType: TAttachmentOwnerType;
  ownerId: string;
  canUpload: boolean;
  /** who may write the owner, while it is open (not a closed order, not an approved document) */
  canDelete?: boolean;
  /** field app: big touch targets */
  size?: 'md' | 'lg';
};

const BUTTON = {
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-12 px-5 py-3 text-base',
} as const;

/**
 * Photos (work orders, fault reports) and receipts (cost documents): thumbnails that open the
 * file, and — for who may add — "Take a photo" (the phone's rear camera) and "Choose a file".
 * The server decides the type from the bytes; `accept` only narrows the picker.
 */
export function AttachmentPanel({ orgId, ownerType, ownerId, canUpload, canDelete = false, size = 'md' }: Props) {
  const m = useMessages(attachmentMessages);
  const list = useQuery(attachmentsQuery(orgId, ownerType, ownerId));
  const upload = useUploadAttachment(orgId, ownerType, ownerId);
  const remove = useDeleteAttachment(orgId, ownerType, ownerId);
  const [done, setDone] = useState<string | null>(null);
  // the attachment whose delete waits for a confirmation
  const [confirming, setConfirming] = useState<TAttachment | null>(null);
  const keys = useRef(new WeakMap<File, string>());
  const accept = ATTACHMENT_TYPES_BY_OWNER[ownerType].join(',');
  const title = ownerType === 'WORK_ORDER' ? m.photosTitle : m.receiptsTitle;

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    setDone(null);
    for (const file of files) {
      // one key per picked file: retrying it is the same upload
      const key = keys.current.get(file) ?? crypto.randomUUID();
      keys.current.set(file, key);
      upload.mutate({ file, key }, { onSuccess: (a) => setDone(a.fileName) });
    }
  };

  const pickerClass = `inline-flex cursor-pointer items-center justify-center gap-2 rounded-md font-semibold focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-emerald-700 ${BUTTON[size]}`;

  return (
    <Card id={`attachments-${ownerId}`} title={title}>
      {canUpload ? (
        <div className="mb-3 space-y-2">
          <div className="flex flex-wrap gap-2">
            <label className={`${pickerClass} bg-emerald-700 text-white hover:bg-emerald-800`}>
              {m.takePhoto}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={onPick}
                disabled={upload.isPending}
                data-testid="attachment-camera"
              />
            </label>
            <label className={`${pickerClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
              {m.chooseFile}
              <input
                type="file"
                accept={accept}
                multiple
                className="sr-only"
                onChange={onPick}
                disabled={upload.isPending}
                data-testid="attachment-file"
              />
            </label>
          </div>
          <p className="text-sm text-slate-600">{ownerType === 'WORK_ORDER' ? m.photoHint : m.receiptHint}</p>
          <p aria-live="polite" className="text-sm text-slate-700">
            {upload.isPending ? m.uploading : done ? format(m.uploaded, { name: done }) : ''}
          </p>
          {upload.error ? <ErrorAlert error={upload.error} /> : null}
        </div>
      ) : null}
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
      {confirming ? (
        <div
          role="alertdialog"
          aria-label={format(m.deleteLabel, { name: confirming.fileName })}
          className="mb-3 space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950"
        >
          <p>{format(m.confirmDelete, { name: confirming.fileName })}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(confirming.id, {
                  onSuccess: () => setDone(null),
                  onSettled: () => setConfirming(null),
                })
              }
              className={`rounded-md bg-red-700 font-semibold text-white hover:bg-red-800 ${BUTTON[size]}`}
            >
              {m.confirm}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(null)}
              className={`rounded-md border border-slate-300 bg-white font-semibold text-slate-800 hover:bg-slate-50 ${BUTTON[size]}`}
            >
              {m.cancel}
            </button>
          </div>
        </div>
      ) : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{m.empty}</p>
      ) : (
        <ul aria-label={m.listLabel} className="flex flex-wrap gap-3">
          {list.data.items.map((a) => (
            <AttachmentTile
              key={a.id}
              orgId={orgId}
              attachment={a}
              label={format(m.open, { name: a.fileName })}
              pdf={m.pdf}
              onDelete={
                canDelete
                  ? () => {
                      remove.reset();
                      setConfirming(a);
                    }
                  : undefined
              }
              deleteLabel={format(m.deleteLabel, { name: a.fileName })}
              deleteText={m.delete}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AttachmentTile({
  orgId,
  attachment: a,
  label,
  pdf,
  onDelete,
  deleteLabel,
  deleteText,
}: {
  orgId: string;
  attachment: TAttachment;
  label: string;
  pdf: string;
  onDelete?: () => void;
  deleteLabel: string;
  deleteText: string;
}) {
  return (
    <li className="flex flex-col items-center gap-1">
      <a
        href={attachmentUrl(orgId, a.id)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        title={a.fileName}
        className="flex size-28 flex-col items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50 text-xs text-slate-700 hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        {a.hasThumbnail ? (
          <img src={attachmentUrl(orgId, a.id, true)} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <>
            <span className="rounded bg-red-700 px-1.5 py-0.5 font-semibold text-white">{pdf}</span>
            <span className="mt-1 line-clamp-2 px-1 text-center break-all">{a.fileName}</span>
          </>
        )}
      </a>
      {onDelete ? (
        <button
          type="button"
          aria-label={deleteLabel}
          onClick={onDelete}
          className="min-h-8 rounded px-2 text-sm font-semibold text-red-800 underline underline-offset-2 hover:text-red-900 focus-visible:outline-2 focus-visible:outline-red-700"
        >
          {deleteText}
        </button>
      ) : null}
    </li>
  );
}
