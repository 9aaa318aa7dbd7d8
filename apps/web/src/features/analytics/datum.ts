/** One bar of a chart: a stable key, the label shown, the value (in the figure's unit). */
export type Datum = { key: string; label: string; value: number };
