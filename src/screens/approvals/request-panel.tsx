import { useState } from 'react';
import { Alert, Button, HStack, Heading, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { RequestQueue } from '../../contract/requests';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { describeFailure, describeInvalid } from '../common/describe-failure';
import { APPROVE_COLORS, rolesOf, subjectOf } from './queue-config';
import { displayFormat } from '../../lib/display-format';

type Item = {
  id: number;
  kind: string;
  reason: string | null;
  customer: { msisdn: string; name: string } | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

const MONEY_FIELDS = new Set(['loan_balance', 'written_off']);

/** One request, opened from the queue: what will change, and the decision (approve, or deny with a comment). */
export function RequestPanel({ queue, item, onDecided }: { queue: RequestQueue; item: Item; onDecided: () => void }) {
  const { t, i18n } = useTranslation(['translation', 'approvals', 'audit']);
  const f = displayFormat(i18n.resolvedLanguage ?? 'en');
  /** A value as the screens show its kind: days and money formatted, yes or no, codes as they are named. */
  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'boolean') return t(value ? 'approvals:yes' : 'approvals:no');
    if (typeof value === 'number' && MONEY_FIELDS.has(field)) return f.money(value);
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return f.day(value);
    if (field === 'loan_status' && typeof value === 'string') return t(`customers:customers.loanState.${value}`, { defaultValue: value });
    return String(value);
  };
  const held = useRoles();
  const request = useActorRef(useLiveLogic('approvalRequest')(queue), { input: { requestId: item.id } });
  const state = useSelector(request, (s) => s.value as string);
  const busy = useSelector(request, (s) => s.hasTag('busy'));
  const failure = useSelector(request, (s) => s.context.failure);
  const invalid = useSelector(request, (s) => s.context.invalid);
  const [comment, setComment] = useState('');
  const rules = rolesOf(queue);
  const fields = [...new Set([...Object.keys(item.before), ...Object.keys(item.after)])];
  const done = state === 'approved' || state === 'denied' || state === 'decidedElsewhere';

  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" data-testid="request-panel">
      <Heading as="h2" size="sm">
        {subjectOf(t, item, item.id)}
      </Heading>
      {item.reason && (
        <Text fontSize="sm">
          {t('approvals.reason')}: {item.reason}
        </Text>
      )}
      {fields.length > 0 && (
        <Table.Root size="sm" variant="outline" tableLayout="fixed" wordBreak="break-word">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('approvals.field')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('approvals.before')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('approvals.after')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {fields.map((field) => (
              <Table.Row key={field}>
                <Table.Cell>{t(`approvals:fields.${field}`, { defaultValue: field })}</Table.Cell>
                <Table.Cell>{shown(field, item.before[field])}</Table.Cell>
                <Table.Cell fontWeight="semibold">{shown(field, item.after[field])}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {done ? (
        <Alert.Root status={state === 'decidedElsewhere' ? 'warning' : 'success'} role="alert">
          <Alert.Indicator />
          <Alert.Title>{t(`approvals.outcome.${state}`)}</Alert.Title>
          <Button size="xs" ms="auto" onClick={onDecided}>
            {t('common.close')}
          </Button>
        </Alert.Root>
      ) : (
        <>
          {(failure || invalid) && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{invalid ? describeInvalid(t, invalid.comment) : describeFailure(t, failure!)}</Alert.Title>
            </Alert.Root>
          )}
          {held.includes(rules.deny) && (
            <Textarea
              aria-label={t('approvals:comment')}
              placeholder={t('approvals.commentPlaceholder')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              rows={2}
            />
          )}
          <HStack>
            {held.includes(rules.approve) && (
              <Button
                {...APPROVE_COLORS}
                loading={busy && state === 'approving'}
                disabled={busy}
                onClick={() => request.send({ type: 'decision.approve' })}
              >
                {t('approvals.approve')}
              </Button>
            )}
            {held.includes(rules.deny) && (
              <Button
                colorPalette="red"
                variant="outline"
                color="red.700"
                borderColor="red.700"
                loading={busy && state === 'denying'}
                disabled={busy}
                onClick={() => request.send({ type: 'decision.deny', comment })}
              >
                {t('approvals.deny')}
              </Button>
            )}
          </HStack>
        </>
      )}
    </Stack>
  );
}
