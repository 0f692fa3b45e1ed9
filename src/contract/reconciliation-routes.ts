import { define, type RouteContract } from './route';
import * as r from './reconciliation';
import * as f from './finance';

const FINANCE_403 = `Needs one of ${f.FINANCE_ROLES.join(', ')}`;

/** Reconciliation of mobile-money statements and month-end close (issue 13, decision 018). */
export const reconciliationRoutes = {
  reconciliationMappings: define({
    method: 'POST',
    path: '/api/v1/reconciliation/mappings',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary: 'The custom column mappings saved by name (the providers’ own mappings are in the contract)',
    response: r.mappingList,
  }),
  saveReconciliationMapping: define({
    method: 'POST',
    path: '/api/v1/reconciliation/mappings/save',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary: 'Save a custom column mapping by name (a mapping of that name is replaced)',
    body: r.saveMapping,
    response: r.savedMapping,
  }),
  uploadStatement: define({
    method: 'POST',
    path: '/api/v1/reconciliation/upload',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary:
      'Upload a provider statement (CSV or XLSX, base64) for a period: parsed with the mapping, matched to the payments the portal recorded, kept with its differences',
    body: r.uploadStatement,
    response: r.reconciliationRun,
    created: true,
    maxBodyBytes: r.UPLOAD_BODY_BYTES,
    refusals: {
      404: 'No saved mapping with this name (reason not_found)',
      409: 'This statement was uploaded before (reason duplicate_statement; the message names the run)',
    },
  }),
  reconciliationRuns: define({
    method: 'POST',
    path: '/api/v1/reconciliation/runs',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary: 'The reconciliation runs, newest first, with their counts by kind',
    body: r.runsRequest,
    response: r.runsPage,
  }),
  reconciliationRun: define({
    method: 'POST',
    path: '/api/v1/reconciliation/run',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary: 'One run and a page of its lines (the differences by default), each with the portal payment and ledger it matched',
    body: r.runRequest,
    response: r.runDetail,
    refusals: { 404: 'No such run (reason not_found)' },
  }),
  resolveReconciliationLine: define({
    method: 'POST',
    path: '/api/v1/reconciliation/resolve',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary:
      'Resolve one difference with a reason; record_payment books money on the statement that the portal never recorded (into suspense, balanced)',
    body: r.resolveLine,
    response: r.reconciliationLine,
    refusals: {
      404: 'No such line in this run (reason not_found)',
      409: 'The run is signed off (reason run_locked), the line is resolved already or is no difference (reason not_open), or record_payment on a line that is not statement-only (reason not_statement_only)',
    },
  }),
  signOffReconciliation: define({
    method: 'POST',
    path: '/api/v1/reconciliation/sign_off',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary: 'Sign a run off when every difference is resolved: by a second person, not the uploader; the run is locked after',
    body: r.runRef,
    response: r.reconciliationRun,
    refusals: {
      403: "The caller's group lacks UPLOAD_RECONCILIATION_DOCUMENT, or the caller uploaded the run (a second person signs it off; reason own_request)",
      404: 'No such run (reason not_found)',
      409: 'Differences are still open (reason differences_open), or the run is signed off already (reason run_locked)',
    },
  }),
  statementDocument: define({
    method: 'POST',
    path: '/api/v1/reconciliation/document',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary: 'The statement file of a run as uploaded (base64)',
    body: r.runRef,
    response: r.statementDocument,
    refusals: { 404: 'No such run (reason not_found)' },
  }),
  closedPeriods: define({
    method: 'POST',
    path: '/api/v1/finance/closed_periods',
    auth: 'session',
    summary: 'The months closed so far, newest first, and the last closed day',
    response: r.closedPeriods,
    refusals: { 403: FINANCE_403 },
  }),
  closePeriod: define({
    method: 'POST',
    path: '/api/v1/finance/close_period',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary: 'Close a past month: no posting may land in it afterwards, so its statements never change',
    body: r.closeRequest,
    response: r.closedPeriod,
    created: true,
    refusals: {
      409: 'The month has not ended (reason period_not_ended), is closed already (closing a month closes every month before it; reason period_closed)',
    },
  }),
} satisfies Record<string, RouteContract>;
