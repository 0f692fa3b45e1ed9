import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allNodes, children, edges, eventLabel } from './describe';

/** A state's id in Mermaid: its own name where that is unique in the machine, else its path. */
function mermaidId(node: AnyStateNode): string {
  let root = node;
  while (root.parent) root = root.parent;
  const sameName = allNodes(root).filter((n) => n.key === node.key).length;
  return sameName === 1 ? node.key : node.path.join('_') || 'root';
}

function mermaidBlock(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const kids = children(node);
  if (node.type === 'parallel') {
    kids.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      lines.push(...declare(child, indent));
    });
    return lines;
  }
  const initial = (node.initial?.target ?? [])[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of kids) lines.push(...declare(child, indent));
  return lines;
}

function declare(node: AnyStateNode, indent: string): string[] {
  const id = mermaidId(node);
  if (children(node).length === 0) {
    const lines = [id === node.key ? `${indent}state ${id}` : `${indent}state "${node.key}" as ${id}`];
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
    return lines;
  }
  // Mermaid names a composite state by its id only.
  return [`${indent}state ${id} {`, ...mermaidBlock(node, `${indent}  `), `${indent}}`];
}

/** A Mermaid stateDiagram-v2 of the machine: nested states as composite states, transitions labelled. */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', ...mermaidBlock(machine.root, '  ')];
  for (const edge of edges(machine.root)) {
    const label = eventLabel(edge.event) + (edge.guard ? ` [${edge.guard}]` : '');
    for (const target of edge.to) lines.push(`  ${mermaidId(edge.from)} --> ${mermaidId(target)}: ${label}`);
  }
  return lines.join('\n');
}
