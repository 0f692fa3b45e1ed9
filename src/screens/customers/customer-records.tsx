import type { ReactNode } from 'react';
import { Badge, Card, HStack, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { CustomerSms, DepositTransactions, LoanStatements, callRatings } from '../../contract/customer-actions';
import type { z } from 'zod';
import type { CustomerRequestHistory } from '../../contract/customers';
import { displayFormat } from '../../lib/display-format';
import { useLiveLogic, type CustomerListKind } from '../common/live-logic';
import { LoadFailure } from '../common/load-failure';
import { RateCallAction } from './customer-actions';

type CallRatings = z.infer<typeof callRatings>;

function useFormat() {
  const { i18n } = useTranslation();
  const f = displayFormat(i18n.resolvedLanguage ?? 'en');
  return { ...f, time: (iso: string) => f.moment(iso) };
}

/**
 * A table that scrolls sideways inside its card rather than widening the page: the scroll container is a named,
 * focusable region, so a keyboard user can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollTable({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('customers');
  return (
    <Table.ScrollArea
      tabIndex={0}
      role="region"
      aria-label={t('customers:customers.scrollTable', { title })}
      borderWidth="1px"
      rounded="sm"
      maxW="full"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      <Table.Root size="sm">{children}</Table.Root>
    </Table.ScrollArea>
  );
}

/** One section of the customer view that loads a list of its own (load machine, with a retry). */
function Records<T>({
  kind,
  msisdn,
  title,
  testId,
  actions,
  children,
}: {
  kind: CustomerListKind;
  msisdn: string;
  title: string;
  testId: string;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const list = useActorRef(useLiveLogic('customerList')(kind), { input: { params: msisdn } });
  const data = useSelector(list, (s) => (s.matches('loaded') ? (s.context.data as T) : null));
  const failure = useSelector(list, (s) => (s.matches('failed') ? s.context.failure : null));
  return (
    <Card.Root size="sm" data-testid={testId} minW="0">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {actions}
        </HStack>
      </Card.Header>
      <Card.Body>
        {failure ? (
          <LoadFailure failure={failure} onRetry={() => list.send({ type: 'load.retry' })} />
        ) : data ? (
          children(data)
        ) : (
          <Skeleton height="16" />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <Text color="fg.muted">{children}</Text>;
}

/** SMS the customer received, newest first (VIEW_CUSTOMER_MESSAGES). */
export function SmsSection({ msisdn }: { msisdn: string }) {
  const { t } = useTranslation('customers');
  const f = useFormat();
  return (
    <Records<CustomerSms> kind="sms" msisdn={msisdn} title={t('customers:sms.title')} testId="sms-list">
      {(data) =>
        data.texts.length === 0 ? (
          <Empty>{t('customers:sms.none')}</Empty>
        ) : (
          <Stack gap="3" as="ol" listStyleType="none">
            {data.texts.map((sms) => (
              <Stack as="li" key={sms.id} gap="1" borderBottomWidth="1px" pb="2">
                <HStack justify="space-between" wrap="wrap">
                  <Text fontSize="sm" color="fg.muted">
                    {f.time(sms.sent_at)}
                  </Text>
                  <Badge size="sm">{t(`customers:sms.status.${sms.status}`, { defaultValue: sms.status })}</Badge>
                </HStack>
                <Text>{sms.body}</Text>
              </Stack>
            ))}
          </Stack>
        )
      }
    </Records>
  );
}

/** Call ratings, newest first, with the button to rate a call (RATE_CALL); the list reloads after a rating. */
export function CallRatingsSection({ msisdn, canRate }: { msisdn: string; canRate: boolean }) {
  const { t } = useTranslation('customers');
  const f = useFormat();
  const list = (key: string) => (
    <Records<CallRatings> key={key} kind="ratings" msisdn={msisdn} title={t('customers:ratings.title')} testId="call-ratings">
      {(data) =>
        data.ratings.length === 0 ? (
          <Empty>{t('customers:ratings.none')}</Empty>
        ) : (
          <ScrollTable title={t('customers:ratings.title')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('customers:ratings.when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:rateCall.callType')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:rateCall.mood')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:rateCall.description')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:rateCall.comment')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:ratings.by')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.ratings.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell whiteSpace="nowrap">{f.time(r.created_at)}</Table.Cell>
                  <Table.Cell>{t(`customers:callTypes.${r.call_type}`)}</Table.Cell>
                  <Table.Cell>{t(`customers:moods.${r.mood}`)}</Table.Cell>
                  <Table.Cell>{t(`customers:descriptions.${r.description}`)}</Table.Cell>
                  <Table.Cell>{r.comment ?? '—'}</Table.Cell>
                  <Table.Cell>{r.rated_by}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )
      }
    </Records>
  );
  if (!canRate) return list('ratings');
  return (
    <Stack gap="2">
      <RateCallAction msisdn={msisdn} onRated={(done) => list(done ? 'after' : 'before')} />
    </Stack>
  );
}

/** Payments: deposits and repayments, newest first (VIEW_CUSTOMER_LOANS). */
export function PaymentsSection({ msisdn }: { msisdn: string }) {
  const { t } = useTranslation('customers');
  const f = useFormat();
  return (
    <Records<DepositTransactions> kind="payments" msisdn={msisdn} title={t('customers:payments.title')} testId="payments">
      {(data) =>
        data.transactions.length === 0 ? (
          <Empty>{t('customers:payments.none')}</Empty>
        ) : (
          <ScrollTable title={t('customers:payments.title')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('customers:payments.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:payments.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('customers:payments.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:payments.method')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:payments.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:payments.reference')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.transactions.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell whiteSpace="nowrap">{f.time(p.date)}</Table.Cell>
                  <Table.Cell>{t(`customers:payments.kinds.${p.kind}`)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {f.money(p.amount)}
                  </Table.Cell>
                  <Table.Cell>{t(`customers:codes.paymentMethod.${p.payment_method}`, { defaultValue: p.payment_method })}</Table.Cell>
                  <Table.Cell>{t(`customers:codes.paymentStatus.${p.status}`, { defaultValue: p.status })}</Table.Cell>
                  <Table.Cell>{p.transaction_id}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )
      }
    </Records>
  );
}

/** Each loan's statement with the running balance (VIEW_CUSTOMER_LOANS). */
export function StatementsSection({ msisdn }: { msisdn: string }) {
  const { t } = useTranslation('customers');
  const f = useFormat();
  return (
    <Records<LoanStatements> kind="statements" msisdn={msisdn} title={t('customers:statements.title')} testId="statements">
      {(data) =>
        data.statements.length === 0 ? (
          <Empty>{t('customers:statements.none')}</Empty>
        ) : (
          <Stack gap="4">
            {data.statements.map((s) => (
              <Stack key={s.loan_id} gap="1">
                <Text fontWeight="semibold">{s.loan_number}</Text>
                <ScrollTable title={`${t('customers:statements.title')} ${s.loan_number}`}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('customers:payments.date')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('customers:statements.entry')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:statements.debit')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:statements.credit')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:statements.balance')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {s.entries.map((e, i) => (
                      <Table.Row key={i}>
                        <Table.Cell whiteSpace="nowrap">{f.day(e.date)}</Table.Cell>
                        <Table.Cell>{t(`customers:statements.entries.${e.description}`, { defaultValue: e.description })}</Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {e.debit ? f.money(e.debit) : ''}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {e.credit ? f.money(e.credit) : ''}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {f.money(e.balance)}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </ScrollTable>
              </Stack>
            ))}
          </Stack>
        )
      }
    </Records>
  );
}

/** The customer's requests, newest first, in words: what was asked, by whom, and what the approver decided and said. */
export function RequestHistorySection({ msisdn }: { msisdn: string }) {
  const { t } = useTranslation('customers');
  const f = useFormat();
  return (
    <Records<CustomerRequestHistory> kind="requests" msisdn={msisdn} title={t('customers:history.title')} testId="request-history">
      {(data) =>
        data.requests.length === 0 ? (
          <Empty>{t('customers:history.none')}</Empty>
        ) : (
          <Stack gap="3" as="ol" listStyleType="none">
            {data.requests.map((r) => (
              <Stack as="li" key={r.id} gap="1" borderBottomWidth="1px" pb="2">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Text fontWeight="semibold">
                    {r.kind === 'loan_extension'
                      ? t('customers:history.kinds.loan_extension', { count: r.days_to_extend ?? 0 })
                      : t(`customers:history.kinds.${r.kind}`, { imei: r.new_imei ?? '' })}
                  </Text>
                  <Badge size="sm" colorPalette={r.status === 'approved' ? 'green' : r.status === 'denied' ? 'red' : 'orange'}>
                    {t(`customers:history.status.${r.status}`)}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t('customers:history.asked', { name: r.requested_by, date: f.time(r.submitted_at) })}
                </Text>
                {r.reason && <Text fontSize="sm">{t('customers:history.reason', { reason: r.reason })}</Text>}
                {r.decided_by && r.decided_at && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('customers:history.decided', { name: r.decided_by, date: f.time(r.decided_at) })}
                  </Text>
                )}
                {r.comment && (
                  <Text fontSize="sm" data-testid={`request-comment-${r.id}`}>
                    {t('customers:history.comment', { comment: r.comment })}
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        )
      }
    </Records>
  );
}
