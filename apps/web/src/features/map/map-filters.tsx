'use client';

import { MACHINE_KINDS, OPERATION_TYPES, type TMachineKind, type TOperationType } from '@amms/contracts/assets';
import { useQuery } from '@tanstack/react-query';
import { EnumSelect } from '@/components/ui/enum-select';
import { SelectField } from '@/components/ui/form';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { teamsQuery } from '@/lib/queries';
import { useQueryChoice, useQueryId } from '@/lib/url-query';
import { mapMessages } from './messages';
import type { MapFilters } from './queries';

/** The map's filters, kept in the URL (?teamId=&operationType=&machineKind=) so a link shows the same map. */
export function useMapFilters(orgId: string) {
  const teams = useQuery(teamsQuery(orgId, { limit: 200 }));
  const [teamId, setTeamId] = useQueryId('teamId');
  const [operationType, setOperation] = useQueryChoice<TOperationType | ''>(
    'operationType',
    ['', ...OPERATION_TYPES],
    '',
  );
  const [machineKind, setKind] = useQueryChoice<TMachineKind | ''>('machineKind', ['', ...MACHINE_KINDS], '');
  const filters: MapFilters = {
    ...(teamId ? { teamId } : {}),
    ...(operationType ? { operationType } : {}),
    ...(machineKind ? { machineKind } : {}),
  };
  return {
    filters,
    teams: teams.data?.items ?? [],
    set: { teamId: setTeamId, operationType: setOperation, machineKind: setKind },
  };
}

export function MapFilterBar({ state }: { state: ReturnType<typeof useMapFilters> }) {
  const m = useMessages(mapMessages);
  const l = useMessages(enumLabels);
  const { filters, teams, set } = state;
  return (
    <form
      role="search"
      aria-label={m.filters.label}
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-3"
    >
      <SelectField label={m.filters.team} value={filters.teamId ?? ''} onChange={(e) => set.teamId(e.target.value)}>
        <option value="">{m.filters.allTeams}</option>
        {teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
      <EnumSelect
        label={m.filters.operation}
        value={filters.operationType ?? ''}
        values={OPERATION_TYPES}
        optionLabel={(o) => l.operation[o]}
        anyLabel={m.filters.allOperations}
        onChange={(v) => set.operationType(v)}
      />
      <EnumSelect
        label={m.filters.machineKind}
        value={filters.machineKind ?? ''}
        values={MACHINE_KINDS}
        optionLabel={(k) => l.kind[k]}
        anyLabel={m.filters.allKinds}
        onChange={(v) => set.machineKind(v)}
      />
    </form>
  );
}
