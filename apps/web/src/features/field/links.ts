/** Links inside the field app keep the chosen org in `?org=`. */
export function fieldHref(path: string, orgId: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ org: orgId, ...extra });
  return `${path}?${params.toString()}`;
}

export const fieldPaths = {
  home: '/field',
  job: (jobId: string) => `/field/jobs/${encodeURIComponent(jobId)}`,
  workOrder: (workOrderId: string) => `/field/work-orders/${encodeURIComponent(workOrderId)}`,
  report: '/field/report',
  diagnose: '/field/diagnose',
  addMachine: '/field/machines/new',
};
