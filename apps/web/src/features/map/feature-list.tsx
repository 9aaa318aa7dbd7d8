'use client';

import type { TFieldFeature, TMachineFeature } from '@amms/contracts/geo';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { rowLinkClass } from '@/components/ui/data-table';
import { format as fill } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { AreaText } from './area-text';
import { mapMessages } from './messages';
import { STATE_COLORS } from './map-style';

/**
 * The map as text (its accessible alternative): every field with its area and today's / this
 * week's work, every machine with where it stands. Buttons focus the map or start drawing.
 */
export function FeatureList(props: {
  orgId: string;
  fields: TFieldFeature[];
  machines: TMachineFeature[];
  canEdit: boolean;
  onShow: (fieldId: string) => void;
  onEdit: (fieldId: string) => void;
}) {
  const m = useMessages(mapMessages);
  const nameOf = new Map(props.fields.map((f) => [f.properties.fieldId, f.properties.name]));
  if (props.fields.length === 0 && props.machines.length === 0) return <p className="text-sm">{m.empty}</p>;
  return (
    <div className="space-y-4">
      <table className="w-full text-left text-sm" aria-label={m.fields}>
        <caption className="sr-only">{m.fields}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col">{m.name}</th>
            <th scope="col">{m.area}</th>
            <th scope="col">{m.today}</th>
            <th scope="col">{m.week}</th>
            <th scope="col">
              <span className="sr-only">{m.show}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.fields.map((f) => {
            const p = f.properties;
            return (
              <tr key={p.fieldId} className="border-b border-slate-100" data-field-id={p.fieldId}>
                <th scope="row" className="font-medium">
                  <Link href={orgPath(props.orgId, `fields/${p.fieldId}`)} className={rowLinkClass}>
                    {p.name}
                  </Link>
                </th>
                <td>
                  <AreaText measuredM2={p.measuredAreaM2} enteredM2={p.areaM2} />
                </td>
                <td>
                  <StateDot state={p.today} label={m.states[p.today]} />
                </td>
                <td>
                  <StateDot state={p.week} label={m.states[p.week]} />
                </td>
                <td className="space-x-1 whitespace-nowrap text-right">
                  <Button size="sm" variant="ghost" onClick={() => props.onShow(p.fieldId)}>
                    {m.show}
                  </Button>
                  {props.canEdit ? (
                    <Button size="sm" variant="secondary" onClick={() => props.onEdit(p.fieldId)}>
                      {m.editBoundary}
                      <span className="sr-only"> {p.name}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {props.machines.length > 0 ? (
        <ul aria-label={m.machines} className="text-sm">
          {props.machines.map((x) => (
            <li key={x.properties.assetId}>
              <span className="font-medium">{x.properties.name}</span> ·{' '}
              {m.machineKinds[x.properties.machineKind as keyof typeof m.machineKinds] ?? x.properties.machineKind} ·{' '}
              {x.properties.fieldId ? fill(m.onField, { f: nameOf.get(x.properties.fieldId) ?? '—' }) : m.unknownField}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function StateDot({ state, label }: { state: keyof typeof STATE_COLORS; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: STATE_COLORS[state] }} />
      {label}
    </span>
  );
}
