'use client';

import { ZDraftDetail, editedItem, type TDraftDetail, type TEditedItem } from '@amms/contracts/drafts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { isDefiniteFailure, useIdempotencyKey } from '@/lib/idempotency';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { refreshQueries } from '@/lib/refresh';
import { currentVersionOf, draftKeys, draftQuery } from '@/features/drafts/queries';

/**
 * The dispatcher's board draft: its id lives in the URL (`?board=`), so a reload or a shared
 * link shows the same one. A move replaces that job's item (or adds it) in a new version of
 * the open board draft; with none open, it starts a new SCHEDULE draft (`POST /drafts`).
 */
export function useBoardDraft(orgId: string, title: string) {
  const qc = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const draftId = params.get('board');
  const draft = useQuery({ ...draftQuery(orgId, draftId ?? ''), enabled: Boolean(draftId) });
  const createKey = useIdempotencyKey();

  const setDraftId = (id: string | null) => {
    const next = new URLSearchParams(params.toString());
    if (id) next.set('board', id);
    else next.delete('board');
    router.replace(`${pathname}${next.size ? `?${next}` : ''}`, { scroll: false });
  };

  const propose = useMutation({
    mutationFn: async (item: TEditedItem): Promise<TDraftDetail> => {
      const d = draft.data;
      const v = d ? currentVersionOf(d) : undefined;
      if (d && v && d.status === 'OPEN') {
        const items = [...v.items.filter((i) => i.jobId !== item.jobId).map(editedItem), item];
        return apiFetch(orgApi(orgId, `drafts/${seg(d.id)}/versions`), ZDraftDetail, {
          method: 'POST',
          body: { basedOnVersion: d.currentVersion, items },
        });
      }
      return apiFetch(orgApi(orgId, 'drafts'), ZDraftDetail, {
        method: 'POST',
        body: { title, items: [item] },
        idempotencyKey: createKey.key(),
      });
    },
    onSuccess: (next) => {
      createKey.reset();
      qc.setQueryData(draftKeys.detail(orgId, next.id), next);
      void refreshQueries(qc, draftKeys.lists(orgId));
      if (next.id !== draftId) setDraftId(next.id);
    },
    onError: (err) => {
      if (isDefiniteFailure(err)) createKey.reset();
      if (draftId) void refreshQueries(qc, draftKeys.detail(orgId, draftId));
    },
  });

  const open = draft.data?.status === 'OPEN' ? draft.data : undefined;
  return { draftId, draft: draft.data, open, version: open ? currentVersionOf(open) : undefined, propose, setDraftId };
}
