import { reconciliationMachine } from '../../src/machines/reconciliation.machine';
import type { ModelSpec } from './coverage';

export const duplicateStatement = { status: 409, message: 'This statement was uploaded before: run 3', reason: 'duplicate_statement' };
export const differencesOpen = { status: 409, message: '2 differences are still open', reason: 'differences_open' };
export const runDetail = { run: { id: 7, status: 'open', open_differences: 2 }, data: [{ id: 41, kind: 'statement_only' }], total: 1 };

/** Upload (refused or accepted), load the run (failing, retried), page it, resolve a line, sign off (refused or done). */
export const reconciliationModel: ModelSpec<typeof reconciliationMachine> = {
  machine: reconciliationMachine,
  events: [
    { type: 'statement.uploaded', values: { provider: 'mpesa', from: '2026-10-01', to: '2026-10-31' } },
    { type: 'run.opened', runId: 3 },
    { type: 'lines.shown', view: { show: 'all', skip: 50 } },
    { type: 'line.resolved', lineId: 41, resolution: 'record_payment', reason: 'Callback never arrived' },
    { type: 'run.signedOff' },
    { type: 'statement.new' },
    { type: 'load.retry' },
    { type: 'xstate.done.actor.uploadStatement', output: { id: 7 } },
    { type: 'xstate.error.actor.uploadStatement', error: duplicateStatement },
    { type: 'xstate.done.actor.loadRun', output: runDetail },
    { type: 'xstate.error.actor.loadRun', error: { status: 500, message: 'Something went wrong on the server' } },
    { type: 'xstate.done.actor.resolveLine', output: { id: 41, resolution: 'record_payment' } },
    { type: 'xstate.error.actor.resolveLine', error: { status: 409, message: 'This run is signed off', reason: 'run_locked' } },
    { type: 'xstate.done.actor.signOff', output: { id: 7, status: 'signed_off' } },
    { type: 'xstate.error.actor.signOff', error: differencesOpen },
  ],
};
