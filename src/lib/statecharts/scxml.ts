import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { children, guardName } from './describe';

/**
 * W3C SCXML 1.0 of a machine: nested and parallel states, initial states, transitions with their events and guard
 * names as `cond`, invoked actors as `<invoke>`, delays as `<send>` on entry (cancelled on exit), final states.
 * XState ships no SCXML writer (its reader is internal), so this walks the state nodes itself.
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function delayOf(machine: AnyStateMachine, key: string): { delay?: string; delayexpr?: string } {
  if (/^\d+$/.test(key)) return { delay: `${key}ms` };
  const value = (machine.implementations.delays as Record<string, unknown>)[key];
  return typeof value === 'number' ? { delay: `${value}ms` } : { delayexpr: key };
}

function element(node: AnyStateNode, machine: AnyStateMachine, indent: string): string[] {
  const kids = children(node);
  const tag = node.type === 'final' ? 'final' : node.type === 'parallel' ? 'parallel' : node.type === 'history' ? 'history' : 'state';
  const attrs = [`id="${escape(node.id)}"`];
  const initial = node.type === 'compound' ? ((node.initial?.target ?? []) as AnyStateNode[]).map((t) => t.id) : [];
  if (initial.length) attrs.push(`initial="${escape(initial.join(' '))}"`);
  const inner: string[] = [];
  const afters = [...node.transitions.keys()].filter((e) => e.startsWith('xstate.after.'));
  if (afters.length) {
    inner.push(`${indent}  <onentry>`);
    for (const event of afters) {
      const key = event.slice('xstate.after.'.length).split('.')[0]!;
      const { delay, delayexpr } = delayOf(machine, key);
      const when = delay ? `delay="${delay}"` : `delayexpr="${escape(delayexpr!)}"`;
      inner.push(`${indent}    <send id="${escape(event)}" event="${escape(event)}" ${when}/>`);
    }
    inner.push(`${indent}  </onentry>`, `${indent}  <onexit>`);
    for (const event of afters) inner.push(`${indent}    <cancel sendid="${escape(event)}"/>`);
    inner.push(`${indent}  </onexit>`);
  }
  for (const [event, defs] of node.transitions) {
    for (const def of defs) {
      const t = [`event="${escape(event)}"`];
      const cond = guardName(def.guard);
      if (cond) t.push(`cond="${escape(cond)}"`);
      const targets = ((def.target ?? []) as AnyStateNode[]).map((n) => n.id);
      if (targets.length) t.push(`target="${escape(targets.join(' '))}"`);
      // XState does not re-enter a source whose descendant is the target: SCXML's internal transition.
      if (!def.reenter && targets.length && targets.every((id) => id.startsWith(`${node.id}.`))) t.push('type="internal"');
      inner.push(`${indent}  <transition ${t.join(' ')}/>`);
    }
  }
  for (const invoke of node.invoke as Array<{ id: string; src: unknown }>) {
    const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
    // An SCXML id is unique in the document; XState only needs an invoke id unique among running actors.
    inner.push(
      `${indent}  <invoke id="${escape(`${node.id}.${invoke.id}`)}" type="http://xstate.js.org/actor" src="${escape(`actor:${src}`)}"/>`,
    );
  }
  for (const child of kids) inner.push(...element(child, machine, `${indent}  `));
  if (!inner.length) return [`${indent}<${tag} ${attrs.join(' ')}/>`];
  return [`${indent}<${tag} ${attrs.join(' ')}>`, ...inner, `${indent}</${tag}>`];
}

export function toScxml(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- ${machine.id}: generated from src/machines by npm run statecharts; do not edit by hand. -->`,
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="${escape(machine.id)}" initial="${escape(root.id)}" datamodel="null">`,
  ];
  // The machine itself is a state too (it may hold transitions and actors, which <scxml> cannot).
  lines.push(...element(root, machine, '  '));
  lines.push('</scxml>', '');
  return lines.join('\n');
}
