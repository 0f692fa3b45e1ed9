import type { Dimension, Measure, MeasureRow } from '../../contract/analytics';

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

const NUMBER_OPTIONS: Record<'percent' | 'whole' | 'decimal', Intl.NumberFormatOptions> = {
  percent: { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 1 },
  whole: { maximumFractionDigits: 0 },
  decimal: { maximumFractionDigits: 2, minimumFractionDigits: 2 },
};

/**
 * The language's number formats, each made the first time it is asked for and kept: the home page and the BI screens
 * format on every draw, and each draw made three new ones.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, kind: keyof typeof NUMBER_OPTIONS): Intl.NumberFormat {
  const key = `${language} ${kind}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, NUMBER_OPTIONS[kind]);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Makes the language's number formats ahead of the draw that needs them, each in a task of its own: the first format
 * a page makes loads Intl's number data, some 60 ms on a low-end phone (4x CPU), which inside the draw that showed
 * the home page's figures made it one of the page's longest tasks (Lighthouse's total blocking time, issue 16). Made
 * while the figures are on their way, it is a short task of its own. Returns a cancel for what has not run yet.
 */
export function prepareNumberFormats(language: string): () => void {
  const kinds = Object.keys(NUMBER_OPTIONS) as Array<keyof typeof NUMBER_OPTIONS>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (index: number) => {
    const kind = kinds[index];
    if (kind === undefined) return;
    timer = setTimeout(() => {
      numberFormat(language, kind);
      next(index + 1);
    }, 0);
  };
  next(0);
  return () => clearTimeout(timer);
}

export function formatter(language: string) {
  return (measure: Measure, value: number | null): string => {
    if (value === null) return '–';
    const kind = MEASURE_KIND[measure];
    if (kind === 'ratio') return numberFormat(language, 'percent').format(value);
    if (kind === 'decimal') return numberFormat(language, 'decimal').format(value);
    if (kind === 'money') return `TZS ${numberFormat(language, 'whole').format(value)}`;
    return numberFormat(language, 'whole').format(value);
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
