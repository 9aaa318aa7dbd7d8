'use client';

import type { TDocumentVersion, TDocumentVersionStatus } from '@amms/contracts/knowledge';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/button';
import { machineModelsQuery } from '@/features/assets/queries';
import { SubNav } from '@/components/ui/sub-nav';
import { useMessages } from '@/i18n/messages';
import { isPending } from './api';
import { knowledgePaths } from './links';
import { knowledgeMessages, type KnowledgeMessages } from './messages';

export const STATUS_TONE: Record<TDocumentVersionStatus, Tone> = {
  UPLOADED: 'neutral',
  PROCESSING: 'blue',
  READY: 'green',
  FAILED: 'red',
};

export function KnowledgeTabs({ orgId }: { orgId: string }) {
  const m = useMessages(knowledgeMessages);
  return (
    <SubNav
      label={m.tabs.label}
      items={[
        { href: knowledgePaths.ask(orgId), label: m.tabs.ask },
        { href: knowledgePaths.documents(orgId), label: m.tabs.documents },
      ]}
    />
  );
}

/** A version's state: the badge (with a spinner while the worker reads it) and, when FAILED, why. */
export function VersionStatus({ version, showReason = true }: { version: TDocumentVersion; showReason?: boolean }) {
  const m = useMessages(knowledgeMessages);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="inline-flex items-center gap-1.5">
        {isPending(version.status) ? <Spinner className="size-3.5 text-sky-800" /> : null}
        <Badge tone={STATUS_TONE[version.status]}>{m.status[version.status]}</Badge>
      </span>
      {showReason && version.status === 'FAILED' ? (
        <span className="text-xs text-red-800">{failureText(version, m)}</span>
      ) : null}
    </span>
  );
}

export function failureText(
  version: Pick<TDocumentVersion, 'failureCode' | 'failureReason'>,
  m: KnowledgeMessages,
): string {
  return (
    (version.failureCode ? m.failure[version.failureCode] : undefined) ??
    version.failureReason ??
    version.failureCode ??
    '—'
  );
}

/** "Manufacturer Model" by id, for the models a document is linked to (the org's catalog: platform + private). */
export function useModelNames(orgId: string) {
  const q = useQuery(machineModelsQuery(orgId));
  const byId = useMemo(() => new Map((q.data ?? []).map((x) => [x.id, `${x.manufacturer} ${x.name}`])), [q.data]);
  return { models: q.data ?? [], name: (id: string) => byId.get(id) ?? (q.isPending ? '…' : '—'), query: q };
}
