'use client';

import type { TApiKey } from '@amms/contracts/api-keys';
import { PERMISSIONS, type TPermission } from '@amms/contracts/permissions';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { CreateKeyDialog } from './api-key-create-dialog';
import { messages } from './messages';
import { useRevokeApiKey } from './mutations';
import { apiKeyListQuery } from './queries';
import { BadgeDetails, CursorListTable, DateTimeCell, ListSection, RowActions, td } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useNotice } from '@/components/ui/states';

/**
 * Never grantable to a key (the API refuses them with SCOPE_NOT_GRANTABLE). Mirrors
 * NON_GRANTABLE_KEY_SCOPES in apps/api/src/tenancy/api-keys.service.ts, which is not
 * exported by @amms/contracts.
 */
const NEVER_FOR_KEYS: readonly TPermission[] = ['member.manage', 'apikey.manage', 'draft.confirm'];

function keyState(k: TApiKey, now: number): 'revoked' | 'expired' | 'active' {
  if (k.revokedAt) return 'revoked';
  if (k.expiresAt && new Date(k.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

export function ApiKeysAdmin({
  orgId,
  timeZone,
  permissions,
}: {
  orgId: string;
  timeZone: string;
  permissions: readonly TPermission[];
}) {
  const m = useMessages(messages);
  const { locale } = useI18n();
  const { query: list, rows } = useCursorList(apiKeyListQuery(orgId));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const [notice, setNotice] = useNotice();
  const grantable = useMemo(
    () => PERMISSIONS.filter((p) => permissions.includes(p) && !NEVER_FOR_KEYS.includes(p)),
    [permissions],
  );
  const now = list.dataUpdatedAt || 0;

  return (
    <>
      {notice}
      <ListSection
        id="api-keys-list-title"
        title={m.apiKeys.listTitle}
        intro={m.apiKeys.intro}
        action={
          <Button onClick={() => setCreating(true)} disabled={grantable.length === 0}>
            {m.apiKeys.create}
          </Button>
        }
      >
        <CursorListTable
          query={list}
          count={rows.length}
          empty={m.apiKeys.empty}
          label={m.apiKeys.listTitle}
          head={[
            m.apiKeys.colName,
            m.apiKeys.colPrefix,
            m.apiKeys.colScopes,
            m.apiKeys.colStatus,
            m.apiKeys.colExpires,
            m.apiKeys.colLastUsed,
            m.apiKeys.colCreated,
            m.common.actions,
          ]}
        >
          {rows.map((k) => {
            const state = keyState(k, now);
            return (
              <tr key={k.id} className={state === 'active' ? undefined : 'bg-slate-50/60'}>
                <th scope="row" className={`${td} font-medium text-slate-900`}>
                  {k.name}
                </th>
                <td className={`${td} whitespace-nowrap font-mono text-xs`}>{k.prefix}…</td>
                <td className={td}>
                  <BadgeDetails
                    summary={format(m.apiKeys.scopeCount, { count: k.scopes.length })}
                    items={k.scopes.map((s) => ({ key: s, label: m.permissions[s] }))}
                  />
                  {/* a key sees at most its creator's data: the API caps it and narrows it on every request */}
                  <div className="mt-1 whitespace-nowrap text-xs text-slate-600">{m.scopes[k.dataScope]}</div>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {state === 'revoked' ? (
                    <Badge tone="red">
                      {format(m.apiKeys.statusRevoked, { at: formatDateTime(k.revokedAt, locale, timeZone) })}
                    </Badge>
                  ) : state === 'expired' ? (
                    <Badge tone="amber">{m.apiKeys.statusExpired}</Badge>
                  ) : (
                    <Badge tone="green">{m.apiKeys.statusActive}</Badge>
                  )}
                </td>
                <DateTimeCell at={k.expiresAt} timeZone={timeZone} empty={m.apiKeys.noExpiry} />
                <DateTimeCell at={k.lastUsedAt} timeZone={timeZone} empty={m.apiKeys.never} />
                <DateTimeCell at={k.createdAt} timeZone={timeZone} />
                <RowActions
                  name={k.name}
                  actions={
                    state === 'revoked'
                      ? []
                      : [
                          {
                            label: m.apiKeys.revoke,
                            of: m.apiKeys.revokeOf,
                            kind: 'danger',
                            onClick: () => setRevoking(k),
                          },
                        ]
                  }
                />
              </tr>
            );
          })}
        </CursorListTable>
      </ListSection>

      {creating ? (
        <CreateKeyDialog orgId={orgId} timeZone={timeZone} grantable={grantable} onClose={() => setCreating(false)} />
      ) : null}
      {revoking ? (
        <RevokeKeyDialog
          orgId={orgId}
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setNotice(format(m.apiKeys.revoked, { name: revoking.name }));
            setRevoking(null);
          }}
        />
      ) : null}
    </>
  );
}

/** Permissions grouped by resource ("job.read" → job), in the contract's order. */
function RevokeKeyDialog({
  orgId,
  apiKey,
  onClose,
  onRevoked,
}: {
  orgId: string;
  apiKey: TApiKey;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const m = useMessages(messages);
  const revoke = useRevokeApiKey(orgId, apiKey.id, onRevoked);
  return (
    <ConfirmDialog
      title={m.apiKeys.revokeTitle}
      confirmLabel={m.apiKeys.revokeConfirm}
      onConfirm={() => revoke.mutate()}
      onClose={onClose}
      pending={revoke.isPending}
      error={revoke.error}
    >
      <p>{format(m.apiKeys.revokeBody, { name: apiKey.name, prefix: apiKey.prefix })}</p>
    </ConfirmDialog>
  );
}
