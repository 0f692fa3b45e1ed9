import { z } from 'zod';
import { lockSolutionType } from './lock-solution';
import { MEASURES, analysisScope, count, measureRow, money, ratio, trendPoint } from './measures';

/**
 * Analytics (issue 15, decision 017): the spec's BI calls. Every analysis answers the same shape: the totals of the
 * caller's scope, breakdowns by a dimension (one row of every measure per region, store, agent ...), the daily
 * trend and the vintage curves. Ratios are 0..1 (null when their denominator is 0), money is whole TZS.
 */

export const ANALYSIS_PERIODS = ['7d', '30d', '90d'] as const;
export const analysisPeriod = z.enum(ANALYSIS_PERIODS);
export type AnalysisPeriod = z.infer<typeof analysisPeriod>;
export const periodDays: Record<AnalysisPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const DIMENSIONS = ['region', 'store', 'shop_owner', 'agent', 'phone_model', 'lock_type'] as const;
export const dimension = z.enum(DIMENSIONS);
export type Dimension = z.infer<typeof dimension>;

/** The named analyses: the spec's calls. bi_{scope} is one per dimension (bi_region, bi_agent ...). */
export const REPORTS = [
  'bi_dashboard',
  'bi_analysis',
  'shop_analysis',
  'shop_owners_analysis',
  'all_unbranded_analysis',
  'agent_analysis',
  ...DIMENSIONS.map((d) => `bi_${d}` as const),
  'ageing_migration',
] as const;
export const reportName = z.enum(REPORTS);
export type ReportName = z.infer<typeof reportName>;

const id = (what: string) =>
  z.coerce
    .number({ error: `must be a ${what} id` })
    .int(`must be a ${what} id`)
    .positive(`must be a ${what} id`)
    .max(2 ** 53 - 1, `must be a ${what} id`);

/** The filters every analysis takes (query parameters); the server narrows them further to the caller's scope. */
export const analysisQuery = z.object({
  period: analysisPeriod.default('30d'),
  region: id('region').optional(),
  store: id('store').optional(),
  agent: id('agent').optional(),
  phone_model: id('phone model').optional(),
  lock_type: lockSolutionType.optional(),
});
export type AnalysisQuery = z.input<typeof analysisQuery>;

export const vintageCurve = z.object({
  /** The start month, YYYY-MM. */
  cohort: z.string(),
  loans: count,
  /** Cumulative paid / cumulative due at each account age in months. */
  points: z.array(z.object({ age: z.number().int(), ratio })),
});

/** The ageing categories a balance moves between from one month-end to the next (decision 024). */
export const AGEING_CATEGORIES = [
  'new',
  'current',
  'days_1_3',
  'watchful',
  'substandard',
  'doubtful',
  'non_performing',
  'written_off',
  'closed',
] as const;
export const ageingCategory = z.enum(AGEING_CATEGORIES);
export type AgeingCategory = z.infer<typeof ageingCategory>;

/** One month's migration: from the month-end before to this month-end. */
export const migrationMonth = z.object({
  monthEnd: z.string(),
  previousMonthEnd: z.string(),
  flows: z.array(z.object({ from: ageingCategory, to: ageingCategory, loans: count, balanceFrom: money, balanceTo: money })),
});
export type MigrationMonth = z.infer<typeof migrationMonth>;

export const analysis = z.object({
  report: reportName,
  asOf: z.string(),
  period: z.object({ code: analysisPeriod, from: z.string(), to: z.string() }),
  scope: analysisScope,
  totals: measureRow,
  /** What the report leads with (the bar chart's measure when a breakdown is shown). */
  headline: z.enum(MEASURES),
  breakdowns: z.array(z.object({ dimension, rows: z.array(measureRow) })),
  trend: z.array(trendPoint),
  vintage: z.array(vintageCurve),
  /** Ageing migration month to month, oldest month first (ageing_migration only, empty otherwise). */
  migration: z.array(migrationMonth),
});
export type Analysis = z.infer<typeof analysis>;

const option = z.object({ id: z.string(), label: z.string() });

/** bi_auth: who the caller is to analytics, the analyses they may open and the filter values within their scope. */
export const biAuth = z.object({
  scope: analysisScope,
  reports: z.array(reportName),
  filters: z.object({
    regions: z.array(option),
    stores: z.array(option),
    agents: z.array(option),
    phoneModels: z.array(option),
    lockTypes: z.array(option),
  }),
  /** The day the figures are as of (the last snapshot), null before the first one. */
  asOf: z.string().nullable(),
});
export type BiAuth = z.infer<typeof biAuth>;

export * from './measures';
export * from './home-figures';
