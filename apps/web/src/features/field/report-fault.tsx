'use client';

import type { TAsset } from '@amms/contracts/assets';
import {
  ZWorkOrderDetailView,
  type TCreateWorkOrderRequest,
  type TWorkOrderDetailView,
} from '@amms/contracts/maintenance';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Checkbox, TextAreaField, TextField } from '@/components/ui/form';
import { Empty, LoadMore, Loading, QueryError } from '@/components/ui/states';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-messages';
import { useDebounced } from '@/lib/use-debounced';
import { assetQuery, assetsQuery, fieldApiPath, fieldKeys, useFieldMutation } from './api';
import { mineFirst, useMyMachineIds } from './my-machines';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages, fill } from './messages';
import type { FieldOrgProps } from './types';
import { offlineMessages } from './offline/messages';
import { queuePhoto, queueWrite } from './offline/offline-write';
import { PhotoInput } from './offline/photo-input';
import { useSyncNow } from './offline/use-offline-queue';
import { Notice, StickyActions, workOrderNumber } from './ui';
import { AttachmentPanel } from '@/components/attachments/attachment-panel';

const TITLE_MAX = 60;

/** The first non-empty line, shortened: the work order's title. */
function titleOf(text: string): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/**
 * Report a fault: pick a machine (an operator sees the machines of their live jobs, others
 * the machines of their data scope), describe it → a CORRECTIVE work order; the API marks
 * the machine IN_MAINTENANCE at once. Mechanics may take the order themselves.
 */
