import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import { RECONCILIATION_LIMITS, type Provider, type RunRequest, type SaveMapping } from '../contract/reconciliation';
import { reconciliationMachine, type LinesView } from '../machines/reconciliation.machine';
import type { ListFilter, Page } from '../machines/resource-list.machine';
import { call } from './http';
import { saveFile } from './download';
import { saveTablePdf, type PdfTable } from './pdf';

/**
 * Reconciliation's calls (issue 13, decision 018): the statement file is read in the browser only to send it
 * (base64); the server parses it (papaparse, exceljs), matches it and keeps it.
 */

/** A refusal before sending, in the shape of the server's 400, so the screen shows it the same way. */
const refused = (field: string, message: string) => Object.assign(new Error(message), { status: 400, fields: { [field]: message } });

async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const liveReconciliation = reconciliationMachine.provide({
  actors: {
    uploadStatement: fromPromise(async ({ input }) => {
      const v = input.values;
      const file = v.file as File | undefined;
      if (!file || file.size === 0) throw refused('content', 'the file is required');
      if (file.size > RECONCILIATION_LIMITS.fileBytes)
        throw refused('content', `the file is over the size limit of ${RECONCILIATION_LIMITS.fileBytes / 1024 / 1024} MB`);
      const run = await call(routes.uploadStatement, {
        body: {
          provider: String(v.provider) as Provider,
          from: String(v.from ?? ''),
          to: String(v.to ?? ''),
          file_name: file.name,
          content: await base64Of(file),
          ...(v.mapping_name ? { mapping_name: String(v.mapping_name) } : {}),
        },
      });
      return { id: run.id };
    }),
    loadRun: fromPromise<unknown, { runId: number; view: LinesView }>(({ input }) =>
      call(routes.reconciliationRun, {
        body: { run_id: input.runId, show: input.view.show, skip: input.view.skip, limit: 50 } satisfies RunRequest,
      }),
    ),
    resolveLine: fromPromise<unknown, { runId: number; lineId: number; resolution: string; reason: string }>(({ input }) =>
      call(routes.resolveReconciliationLine, {
        body: { run_id: input.runId, line_id: input.lineId, resolution: input.resolution as 'explained', reason: input.reason },
      }),
    ),
    signOff: fromPromise<unknown, { runId: number }>(({ input }) => call(routes.signOffReconciliation, { body: { run_id: input.runId } })),
  },
});

type ListInput = { limit: number; skip: number; filter: ListFilter };
export const fetchRuns = fromPromise<Page<any>, ListInput>(async ({ input }) => {
  const answer = await call(routes.reconciliationRuns, { body: { limit: Math.min(input.limit, 100), skip: input.skip } });
  return { data: answer.data, total: answer.total };
});

type LoadInput = { input: { params: unknown } };
const loader = (load: (params: any) => Promise<unknown>) =>
  fromPromise(async ({ input }: LoadInput): Promise<unknown> => load(input.params));

export const loadMappings = loader(() => call(routes.reconciliationMappings));
/** Saves a custom column mapping by name (one of that name is replaced); the answer is the mapping saved. */
export const saveMapping = loader((params: SaveMapping) => call(routes.saveReconciliationMapping, { body: params }));
export const loadClosedPeriods = loader(() => call(routes.closedPeriods));
/** Saves the statement of a run as it was uploaded. */
export const downloadDocument = loader(async (params: { run_id: number }) => {
  const doc = await call(routes.statementDocument, { body: params });
  const bytes = Uint8Array.from(atob(doc.content), (c) => c.charCodeAt(0));
  saveFile(doc.file_name, doc.content_type, new Blob([bytes], { type: doc.content_type }));
  return { file_name: doc.file_name };
});
/** A table as a PDF (jsPDF loaded on first use). */
export const exportPdf = loader((params: PdfTable) => saveTablePdf(params));
/** Closes a month (confirmed on the screen first). */
export const closeMonth = loader((params: { month: string; reason: string }) => call(routes.closePeriod, { body: params }));
