import { useEffect, useMemo, useRef } from 'react';
import { Badge, Button, ButtonGroup, Card, Collapsible, Grid, HStack, Heading, IconButton, List, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { TFunction } from 'i18next';
import { useLiveActor } from '../common/live-actors';
import { useLiveLogic } from '../common/live-logic';
import { allNodes, edges, statePath } from '../../lib/statecharts/describe';
import { shortestPaths } from '../../lib/statecharts/paths';
import type { ExportFormat } from '../../machines/process-explorer.machine';
import { LoadFailure } from '../common/load-failure';
import type { CoverageFigures, ProcessCard } from './process-card';
import { ProcessDiagram, type DiagramProps } from './diagram';
import { StateDetails } from './state-details';

const FORMATS: ExportFormat[] = ['svg', 'png', 'mermaid', 'scxml', 'json'];
const NO_STATES: ReadonlySet<string> = new Set();

/** The diagram with the states a running actor of this process is in now highlighted. */
function LiveDiagram({ actor, entry, ...props }: { actor: AnyActorRef; entry: ProcessCard } & Omit<DiagramProps, 'active'>) {
  const { t } = useTranslation('processes');
  const snapshot = useSelector(actor, (s) => s as AnyMachineSnapshot);
  const active = useMemo(
    () =>
      new Set(
        allNodes(entry.machine.root)
          .map(statePath)
          .filter((p) => p && snapshot.matches(p as never)),
      ),
    [entry, snapshot],
  );
  return (
    <>
      <Text fontSize="sm" data-testid="live-view">
        <Badge colorPalette="blue">{t('processes:live')}</Badge> {t('processes:liveNow', { states: [...active].join(', ') })}
      </Text>
      <ProcessDiagram {...props} active={active} />
    </>
  );
}

function coverageText(t: TFunction, c: CoverageFigures | undefined) {
  if (!c) return t('processes:noModelTest');
  const pct = (a: number, b: number) => (b ? Math.floor((a / b) * 1000) / 10 : 100);
  return t('processes:coverage', {
    states: pct(c.states.reached, c.states.total),
    transitions: pct(c.transitions.reached, c.transitions.total),
  });
}

/** Processes (VIEW_ANALYTICS or any ANALYTICS role): every statechart, drawn, explained and downloadable. */
export default function ProcessesScreen() {
  const { t } = useTranslation('processes');
  const [search, setSearch] = useSearchParams();
  const processes = useLiveLogic('processes');
  const explorer = useActorRef(useLiveLogic('processExplorer'), { input: { processId: search.get('process') } });
  const processId = useSelector(explorer, (s) => s.context.processId);
  const diagram = useSelector(explorer, (s) => s.context.diagram);
  const selected = useSelector(explorer, (s) => s.context.selected);
  const zoom = useSelector(explorer, (s) => s.context.zoom);
  const panX = useSelector(explorer, (s) => s.context.panX);
  const panY = useSelector(explorer, (s) => s.context.panY);
  const busy = useSelector(explorer, (s) => s.hasTag('busy'));
  const failure = useSelector(explorer, (s) => (s.matches('failed') ? s.context.failure : null));
  const entry = processes.find((p) => p.machine.id === processId);
  const live = useLiveActor(processId);
  const paths = useMemo(() => (entry ? shortestPaths(entry.machine) : []), [entry]);

  const diagramProps = diagram &&
    entry && {
      diagram,
      zoom,
      panX,
      panY,
      selected,
      label: t('processes:diagramOf', { process: entry.machine.id }),
      onSelect: (path: string) => explorer.send({ type: 'state.selected', path }),
      onPan: (dx: number, dy: number) => explorer.send({ type: 'view.panned', dx, dy }),
      onZoom: (by: number) => explorer.send({ type: 'view.zoomed', by }),
    };

  // The chosen process comes into view (issue 17: a long one was drawn at the top of the page, out of view of the
  // list the user clicked, on a screen where the list and the diagram are stacked).
  const drawing = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  const choose = (id: string) => {
    setSearch({ process: id });
    chosen.current = true;
    explorer.send({ type: 'process.chosen', id });
  };
  const drawn = !!(entry && diagram);
  useEffect(() => {
    if (!drawn || !chosen.current) return;
    chosen.current = false;
    drawing.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [drawn, processId]);

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="lg">
          {t('processes:title')}
        </Heading>
        <Text color="fg.muted">{t('processes:intro')}</Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', xl: '280px 1fr' }} gap="5" alignItems="start">
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t('processes:list')}>
          {processes.map((p) => (
            <li key={p.machine.id}>
              <Card.Root
                size="sm"
                variant={p.machine.id === processId ? 'subtle' : 'outline'}
                borderColor={p.machine.id === processId ? 'blue.solid' : undefined}
              >
                <Card.Body gap="1">
                  <Button
                    variant="plain"
                    p="0"
                    h="auto"
                    justifyContent="start"
                    fontWeight="semibold"
                    onClick={() => choose(p.machine.id)}
                    aria-current={p.machine.id === processId || undefined}
                  >
                    {p.machine.id}
                  </Button>
                  <Text fontSize="sm">{t(p.description)}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {t('processes:size', { states: allNodes(p.machine.root).length - 1, transitions: edges(p.machine.root).length })} ·{' '}
                    {coverageText(t, p.coverage)}
                  </Text>
                </Card.Body>
              </Card.Root>
            </li>
          ))}
        </Stack>
        <Stack gap="4" minW="0" ref={drawing} scrollMarginTop="80px">
          {!entry && !busy && <Text color="fg.muted">{t('processes:choose')}</Text>}
          {busy && (
            <Text color="fg.muted" role="status">
              {t('processes:layingOut')}
            </Text>
          )}
          {failure && <LoadFailure failure={failure} onRetry={() => explorer.send({ type: 'layout.retry' })} />}
          {entry && diagramProps && (
            <>
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Heading as="h2" size="md">
                  {entry.machine.id}
                </Heading>
                <HStack wrap="wrap" gap="2">
                  <ButtonGroup size="xs" variant="outline" attached>
                    <IconButton aria-label={t('processes:zoomOut')} onClick={() => explorer.send({ type: 'view.zoomed', by: 1 / 1.25 })}>
                      −
                    </IconButton>
                    <Button onClick={() => explorer.send({ type: 'view.reset' })}>{Math.round(zoom * 100)}%</Button>
                    <IconButton aria-label={t('processes:zoomIn')} onClick={() => explorer.send({ type: 'view.zoomed', by: 1.25 })}>
                      +
                    </IconButton>
                  </ButtonGroup>
                  <ButtonGroup size="xs" variant="outline">
                    {FORMATS.map((format) => (
                      <Button
                        key={format}
                        onClick={() => explorer.send({ type: 'export.requested', format })}
                        aria-label={t('processes:download', { format: format.toUpperCase() })}
                      >
                        {format.toUpperCase()}
                      </Button>
                    ))}
                  </ButtonGroup>
                </HStack>
              </HStack>
              {live ? (
                <LiveDiagram actor={live} entry={entry} {...diagramProps} />
              ) : (
                <ProcessDiagram {...diagramProps} active={NO_STATES} />
              )}
              {selected ? (
                <StateDetails entry={entry} path={selected} />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('processes:clickState')}
                </Text>
              )}
              <Collapsible.Root>
                <Collapsible.Trigger asChild>
                  <Button variant="outline" size="sm" alignSelf="start">
                    {t('processes:paths')}
                  </Button>
                </Collapsible.Trigger>
                <Collapsible.Content>
                  <List.Root as="ol" fontSize="sm" gap="1" ps="5" pt="3" data-testid="paths">
                    {paths.map((p) => (
                      <List.Item key={p.state}>
                        <code>{p.state}</code>:{' '}
                        {p.events === null ? t('processes:unreachable') : p.events.length ? p.events.join(' → ') : t('processes:start')}
                      </List.Item>
                    ))}
                  </List.Root>
                </Collapsible.Content>
              </Collapsible.Root>
            </>
          )}
        </Stack>
      </Grid>
    </Stack>
  );
}
