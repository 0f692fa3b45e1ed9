import { useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ANY, DIAGRAM_ELEMENT_ID, type Diagram } from '../../lib/statecharts/diagram';

const COLORS = {
  box: '#ffffff',
  compound: '#f4f4f5',
  line: '#52525b',
  text: '#18181b',
  selected: '#dbeafe',
  active: '#1d4ed8',
  edge: '#71717a',
  label: '#3f3f46',
};

/** The widest a character of a 13 px label draws (semibold), to keep each label inside its box. */
const LABEL_CHAR = 8;

/**
 * A laid-out process as SVG: nested states as boxes, transitions as labelled arrows. Plain colours (not theme
 * tokens) so the downloaded SVG and PNG look the same anywhere. Drag to pan, wheel or buttons to zoom.
 */
export interface DiagramProps {
  diagram: Diagram;
  zoom: number;
  panX: number;
  panY: number;
  selected: string | null;
  active: ReadonlySet<string>;
  label: string;
  onSelect: (path: string) => void;
  onPan: (dx: number, dy: number) => void;
  onZoom: (by: number) => void;
}

export function ProcessDiagram({ diagram, zoom, panX, panY, selected, active, label, onSelect, onPan, onZoom }: DiagramProps) {
  const { t } = useTranslation('processes');
  const drag = useRef<{ x: number; y: number } | null>(null);
  const margin = 16;
  const width = diagram.width + margin * 2;
  const height = diagram.height + margin * 2;
  return (
    // 100% is the diagram's own size (13 px text, issue 17: fitting a long process to the panel made it 8 px): a
    // bigger one scrolls in its panel, which the keyboard can focus and scroll too.
    <Box
      overflow="auto"
      tabIndex={0}
      role="region"
      aria-label={label}
      borderWidth="1px"
      rounded="md"
      bg="white"
      h={{ base: '420px', lg: '620px' }}
      cursor={drag.current ? 'grabbing' : 'grab'}
      touchAction="none"
      onPointerDown={(e) => {
        drag.current = { x: e.clientX, y: e.clientY };
        (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (!drag.current) return;
        onPan(e.clientX - drag.current.x, e.clientY - drag.current.y);
        drag.current = { x: e.clientX, y: e.clientY };
      }}
      onPointerUp={() => (drag.current = null)}
      onPointerLeave={() => (drag.current = null)}
      onWheel={(e) => onZoom(e.deltaY < 0 ? 1.1 : 1 / 1.1)}
    >
      <svg
        id={DIAGRAM_ELEMENT_ID}
        xmlns="http://www.w3.org/2000/svg"
        // A group, not an image: its states are buttons, and an image's children are not (axe nested-interactive).
        role="group"
        aria-label={label}
        viewBox={`${-margin} ${-margin} ${width} ${height}`}
        width={width * zoom}
        height={height * zoom}
        preserveAspectRatio="xMinYMin meet"
        style={{ transform: `translate(${panX}px, ${panY}px)`, fontFamily: 'system-ui, sans-serif' }}
      >
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={COLORS.edge} />
          </marker>
        </defs>
        {diagram.nodes.map((n) => {
          const isActive = active.has(n.path);
          // Issue 17: the state's name in the reader's language (the layout leaves room for its English words).
          const name = n.label === ANY ? ANY : t(`processes:states.${n.path.split('.').pop()}`, { defaultValue: n.label });
          if (n.label === ANY) {
            return (
              <g key={n.path} aria-hidden="true">
                <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={12} fill="none" stroke={COLORS.line} strokeDasharray="3 3" />
                <text x={n.x + n.width / 2} y={n.y + n.height / 2 + 4} textAnchor="middle" fontSize={12} fill={COLORS.text}>
                  {ANY}
                </text>
              </g>
            );
          }
          return (
            <g
              key={n.path}
              role="button"
              tabIndex={0}
              aria-label={name.toLowerCase() === n.path.toLowerCase() ? name : `${name} (${n.path})`}
              aria-pressed={selected === n.path}
              data-active={isActive || undefined}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={(e) => {
                e.stopPropagation();
                onSelect(n.path);
              }}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(n.path)}
              style={{ cursor: 'pointer' }}
            >
              <rect
                x={n.x}
                y={n.y}
                width={n.width}
                height={n.height}
                rx={n.compound ? 10 : 18}
                fill={selected === n.path ? COLORS.selected : n.compound ? COLORS.compound : COLORS.box}
                stroke={isActive ? COLORS.active : COLORS.line}
                strokeWidth={isActive ? 3 : n.final ? 2.5 : 1.2}
              />
              {n.final && (
                <rect x={n.x + 3} y={n.y + 3} width={n.width - 6} height={n.height - 6} rx={15} fill="none" stroke={COLORS.line} />
              )}
              {n.initial && <circle cx={n.x - 6} cy={n.y + 8} r={4} fill={COLORS.text} />}
              <text
                x={n.compound ? n.x + 12 : n.x + n.width / 2}
                y={n.compound ? n.y + 20 : n.y + n.height / 2 + 4}
                textAnchor={n.compound ? 'start' : 'middle'}
                fontSize={13}
                fontWeight={n.compound ? 600 : 400}
                // Never wider than its box, whatever the font: squeezed rather than running over.
                {...(name.length * LABEL_CHAR > n.width - 24 && { textLength: n.width - 24, lengthAdjust: 'spacingAndGlyphs' })}
                fill={isActive ? COLORS.active : COLORS.text}
              >
                {name}
              </text>
            </g>
          );
        })}
        {diagram.edges.map((e) => (
          <g key={e.id}>
            <polyline
              points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke={COLORS.edge}
              strokeWidth={1.2}
              markerEnd="url(#arrow)"
            />
            {e.labelAt && (
              <text x={e.labelAt.x} y={e.labelAt.y + 11} fontSize={11} fill={COLORS.label}>
                {e.label}
              </text>
            )}
          </g>
        ))}
      </svg>
    </Box>
  );
}
