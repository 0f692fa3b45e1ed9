import { useState } from 'react';
import { Alert, Button, HStack, Heading, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { RequestQueue } from '../../contract/requests';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { describeFailure, describeInvalid } from '../common/describe-failure';
import { rolesOf } from './queue-config';

type Item = { id: number; kind: string; reason: string | null; before: Record<string, unknown>; after: Record<string, unknown> };

/** One request, opened from the queue: what will change, and the decision (approve, or deny with a comment). */
export function RequestPanel({ queue, item, onDecided }: { queue: RequestQueue; item: Item; onDecided: () => void }) {
  const { t } = useTranslation();
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
        {t('approvals.request', { id: item.id })}
      </Heading>
      {item.reason && (
        <Text fontSize="sm">
          {t('approvals.reason')}: {item.reason}
        </Text>
      )}
      {fields.length > 0 && (
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('approvals.field')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('approvals.before')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('approvals.after')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {fields.map((f) => (
              <Table.Row key={f}>
                <Table.Cell>{f}</Table.Cell>
                <Table.Cell>{String(item.before[f] ?? '—')}</Table.Cell>
                <Table.Cell fontWeight="semibold">{String(item.after[f] ?? '—')}</Table.Cell>
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
              aria-label={t('approvals.comment')}
              placeholder={t('approvals.commentPlaceholder')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              rows={2}
            />
          )}
          <HStack>
            {held.includes(rules.approve) && (
              <Button
                colorPalette="green"
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
