import { z } from 'zod';
import { analysisScope, count, measureRow, money, ratio, trendPoint } from './measures';
import { PROVIDERS } from './providers';

/**
 * The home page's figures (decision 024): apart from the analyses (analytics.ts) and from the deposits and
 * reconciliation contracts, so that the dashboard's first load builds only the schemas it reads (issue 16).
 */

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
