'use client';

import { MACHINE_KINDS, type TMachineModel } from '@amms/contracts/assets';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';

/** Does a model match what was typed (manufacturer and name, any case, every word)? */
export function modelMatches(model: TMachineModel, query: string): boolean {
  const hay = `${model.manufacturer} ${model.name}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

/** The catalog's models as `<option>`s grouped by kind (the asset form's and the field app's model select). */
export function ModelOptions({ models, query = '' }: { models: readonly TMachineModel[]; query?: string }) {
  const l = useMessages(enumLabels);
  return (
    <>
      {MACHINE_KINDS.map((k) => {
        const group = models.filter((x) => x.kind === k && modelMatches(x, query));
        return group.length ? (
          <optgroup key={k} label={l.kind[k]}>
            {group.map((x) => (
              <option key={x.id} value={x.id}>
                {x.manufacturer} {x.name}
              </option>
            ))}
          </optgroup>
        ) : null;
      })}
    </>
  );
}
