import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allNodes, children, edges, eventLabel, statePath } from './describe';

/** A machine laid out for drawing: nested boxes and labelled arrows, in one coordinate system. */
export interface DiagramNode {
  /** The state's dotted path ('' is the machine itself, not drawn). */
  path: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
  final: boolean;
  initial: boolean;
}

export interface DiagramEdge {
  id: string;
  label: string;
  points: Array<{ x: number; y: number }>;
  labelAt: { x: number; y: number } | null;
}

export interface Diagram {
  width: number;
  height: number;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

/** The little of ELK's JSON graph this needs (elkjs's own types are loose about output coordinates). */
export interface ElkInputNode {
  id: string;
  width?: number;
  height?: number;
  labels?: Array<{ text: string; width: number; height: number }>;
  layoutOptions?: Record<string, string>;
  children?: ElkInputNode[];
  edges?: Array<{ id: string; sources: string[]; targets: string[]; labels?: Array<{ text: string; width: number; height: number }> }>;
}

export interface ElkOutputNode {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  children?: ElkOutputNode[];
  edges?: Array<{
    id: string;
    sections?: Array<{
      startPoint: { x: number; y: number };
      endPoint: { x: number; y: number };
      bendPoints?: Array<{ x: number; y: number }>;
    }>;
    labels?: Array<{ x?: number; y?: number; width?: number }>;
  }>;
}

export type LayoutEngine = (graph: ElkInputNode) => Promise<ElkOutputNode>;

/** Room per character at the diagram's 13 px text (a wide estimate, so labels never run over their box). */
const CHAR = 8;
const textWidth = (text: string) => Math.ceil(text.length * CHAR) + 16;

/**
 * A state's name in words rather than as its code identifier (issue 17): 'loadingRoles' is "Loading roles",
 * 'wizard_abandoned' is "Wizard abandoned". The path stays in the state's accessible name and details.
 */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
const id = (node: AnyStateNode) => `n:${statePath(node) || '(root)'}`;

/** The id of the drawn diagram on the page: the explorer's SVG and PNG downloads read it from there. */
export const DIAGRAM_ELEMENT_ID = 'process-diagram';

export function edgeLabel(event: string, guard?: string): string {
  return eventLabel(event) + (guard ? ` [${guard}]` : '');
}

const isAncestor = (node: AnyStateNode, of: AnyStateNode): boolean => !!of.parent && (of.parent === node || isAncestor(node, of.parent));
/** A transition of a state into its own inside (or of the machine itself) starts at an "any state" marker in it. */
export const ANY = '*';
const anyId = (node: AnyStateNode) => `${id(node)}~any`;

/** ELK's input for a machine: every state a node (compound ones hold their children), every transition an edge. */
export function toElkGraph(machine: AnyStateMachine): ElkInputNode {
  const all = edges(machine.root);
  const inward = new Set(
    all.filter((e) => e.to.some((t) => isAncestor(e.from, t)) || (e.to.length === 0 && e.from === machine.root)).map((e) => e.from),
  );
  const build = (node: AnyStateNode): ElkInputNode => {
    const kids = children(node);
    const label = node === machine.root ? machine.id : humanise(node.key);
    if (kids.length === 0)
      return {
        id: id(node),
        width: Math.max(textWidth(label), 70),
        height: 40,
        labels: [{ text: label, width: textWidth(label), height: 18 }],
      };
    return {
      id: id(node),
      labels: [{ text: label, width: textWidth(label), height: 18 }],
      // A box at least as wide as its name (ELK sizes a compound state by its children alone otherwise).
      layoutOptions: {
        'elk.padding': '[top=32,left=14,bottom=14,right=14]',
        'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
        'elk.nodeSize.constraints': '[NODE_LABELS, MINIMUM_SIZE]',
        'elk.nodeSize.minimum': `(${textWidth(label) + 14}, 40)`,
      },
      children: [
        ...(inward.has(node) ? [{ id: anyId(node), width: 36, height: 24, labels: [{ text: ANY, width: 12, height: 14 }] }] : []),
        ...kids.map(build),
      ],
    };
  };
  const root = build(machine.root);
  root.layoutOptions = {
    'elk.algorithm': 'layered',
    'elk.direction': 'DOWN',
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.layered.spacing.nodeNodeBetweenLayers': '40',
    'elk.spacing.nodeNode': '30',
    'elk.spacing.edgeLabel': '4',
    'elk.json.shapeCoords': 'ROOT',
    'elk.json.edgeCoords': 'ROOT',
  };
  // A transition that stays (actions only) is drawn as a loop on its state.
  root.edges = all.flatMap((e, i) =>
    (e.to.length ? e.to : [e.from]).map((target, j) => {
      const text = edgeLabel(e.event, e.guard);
      const source = isAncestor(e.from, target) || (target === e.from && target === machine.root) ? anyId(e.from) : id(e.from);
      return {
        id: `e${i}.${j}`,
        sources: [source],
        targets: [id(target)],
        labels: [{ text, width: Math.ceil(text.length * 7) + 12, height: 16 }],
      };
    }),
  );
  return root;
}

/** Lays a machine out with the given engine (ELK in the portal) and flattens the result for drawing. */
export async function layoutMachine(machine: AnyStateMachine, engine: LayoutEngine): Promise<Diagram> {
  const input = toElkGraph(machine);
  const output = await engine(input);
  const byId = new Map(allNodes(machine.root).map((n) => [id(n), n]));
  const initials = new Set(allNodes(machine.root).flatMap((n) => ((n.initial?.target ?? []) as AnyStateNode[]).map((t) => id(t))));
  const nodes: DiagramNode[] = [];
  const walk = (n: ElkOutputNode) => {
    if (n.id.endsWith('~any')) {
      const owner = byId.get(n.id.slice(0, -'~any'.length))!;
      const path = statePath(owner);
      nodes.push({
        path: path ? `${path}.${ANY}` : ANY,
        label: ANY,
        x: n.x ?? 0,
        y: n.y ?? 0,
        width: n.width ?? 0,
        height: n.height ?? 0,
        compound: false,
        final: false,
        initial: false,
      });
    }
    const state = byId.get(n.id);
    if (state && state !== machine.root) {
      nodes.push({
        path: statePath(state),
        label: humanise(state.key),
        x: n.x ?? 0,
        y: n.y ?? 0,
        width: n.width ?? 0,
        height: n.height ?? 0,
        compound: children(state).length > 0,
        final: state.type === 'final',
        initial: initials.has(n.id),
      });
    }
    n.children?.forEach(walk);
  };
  walk(output);
  const labels = new Map((input.edges ?? []).map((e) => [e.id, e.labels?.[0]?.text ?? '']));
  const outEdges: DiagramEdge[] = [];
  const collect = (n: ElkOutputNode) => {
    for (const e of n.edges ?? []) {
      const section = e.sections?.[0];
      if (!section) continue;
      const label = e.labels?.[0];
      outEdges.push({
        id: e.id,
        label: labels.get(e.id) ?? '',
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
        labelAt: label && label.x !== undefined && label.y !== undefined ? { x: label.x, y: label.y } : null,
      });
    }
    n.children?.forEach(collect);
  };
  collect(output);
  return { width: output.width ?? 0, height: output.height ?? 0, nodes, edges: outEdges };
}
