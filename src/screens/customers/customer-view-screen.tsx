import type { ReactNode } from 'react';
import { Badge, Card, DataList, HStack, Heading, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { defaulterCategory } from '../../lib/defaulter-category';
import { displayFormat } from '../../lib/display-format';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { LoadFailure } from '../common/load-failure';
import { CustomerRequestAction } from './customer-request-dialog';
import { AwardDataAction, CustomerMessageAction, DeviceStatusLinks, OfflinePinAction } from './customer-actions';
import { CallRatingsSection, PaymentsSection, RequestHistorySection, ScrollTable, SmsSection, StatementsSection } from './customer-records';
import { LockChangeAction } from './lock-change-dialog';
import { QualifiedPhonesSection } from './qualified-phones-section';
import { SmsLanguage } from './sms-language';
import { CUSTOMER_LANGUAGE_ROLES } from '../../contract/customer-language';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root size="sm" minW="0">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** One customer (held by msisdn): profile, device and loans as the role allows, and the requests staff make. */
export default function CustomerViewScreen() {
  const { t, i18n } = useTranslation(['translation', 'customers']);
  const roles = useRoles();
  const [search] = useSearchParams();
  const msisdn = search.get('msisdn');
  const lookup = useActorRef(useLiveLogic('customerLookup'), { input: { query: msisdn ? { msisdn } : null } });
  const view = useSelector(lookup, (s) => s.context.view);
  const busy = useSelector(lookup, (s) => s.hasTag('busy'));
  const notFound = useSelector(lookup, (s) => s.matches('notFound') || s.matches('idle'));
  const failure = useSelector(lookup, (s) => (s.matches('failed') ? s.context.failure : null));
  const f = displayFormat(i18n.resolvedLanguage ?? 'en');

  if (busy)
    return (
      <Stack gap="3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="24" />
        ))}
      </Stack>
    );
  if (failure) return <LoadFailure failure={failure} onRetry={() => lookup.send({ type: 'search.retry' })} />;
  if (notFound || !view) {
    return (
      <Stack gap="3">
        <Text role="alert">{t('customers:customers.notFound')}</Text>
        <Link href="/customers/find">{t('customers:customers.findTitle')}</Link>
      </Stack>
    );
  }
  const { customer, device, loans } = view;
  const active = loans?.find((l) => l.status === 'active');
  const activeCount = loans?.filter((l) => l.status === 'active').length ?? 0;
  const stolen = device !== null && (device.status === 'stolen' || device.status === 'lost');
  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg" overflowWrap="anywhere">
          {customer.first_name} {customer.other_names}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {stolen && (
            <Badge colorPalette="red" variant="solid" data-testid="stolen-badge">
              {t(`customers:codes.deviceStatus.${device.status}`)}
            </Badge>
          )}
          <Badge colorPalette={customer.loan_status === 'active' ? 'green' : 'gray'}>
            {t(`customers:customers.loanStatus.${customer.loan_status}`)}
          </Badge>
        </HStack>
      </HStack>
      <HStack gap="2" wrap="wrap">
        {roles.includes('REQUEST_LOAN_EXTENSION') && active && (
          <CustomerRequestAction kind="extension" msisdn={customer.msisdn} loanId={active.id} />
        )}
        {roles.includes('REQUEST_CHANGE_IMEI') && device && (
          <CustomerRequestAction kind="imei" msisdn={customer.msisdn} deviceId={device.id} />
        )}
        {roles.includes('REQUEST_LOAN_DEACTIVATION') && active && (
          <CustomerRequestAction kind="deregistration" msisdn={customer.msisdn} loanId={active.id} />
        )}
        {roles.includes('REQUEST_OFFLINE_PIN') && device && (
          <OfflinePinAction msisdn={customer.msisdn} imei={device.imei} blocked={stolen} />
        )}
        {roles.includes('RESET_PIN') && <CustomerMessageAction kind="resetPin" msisdn={customer.msisdn} />}
        {roles.includes('RESET_PIN') && <CustomerMessageAction kind="forgotPassword" msisdn={customer.msisdn} />}
        {roles.includes('AWARD_DATA') && <AwardDataAction msisdn={customer.msisdn} />}
        {roles.includes('ADD_LOAN') &&
          roles.includes('VIEW_CUSTOMER_PHONE') &&
          device &&
          device.status !== 'stolen' &&
          device.status !== 'lost' && <LockChangeAction msisdn={customer.msisdn} />}
        {device && (
          <DeviceStatusLinks
            imei={device.imei}
            stolen={stolen}
            canReport={roles.includes('REPORT_STOLEN_PHONE')}
            canRecover={roles.includes('ADD_RECOVERED_PHONE')}
          />
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" minW="0">
        <Section title={t('customers:customers.profile')}>
          <Facts
            items={[
              [t('customers:customers.phone'), f.phone(customer.msisdn)],
              [t('customers:customers.nationalId'), customer.national_id],
              [t('customers:customers.nida'), customer.nida_number ?? '—'],
              [t('customers:customers.registeredOn'), f.day(customer.registered_at)],
              [t('customers:customers.sex'), t(`customers:codes.sex.${customer.sex}`)],
              [t('customers:customers.dateOfBirth'), f.day(customer.date_of_birth)],
              [
                t('customers:customers.residence'),
                [customer.resident_street, customer.resident_village, customer.resident_district, customer.resident_region]
                  .filter(Boolean)
                  .join(', ') || '—',
              ],
              [t('customers:customers.customerKey'), customer.customer_key],
              [
                t('customers:smsLanguage.label'),
                <SmsLanguage
                  key="sms-language"
                  msisdn={customer.msisdn}
                  language={customer.language}
                  canChange={CUSTOMER_LANGUAGE_ROLES.some((role) => roles.includes(role))}
                />,
              ],
            ]}
          />
        </Section>
        {device && (
          <Section title={t('customers:customers.device')}>
            <Facts
              items={[
                [
                  'IMEI',
                  <Text key="imei" data-testid="device-imei">
                    {device.imei}
                  </Text>,
                ],
                [t('customers:customers.deviceName'), device.device_name],
                [
                  t('customers:customers.lockType'),
                  t(`customers:codes.lockType.${device.lock_solution_type}`, { defaultValue: device.lock_solution_type }),
                ],
                [t('customers:device.status'), t(`customers:codes.deviceStatus.${device.status}`, { defaultValue: device.status })],
                [
                  t('customers:customers.lockStatus'),
                  device.is_locked ? t('customers:customers.locked') : t('customers:customers.unlocked'),
                ],
                [t('customers:customers.lastCheckIn'), f.day(device.last_check_in, t('customers:customers.unavailable'))],
                [t('customers:customers.futureLock'), f.day(device.future_lock_date, t('customers:customers.unavailable'))],
              ]}
            />
          </Section>
        )}
      </SimpleGrid>
      {loans && (
        <Section title={t('customers:customers.loans')}>
          {loans.length === 0 ? (
            <Text color="fg.muted">{t('customers:customers.noLoans')}</Text>
          ) : (
            <Stack gap="2">
              <Text fontSize="sm" data-testid="active-loans">
                {t('customers:customers.activeLoans', { count: activeCount })}
              </Text>
              <ScrollTable title={t('customers:customers.loans')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('customers:customers.loanNumber')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('customers:customers.dueNow')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('customers:customers.arrears')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('customers:customers.balance')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('customers:customers.amountPaid')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('customers:customers.nextDue')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('customers:customers.daysLate')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {loans.map((loan) => {
                    const live = loan.status === 'active';
                    return (
                      <Table.Row key={loan.id} data-testid={`loan-${loan.loan_number}`}>
                        <Table.Cell whiteSpace="nowrap">
                          {loan.loan_number} <Badge size="sm">{t(`customers:customers.loanState.${loan.status}`)}</Badge>
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid={live ? 'due-now' : undefined}>
                          {live ? f.money(loan.due_now) : '—'}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid={live ? 'arrears' : undefined}>
                          {live ? f.money(loan.arrears) : '—'}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {f.money(loan.loan_balance)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {f.money(loan.amount_paid)}
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap" data-testid={live ? 'next-due' : undefined}>
                          {live ? f.day(loan.next_repayment_date) : '—'}
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap" data-testid={live ? 'days-late' : undefined}>
                          {live
                            ? `${loan.days_defaulted} (${t(`customers:customers.category.${defaulterCategory(loan.days_defaulted)}`)})`
                            : '—'}
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </ScrollTable>
            </Stack>
          )}
        </Section>
      )}
      {roles.includes('VIEW_CUSTOMERS_QUALIFIED_PHONES') && <QualifiedPhonesSection msisdn={customer.msisdn} />}
      <RequestHistorySection msisdn={customer.msisdn} />
      {loans && <PaymentsSection msisdn={customer.msisdn} />}
      {loans && <StatementsSection msisdn={customer.msisdn} />}
      {roles.includes('VIEW_CUSTOMER_MESSAGES') && <SmsSection msisdn={customer.msisdn} />}
      <CallRatingsSection msisdn={customer.msisdn} canRate={roles.includes('RATE_CALL')} />
    </Stack>
  );
}
