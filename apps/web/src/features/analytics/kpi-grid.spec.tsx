// @vitest-environment happy-dom
import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { KpiGrid } from './kpi-grid';
import { previousPeriod } from './period';

const overview = {
  from: '2026-11-01',
  to: '2026-12-01',
  scope: { dataScope: 'ORG', teamIds: [] },
  machines: 12,
  jobs: { PLANNED: 0, SCHEDULED: 0, IN_PROGRESS: 0, COMPLETED: 30, CANCELLED: 0 },
  hectares: 420,
  productiveHours: 310,
  engineHours: 190,
  availableHours: 3600,
  utilization: 310 / 3600,
  downtimeHours: 40,
  failures: 4,
  mtbfHours: 77.5,
  mttrHours: 9,
  inherentAvailability: 0.9,
  operationalAvailability: 0.95,
  pmCompliance: { due: 5, onTime: 4, ratio: 0.8 },
  costs: {
    totalMinor: '1250000',
    costPerHectareMinor: '2976',
    costPerEngineHourMinor: '6579',
    awaitingApproval: { documents: 3, totalMinor: '48000' },
  },
  workOrders: { open: 2, awaitingAcceptance: 1 },
} as unknown as TAnalyticsOverview;

const show = (locale: Locale, previous?: TAnalyticsOverview) =>
  render(
    <I18nProvider locale={locale}>
      <KpiGrid data={overview} previous={previous} />
    </I18nProvider>,
  );

afterEach(cleanup);

describe('the headline figures explain themselves', () => {
  it('defines utilization against available hours and says approved vs awaiting costs, in Chinese', () => {
    show('zh-CN');
    expect(screen.getByText('这些数字怎么算')).toBeTruthy();
    expect(screen.getByText(/310 h ÷ 3,600 h/)).toBeTruthy();
    expect(screen.getByText(/另有 3 张单据、\S*480\S* 正在等待审批/)).toBeTruthy();
    expect(
      screen.getByText(/作业工时来自作业记录（所有机具，310 h），发动机工时只算动力和自走式机械（190 h）/),
    ).toBeTruthy();
  });

  it('and in English', () => {
    show('en');
    expect(screen.getByText('How these figures are measured')).toBeTruthy();
    expect(screen.getByText(/3 more documents worth \S*480\S* are awaiting approval/)).toBeTruthy();
  });

  it('says the change vs the previous period of the same length (relative for amounts, points for ratios)', () => {
    const before = { ...overview, hectares: 400, utilization: 0.08, mtbfHours: null } as TAnalyticsOverview;
    show('en', before);
    expect(screen.getByText('+5% vs the previous period')).toBeTruthy();
    expect(screen.getByText(/^\+0\.6 points vs the previous period$/)).toBeTruthy();
    cleanup();
    show('en');
    expect(screen.queryByText(/vs the previous period/)).toBeNull();
  });
});

describe('the previous period', () => {
  it('is the same number of days just before', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
});