export function ReportFault({
  initialAssetId: fromServer,
  ...props
}: FieldOrgProps & { initialAssetId: string | null }) {
  const { orgId, permissions, membershipId } = props;
  // offline, the service worker serves this page as kept without the `asset` of this link: read it here
  const params = useSearchParams();
  const initialAssetId = fromServer ?? params.get('asset');
  const m = useMessages(fieldMessages);
  const ids = { desc: useId(), machine: useId() };
  const canWork = permissions.includes('workorder.work');

  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [assetId, setAssetId] = useState<string | null>(initialAssetId);
  const [text, setText] = useState('');
  const [urgent, setUrgent] = useState(false);
  // not pre-ticked: the reporter says whether the machine can still be used
  const [downtime, setDowntime] = useState(false);
  const [assignToMe, setAssignToMe] = useState(canWork);
  const [localErrors, setLocalErrors] = useState<{ machine?: string; desc?: string }>({});
  const [created, setCreated] = useState<TWorkOrderDetailView | null>(null);
  const [queued, setQueued] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const om = useMessages(offlineMessages);

  const assets = useInfiniteQuery(assetsQuery(orgId, q));
  // a machine handed over from a job page may not be on the first page of the list
  const preset = useQuery({ ...assetQuery(orgId, initialAssetId ?? ''), enabled: initialAssetId !== null });
  const listed = (assets.data?.pages.flatMap((p) => p.items) ?? []).filter((a) => a.status !== 'RETIRED');
  const mine = useMyMachineIds(orgId, membershipId);
  // the machines of my jobs first
  const options: TAsset[] = mineFirst(
    preset.data && !listed.some((a) => a.id === preset.data.id) && !q ? [preset.data, ...listed] : listed,
    mine,
  );

  const report = useFieldMutation({
    mutationFn: (body: TCreateWorkOrderRequest, idempotencyKey: string, occurredAt: string) =>
      apiFetch(`${fieldApiPath(orgId)}/work-orders`, ZWorkOrderDetailView, {
        method: 'POST',
        body: { ...body, occurredAt },
        idempotencyKey,
      }),
    // the machine is in maintenance now; lists of other dashboard pages in this tab are stale too
    invalidate: [fieldKeys.all(orgId), ['orgs', orgId, 'maintenance'], ['orgs', orgId, 'assets']],
    onSuccess: (wo) => {
      setCreated(wo);
      // the photo goes through the queue too: it survives a dropped connection and a reload
      if (photo) void queuePhoto(orgId, photo, { id: wo.id, label: wo.title }).then(() => sync());
    },
    offline: {
      queue: async (body, idempotencyKey, occurredAt) => {
        const w = await queueWrite({
          orgId,
          kind: 'workorder.report',
          method: 'POST',
          path: `${fieldApiPath(orgId)}/work-orders`,
          body: { ...body, occurredAt },
          idempotencyKey,
          occurredAt,
          entity: { type: 'work_order', id: null },
          label: body.title,
        });
        // the order exists only once the report is replayed: the photo waits behind it
        if (photo) await queuePhoto(orgId, photo, { dependsOn: w.id, label: body.title });
      },
      onQueued: () => setQueued(true),
    },
  });
  const { sync } = useSyncNow(orgId);
  const apiFields = fieldErrors(report.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof localErrors = {};
    if (!assetId) errs.machine = m.validation.pickMachine;
    const title = titleOf(text);
    if (!title) errs.desc = m.validation.required;
    else if (text.trim().length > 4000) errs.desc = m.validation.text;
    setLocalErrors(errs);
    if (errs.machine) {
      document.getElementById(ids.machine)?.focus();
      return;
    }
    if (errs.desc) {
      document.getElementById(ids.desc)?.focus();
      return;
    }
    report.mutate({
      type: 'CORRECTIVE',
      assetId: assetId!,
      title,
      description: text.trim(),
      priority: urgent ? 5 : 3,
      causesDowntime: downtime,
      ...(canWork && assignToMe ? { assigneeMembershipId: membershipId } : {}),
      checklist: m.fault.checklist.map((label) => ({ label })),
    });
  };

  if (queued) {
    return (
      <>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{m.fault.heading}</h1>
        <div className="mt-4 space-y-4">
          <Notice tone="blue">{om.reportQueued}</Notice>
          <Link
            href={fieldHref(fieldPaths.home, orgId)}
            className="flex min-h-12 items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50"
          >
            {m.backHome}
          </Link>
        </div>
      </>
    );
  }

  if (created) {
    return (
      <>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{m.fault.heading}</h1>
        <div className="mt-4 space-y-4">
          <Notice>{fill(m.fault.done, { number: workOrderNumber(created.number) })}</Notice>
          <p className="break-words text-slate-800">
            <span className="font-semibold">{created.title}</span> · {created.assetName}
          </p>
          <AttachmentPanel orgId={orgId} ownerType="WORK_ORDER" ownerId={created.id} canUpload size="lg" />
          <div className="flex flex-col gap-3">
            {/* reporters always read what they reported (the API grants it with workorder.write) */}
            {permissions.includes('maintenance.read') || permissions.includes('workorder.write') ? (
              <Link
                href={fieldHref(fieldPaths.workOrder(created.id), orgId)}
                className="flex min-h-12 items-center justify-center rounded-md bg-emerald-700 px-5 py-3 text-base font-semibold text-white hover:bg-emerald-800"
              >
                {m.fault.viewWorkOrder}
              </Link>
            ) : null}
            <Link
              href={fieldHref(fieldPaths.home, orgId)}
              className="flex min-h-12 items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50"
            >
              {m.backHome}
            </Link>
            <Button
              variant="ghost"
              size="lg"
              onClick={() => {
                setCreated(null);
                setText('');
                setUrgent(false);
                setDowntime(true);
                setAssetId(null);
                setPhoto(null);
                report.reset();
              }}
            >
              {m.fault.another}
            </Button>
          </div>
        </div>
      </>
    );
  }

  const machineError = localErrors.machine ?? (apiFields.assetId ? m.validation.pickMachine : null);
  return (
    <>
      <Link
        href={fieldHref(fieldPaths.home, orgId)}
        className="inline-flex min-h-12 items-center rounded-md pr-2 text-sm font-semibold text-emerald-800 hover:text-emerald-900"
      >
        ‹ {m.backHome}
      </Link>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{m.fault.heading}</h1>
      <p className="mt-1 text-sm text-slate-700">{m.fault.intro}</p>

      <form onSubmit={submit} noValidate className="mt-4 space-y-5">
        <fieldset
          id={ids.machine}
          tabIndex={-1}
          aria-describedby={machineError ? `${ids.machine}-error` : undefined}
          className="rounded-xl border border-slate-200 bg-white p-4"
        >
          <legend className="px-1 text-base font-semibold text-slate-900">{m.fault.machine}</legend>
          <TextField
            label={m.fault.search}
            type="search"
            hint={m.fault.searchHint}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="[&_input]:min-h-12"
          />
          {machineError ? (
            <p id={`${ids.machine}-error`} className="mt-2 text-sm text-red-700">
              {machineError}
            </p>
          ) : null}
          <div className="mt-3">
            {assets.isPending && options.length === 0 ? (
              <Loading />
            ) : assets.isError ? (
              <QueryError error={assets.error} onRetry={() => void assets.refetch()} />
            ) : options.length === 0 ? (
              <Empty>{m.fault.noMachines}</Empty>
            ) : (
              <ul className="space-y-2">
                {options.map((a) => (
                  <li key={a.id}>
                    <label
                      className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 ${
                        assetId === a.id ? 'border-emerald-600 bg-emerald-50' : 'border-slate-200 hover:bg-slate-50'
                      }`}
                    >
                      <input
                        type="radio"
                        name="assetId"
                        value={a.id}
                        checked={assetId === a.id}
                        onChange={() => setAssetId(a.id)}
                        className="size-5 shrink-0 accent-emerald-700"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block break-words font-medium text-slate-900">{a.name}</span>
                        <span className="block break-all text-xs text-slate-600">
                          {a.plateNumber ?? a.serialNumber}
                        </span>
                      </span>
                      {a.status !== 'ACTIVE' ? <Badge tone="amber">{m.assetStatus[a.status]}</Badge> : null}
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {assets.isSuccess ? (
              <LoadMore
                hasNextPage={assets.hasNextPage}
                isFetchingNextPage={assets.isFetchingNextPage}
                onClick={() => void assets.fetchNextPage()}
              />
            ) : null}
          </div>
        </fieldset>

        <TextAreaField
          id={ids.desc}
          label={m.fault.description}
          hint={m.fault.descriptionHint}
          rows={4}
          maxLength={4000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={localErrors.desc ?? (apiFields.title || apiFields.description ? m.validation.text : null)}
          className="[&_textarea]:text-base"
          required
        />

        <div className="space-y-1 rounded-xl border border-slate-200 bg-white p-2">
          <Check label={m.fault.urgent} checked={urgent} onChange={setUrgent} />
          <Check label={m.fault.downtime} checked={downtime} onChange={setDowntime} />
          {canWork ? <Check label={m.fault.assignToMe} checked={assignToMe} onChange={setAssignToMe} /> : null}
        </div>

        <PhotoInput value={photo} onChange={setPhoto} />

        {report.error && !apiFields.assetId ? <ErrorAlert error={report.error} /> : null}
        <StickyActions>
          <Button type="submit" variant="danger" size="lg" className="w-full" pending={report.isPending}>
            {report.isPending ? m.start.pending : m.fault.submit}
          </Button>
        </StickyActions>
      </form>
    </>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Checkbox
      label={label}
      checked={checked}
      onChange={onChange}
      className="flex min-h-12 cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm text-slate-900 hover:bg-slate-50"
      inputClassName="size-5 shrink-0 accent-emerald-700"
    />
  );
}
