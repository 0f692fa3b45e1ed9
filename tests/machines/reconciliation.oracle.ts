import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { differencesOpen, duplicateStatement, reconciliationModel, runDetail } from './reconciliation.model';

/**
 * Issue 13 (reconciliation of mobile-money statements) and decision 018: finance uploads a provider statement for
 * a period or opens an earlier run; the run's differences are listed page by page; each is resolved with a reason
 * and the run is read again so the list and its counts are the server's; a second person signs it off. A refused
 * upload keeps the form with the reason (a statement uploaded twice, columns not matching); a refused resolution or
 * sign-off keeps the run with the reason. Nothing can be sent twice while it is under way.
 */
const values = { provider: 'mpesa', from: '2026-10-01', to: '2026-10-31' };
const upload = { type: 'statement.uploaded', values };
const uploaded = { type: 'xstate.done.actor.uploadStatement', output: { id: 7 } };
const uploadRefused = { type: 'xstate.error.actor.uploadStatement', error: duplicateStatement };
const open3 = { type: 'run.opened', runId: 3 };
const loaded = { type: 'xstate.done.actor.loadRun', output: runDetail };
const serverError = { status: 500, message: 'Something went wrong on the server' };
const loadFails = { type: 'xstate.error.actor.loadRun', error: serverError };
const retry = { type: 'load.retry' };
const allLines = { type: 'lines.shown', view: { show: 'all', skip: 50 } };
const resolve = { type: 'line.resolved', lineId: 41, resolution: 'record_payment', reason: 'Callback never arrived' };
const resolved = { type: 'xstate.done.actor.resolveLine', output: { id: 41, resolution: 'record_payment' } };
const locked = { status: 409, message: 'This run is signed off', reason: 'run_locked' };
const resolveRefused = { type: 'xstate.error.actor.resolveLine', error: locked };
const signOff = { type: 'run.signedOff' };
const signed = { type: 'xstate.done.actor.signOff', output: { id: 7, status: 'signed_off' } };
const signOffRefused = { type: 'xstate.error.actor.signOff', error: differencesOpen };
const fresh = { type: 'statement.new' };
const differences = { show: 'differences', skip: 0 };

export const reconciliationOracle: Oracle<typeof reconciliationModel.machine> = {
  model: reconciliationModel,
  initial: {
    check: (s) => expect(s.machine.id, 'the id the statechart exports are named by').toBe('reconciliation'),
    state: 'choosing',
    context: { runId: null, detail: null, view: differences, failure: null },
    tags: { busy: false },
  },
  scenarios: [
    {
      name: 'uploaded, its differences listed, one resolved (the run read again), signed off',
      steps: [
        { event: upload, state: 'uploading', tags: { busy: true }, invoked: { uploadStatement: { values } } },
        { event: uploaded, state: 'loading', context: { runId: 7 }, invoked: { loadRun: { runId: 7, view: differences } } },
        { event: loaded, state: 'reviewing', context: { detail: runDetail, failure: null }, tags: { busy: false } },
        {
          event: resolve,
          state: 'resolving',
          tags: { busy: true },
          invoked: { resolveLine: { runId: 7, lineId: 41, resolution: 'record_payment', reason: 'Callback never arrived' } },
        },
        { event: resolved, state: 'loading', invoked: { loadRun: { runId: 7, view: differences } } },
        { event: loaded, state: 'reviewing' },
        { event: signOff, state: 'signingOff', tags: { busy: true }, invoked: { signOff: { runId: 7 } } },
        // Signed off: every line is shown, the run now locked.
        { event: signed, state: 'loading', invoked: { loadRun: { runId: 7, view: { show: 'all', skip: 0 } } } },
        { event: loaded, state: 'reviewing', context: { runId: 7, failure: null } },
      ],
    },
    {
      name: 'a statement uploaded twice is refused: the form stays with the reason, sent again',
      steps: [
        { event: upload, state: 'uploading' },
        { event: uploadRefused, state: 'choosing', context: { failure: duplicateStatement, runId: null }, tags: { busy: false } },
        { event: upload, state: 'uploading', context: { failure: null } },
      ],
    },
    {
      name: 'an earlier run opened; its load fails and is retried; paged; another run; a new statement',
      steps: [
        { event: open3, state: 'loading', context: { runId: 3, view: differences }, invoked: { loadRun: { runId: 3, view: differences } } },
        { event: loadFails, state: 'loadFailed', context: { failure: serverError } },
        { event: retry, state: 'loading', context: { failure: null }, invoked: { loadRun: { runId: 3, view: differences } } },
        { event: loaded, state: 'reviewing' },
        {
          event: allLines,
          state: 'loading',
          context: { view: { show: 'all', skip: 50 } },
          invoked: { loadRun: { runId: 3, view: { show: 'all', skip: 50 } } },
        },
        { event: loaded, state: 'reviewing' },
        { event: open3, state: 'loading', context: { runId: 3, view: differences, detail: null } },
        { event: loadFails, state: 'loadFailed' },
        { event: fresh, state: 'choosing' },
      ],
    },
    {
      name: 'a refused resolution and a refused sign-off keep the run with the reason; then a new statement',
      steps: [
        { event: open3, state: 'loading' },
        { event: loaded, state: 'reviewing' },
        { event: resolve, state: 'resolving' },
        { event: resolveRefused, state: 'reviewing', context: { failure: locked, detail: runDetail } },
        { event: signOff, state: 'signingOff', context: { failure: null } },
        { event: signOffRefused, state: 'reviewing', context: { failure: differencesOpen } },
        { event: fresh, state: 'choosing', context: { runId: null, detail: null, failure: null } },
      ],
    },
  ],
  refuses: {
    choosing: [resolve, signOff, retry, allLines],
    uploading: [upload, open3, fresh],
    loading: [resolve, signOff, upload],
    loadFailed: [resolve, signOff, upload],
    reviewing: [retry, upload],
    resolving: [resolve, signOff, fresh, open3],
    signingOff: [signOff, resolve, fresh, open3],
  } satisfies Record<string, AnyEventObject[]>,
};
