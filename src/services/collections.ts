import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import { customerActionMachine } from '../machines/customer-action.machine';
import { loadMachine } from '../machines/load.machine';
import type { ListFilter, Page } from '../machines/resource-list.machine';
import { toCsv } from '../lib/csv';
import { call } from './http';
import { saveFile } from './download';
import { saveTablePdf } from './pdf';

/**
 * The calls of loans, defaulters and debt collection (issue 14), as the actors of the machines that run them: the
 * resource-list machine pages the lists, the load machine reads a defaulter's calls, the collectors and the reasons
 * report and writes the CSV exports, and the customer-action machine sends a call, comment, rating or assignment.
 */

const listCalls = {
  mine: routes.myDefaulters,
  npl: routes.nplDefaulters,
  all: routes.allDefaulters,
  loans: routes.lipaPolePoleLoans,
  deposits: routes.firstDeposits,
  ratings: routes.allCallRatings,
  conversion: routes.customerConversion,
  claimed: routes.claimedCustomers,
} as const;
export type CollectionListKind = keyof typeof listCalls;

const page = (kind: CollectionListKind, filter: ListFilter, limit: number, skip: number) =>
  call(listCalls[kind], { body: { ...filter, limit, skip } as never }) as Promise<Page<unknown>>;

export function fetchCollectionList(kind: CollectionListKind) {
  return fromPromise<Page<any>, { limit: number; skip: number; filter: ListFilter }>(async ({ input }) => {
    const answer = (await page(kind, input.filter, input.limit, input.skip)) as Page<unknown> & { total_estimated?: true };
    // A list of most active loans at scale answers an estimated total (issue 16): the table says "about".
    return { total: answer.total, totalEstimated: answer.total_estimated === true, data: answer.data };
  });
}

const actionCalls = {
  logCall: routes.logDebtCall,
  comment: routes.debtCallComment,
  rate: routes.debtCallRating,
  assign: routes.assignDefaulters,
  unlock: routes.promiseUnlock,
} as const;
export type CollectionActionKind = keyof typeof actionCalls;

export function liveCollectionAction(kind: CollectionActionKind) {
  return customerActionMachine.provide({
    actors: {
      submitAction: fromPromise(({ input }: { input: { values: Record<string, unknown> } }): Promise<unknown> =>
        call(actionCalls[kind], { body: input.values as never }),
      ),
    },
  });
}

/**
 * What an export asks for: the list and its filters, the file name, and the localized header and cells; for a PDF
 * (`format: 'pdf'`) also its title, the lines under it (the filters) and which columns are numbers.
 */
export interface CollectionExport {
  list: CollectionListKind;
  filter: ListFilter;
  filename: string;
  header: string[];
  cells: (row: any) => unknown[];
  format?: 'csv' | 'pdf';
  title?: string;
  lines?: string[];
  numeric?: number[];
}

/** At most this many rows go into one file (the screen says so when a list is longer). */
export const EXPORT_MAX_ROWS = 5000;

const loads = {
  calls: (params: unknown) => call(routes.debtCollectionCalls, { body: { loan_id: Number(params) } }),
  collectors: () => call(routes.debtCollectors, {}),
  reasons: (params: unknown) => call(routes.defaultersReasons, { body: params as never }),
  collected: (params: unknown) => call(routes.collectionsMade, { body: params as never }),
  due: (params: unknown) => call(routes.collectionsDue, { body: params as never }),
  /** Collections due, paged through (200 rows a call, at most EXPORT_MAX_ROWS) and saved as a CSV file. */
  dueExport: async (params: unknown) => {
    const p = params as { filter: object; filename: string; header: string[]; cells: (row: any) => unknown[] };
    const rows: unknown[] = [];
    let total: number;
    do {
      const answer = await call(routes.collectionsDue, { body: { ...p.filter, limit: 200, skip: rows.length } as never });
      total = answer.total;
      if (answer.rows.length === 0) break;
      rows.push(...answer.rows);
    } while (rows.length < Math.min(total, EXPORT_MAX_ROWS));
    const kept = rows.slice(0, EXPORT_MAX_ROWS);
    saveFile(p.filename, 'text/csv;charset=utf-8', toCsv(p.header, kept.map(p.cells)));
    return { rows: kept.length, total, truncated: total > kept.length };
  },
  /** The conversion's totals over every store and agent of the filter (its first row only is asked). */
  conversionTotals: (params: unknown) => call(routes.customerConversion, { body: { ...(params as object), limit: 1 } as never }),
  /** Pages through the list with its filters (200 a call) and saves the rows as a CSV file. */
  export: async (params: unknown) => {
    const p = params as CollectionExport;
    const first = await page(p.list, p.filter, 200, 0);
    const rows: unknown[] = [...first.data];
    let total = first.total;
    while (rows.length < Math.min(total, EXPORT_MAX_ROWS)) {
      const answer = await page(p.list, p.filter, 200, rows.length);
      total = answer.total;
      if (answer.data.length === 0) break;
      rows.push(...answer.data);
    }
    const kept = rows.slice(0, EXPORT_MAX_ROWS);
    if (p.format === 'pdf') {
      await saveTablePdf({
        filename: p.filename,
        title: p.title ?? p.filename,
        lines: p.lines ?? [],
        header: p.header,
        rows: kept.map(p.cells),
        numeric: p.numeric ?? [],
      });
    } else saveFile(p.filename, 'text/csv;charset=utf-8', toCsv(p.header, kept.map(p.cells)));
    return { rows: kept.length, total, truncated: total > kept.length };
  },
  /** A report already loaded, saved as a CSV file (or as a PDF with `format: 'pdf'`). */
  saveCsv: async (params: unknown) => {
    const p = params as {
      filename: string;
      header: string[];
      rows: unknown[][];
      format?: 'csv' | 'pdf';
      title?: string;
      lines?: string[];
      numeric?: number[];
    };
    if (p.format === 'pdf') {
      return saveTablePdf({
        filename: p.filename,
        title: p.title ?? p.filename,
        lines: p.lines ?? [],
        header: p.header,
        rows: p.rows,
        numeric: p.numeric ?? [],
      });
    }
    saveFile(p.filename, 'text/csv;charset=utf-8', toCsv(p.header, p.rows));
    return { rows: p.rows.length };
  },
} as const;
export type CollectionLoadKind = keyof typeof loads;

export function liveCollectionLoad(kind: CollectionLoadKind) {
  return loadMachine.provide({
    actors: { load: fromPromise(({ input }: { input: { params: unknown } }): Promise<unknown> => loads[kind](input.params)) },
  });
}
