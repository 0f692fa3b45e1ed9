import { z } from 'zod';

/**
 * The measures of a group of loans (decision 017), shared by the analyses (analytics.ts) and the home page's figures
 * (home-figures.ts). Apart so that the home page builds only the schemas it reads (issue 16): zod builds each schema
 * when its module is first run, on the main thread of a low-end phone.
 */

export const ratio = z.number().nullable();
export const money = z.number().int();
export const count = z.number().int();

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

export const scopeKind = z.enum(['all', 'shop_owner', 'region', 'agent']);
export type ScopeKind = z.infer<typeof scopeKind>;
export const analysisScope = z.object({ kind: scopeKind, label: z.string().nullable() });
