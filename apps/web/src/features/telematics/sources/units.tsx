'use client';

import type { TTelematicsUnit } from '@amms/contracts/telematics-sources';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { DateTimeCell, ListSection, ListTable, RowActions, td } from '@/components/ui/data-table';
import { FormDialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/form';
import { ListStates } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useDebounced } from '@/lib/use-debounced';
import { assetListQuery } from '@/features/assets/queries';
import { sourceMessages } from './messages';
import { useLinkUnit } from './mutations';
import { unmatchedQuery } from './queries';

const unitName = (u: TTelematicsUnit) =>
  [u.oemName, u.model, u.serialNumber ?? u.pin ?? u.equipmentKey].filter(Boolean).join(' ');

/** Units the sources report that no machine is linked to: link one to a machine, or ignore it. */
export function UnmatchedUnits({
  orgId,
  timeZone,
  onNotice,
}: {
  orgId: string;
  timeZone: string;
  onNotice: (t: string) => void;
}) {
  const m = useMessages(sourceMessages);
  const list = useQuery(unmatchedQuery(orgId));
  const rows = list.data?.items ?? [];
  const [linking, setLinking] = useState<TTelematicsUnit | null>(null);
  const ignore = useLinkUnit(orgId, () => onNotice(m.ignored));
  return (
    <ListSection id="telematics-unmatched-title" title={m.unmatchedTitle} intro={m.unmatchedIntro} action={null}>
      {ignore.error ? (
        <p className="text-sm text-red-800" role="alert">
          {ignore.error.message}
        </p>
      ) : null}
      <ListStates query={list} count={rows.length} empty={m.unmatchedEmpty} keepRowsOnError>
        <ListTable label={m.unmatchedTitle} head={[m.colUnit, m.colSource, m.colReason, m.colSeen, m.actions]}>
          {rows.map((u) => (
            <tr key={u.id}>
              <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                {[u.oemName, u.model].filter(Boolean).join(' ') || u.equipmentKey}
                <div className="font-mono text-xs font-normal text-slate-600">
                  {u.serialNumber ? format(m.serial, { value: u.serialNumber }) : null}
                  {u.serialNumber && u.pin ? ' · ' : null}
                  {u.pin ? format(m.pin, { value: u.pin }) : null}
                </div>
              </th>
              <td className={td}>{u.sourceName}</td>
              <td className={td}>
                <Badge tone="amber">{u.reason === 'AMBIGUOUS' ? m.reasonAmbiguous : m.reasonNoMatch}</Badge>
              </td>
              <DateTimeCell at={u.lastSeenAt} timeZone={timeZone} />
              <RowActions
                name={unitName(u)}
                actions={[
                  { label: m.link, of: m.linkOf, kind: 'secondary', onClick: () => setLinking(u) },
                  {
                    label: m.ignore,
                    of: m.ignoreOf,
                    onClick: () => ignore.mutate({ unitId: u.id, body: { ignore: true } }),
                    pending: ignore.isPending && ignore.variables?.unitId === u.id,
                  },
                ]}
              />
            </tr>
          ))}
        </ListTable>
      </ListStates>
      {linking ? (
        <LinkUnitDialog
          orgId={orgId}
          unit={linking}
          onClose={() => setLinking(null)}
          onLinked={() => {
            setLinking(null);
            onNotice(m.linked);
          }}
        />
      ) : null}
    </ListSection>
  );
}

/** Choose the machine a reported unit is: a search (name, number, serial) and the matches as a select. */
function LinkUnitDialog({
  orgId,
  unit,
  onClose,
  onLinked,
}: {
  orgId: string;
  unit: TTelematicsUnit;
  onClose: () => void;
  onLinked: () => void;
}) {
  const m = useMessages(sourceMessages);
  const [search, setSearch] = useState(unit.serialNumber ?? unit.pin ?? '');
  const q = useDebounced(search.trim(), 300);
  const assets = useInfiniteQuery({
    ...assetListQuery(orgId, q ? { q } : {}),
    select: (d) => d.pages.flatMap((p) => p.items),
  });
  const [assetId, setAssetId] = useState('');
  const options = assets.data ?? [];
  const link = useLinkUnit(orgId, onLinked);
  const [missing, setMissing] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!assetId) return setMissing(true);
    link.mutate({ unitId: unit.id, body: { assetId } });
  }

  return (
    <FormDialog
      title={format(m.linkTitle, { name: unitName(unit) })}
      pending={link.isPending}
      error={link.error}
      submitLabel={m.submitLink}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        type="search"
        label={m.linkSearch}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={100}
      />
      <SelectField
        label={m.linkMachine}
        required
        value={assetId}
        error={missing && !assetId ? m.chooseMachine : null}
        onChange={(e) => setAssetId(e.currentTarget.value)}
      >
        <option value="">{m.chooseMachine}</option>
        {options.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
            {a.serialNumber ? ` · ${a.serialNumber}` : ''}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
