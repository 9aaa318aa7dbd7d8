'use client';

import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import type { TDraftDetail, TDraftItem, TEditedItem } from '@amms/contracts/drafts';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { ApiError } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { diffItems, jobName } from './diff';
import { ConfirmDialog, RejectDialog } from './draft-dialogs';
import { DiffCard } from './draft-diff';
import { DraftItems } from './draft-items';
import { DraftRoutes } from './draft-routes';
import { DraftSummary } from './draft-summary';
import { DraftTimeline } from './draft-timeline';
import { EditItemDialog, type EditResult, type Option } from './edit-item-dialog';
import { ExecutionPanel, refusedForGood, rememberExecution } from './execution-panel';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';
import { useConfirmDraft, useEditDraft, useExecuteDraft, useRejectDraft } from './mutations';
import { machineOptionsQuery } from '@/lib/machine-options';
import { currentVersionOf, draftQuery, machinesQuery, membersQuery, runQuery } from './queries';

// the timeline and the item table (the review's bulk) render again only when their own inputs
// change: not when the edit dialog's machine and member lists arrive, nor on a notice or a dialog
const DraftTimelineCard = memo(DraftTimeline);
const DraftItemsTable = memo(DraftItems);

type Notice = { tone: 'ok' | 'warn'; text: string } | null;

const toEdited = (i: TDraftItem): TEditedItem => ({
  jobId: i.jobId,
  primaryAssetId: i.primaryAssetId,
  implementAssetIds: i.implementAssetIds,
  operatorMembershipId: i.operatorMembershipId,
  startsAt: i.startsAt,
  endsAt: i.endsAt,
});

export function DraftReview({
  orgId,
  draftId,
  timeZone,
  permissions,
  initialExecutionId,
}: {
  orgId: string;
  draftId: string;
  timeZone: string;
  permissions: readonly TPermission[];
  initialExecutionId: string | null;
}) {
  const m = useMessages(draftMessages);
  const q = useQuery(draftQuery(orgId, draftId));

  if (q.isPending) return <Loading label={m.loadingDraft} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <DraftReviewLoaded
      orgId={orgId}
      draft={q.data}
      timeZone={timeZone}
      permissions={permissions}
      initialExecutionId={initialExecutionId}
    />
  );
}

