import { fromPromise, type AnyStateMachine } from 'xstate';
import { processExplorerMachine, type ExportFormat } from '../machines/process-explorer.machine';
import { DIAGRAM_ELEMENT_ID, layoutMachine, type ElkInputNode, type ElkOutputNode } from '../lib/statecharts/diagram';
import { toMermaid } from '../lib/statecharts/mermaid';
import { toScxml } from '../lib/statecharts/scxml';
import { saveFile } from './download';

/** Finds a process's machine by its id (the app's registry answers). */
export type MachineLookup = (id: string) => AnyStateMachine | undefined;

/** ELK, loaded with the explorer only (it is large), laying out on the main thread. */
async function elkLayout(graph: ElkInputNode): Promise<ElkOutputNode> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  return (await new ELK().layout(graph as never)) as unknown as ElkOutputNode;
}

function diagramSvg(): string {
  const shown = document.getElementById(DIAGRAM_ELEMENT_ID);
  if (!shown) throw new Error('the diagram is not on the page');
  // The file gets the diagram at its own size, without the view's zoom and pan.
  const svg = shown.cloneNode(true) as SVGSVGElement;
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '0 0 800 600').split(' ');
  svg.setAttribute('width', width!);
  svg.setAttribute('height', height!);
  svg.removeAttribute('style');
  svg.setAttribute('font-family', 'system-ui, sans-serif');
  return new XMLSerializer().serializeToString(svg);
}

async function svgToPng(svgText: string): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  await image.decode();
  const canvas = Object.assign(document.createElement('canvas'), { width: image.naturalWidth * 2, height: image.naturalHeight * 2 });
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG failed'))), 'image/png'));
}

export async function exportProcess(machineOf: MachineLookup, processId: string, format: ExportFormat): Promise<void> {
  const machine = machineOf(processId);
  if (!machine) return;
  if (format === 'mermaid') return saveFile(`${processId}.mmd`, 'text/plain', toMermaid(machine));
  if (format === 'scxml') return saveFile(`${processId}.scxml`, 'application/scxml+xml', toScxml(machine));
  if (format === 'json') return saveFile(`${processId}.json`, 'application/json', `${JSON.stringify(machine.toJSON(), null, 2)}\n`);
  if (format === 'svg') return saveFile(`${processId}.svg`, 'image/svg+xml', diagramSvg());
  return saveFile(`${processId}.png`, 'image/png', await svgToPng(diagramSvg()));
}

/** The explorer over the given processes, with ELK and the browser's downloads; a failed download is told to `onExportFailed`. */
export const liveProcessExplorer = (machineOf: MachineLookup, onExportFailed: () => void) =>
  processExplorerMachine.provide({
    actors: {
      layoutProcess: fromPromise(async ({ input }: { input: { processId: string | null } }) => {
        if (!input.processId) return null;
        const machine = machineOf(input.processId);
        if (!machine) throw { status: 404, message: `No process ${input.processId}` };
        return layoutMachine(machine, elkLayout);
      }),
    },
    actions: {
      exportProcess: (_, params) => void exportProcess(machineOf, params.processId, params.format).catch(onExportFailed),
    },
  });
