// @vitest-environment happy-dom
import type { TDraftDetail, TDraftItem, TDraftVersion } from '@amms/contracts/drafts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { DraftItems } from './draft-items';
import { EditItemDialog } from './edit-item-dialog';
import { draftItem, id } from './test-items';

const item = (n: number, patch: Partial<TDraftItem> = {}): TDraftItem =>
  draftItem(n, { primaryAssetId: id(100), primaryAssetName: 'Combine A', ...patch });

const version = (items: TDraftItem[], patch: Partial<TDraftVersion> = {}): TDraftVersion => ({
  version: 2,
  basedOnVersion: 1,
  items,
  unplaced: [],
  workOrderItems: [],
  unplacedWorkOrders: [],
  correctiveItems: [],
  purchaseLines: [],
  leaveItems: [],
  validation: { ok: true, violations: [], warnings: [] },
  evidence: items.map((i) => ({ itemKey: i.itemKey, jobId: i.jobId, steps: { jobs: 1, machines: 2, operators: 3 } })),
  contentHash: 'a'.repeat(64),
  note: null,
  createdByUserId: null,
  createdAt: '2026-06-01T00:00:00.000Z',
  ...patch,
});

function showItems(v: TDraftVersion) {
  render(
    <I18nProvider locale="en">
      <DraftItems
        orgId={id(9)}
        draft={{ kind: 'SCHEDULE' } as TDraftDetail}
        version={v}
        run={undefined}
        editable={false}
        timeZone="UTC"
        onEdit={() => {}}
      />
    </I18nProvider>,
  );
}

const row = (jobId: string) => document.getElementById(`item-${jobId}`)!;

afterEach(cleanup);

describe('draft items: findings on the rows they concern (#31 §4.3)', () => {
  it('a double booking shows on the row flagged and on the row it collides with (the edited one), naming the other', () => {
    const a = item(1);
    const b = item(2, { startsAt: '2026-06-01T04:00:00.000Z', endsAt: '2026-06-01T10:00:00.000Z' });
    showItems(
      version([a, b], {
        validation: {
          ok: false,
          warnings: [],
          violations: [
            { itemIndex: 1, jobId: b.jobId, code: 'MACHINE_DOUBLE_BOOKED', message: 'twice', otherItemIndex: 0 },
          ],
        },
      }),
    );
    expect(within(row(a.jobId)).getByText(/collides with “Job 2”/)).toBeTruthy();
    expect(within(row(b.jobId)).getByText(/collides with “Job 1”/)).toBeTruthy();
  });

  it('the evidence column does not repeat the same run steps on every row: once above the table', () => {
    showItems(version([item(1), item(2), item(3)]));
    expect(screen.getAllByText(/from step 1/)).toHaveLength(1);
    expect(within(screen.getByTestId('shared-evidence')).getByText(/from step 2/)).toBeTruthy();
    expect(within(row(id(2))).getByText('As above the table')).toBeTruthy();
  });

  it('different evidence (an item edited by hand) keeps its own lines', () => {
    const v = version([item(1), item(2)]);
    v.evidence[1] = {
      itemKey: 'k2',
      jobId: id(2),
      steps: {},
      edit: { version: 2, byUserId: null, byName: 'Li', note: null },
    };
    showItems(v);
    expect(screen.queryByTestId('shared-evidence')).toBeNull();
    expect(within(row(id(2))).getByText(/Edited by hand by Li/)).toBeTruthy();
    expect(within(row(id(1))).getByText(/from step 1/)).toBeTruthy();
  });
});

describe('edit dialog: the main-machine picker lists machines that fit the operation (#31 §4.3)', () => {
  const info = new Map([
    [id(100), { kind: 'SELF_PROPELLED', operationTypes: ['HARVESTING'] }],
    [id(101), { kind: 'SELF_PROPELLED', operationTypes: ['HARVESTING'] }],
    [id(102), { kind: 'POWER_UNIT', operationTypes: ['TILLAGE', 'TRANSPORT'] }],
    [id(103), { kind: 'IMPLEMENT', operationTypes: ['TILLAGE'] }],
    [id(104), { kind: 'SELF_PROPELLED', operationTypes: ['SPRAYING'] }],
  ]);
  it('harvest: only combines', () => {
    render(
      <I18nProvider locale="en">
        <EditItemDialog
          item={item(1)}
          title="Job 1"
          timeZone="UTC"
          draftMachines={[{ id: id(100), name: 'Combine A' }]}
          otherMachines={[
            { id: id(101), name: 'Combine B' },
            { id: id(102), name: 'Tractor' },
            { id: id(103), name: 'Plough' },
            { id: id(104), name: 'Sprayer' },
          ]}
          draftOperators={[{ id: id(201), name: 'Operator 1' }]}
          otherOperators={[]}
          machineInfo={(x) => info.get(x)}
          pending={false}
          error={null}
          onSubmit={() => {}}
          onClose={() => {}}
        />
      </I18nProvider>,
    );
    const picker = screen.getByLabelText('Primary machine') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Combine A', 'Combine B']);
  });
});
