import { processExplorerMachine } from '../../src/machines/process-explorer.machine';
import type { Diagram } from '../../src/lib/statecharts/diagram';
import type { ModelSpec } from './coverage';

export const diagram: Diagram = {
  width: 200,
  height: 100,
  nodes: [{ path: 'light', label: 'light', x: 0, y: 0, width: 80, height: 36, compound: false, final: false, initial: true }],
  edges: [],
};
export const layoutFailure = { status: null, message: 'layout engine crashed' };

/** The explorer's model: nothing chosen, a process laid out or failing, then looking around and exporting. */
export const processExplorerModel: ModelSpec<typeof processExplorerMachine> = {
  machine: processExplorerMachine,
  input: { processId: null },
  events: [
    { type: 'xstate.done.actor.layoutProcess', output: null },
    { type: 'xstate.done.actor.layoutProcess', output: diagram },
    { type: 'xstate.error.actor.layoutProcess', error: layoutFailure },
    { type: 'process.chosen', id: 'theme' },
    { type: 'layout.retry' },
    { type: 'state.selected', path: 'light' },
    { type: 'state.cleared' },
    { type: 'view.zoomed', by: 2 },
    { type: 'view.panned', dx: 1500, dy: -900 },
    { type: 'view.reset' },
    { type: 'export.requested', format: 'scxml' },
  ],
};
