import { assign, fromPromise, setup } from 'xstate';
import type { Diagram } from '../lib/statecharts/diagram';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

export type ExportFormat = 'svg' | 'png' | 'mermaid' | 'scxml' | 'json';

export interface ExplorerContext {
  processId: string | null;
  diagram: Diagram | null;
  selected: string | null;
  zoom: number;
  panX: number;
  panY: number;
  failure: CallFailure | null;
}

export type ExplorerEvent =
  | { type: 'process.chosen'; id: string }
  | { type: 'layout.retry' }
  | { type: 'state.selected'; path: string }
  | { type: 'state.cleared' }
  | { type: 'view.zoomed'; by: number }
  | { type: 'view.panned'; dx: number; dy: number }
  | { type: 'view.reset' }
  | { type: 'export.requested'; format: ExportFormat };

export const ZOOM = { min: 0.25, max: 4 };
/** How far the diagram may be dragged from its place, in screen pixels, each way. */
export const PAN_LIMIT = 2000;
const clampPan = (value: number) => Math.min(PAN_LIMIT, Math.max(-PAN_LIMIT, value));
const home = { zoom: 1, panX: 0, panY: 0 };

/** The process explorer: choose a process, lay it out, then look around it (select, zoom, pan) and export it. */
export const processExplorerMachine = setup({
  types: {
    context: {} as ExplorerContext,
    events: {} as ExplorerEvent,
    input: {} as { processId?: string | null },
  },
  actors: {
    /** Lays the chosen process out; answers null when none is chosen. */
    layoutProcess: fromPromise<Diagram | null, { processId: string | null }>(async () => null),
  },
  actions: {
    /** Saves the process in a format (provided by the app: the download is a browser effect). */
    exportProcess: (_, _params: { processId: string; format: ExportFormat }) => undefined,
  },
  guards: {
    nothingChosen: (_, output: Diagram | null) => output === null,
  },
}).createMachine({
  id: 'processExplorer',
  context: ({ input }) => ({ processId: input.processId ?? null, diagram: null, selected: null, ...home, failure: null }),
  initial: 'layingOut',
  on: {
    'process.chosen': { target: '.layingOut', actions: assign({ processId: ({ event }) => event.id, selected: null, diagram: null }) },
  },
  states: {
    layingOut: {
      tags: ['busy'],
      invoke: {
        id: 'layoutProcess',
        src: 'layoutProcess',
        input: ({ context }) => ({ processId: context.processId }),
        onDone: [
          { guard: { type: 'nothingChosen', params: ({ event }) => event.output }, target: 'choosing' },
          { target: 'viewing', actions: assign({ diagram: ({ event }) => event.output, failure: null, ...home }) },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    choosing: {},
    failed: {
      on: { 'layout.retry': 'layingOut' },
    },
    viewing: {
      on: {
        'state.selected': { actions: assign({ selected: ({ event }) => event.path }) },
        'state.cleared': { actions: assign({ selected: null }) },
        'view.zoomed': {
          actions: assign({ zoom: ({ context, event }) => Math.min(ZOOM.max, Math.max(ZOOM.min, context.zoom * event.by)) }),
        },
        'view.panned': {
          actions: assign({
            panX: ({ context, event }) => clampPan(context.panX + event.dx),
            panY: ({ context, event }) => clampPan(context.panY + event.dy),
          }),
        },
        'view.reset': { actions: assign(home) },
        'export.requested': {
          actions: { type: 'exportProcess', params: ({ context, event }) => ({ processId: context.processId!, format: event.format }) },
        },
      },
    },
  },
});
