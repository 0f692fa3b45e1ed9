import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { AnyStateNode } from 'xstate';
import { loadMachines } from '../../scripts/statecharts-render';
import { toScxml } from '../../src/lib/statecharts/scxml';

const machines = await loadMachines();
// libxml2's xmllint compiled to WebAssembly: the same validator as Debian's, with nothing to install. scxml.xsd
// imports xml.xsd by its file name, so both are given under the names the import uses.
const schemaFile = (fileName: string) => ({ fileName, contents: readFileSync(`tests/fixtures/scxml/${fileName}`, 'utf8') });
const schema = schemaFile('scxml.xsd');
const preload = [schemaFile('xml.xsd')];
const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap((n) => nodes(n as AnyStateNode))];

describe.each(machines.map((m) => ({ id: m.id, machine: m })))('SCXML of $id', ({ id, machine }) => {
  const xml = toScxml(machine);

  it('validates against the W3C SCXML 1.0 schema (xmllint-wasm)', async () => {
    const result = await validateXML({ xml: { fileName: `${id}.scxml`, contents: xml }, schema, preload });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('reads back with the same states and transitions', () => {
    const doc = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
    const states = [...doc.querySelectorAll('state, parallel, final')].map((e) => e.getAttribute('id')).sort();
    expect(states).toEqual(
      nodes(machine.root)
        .map((n) => n.id)
        .sort(),
    );
    const read = [...doc.querySelectorAll('transition')].map((t) =>
      [t.parentElement!.getAttribute('id'), t.getAttribute('event'), t.getAttribute('cond') ?? '', t.getAttribute('target') ?? ''].join(
        ' | ',
      ),
    );
    const expected = nodes(machine.root).flatMap((n) =>
      [...n.transitions].flatMap(([event, defs]) =>
        defs.map((d) => {
          const guard = d.guard as { type?: string } | string | undefined;
          const cond = typeof guard === 'string' ? guard : (guard?.type ?? '');
          return [n.id, event, cond, ((d.target ?? []) as AnyStateNode[]).map((t) => t.id).join(' ')].join(' | ');
        }),
      ),
    );
    expect(read.sort()).toEqual(expected.sort());
    const invoked = [...doc.querySelectorAll('invoke')].map((e) => `${e.parentElement!.getAttribute('id')} ${e.getAttribute('src')}`);
    const actors = nodes(machine.root).flatMap((n) =>
      (n.invoke as Array<{ id: string; src: unknown }>).map((i) => `${n.id} actor:${typeof i.src === 'string' ? i.src : i.id}`),
    );
    expect(invoked.sort()).toEqual(actors.sort());
  });
});
