/** One page of the fleet's utilization ranks the KPI chart's machines (the chart shows the top 8). */
export const KPI_UTILIZATION_LIMIT = 200;
