/** Rows per page of the analytics tables (utilization, maintenance). */
export const TABLE_PAGE = 20;
/** One page of up to this many rows ranks a chart's machines (the chart shows the top ones). */
export const CHART_ROWS = 200;
