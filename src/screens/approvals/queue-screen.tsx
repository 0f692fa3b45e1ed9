import { useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Dialog,
  EmptyState,
  Field,
  Grid,
  HStack,
  Heading,
  List,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { REQUEST_LIMITS, type RequestQueue } from '../../contract/requests';
import { displayFormat, formatPhone } from '../../lib/display-format';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { LoadFailure } from '../common/load-failure';
import { describeFailure } from '../common/describe-failure';
import { APPROVE_COLORS, QUEUE_VIEWS, rolesOf, subjectOf } from './queue-config';
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

const DENY_COLORS = { colorPalette: 'red', variant: 'outline', color: 'red.700', borderColor: 'red.700' } as const;

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
    <NativeSelect.Root size="sm" width="auto" maxW="full">
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

/** The decision dialog: what is decided (named), the past-due warning, and for a denial the labelled comment box. */
function DecideDialog({
  decision,
  rows,
  onDecide,
  onCancel,
}: {
  decision: 'approve' | 'deny' | null;
  rows: Row[];
  onDecide: (comment: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['approvals', 'translation', 'audit']);
  const f = displayFormat(i18n.resolvedLanguage ?? 'en');
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const tooShort = comment.trim().length < REQUEST_LIMITS.comment.min;
  const past = rows.filter((r) => r.proposed_in_past);
  const close = () => {
    setComment('');
    setTried(false);
    onCancel();
  };
  const submit = () => {
    if (decision === 'deny' && tooShort) return setTried(true);
    onDecide(comment.trim());
    setComment('');
    setTried(false);
  };
  const count = rows.length;
  const subject = count === 1 ? subjectOf(t, rows[0], rows[0]!.id) : '';
  return (
    <Dialog.Root
      role={decision === 'approve' ? 'alertdialog' : 'dialog'}
      open={decision !== null}
      onOpenChange={(d) => !d.open && close()}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  {decision === 'deny' ? t('approvals:denyTitle', { count, subject }) : t('approvals:approveTitle', { count, subject })}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {count > 1 && (
                    <List.Root ps="4" fontSize="sm">
                      {rows.map((r) => (
                        <List.Item key={r.id}>{subjectOf(t, r, r.id)}</List.Item>
                      ))}
                    </List.Root>
                  )}
                  {past.map((r) => (
                    <Alert.Root key={r.id} status="warning" size="sm" data-testid="past-due-warning">
                      <Alert.Indicator />
                      <Alert.Title>
                        {count > 1 ? `${subjectOf(t, r, r.id)}: ` : ''}
                        {t('approvals:pastDue', { date: f.day(r.proposed_next_repayment_date), days: r.proposed_days_defaulted })}
                      </Alert.Title>
                    </Alert.Root>
                  ))}
                  {decision === 'approve' ? (
                    <Text>{t('approvals:approveBody')}</Text>
                  ) : (
                    <>
                      <Text fontSize="sm">{t('approvals:denyBody')}</Text>
                      <Field.Root required invalid={tried && tooShort}>
                        <Field.Label>{t('approvals:comment')}</Field.Label>
                        <Textarea
                          value={comment}
                          onChange={(e) => setComment(e.currentTarget.value)}
                          rows={3}
                          maxLength={REQUEST_LIMITS.comment.max}
                        />
                        {tried && tooShort ? (
                          <Field.ErrorText>{t('approvals:commentTooShort')}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>{t('approvals:commentHelp')}</Field.HelperText>
                        )}
                      </Field.Root>
                    </>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t('common.cancel')}
                </Button>
                {decision === 'deny' ? (
                  <Button type="submit" colorPalette="red" bg="red.700" color="white" _hover={{ bg: 'red.800' }}>
                    {t('approvals:deny')}
                  </Button>
                ) : (
                  <Button type="submit" {...APPROVE_COLORS}>
                    {t('approvals:approve')}
                  </Button>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A queue of pending requests: oldest first, each with its own approve and deny, or select some (or all) and decide
 * them together; every result is said in words and stays listed until the queue is left.
 */
export default function QueueScreen({ queue }: { queue: RequestQueue }) {
  const { t, i18n } = useTranslation(['translation', 'approvals', 'audit']);
  const held = useRoles();
  const rules = rolesOf(queue);
  const view = QUEUE_VIEWS[queue];
  const locale = i18n.resolvedLanguage ?? 'en';
  const f = displayFormat(locale);
  const list = useActorRef(useLiveLogic('approvalQueue')(queue), { input: {} });
  const items = useSelector(list, (s) => s.context.items) as Row[];
  const selected = useSelector(list, (s) => s.context.selected);
  const results = useSelector(list, (s) => s.context.results);
  const filter = useSelector(list, (s) => s.context.filter);
  const loading = useSelector(list, (s) => s.matches('loading'));
  const deciding = useSelector(list, (s) => s.matches('deciding'));
  const loadFailure = useSelector(list, (s) => (s.matches('failed') ? s.context.failure : null));
  const decideFailure = useSelector(list, (s) => (s.matches('ready') ? s.context.failure : null));
  const [dialog, setDialog] = useState<{ decision: 'approve' | 'deny'; ids?: number[] } | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  // Every row seen, so a result still names its customer once the row has left the list.
  const seen = useRef(new Map<number, Row>());
  for (const row of items) seen.current.set(row.id, row);
  const openedItem = items.find((i) => i.id === opened);
  const mayApprove = held.includes(rules.approve);
  const mayDeny = held.includes(rules.deny);
  const stores = [...new Map(items.filter((i) => i.store).map((i) => [i.store!.id, i.store!.name])).entries()];
  const makers = [...new Map(items.map((i) => [i.requested_by.id, i.requested_by.name])).entries()];
  const allSelected = items.length > 0 && selected.length === items.length;
  const filterBy = (key: string, value: number | string | null) => {
    const next = { ...filter };
    if (value === null) delete next[key];
    else next[key] = value;
    list.send({ type: 'queue.filtered', filter: next });
  };
  const dialogRows = dialog ? (dialog.ids ?? selected).map((id) => seen.current.get(id)).filter((r): r is Row => !!r) : [];
  const decide = (comment: string) => {
    if (!dialog) return;
    list.send({ type: 'decision.requested', decision: dialog.decision, comment, ...(dialog.ids ? { ids: dialog.ids } : {}) });
    setDialog(null);
  };

  return (
    <Stack gap="4" minW="0">
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
          role="status"
          data-testid="decision-results"
        >
          <Alert.Indicator />
          <Alert.Content minW="0">
            <Alert.Title>{t('approvals:results')}</Alert.Title>
            <List.Root ps="4">
              {results.map((r, i) => (
                <List.Item key={`${r.id}-${i}`} overflowWrap="anywhere">
                  {t(`approvals:result.${r.outcome}`, { subject: subjectOf(t, seen.current.get(r.id), r.id), message: r.message ?? '' })}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      {(mayApprove || mayDeny) && items.length > 0 && (
        <HStack gap="3" wrap="wrap" position="sticky" top={{ base: '56px', md: '64px' }} bg="bg.subtle" py="2" px="2" zIndex="1">
          <Checkbox.Root
            size="sm"
            checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false}
            onCheckedChange={() => list.send({ type: allSelected ? 'selection.cleared' : 'selection.all' })}
            disabled={deciding}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('approvals:selectAll')}</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm">{t('approvals.selected', { count: selected.length })}</Text>
          {mayApprove && (
            <Button
              size="sm"
              {...APPROVE_COLORS}
              disabled={selected.length === 0 || deciding}
              loading={deciding}
              onClick={() => setDialog({ decision: 'approve' })}
            >
              {t('approvals.approveSelected')}
            </Button>
          )}
          {mayDeny && (
            <Button size="sm" {...DENY_COLORS} disabled={selected.length === 0 || deciding} onClick={() => setDialog({ decision: 'deny' })}>
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
        <Stack as="ul" listStyleType="none" gap="2" aria-busy={loading} aria-label={t(view.title)} data-testid="queue">
          {items.map((row) => {
            const subject = subjectOf(t, row, row.id);
            return (
              <Box
                as="li"
                key={row.id}
                borderWidth="1px"
                rounded="md"
                p="3"
                bg={opened === row.id ? 'blue.subtle' : undefined}
                data-testid={`request-${row.id}`}
              >
                <Grid
                  templateColumns={{ base: 'auto minmax(0, 1fr)', md: 'auto minmax(0, 1fr) minmax(0, 1.2fr) minmax(0, 1.2fr) auto' }}
                  gap="3"
                >
                  {mayApprove || mayDeny ? (
                    <Checkbox.Root
                      size="sm"
                      checked={selected.includes(row.id)}
                      onCheckedChange={() => list.send({ type: 'item.toggled', id: row.id })}
                      aria-label={t('approvals:selectItem', { subject })}
                      disabled={deciding}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  ) : (
                    <span />
                  )}
                  <Stack gap="0" minW="0">
                    {row.customer ? (
                      <Link href={`/customers/view?msisdn=${row.customer.msisdn}`}>
                        <Text as="span" fontWeight="semibold" color="fg" textDecoration="underline">
                          {row.customer.name}
                        </Text>
                      </Link>
                    ) : (
                      <Text fontWeight="semibold">{subject}</Text>
                    )}
                    {row.customer && (
                      <Text fontSize="sm" color="fg.muted">
                        {formatPhone(row.customer.msisdn)}
                        {row.store ? ` · ${row.store.name}` : ''}
                      </Text>
                    )}
                    <Text fontSize="sm" color="fg.muted">
                      {row.requested_by.name} · {f.moment(row.requested_at)} · {waited(t, row.waited_ms)}
                    </Text>
                  </Stack>
                  <Stack gap="1" minW="0" gridColumn={{ base: '2', md: 'auto' }}>
                    <Text fontSize="sm">{view.details(row, t, locale)}</Text>
                    {row.proposed_in_past && (
                      <Badge colorPalette="orange" alignSelf="start" whiteSpace="normal">
                        {t('approvals:pastDueShort')}
                      </Badge>
                    )}
                  </Stack>
                  <Text fontSize="sm" minW="0" overflowWrap="anywhere" gridColumn={{ base: '2', md: 'auto' }}>
                    {t('approvals.reason')}: {row.reason ?? '—'}
                  </Text>
                  <HStack gap="2" wrap="wrap" gridColumn={{ base: '2', md: 'auto' }} alignSelf="start">
                    {mayApprove && (
                      <Button
                        size="xs"
                        {...APPROVE_COLORS}
                        disabled={deciding}
                        aria-label={t('approvals:approveItem', { subject })}
                        onClick={() => setDialog({ decision: 'approve', ids: [row.id] })}
                      >
                        {t('approvals:approve')}
                      </Button>
                    )}
                    {mayDeny && (
                      <Button
                        size="xs"
                        {...DENY_COLORS}
                        disabled={deciding}
                        aria-label={t('approvals:denyItem', { subject })}
                        onClick={() => setDialog({ decision: 'deny', ids: [row.id] })}
                      >
                        {t('approvals:deny')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={t('approvals:openItem', { subject })}
                      aria-expanded={opened === row.id}
                      onClick={() => setOpened(opened === row.id ? null : row.id)}
                    >
                      {t('approvals:details')}
                    </Button>
                  </HStack>
                </Grid>
              </Box>
            );
          })}
        </Stack>
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
      <DecideDialog decision={dialog?.decision ?? null} rows={dialogRows} onDecide={decide} onCancel={() => setDialog(null)} />
    </Stack>
  );
}
