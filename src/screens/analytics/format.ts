import type { Dimension, Measure, MeasureRow } from '../../contract/analytics';
import { formatNumber } from '../../lib/number-format';

/** How each measure reads: a ratio as a percentage, money in TZS, a count, a decimal (stock turn, average stock). */
export const MEASURE_KIND: Record<Measure, 'ratio' | 'money' | 'count' | 'decimal'> = {
  par1: 'ratio',
  par7: 'ratio',
  par30: 'ratio',
  par90: 'ratio',
  collectionRate: 'ratio',
  grossReceivable: 'money',
  activeLoans: 'count',
  loansStarted: 'count',
  depositsTaken: 'money',
  writeOffRatio: 'ratio',
  firstPaymentDefault: 'ratio',
  ownershipRate: 'ratio',
  lockedArrears: 'count',
  stockTurn: 'decimal',
  handsetsSold: 'count',
  averageStock: 'decimal',
};

export function formatter(language: string) {
  return (measure: Measure, value: number | null): string => {
    if (value === null) return '–';
    const kind = MEASURE_KIND[measure];
    if (kind === 'ratio') return formatNumber(value, 'percent', language);
    if (kind === 'decimal') return formatNumber(value, 'decimal', language);
    if (kind === 'money') return `TZS ${formatNumber(value, 'whole', language)}`;
    return formatNumber(value, 'whole', language);
  };
}

/** The defaulters list behind a figure about late loans (the list reads agent, store or region, and category). */
export function drillHref(dimension: Dimension, row: Pick<MeasureRow, 'key'>, measure: Measure): string | undefined {
  const param = ({ agent: 'agent', store: 'store', region: 'region' } as Partial<Record<Dimension, string>>)[dimension];
  if (!param || row.key === '0') return undefined;
  if (!['par1', 'par7', 'par30', 'par90', 'lockedArrears'].includes(measure)) return undefined;
  const query = new URLSearchParams({ [param]: row.key });
  // More than 30 days late is the non-performing category (31 days or more, src/lib/defaulter-category.ts).
  if (measure === 'par30' || measure === 'par90') query.set('category', 'non-performing');
  return `/dashboard/defaulters_list?${query}`;
}