function DraftReviewLoaded({
  orgId,
  draft,
  timeZone,
  permissions,
  initialExecutionId,
}: {
  orgId: string;
  draft: TDraftDetail;
  timeZone: string;
  permissions: readonly TPermission[];
  initialExecutionId: string | null;
}) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const can = (p: TPermission) => permissions.includes(p);
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;

  const [shown, setShown] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<TDraftItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const current = currentVersionOf(draft);
  const version = (shown !== null ? draft.versions.find((v) => v.version === shown) : undefined) ?? current;
  const previous = version?.basedOnVersion
    ? draft.versions.find((v) => v.version === version.basedOnVersion)
    : undefined;
  const isCurrent = version?.version === draft.currentVersion;
  const diff = useMemo(
    () => (previous && version ? diffItems(previous.items, version.items) : null),
    [previous, version],
  );

  const run = useQuery({ ...runQuery(orgId, draft.runId ?? ''), enabled: !!draft.runId });
  const period = run.data?.constraints?.period ?? null;

  const open = draft.status === 'OPEN';
  const editable = open && isCurrent && draft.kind === 'SCHEDULE' && can('draft.edit');
  const machines = useQuery({ ...machinesQuery(orgId), enabled: editable && can('asset.read') });
  const members = useQuery({ ...membersQuery(orgId), enabled: editable && can('member.read') });

  // ---- edit → version N+1
  const editMutation = useEditDraft(orgId, draft.id, draft.currentVersion, (next) => {
    setShown(null);
    setEditing(null);
    setNotice({ tone: 'ok', text: format(m.newVersionCreated, { n: next.currentVersion }) });
  });

  const submitEdit = (r: EditResult) => {
    if (!current || !editing) return;
    const items = current.items.flatMap((i) =>
      i.jobId !== editing.jobId ? [toEdited(i)] : r.kind === 'drop' ? [] : [r.item],
    );
    editMutation.mutate({ items, note: r.note });
  };

  // ---- confirm and execute in one step (web: the two calls chained; one Idempotency-Key for the execution)
  const executeAfterConfirm = useRef(false);
  const [confirmedInDialog, setConfirmedInDialog] = useState(false);
  const [startedExecutionId, setStartedExecutionId] = useState<string | null>(null);
  const execIdem = useIdempotencyKey();
  const executeMutation = useExecuteDraft(orgId, draft.id, {
    onStarted: (exec) => {
      execIdem.reset();
      setStartedExecutionId(exec.id);
      rememberExecution(exec.id);
      setConfirming(false);
      setConfirmedInDialog(false);
      setNotice({ tone: 'ok', text: format(m.confirmedOk, { version: exec.version }) });
    },
    onError: (err) => {
      if (refusedForGood(err)) execIdem.reset();
    },
  });
  const execute = (v: number) => executeMutation.mutate({ version: v, idempotencyKey: execIdem.key() });

  // ---- confirm exactly this version + hash
  const confirmMutation = useConfirmDraft(orgId, draft.id, {
    onConfirmed: (v) => {
      if (executeAfterConfirm.current) {
        executeAfterConfirm.current = false;
        setConfirmedInDialog(true);
        execute(v.version);
        return;
      }
      setConfirming(false);
      setNotice({ tone: 'ok', text: format(m.confirmedOk, { version: v.version }) });
    },
    onError: (err) => {
      executeAfterConfirm.current = false;
      if (err instanceof ApiError && err.code === 'DRAFT_STALE') {
        setConfirming(false);
        setShown(null);
        setNotice({ tone: 'warn', text: m.staleReloaded });
      }
    },
  });

  // ---- reject with a reason
  const rejectMutation = useRejectDraft(orgId, draft.id, () => setRejecting(false));

  // ---- options for the edit dialog: the draft's own machines / operators first
  const options = useMemo(() => {
    const dm = new Map<string, string>();
    const dop = new Map<string, string>();
    for (const v of draft.versions)
      for (const i of v.items) {
        dm.set(i.primaryAssetId, i.primaryAssetName ?? i.primaryAssetId.slice(0, 8));
        dop.set(i.operatorMembershipId, i.operatorName ?? i.operatorMembershipId.slice(0, 8));
      }
    const implementIds = new Set(draft.versions.flatMap((v) => v.items.flatMap((i) => i.implementAssetIds)));
    const otherMachines: Option[] = (machines.data?.items ?? [])
      .filter((a) => !dm.has(a.id) && !implementIds.has(a.id))
      .map((a) => ({ id: a.id, name: a.name }));
    const eligible = (role: keyof typeof ROLE_PERMISSIONS) => ROLE_PERMISSIONS[role].includes('job.execute');
    const otherOperators: Option[] = (members.data?.items ?? [])
      .filter((x) => x.status === 'ACTIVE' && eligible(x.role) && !dop.has(x.id))
      .map((x) => ({ id: x.id, name: x.name || x.email }));
    const sortByName = (a: Option, b: Option) => a.name.localeCompare(b.name, locale);
    return {
      draftMachines: [...dm].map(([id, name]) => ({ id, name })).sort(sortByName),
      otherMachines: otherMachines.sort(sortByName),
      draftOperators: [...dop].map(([id, name]) => ({ id, name })).sort(sortByName),
      otherOperators: otherOperators.sort(sortByName),
    };
  }, [draft.versions, machines.data, members.data, locale]);
  const models = useQuery({ ...machineOptionsQuery(orgId), enabled: editable && can('asset.read') });
  const machineInfo = useMemo(() => {
    const info = new Map((models.data?.items ?? []).map((a) => [a.id, a.model ?? undefined] as const));
    return (id: string) => info.get(id);
  }, [models.data]);

  if (!version) return <Empty>{m.noItems}</Empty>;

  return (
    <div className="space-y-5">
      {notice ? (
        <p
          role="status"
          className={`rounded-md border px-3 py-2 text-sm ${notice.tone === 'ok' ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
        >
          {notice.text}
        </p>
      ) : null}

      <DraftSummary
        orgId={orgId}
        draft={draft}
        version={version}
        goal={run.data?.goal ?? null}
        period={period}
        timeZone={timeZone}
        permissions={permissions}
        onShowVersion={setShown}
        onConfirm={() => setConfirming(true)}
        onReject={() => setRejecting(true)}
      />

      {draft.status !== 'REJECTED' ? (
        <ExecutionPanel
          orgId={orgId}
          draft={draft}
          timeZone={timeZone}
          canExecute={can('draft.execute')}
          initialExecutionId={initialExecutionId}
          startedExecutionId={startedExecutionId}
        />
      ) : null}

      {diff && previous ? (
        <DiffCard
          diff={diff}
          previous={previous.version}
          note={version.note}
          editor={version.evidence.find((e) => e.edit?.version === version.version)?.edit?.byName ?? null}
          timeZone={timeZone}
        />
      ) : null}

      {/* a purchase or a leave books no machine: no timeline */}
      {draft.kind === 'PURCHASE' || draft.kind === 'LEAVE' ? null : (
        <Card id="draft-timeline" title={m.timelineTitle}>
          <DraftTimelineCard
            orgId={orgId}
            draft={draft}
            version={version}
            previous={previous}
            period={period}
            timeZone={timeZone}
            canReadMaintenance={can('maintenance.read')}
          />
        </Card>
      )}

      {draft.kind === 'SCHEDULE' && version ? (
        <DraftRoutes orgId={orgId} draftId={draft.id} version={version.version} />
      ) : null}

      <DraftItemsTable
        orgId={orgId}
        draft={draft}
        version={version}
        run={run.data}
        editable={editable}
        timeZone={timeZone}
        onEdit={setEditing}
      />

      {editing ? (
        <EditItemDialog
          item={editing}
          title={jobName(editing, op)}
          timeZone={timeZone}
          {...options}
          machineInfo={machineInfo}
          pending={editMutation.isPending}
          error={editMutation.error}
          onSubmit={submitEdit}
          onClose={() => {
            setEditing(null);
            editMutation.reset();
          }}
        />
      ) : null}

      {confirming && current ? (
        <ConfirmDialog
          version={current}
          pending={confirmMutation.isPending || executeMutation.isPending}
          error={confirmMutation.error ?? executeMutation.error}
          onConfirm={() => {
            executeAfterConfirm.current = false;
            confirmMutation.mutate(current);
          }}
          canExecute={can('draft.execute')}
          confirmed={confirmedInDialog}
          onConfirmAndExecute={() => {
            if (confirmedInDialog) return execute(current.version);
            executeAfterConfirm.current = true;
            confirmMutation.mutate(current);
          }}
          onClose={() => {
            setConfirming(false);
            setConfirmedInDialog(false);
            confirmMutation.reset();
            executeMutation.reset();
          }}
        />
      ) : null}

      {rejecting ? (
        <RejectDialog
          pending={rejectMutation.isPending}
          error={rejectMutation.error}
          onSubmit={(reason) => rejectMutation.mutate(reason)}
          onClose={() => {
            setRejecting(false);
            rejectMutation.reset();
          }}
        />
      ) : null}
    </div>
  );
}
