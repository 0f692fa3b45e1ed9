import { loadMachine } from '../../machines/load.machine';

/** The load machine over one call (its own module: the home page needs it without the resource-list machine). */
export const loading = (load: NonNullable<Parameters<typeof loadMachine.provide>[0]['actors']>['load']) =>
  loadMachine.provide({ actors: { load } });
