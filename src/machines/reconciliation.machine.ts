import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

/** Which lines of a run the screen shows, and from where. */
export interface LinesView {
  show: 'differences' | 'open' | 'all';
  skip: number;
}

/**
 * Reconciling a provider statement (issue 13, decision 018): upload the file for a period (or open an earlier
 * run), review its differences page by page, resolve each with a reason (the run reloads after each), and sign it
 * off (a second person; the server refuses the uploader). A refusal keeps the step with its reason; a signed-off
 * run is locked.
 */
const machineSetup = setup({
  types: {
    context: {} as { runId: number | null; detail: unknown; view: LinesView; failure: CallFailure | null },
    events: {} as
      | { type: 'statement.uploaded'; values: Record<string, unknown> }
      | { type: 'run.opened'; runId: number }
      | { type: 'lines.shown'; view: LinesView }
      | { type: 'line.resolved'; lineId: number; resolution: 'record_payment' | 'explained'; reason: string }
      | { type: 'run.signedOff' }
      | { type: 'statement.new' }
      | { type: 'load.retry' },
  },
  actors: {
    /** Sends the statement (provider, period, file, mapping): the run it became. */
    uploadStatement: fromPromise<{ id: number }, { values: Record<string, unknown> }>(async () => ({ id: 0 })),
    /** A run and one page of its lines. */
    loadRun: fromPromise<unknown, { runId: number; view: LinesView }>(async () => null),
    resolveLine: fromPromise<unknown, { runId: number; lineId: number; resolution: string; reason: string }>(async () => null),
    signOff: fromPromise<unknown, { runId: number }>(async () => null),
  },
});

/** Opening a run (an upload just made, or one from the list): its differences from the first page. */
const opened = {
  target: 'loading',
  actions: machineSetup.assign({
    runId: ({ event }) => (event as { runId: number }).runId,
    detail: null,
    view: { show: 'differences', skip: 0 } as LinesView,
    failure: null,
  }),
} as const;

export const reconciliationMachine = machineSetup.createMachine({
  id: 'reconciliation',
  context: { runId: null, detail: null, view: { show: 'differences', skip: 0 }, failure: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: { 'statement.uploaded': { target: 'uploading', actions: assign({ failure: null }) }, 'run.opened': opened },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadStatement',
        src: 'uploadStatement',
        input: ({ event }) => ({ values: (event as { values: Record<string, unknown> }).values }),
        onDone: { target: 'loading', actions: assign({ runId: ({ event }) => event.output.id, view: { show: 'differences', skip: 0 } }) },
        onError: { target: 'choosing', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRun',
        src: 'loadRun',
        input: ({ context }) => ({ runId: context.runId!, view: context.view }),
        onDone: { target: 'reviewing', actions: assign({ detail: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading', actions: assign({ failure: null }) }, 'statement.new': 'choosing' } },
    reviewing: {
      on: {
        'lines.shown': { target: 'loading', actions: assign({ view: ({ event }) => event.view, failure: null }) },
        'line.resolved': { target: 'resolving', actions: assign({ failure: null }) },
        'run.signedOff': { target: 'signingOff', actions: assign({ failure: null }) },
        'statement.new': { target: 'choosing', actions: assign({ runId: null, detail: null, failure: null }) },
        'run.opened': opened,
      },
    },
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'resolveLine',
        src: 'resolveLine',
        input: ({ context, event }) => {
          const e = event as { lineId: number; resolution: string; reason: string };
          return { runId: context.runId!, lineId: e.lineId, resolution: e.resolution, reason: e.reason };
        },
        onDone: 'loading',
        onError: { target: 'reviewing', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    signingOff: {
      tags: ['busy'],
      invoke: {
        id: 'signOff',
        src: 'signOff',
        input: ({ context }) => ({ runId: context.runId! }),
        onDone: { target: 'loading', actions: assign({ view: { show: 'all', skip: 0 } }) },
        onError: { target: 'reviewing', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
  },
});
