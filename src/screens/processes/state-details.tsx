import { Badge, Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allNodes, delays, edges, invocations, statePath } from '../../lib/statecharts/describe';
import { edgeLabel } from '../../lib/statecharts/diagram';
import { screenOf, type ProcessCard } from './process-card';

/** What happens in one state: its transitions with guards, the actors it runs, its timers, the screen that shows it. */
export function StateDetails({ entry, path }: { entry: ProcessCard; path: string }) {
  const { t } = useTranslation('processes');
  const machine: AnyStateMachine = entry.machine;
  const node = allNodes(machine.root).find((n) => statePath(n) === path) as AnyStateNode | undefined;
  if (!node) return null;
  const out = edges(machine.root).filter((e) => e.from === node);
  const actors = invocations(machine).filter((i) => i.state === path);
  const timers = delays(machine).filter((d) => d.state === path);
  const screen = screenOf(entry, path);
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" data-testid="state-details">
      <Heading as="h3" size="sm">
        {path}
      </Heading>
      <Box>
        <Badge>{node.type}</Badge>{' '}
        {[...node.tags].map((tag) => (
          <Badge key={tag} colorPalette="blue">
            {tag}
          </Badge>
        ))}
      </Box>
      {screen && <Text fontSize="sm">{t('processes:shownOn', { screen: screen.startsWith('/') ? screen : t(screen) })}</Text>}
      <Text fontWeight="semibold" fontSize="sm">
        {t('processes:transitions')}
      </Text>
      {out.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('processes:none')}
        </Text>
      ) : (
        <List.Root fontSize="sm" gap="1" ps="4">
          {out.map((e, i) => (
            <List.Item key={i}>
              <code>{edgeLabel(e.event, e.guard)}</code> → {e.to.map(statePath).join(', ') || t('processes:stays')}
            </List.Item>
          ))}
        </List.Root>
      )}
      <Text fontWeight="semibold" fontSize="sm">
        {t('processes:actors')}
      </Text>
      {actors.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('processes:none')}
        </Text>
      ) : (
        <List.Root fontSize="sm" ps="4">
          {actors.map((a) => (
            <List.Item key={a.id}>
              <code>{a.src}</code>
              {entry.calls[a.src] ? `: ${entry.calls[a.src]}` : ''}
            </List.Item>
          ))}
        </List.Root>
      )}
      {timers.length > 0 && (
        <>
          <Text fontWeight="semibold" fontSize="sm">
            {t('processes:delays')}
          </Text>
          <List.Root fontSize="sm" ps="4">
            {timers.map((d) => (
              <List.Item key={d.delay}>
                <code>{d.delay}</code>: {d.ms === null ? t('processes:computedDelay') : t('processes:ms', { ms: d.ms })}
              </List.Item>
            ))}
          </List.Root>
        </>
      )}
    </Stack>
  );
}
