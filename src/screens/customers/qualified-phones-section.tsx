import { Card, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { QualifiedPhonesResponse } from '../../contract/deposits';
import { displayFormat } from '../../lib/display-format';
import { useLiveLogic } from '../common/live-logic';
import { LoadFailure } from '../common/load-failure';
import { ScrollTable } from './customer-records';

/** A deposit of this customer is in progress in a wizard: the server offers no phones until it is finished. */
const IN_WIZARD = new Set(['paid_deposit_unfinished', 'deposit_push_pending']);

/**
 * The phones a customer qualifies for and why (VIEW_CUSTOMERS_QUALIFIED_PHONES, issue 12): the customer's limit,
 * then each phone priced within it that is in stock at the caller's store, or the reason there is none.
 */
export function QualifiedPhonesSection({ msisdn }: { msisdn: string }) {
  const { t, i18n } = useTranslation('customers');
  const f = displayFormat(i18n.resolvedLanguage ?? 'en');
  const load = useActorRef(useLiveLogic('customerList')('qualified'), { input: { params: msisdn } });
  const data = useSelector(load, (s) => (s.matches('loaded') ? (s.context.data as QualifiedPhonesResponse) : null));
  const failure = useSelector(load, (s) => (s.matches('failed') ? s.context.failure : null));
  const title = t('customers:qualified.title');
  return (
    <Card.Root size="sm" data-testid="qualified-phones" minW="0">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        {failure && failure.reason && IN_WIZARD.has(failure.reason) ? (
          <Text role="status">{t('customers:qualified.inWizard')}</Text>
        ) : failure ? (
          <LoadFailure failure={failure} onRetry={() => load.send({ type: 'load.retry' })} />
        ) : !data ? (
          <Skeleton height="16" />
        ) : (
          <Stack gap="3">
            <Text data-testid="qualified-limit">{t('customers:qualified.limit', { amount: f.money(data.limit_amount) })}</Text>
            {data.not_qualified_reason ? (
              <Text role="status">{t(`customers:qualified.reason.${data.not_qualified_reason}`)}</Text>
            ) : (
              <>
                <Text fontSize="sm" color="fg.muted">
                  {t('customers:qualified.why', { amount: f.money(data.limit_amount) })}
                </Text>
                <ScrollTable title={title}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('customers:qualified.phone')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:qualified.price')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:qualified.deposit')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:qualified.daily')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:qualified.total')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('customers:qualified.inStock')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.phones.map((p) => (
                      <Table.Row key={p.phone_price_id} data-testid={`qualified-${p.phone_model_id}`}>
                        <Table.Cell>{p.name}</Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {f.money(p.price)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {f.money(p.deposit)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {f.money(p.daily_payment)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {f.money(p.total_repayable)}
                        </Table.Cell>
                        <Table.Cell textAlign="end">{p.in_stock}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </ScrollTable>
              </>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
