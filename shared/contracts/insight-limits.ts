/**
 * The insights' periods and the demand grid's limits: plain values, without zod, so the operator
 * dashboard's first JavaScript (its period picker and demand section) does not build every
 * contract's schema at load, 110-130 ms on a 4× slowed phone (issue 33). insights.ts re-exports them.
 */

/** The periods the dashboard offers. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** The demand grid: ~500 m cells, shown only with at least this many distinct diners in the period. */
export const DEMAND_CELL_METERS = 500;
export const DEMAND_MIN_DINERS = 10;
/** How far from the operator's usual places (trucks and stops) cells are shown. */
export const DEMAND_RADIUS_KM = 5;
