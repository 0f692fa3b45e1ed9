import { z } from 'zod';
import { lockSolutionType } from './deposits';
import { PROVIDERS } from './reconciliation';

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

const ratio = z.number().nullable();
const money = z.number().int();
const count = z.number().int();

/** Every measure of one group of loans (decision 017 gives each formula). */
export const measureRow = z.object({
  /** The group's id in its dimension ('total' for the totals, the lock type's code for lock_type). */
  key: z.string(),
  label: z.string(),
  activeLoans: count,
  grossReceivable: money,
  par1: ratio,
  par7: ratio,
  par30: ratio,
  par90: ratio,
  /** Balance of the loans more than 30 days late (PAR 30's numerator). */
  par30Balance: money,
  loansLate: count,
  collectionRate: ratio,
  collected: money,
  due: money,
  loansStarted: count,
  depositsTaken: money,
  writtenOff: money,
  writeOffRatio: ratio,
  firstPaymentDefault: ratio,
  ownershipRate: ratio,
  lockedArrears: count,
  lockedStolen: count,
  lockedLost: count,
  /** Stock turn (decision 017): handsets sold in the period / the average handsets in stock at the end of its days. */
  handsetsSold: count,
  averageStock: z.number(),
  /** Null when nothing was in stock, and for an agent or lock type (stock belongs to a store, not to either). */
  stockTurn: ratio,
});
export type MeasureRow = z.infer<typeof measureRow>;

export const MEASURES = [
  'par1',
  'par7',
  'par30',
  'par90',
  'collectionRate',
  'grossReceivable',
  'activeLoans',
  'loansStarted',
  'depositsTaken',
  'writeOffRatio',
  'firstPaymentDefault',
  'ownershipRate',
  'lockedArrears',
  'stockTurn',
  'handsetsSold',
  'averageStock',
] as const satisfies ReadonlyArray<keyof MeasureRow>;
export type Measure = (typeof MEASURES)[number];

export const trendPoint = z.object({
  day: z.string(),
  grossReceivable: money,
  par1: ratio,
  par30: ratio,
  par90: ratio,
  collectionRate: ratio,
  loansStarted: count,
});

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

export const scopeKind = z.enum(['all', 'shop_owner', 'region', 'agent']);
export type ScopeKind = z.infer<typeof scopeKind>;
export const analysisScope = z.object({ kind: scopeKind, label: z.string().nullable() });

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

/** At most this many stores on a shop owner's or region lead's home page (the worst first). */
export const HOME_STORE_ROWS = 20;

/** The home page's unreconciled days look back this many days (yesterday and the days before). */
export const UNRECONCILED_WINDOW_DAYS = 30;

export const DEFAULTER_CATEGORY_NAMES = ['due', 'watchful', 'substandard', 'doubtful', 'non-performing'] as const;

const homeStoreFigures = z.object({
  salesThisWeek: count,
  depositsThisWeek: money,
  activeLoans: count,
  loansLate: count,
  par30Balance: money,
  par30: ratio,
  inStock: count,
});
export type HomeStoreFigures = z.infer<typeof homeStoreFigures>;

/** The home page's figures for the caller, each part present only when the caller's roles or links allow it. */
export const homeFigures = z.object({
  portfolio: z.object({ today: measureRow, trend: z.array(trendPoint) }).nullable(),
  agent: z
    .object({ salesThisWeek: count, depositsThisWeek: money, customersInArrears: count, arrearsBalance: money, inStock: count })
    .nullable(),
  approvals: z
    .object({ queues: z.array(z.object({ queue: z.string(), waiting: count, oldestSubmittedAt: z.string().nullable() })) })
    .nullable(),
  /** A shop owner's or region lead's stores (their own only): sales this week, arrears as of the last snapshot, stock now. */
  stores: z
    .object({
      scope: analysisScope,
      asOf: z.string().nullable(),
      totals: homeStoreFigures,
      /** The worst stores first (PAR 30 balance), at most HOME_STORE_ROWS. */
      rows: z.array(homeStoreFigures.extend({ storeId: z.string(), name: z.string() })),
      /** How many stores the scope holds (rows may be fewer). */
      storeCount: count,
    })
    .nullable(),
  /** A debt collector's own list (loans assigned to them, in arrears) by ageing category, and their promises. */
  collector: z
    .object({
      categories: z.array(z.object({ category: z.enum(DEFAULTER_CATEGORY_NAMES), loans: count, amountDue: money })),
      promisesDueToday: count,
      promisedToday: money,
      brokenPromises: count,
    })
    .nullable(),
  /**
   * Finance: money in suspense (count, total, the oldest payment's age in days and the amount waiting more than 7
   * days). The unreconciled days are the `reconciliation` part.
   */
  finance: z
    .object({ suspenseCount: count, suspenseAmount: money, oldestSuspenseDays: count.nullable(), suspenseOver7Days: money })
    .nullable(),
  /**
   * Reconciliation (UPLOAD_RECONCILIATION_DOCUMENT): per provider, the days of the last UNRECONCILED_WINDOW_DAYS (up
   * to yesterday) that no signed-off reconciliation run covers, how many of them an uploaded run awaits sign-off for,
   * and the last day a signed-off run covers (decision 029).
   */
  reconciliation: z
    .object({
      from: z.string(),
      to: z.string(),
      providers: z.array(
        z.object({
          provider: z.enum(PROVIDERS),
          unreconciledDays: count,
          awaitingSignOff: count,
          lastReconciledDay: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type HomeFigures = z.infer<typeof homeFigures>;
