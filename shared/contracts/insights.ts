import { z } from 'zod';
import { rowId } from './common';
import type { InsightPeriod } from './insight-limits';

export * from './insight-limits';

/*
 * Operator insights (issue 31, ADR 0164): what diners did with a truck, per day, and where diners
 * looked for food near the operator's usual areas. Counted off the request path (an in-process
 * buffer flushed in batches by a worker), never for an account that turned counting off or a browser
 * that sends Do-Not-Track or Global Privacy Control, never for the operator's own views.
 */

/** Events the app records (buffer → insight_events → insight_daily). */
export const RECORDED_INSIGHT_KINDS = [
  'card_view',
  'page_view',
  'menu_open',
  'favorite_gained',
  'favorite_lost',
  'going',
  'voice_named',
] as const;
export type RecordedInsightKind = (typeof RECORDED_INSIGHT_KINDS)[number];

/** Every series of the insights: the recorded ones plus what the outboxes sent (read from them). */
export const INSIGHT_SERIES = [...RECORDED_INSIGHT_KINDS, 'push_sent', 'sms_sent'] as const;
export type InsightSeriesKind = (typeof INSIGHT_SERIES)[number];

export const INSIGHT_LABELS: Record<InsightSeriesKind, string> = {
  card_view: 'Card views',
  page_view: 'Page views',
  menu_open: 'Menu opens',
  favorite_gained: 'Favorites gained',
  favorite_lost: 'Favorites lost',
  going: '"I\'m going"',
  voice_named: 'Voice answers naming the truck',
  push_sent: 'Push alerts sent',
  sms_sent: 'Text messages sent',
};

/** ?days=7|30|90 (default 7). */
export const insightsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' })
    .default('7')
    .transform((d) => Number(d) as InsightPeriod),
});

/** A view the browser saw (cards on screen, the truck's page, its menu): POST /api/insights/views. */
export const INSIGHT_VIEW_KINDS = ['card_view', 'page_view', 'menu_open'] as const;
export const insightViewsSchema = z.object({
  views: z
    .array(z.object({ truckId: rowId, kind: z.enum(INSIGHT_VIEW_KINDS) }))
    .min(1, 'views must not be empty')
    .max(100, 'At most 100 views at once'),
});
export type InsightViewsInput = z.input<typeof insightViewsSchema>;

/** One day's count (days are the truck's local dates 'YYYY-MM-DD', oldest first, every day of the period). */
const dayCount = z.object({ day: z.string(), count: z.number().int() });

/** GET /api/food-trucks/:id/insights?days=: every series per day, and "I'm going" per stop. */
export const truckInsightsSchema = z.object({
  truckId: z.number().int(),
  days: z.number().int(),
  /** The first and last local day of the period ('to' is today in the truck's zone). */
  from: z.string(),
  to: z.string(),
  /** The IANA zone whose calendar days these are: the truck's (its schedule's). */
  timeZone: z.string(),
  series: z.array(
    z.object({
      kind: z.enum(INSIGHT_SERIES),
      label: z.string(),
      total: z.number().int(),
      daily: z.array(dayCount),
    }),
  ),
  goingPerStop: z.array(z.object({ address: z.string(), count: z.number().int() })),
});
export type TruckInsights = z.infer<typeof truckInsightsSchema>;


/** GET /api/operators/:operatorId/insights/demand?days=: counts per cell, never a position or a diner. */
export const demandGridSchema = z.object({
  days: z.number().int(),
  cellMeters: z.number().int(),
  minDiners: z.number().int(),
  cells: z.array(
    z.object({
      /** The cell's centre and its corners (the cell, not any diner's position). */
      latitude: z.number(),
      longitude: z.number(),
      south: z.number(),
      west: z.number(),
      north: z.number(),
      east: z.number(),
      diners: z.number().int(),
    }),
  ),
});
export type DemandGrid = z.infer<typeof demandGridSchema>;

/** PUT/GET /api/auth/user/insights-preferences: "Don't count my visits". */
export const insightsPreferencesSchema = z.object({ countMyVisits: z.boolean() });
export type InsightsPreferences = z.infer<typeof insightsPreferencesSchema>;
