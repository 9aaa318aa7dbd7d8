import type { LocalDate } from './calendar.js';

/** An inclusive range of local calendar dates. */
export interface DateRange {
  from: LocalDate;
  to: LocalDate;
}

type Anchorable = 'fixed' | 'anchored';

/** A period expression of the grammar (periods.ts, period-parts.ts). */
export interface PeriodExpr {
  kind: Anchorable;
  /** anchor: the start of the range this expression ends, or null when it stands alone */
  resolve: (today: LocalDate, anchor: LocalDate | null, g: string[]) => DateRange | null;
}
