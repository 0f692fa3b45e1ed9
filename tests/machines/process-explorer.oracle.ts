import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import type { Oracle } from './oracle';
import { diagram, layoutFailure, processExplorerModel } from './process-explorer.model';

/**
 * Issue 6: a list of every process; one process drawn as a diagram laid out automatically (ELK), with zoom and pan,
 * a state clicked to see its details, and downloads in SVG, PNG, Mermaid, SCXML and JSON. With nothing chosen the
 * list shows; a layout that fails says so and is retried; choosing another process lays it out afresh, from its
 * home view with nothing selected. Zoom is kept between a quarter and four times, the drag within 2000 px each way
 * (the explorer's own bounds, so the diagram cannot be lost off screen).
 */
const ctx = (over: Record<string, unknown> = {}) => ({
  processId: null,
  diagram: null,
  selected: null,
  zoom: 1,
  panX: 0,
  panY: 0,
  failure: null,
  ...over,
});
const view = (over: Record<string, unknown> = {}) => ctx({ processId: 'theme', diagram, ...over });

const exports: unknown[] = [];
const exported =
  (...expected: unknown[]) =>
  (_: AnyMachineSnapshot) =>
    expect(exports.splice(0), 'exports').toEqual(expected);

const nothing = { type: 'xstate.done.actor.layoutProcess', output: null };
const laidOut = { type: 'xstate.done.actor.layoutProcess', output: diagram };
const layoutFails = { type: 'xstate.error.actor.layoutProcess', error: layoutFailure };
const choose = (id: string) => ({ type: 'process.chosen', id });
const retry = { type: 'layout.retry' };
const select = { type: 'state.selected', path: 'light' };
const clear = { type: 'state.cleared' };
const zoom = (by: number) => ({ type: 'view.zoomed', by });
const pan = (dx: number, dy: number) => ({ type: 'view.panned', dx, dy });
const reset = { type: 'view.reset' };
const download = (format: string) => ({ type: 'export.requested', format });

const layingOut = (processId: string | null, over: Record<string, unknown> = {}) => ({
  state: 'layingOut',
  tags: { busy: true },
  context: { processId, diagram: null, selected: null, ...over },
  invoked: { layoutProcess: { processId } },
});
const viewing = (over: Record<string, unknown> = {}) => ({
  state: 'viewing',
  tags: { busy: false },
  context: view(over),
  check: exported(),
});
const toViewing = [
  { event: nothing, state: 'choosing', context: ctx(), tags: { busy: false } },
  { event: choose('theme'), ...layingOut('theme') },
  { event: laidOut, ...viewing() },
] as const;

export const processExplorerOracle: Oracle<typeof processExplorerModel.machine> = {
  model: processExplorerModel,
  initial: {
    state: 'layingOut',
    context: ctx(),
    tags: { busy: true },
    invoked: { layoutProcess: { processId: null } },
    check: (s) => {
      exports.splice(0);
      // The process's name, as the statechart exports and the explorer itself show it.
      expect(s.machine.id).toBe('processExplorer');
    },
  },
  actions: { exportProcess: (_: unknown, params: unknown) => exports.push(params) },
  scenarios: [
    {
      name: 'nothing chosen: the list; a process chosen is laid out and shown from its home view',
      steps: [...toViewing],
    },
    {
      name: 'a state selected and cleared; zoom to each bound and past it; drag to each bound and past it; reset',
      steps: [
        ...toViewing,
        { event: select, ...viewing({ selected: 'light' }) },
        { event: clear, ...viewing() },
        { event: zoom(2), ...viewing({ zoom: 2 }) },
        { event: zoom(2), ...viewing({ zoom: 4 }) },
        { event: zoom(2), ...viewing({ zoom: 4 }) },
        { event: zoom(1 / 16), ...viewing({ zoom: 0.25 }) },
        { event: zoom(0.5), ...viewing({ zoom: 0.25 }) },
        { event: zoom(3), ...viewing({ zoom: 0.75 }) },
        { event: zoom(0), ...viewing({ zoom: 0.25 }) },
        { event: pan(1500, -900), ...viewing({ zoom: 0.25, panX: 1500, panY: -900 }) },
        { event: pan(1500, -900), ...viewing({ zoom: 0.25, panX: 2000, panY: -1800 }) },
        { event: pan(1500, -900), ...viewing({ zoom: 0.25, panX: 2000, panY: -2000 }) },
        { event: pan(-4000, 4001), ...viewing({ zoom: 0.25, panX: -2000, panY: 2000 }) },
        { event: pan(-1, 0), ...viewing({ zoom: 0.25, panX: -2000, panY: 2000 }) },
        { event: pan(10, -10), ...viewing({ zoom: 0.25, panX: -1990, panY: 1990 }) },
        { event: select, ...viewing({ zoom: 0.25, panX: -1990, panY: 1990, selected: 'light' }) },
        { event: reset, ...viewing({ selected: 'light' }) },
      ],
    },
    {
      name: 'downloads in each format, of the process shown',
      steps: [
        ...toViewing,
        { event: zoom(2), ...viewing({ zoom: 2 }) },
        ...['svg', 'png', 'mermaid', 'scxml', 'json'].map((format) => ({
          event: download(format),
          state: 'viewing',
          context: view({ zoom: 2 }),
          check: exported({ processId: 'theme', format }),
        })),
      ],
    },
    {
      name: 'chosen while laid out; the layout fails, retried; another process: afresh, nothing selected',
      steps: [
        { event: choose('theme'), ...layingOut('theme') },
        { event: layoutFails, state: 'failed', context: ctx({ processId: 'theme', failure: layoutFailure }), tags: { busy: false } },
        { event: retry, ...layingOut('theme') },
        { event: layoutFails, state: 'failed', context: ctx({ processId: 'theme', failure: layoutFailure }) },
        { event: retry, ...layingOut('theme') },
        { event: laidOut, ...viewing() },
        { event: select, ...viewing({ selected: 'light' }) },
        { event: zoom(2), ...viewing({ selected: 'light', zoom: 2 }) },
        { event: pan(1500, -900), ...viewing({ selected: 'light', zoom: 2, panX: 1500, panY: -900 }) },
        { event: choose('session'), ...layingOut('session') },
        { event: laidOut, ...viewing({ processId: 'session' }) },
      ],
    },
    {
      name: 'another process chosen after a failed layout, and while one is being laid out',
      steps: [
        { event: layoutFails, state: 'failed', context: ctx({ failure: layoutFailure }) },
        { event: choose('theme'), ...layingOut('theme') },
        { event: choose('session'), ...layingOut('session') },
        { event: laidOut, ...viewing({ processId: 'session' }) },
        { event: choose('theme'), ...layingOut('theme') },
      ],
    },
  ],
  refuses: {
    layingOut: [retry, select, clear, zoom(2), pan(10, 10), reset, download('svg')],
    choosing: [retry, select, clear, zoom(2), pan(10, 10), reset, download('svg')],
    failed: [select, clear, zoom(2), pan(10, 10), reset, download('svg')],
    viewing: [retry],
  } satisfies Record<string, AnyEventObject[]>,
};
