// @ts-check
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * Two parts of a machine file are not behaviour, so the mutation run leaves them alone:
 * - `setup({ types })`: type parameters only, erased at run time (a mutant there is always equivalent);
 * - `setup({ actors })`: placeholder implementations that every caller replaces with `machine.provide()`.
 * Everything else in the machine (states, targets, guards, actions, delays, context) is mutated.
 */
const IGNORED_SETUP_KEYS = new Set(['types', 'actors']);

/** @param {any} path a Babel NodePath */
function insideSetupKey(path) {
  for (let p = path; p; p = p.parentPath) {
    if (!p.isObjectProperty?.()) continue;
    const key = p.node.key;
    const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
    if (!name || !IGNORED_SETUP_KEYS.has(name)) continue;
    const call = p.parentPath?.parentPath;
    if (call?.isCallExpression?.() && call.node.callee.type === 'Identifier' && call.node.callee.name === 'setup') return name;
  }
  return undefined;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-setup', {
    shouldIgnore(path) {
      const key = insideSetupKey(path);
      return key && `setup({ ${key} }) is ${key === 'types' ? 'types only' : 'placeholders that machine.provide() replaces'}`;
    },
  }),
];
