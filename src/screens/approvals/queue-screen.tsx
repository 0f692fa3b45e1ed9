import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  EmptyState,
  HStack,
  Heading,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RequestQueue } from '../../contract/requests';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { ConfirmDialog } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { LoadFailure } from '../common/load-failure';
import { describeFailure } from '../common/describe-failure';
import { QUEUE_VIEWS, rolesOf } from './queue-config';
import { RequestPanel } from './request-panel';

type Row = {
  id: number;
  kind: string;
  reason: string | null;
  requested_by: { id: number; name: string };
  requested_at: string;
  waited_ms: number;
  store: { id: number; name: string } | null;
  customer: { msisdn: string; name: string } | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
} & Record<string, any>;

function waited(t: TFunction, ms: number) {
  const hours = Math.floor(ms / 3_600_000);
  return hours >= 24 ? t('approvals.waitedDays', { count: Math.floor(hours / 24) }) : t('approvals.waitedHours', { count: hours });
}

function FilterSelect({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  all: string;
  value: string | number | undefined;
  options: Array<[number | string, string]>;
  onChange: (value: string | null) => void;
}) {
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field aria-label={label} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value || null)}>
        <option value="">{all}</option>
        {options.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A queue of pending requests: oldest first, select and decide one or many, each with its own result. */
export default function QueueScreen({ queue }: { queue: RequestQueue }) {
  const { t, i18n } = useTranslation(['translation', 'audit']);
  const held = useRoles();
  const rules = rolesOf(queue);
  const view = QUEUE_VIEWS[queue];
  const list = useActorRef(useLiveLogic('approvalQueue')(queue), { input: {} });
  const items = useSelector(list, (s) => s.context.items) as Row[];
  const selected = useSelector(list, (s) => s.context.selected);
  const results = useSelector(list, (s) => s.context.results);
  const filter = useSelector(list, (s) => s.context.filter);
  const loading = useSelector(list, (s) => s.matches('loading'));
  const deciding = useSelector(list, (s) => s.matches('deciding'));
  const loadFailure = useSelector(list, (s) => (s.matches('failed') ? s.context.failure : null));
  const decideFailure = useSelector(list, (s) => (s.matches('ready') ? s.context.failure : null));
  const [dialog, setDialog] = useState<'approve' | 'deny' | null>(null);
  const [comment, setComment] = useState('');
  const [opened, setOpened] = useState<number | null>(null);
  const openedItem = items.find((i) => i.id === opened);
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const stores = [...new Map(items.filter((i) => i.store).map((i) => [i.store!.id, i.store!.name])).entries()];
  const makers = [...new Map(items.map((i) => [i.requested_by.id, i.requested_by.name])).entries()];
  const filterBy = (key: string, value: number | string | null) => {
    const next = { ...filter };
    if (value === null) delete next[key];
    else next[key] = value;
    list.send({ type: 'queue.filtered', filter: next });
  };
  const decide = (decision: 'approve' | 'deny') => {
    list.send({ type: 'decision.requested', decision, comment });
    setDialog(null);
    setComment('');
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          {t(view.title)}
        </Heading>
        <Button size="sm" variant="outline" loading={loading} onClick={() => list.send({ type: 'queue.refresh' })}>
          {t('common.refresh')}
        </Button>
      </HStack>
      <HStack gap="3" wrap="wrap">
        {rules.kinds.length > 1 && (
          <FilterSelect
            label={t('approvals.filterKind')}
            all={t('approvals.allKinds')}
            value={filter.kind}
            options={rules.kinds.map((k) => [k, t(`audit:kinds.${k}`)])}
            onChange={(v) => filterBy('kind', v)}
          />
        )}
        <FilterSelect
          label={t('approvals.filterStore')}
          all={t('approvals.allStores')}
          value={filter.store_id}
          options={stores}
          onChange={(v) => filterBy('store_id', v === null ? null : Number(v))}
        />
        <FilterSelect
          label={t('approvals.filterMaker')}
          all={t('approvals.allMakers')}
          value={filter.requested_by}
          options={makers}
          onChange={(v) => filterBy('requested_by', v === null ? null : Number(v))}
        />
      </HStack>
      {loadFailure && <LoadFailure failure={loadFailure} onRetry={() => list.send({ type: 'queue.retry' })} />}
      {decideFailure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{describeFailure(t, decideFailure)}</Alert.Title>
        </Alert.Root>
      )}
      {results.length > 0 && (
        <Alert.Root
          status={results.every((r) => r.outcome === 'approved' || r.outcome === 'denied') ? 'success' : 'warning'}
          role="alert"
          data-testid="decision-results"
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('approvals.results')}</Alert.Title>
            <List.Root ps="4">
              {results.map((r) => (
                <List.Item key={r.id}>
                  {t('approvals.request', { id: r.id })}: {t(`approvals.outcome.${r.outcome}`)}
                  {r.outcome === 'failed' && r.message ? ` (${r.message})` : ''}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      {(held.includes(rules.approve) || held.includes(rules.deny)) && (
        <HStack gap="2" wrap="wrap" position="sticky" top={{ base: '56px', md: '64px' }} bg="bg.subtle" py="2" zIndex="1">
          <Text fontSize="sm">{t('approvals.selected', { count: selected.length })}</Text>
          {held.includes(rules.approve) && (
            <Button
              size="sm"
              colorPalette="green"
              disabled={selected.length === 0 || deciding}
              loading={deciding}
              onClick={() => setDialog('approve')}
            >
              {t('approvals.approveSelected')}
            </Button>
          )}
          {held.includes(rules.deny) && (
            <Button
              size="sm"
              colorPalette="red"
              variant="outline"
              disabled={selected.length === 0 || deciding}
              onClick={() => setDialog('deny')}
            >
              {t('approvals.denySelected')}
            </Button>
          )}
        </HStack>
      )}
      {!loading && !loadFailure && items.length === 0 ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Title>{t('approvals.empty')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Box overflowX="auto" borderWidth="1px" rounded="md" aria-busy={loading}>
          <Table.Root size="sm" interactive>
            <Table.Caption srOnly>{t(view.title)}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="8">
                  <Text srOnly>{t('approvals.select')}</Text>
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('approvals.requestedAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('approvals.requestedBy')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('approvals.customer')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('approvals.details')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('approvals.reason')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((row) => (
                <Table.Row
                  key={row.id}
                  onClick={() => setOpened(row.id)}
                  cursor="pointer"
                  aria-selected={opened === row.id}
                  bg={opened === row.id ? 'blue.subtle' : undefined}
                >
                  <Table.Cell onClick={(e) => e.stopPropagation()}>
                    <Checkbox.Root
                      size="sm"
                      checked={selected.includes(row.id)}
                      onCheckedChange={() => list.send({ type: 'item.toggled', id: row.id })}
                      aria-label={t('approvals.selectRequest', { id: row.id })}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {when.format(new Date(row.requested_at))}
                    <Text fontSize="xs" color="fg.muted">
                      {waited(t, row.waited_ms)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{row.requested_by.name}</Table.Cell>
                  <Table.Cell>
                    {row.customer ? `${row.customer.name} (${row.customer.msisdn})` : '—'}
                    {row.store && (
                      <Text fontSize="xs" color="fg.muted">
                        {row.store.name}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{view.details(row, t, i18n.resolvedLanguage ?? 'en')}</Table.Cell>
                  <Table.Cell>{row.reason ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {openedItem && (
        <RequestPanel
          key={openedItem.id}
          queue={queue}
          item={openedItem}
          onDecided={() => {
            setOpened(null);
            list.send({ type: 'queue.refresh' });
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === 'approve'}
        busy={false}
        title={t('approvals.confirmApproveTitle', { count: selected.length })}
        body={t('approvals.confirmApproveBody')}
        confirmLabel={t('approvals.approve')}
        onConfirm={() => decide('approve')}
        onCancel={() => setDialog(null)}
      />
      <FormDialog
        title={t('approvals.denyTitle', { count: selected.length })}
        open={dialog === 'deny'}
        saving={false}
        failure={null}
        onCancel={() => setDialog(null)}
        onSubmit={() => comment.trim() && decide('deny')}
      >
        <Textarea aria-label={t('approvals.comment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} required />
        {!comment.trim() && (
          <Text fontSize="xs" color="fg.muted">
            {t('approvals.commentRequired')}
          </Text>
        )}
      </FormDialog>
    </Stack>
  );
}
