'use client';

import { useQuery } from '@tanstack/react-query';
import { format, plural } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { teamsQuery } from '@/lib/queries';

export function TeamsCard({ orgId }: { orgId: string }) {
  const { locale, t } = useI18n();
  const { data, isPending, isError } = useQuery(teamsQuery(orgId));

  return (
    <section
      aria-labelledby="teams-card-title"
      aria-busy={isPending}
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="teams-card-title" className="text-base font-semibold text-slate-900">
        {t.overview.teams}
      </h2>
      {isPending ? (
        <p className="mt-3 text-sm text-slate-600">{t.overview.teamsLoading}</p>
      ) : isError ? (
        <p role="status" className="mt-3 text-sm text-red-800">
          {t.overview.teamsError}
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.overview.teamsEmpty}</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700">
            {data.nextCursor
              ? format(t.overview.teamCount, { count: `${data.items.length}+` })
              : plural(locale, data.items.length, t.overview.teamCountOne, t.overview.teamCount)}
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {data.items.slice(0, 5).map((team) => (
              <li key={team.id} className="flex justify-between gap-3">
                <span className="truncate text-slate-900">{team.name}</span>
                <span className="shrink-0 tabular-nums text-slate-600">
                  {plural(locale, team.memberCount, t.overview.memberCountOne, t.overview.memberCount)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The org's teams as the options of a team select (the select adds its own "all" or "none" option first). */
export function TeamOptions({ teams }: { teams: readonly { id: string; name: string }[] | undefined }) {
  return (
    <>
      {(teams ?? []).map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </>
  );
}
