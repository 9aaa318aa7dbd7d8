'use client';

import type { TAssetDetail } from '@amms/contracts/assets';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { assetMessages } from './messages';
import { useDeleteAsset, useSetAssetStatus } from './mutations';

/** Put a machine into maintenance, back to active, retire it (confirmed) or delete it (confirmed). */
export function StatusActions({ orgId, asset }: { orgId: string; asset: TAssetDetail }) {
  const m = useMessages(assetMessages);
  const router = useRouter();
  const [confirm, setConfirm] = useState<'retire' | 'delete' | null>(null);
  const status = useSetAssetStatus(orgId, asset, () => setConfirm(null));
  const remove = useDeleteAsset(orgId, asset.id, () => router.push(orgPath(orgId, 'assets')));

  return (
    <section aria-labelledby="asset-actions-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="asset-actions-title" className="text-base font-semibold text-slate-900">
        {m.detail.statusTitle}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {asset.status === 'ACTIVE' ? (
          <Button
            variant="secondary"
            pending={status.isPending && status.variables === 'IN_MAINTENANCE'}
            disabled={status.isPending}
            onClick={() => status.mutate('IN_MAINTENANCE')}
          >
            {m.detail.setMaintenance}
          </Button>
        ) : null}
        {asset.status === 'IN_MAINTENANCE' ? (
          <Button
            variant="secondary"
            pending={status.isPending && status.variables === 'ACTIVE'}
            disabled={status.isPending}
            onClick={() => status.mutate('ACTIVE')}
          >
            {m.detail.setActive}
          </Button>
        ) : null}
        {asset.status !== 'RETIRED' ? (
          <Button variant="secondary" disabled={status.isPending} onClick={() => setConfirm('retire')}>
            {m.detail.retire}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{m.detail.retiredNote}</p>
        )}
        <Button variant="danger" onClick={() => setConfirm('delete')}>
          {m.detail.delete}
        </Button>
      </div>
      {status.error && !confirm ? <ErrorAlert error={status.error} className="mt-3" /> : null}

      {confirm === 'retire' ? (
        <Dialog title={m.detail.retireTitle} onClose={() => setConfirm(null)}>
          <p className="text-sm text-slate-700">{format(m.detail.retireBody, { name: asset.name })}</p>
          {status.error ? <ErrorAlert error={status.error} className="mt-3" /> : null}
          <FormActions cancelLabel={m.form.cancel} onCancel={() => setConfirm(null)} className="mt-4">
            <Button variant="danger" pending={status.isPending} onClick={() => status.mutate('RETIRED')}>
              {m.detail.retire}
            </Button>
          </FormActions>
        </Dialog>
      ) : null}
      {confirm === 'delete' ? (
        <Dialog title={m.detail.deleteTitle} onClose={() => setConfirm(null)}>
          <p className="text-sm text-slate-700">{format(m.detail.deleteBody, { name: asset.name })}</p>
          {remove.error ? <ErrorAlert error={remove.error} className="mt-3" /> : null}
          <FormActions cancelLabel={m.form.cancel} onCancel={() => setConfirm(null)} className="mt-4">
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate()}>
              {m.detail.delete}
            </Button>
          </FormActions>
        </Dialog>
      ) : null}
    </section>
  );
}
