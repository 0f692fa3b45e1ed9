import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, DataList, Field, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from '../../contract/customer-actions';
import type { DeviceStatusAction } from '../../machines/device-status.machine';
import { useLiveLogic } from '../common/live-logic';
import { ConfirmDialog } from '../common/confirm-dialog';
import { LoadFailure } from '../common/load-failure';
import { describeFailure } from '../common/describe-failure';

const EAT_MS = 3 * 3_600_000;
const eatToday = () => new Date(Date.now() + EAT_MS).toISOString().slice(0, 10);

function DeviceCard({ device }: { device: DeviceStatus }) {
  const { t, i18n } = useTranslation('customers');
  const day = (d: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const gone = device.status === 'stolen' || device.status === 'lost';
  return (
    <Card.Root size="sm" data-testid="device-card">
      <Card.Header>
        <Heading as="h2" size="md">
          {device.device_name}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm">
          {(
            [
              ['IMEI', device.imei],
              [t('customers:device.customer'), `${device.customer.name} (${device.customer.msisdn})`],
              [
                t('customers:device.status'),
                <Badge key="s" colorPalette={gone ? 'red' : 'green'} data-testid="device-status">
                  {t(`customers:device.statuses.${device.status}`)}
                </Badge>,
              ],
              [
                t('customers:device.lock'),
                <Text key="l" data-testid="device-lock">
                  {device.is_locked ? t('customers:device.locked') : t('customers:device.unlocked')}
                </Text>,
              ],
              ...(device.loan
                ? [
                    [
                      t('customers:device.loan'),
                      `${device.loan.loan_number} · ${t('customers:device.daysDefaulted', { count: device.loan.days_defaulted })}`,
                    ] as const,
                  ]
                : []),
              ...(device.last_incident
                ? [
                    [
                      t('customers:device.lastIncident'),
                      `${t(`customers:device.incidents.${device.last_incident.kind}`)} · ${day(device.last_incident.occurred_on)}${device.last_incident.reported_by ? ` · ${device.last_incident.reported_by}` : ''}`,
                    ] as const,
                  ]
                : []),
            ] as Array<readonly [string, React.ReactNode]>
          ).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Report stolen (/dashboard/stolen-phone) and record recovered (/dashboard/recovered-phone): find the device by IMEI
 * or the customer's phone, say when, confirm, and see the new lock status. `?search=` fills the box (the customer
 * view links here with the device's IMEI).
 */
export default function DeviceStatusScreen({ action }: { action: DeviceStatusAction }) {
  // Its own namespace first; the common words (errors) from the default one.
  const { t } = useTranslation(['customers', 'translation']);
  const [params] = useSearchParams();
  const machine = useActorRef(useLiveLogic('deviceStatus'), { input: { action } });
  const busy = useSelector(machine, (s) => s.hasTag('busy'));
  const device = useSelector(machine, (s) => s.context.device);
  const notFound = useSelector(machine, (s) => s.matches('notFound'));
  const failed = useSelector(machine, (s) => (s.matches('failed') ? s.context.failure : null));
  const refusal = useSelector(machine, (s) => (s.matches('found') ? s.context.failure : null));
  const canChange = useSelector(machine, (s) => s.can({ type: 'change.requested', values: { occurred_on: '' } }));
  const confirming = useSelector(machine, (s) => s.matches('confirming') || s.matches('submitting'));
  const submitting = useSelector(machine, (s) => s.matches('submitting'));
  const done = useSelector(machine, (s) => s.matches('done'));
  const [searchEmpty, setSearchEmpty] = useState(false);
  const [dateError, setDateError] = useState(false);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    setSearchEmpty(!text);
    if (text) machine.send({ type: 'device.searched', search: text });
  };
  const request = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const occurred_on = String(form.get('occurred_on') ?? '');
    const notes = String(form.get('notes') ?? '').trim();
    const bad = !/^\d{4}-\d{2}-\d{2}$/.test(occurred_on) || occurred_on > eatToday();
    setDateError(bad);
    if (!bad) machine.send({ type: 'change.requested', values: { occurred_on, ...(notes ? { notes } : {}) } });
  };

  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h1" size="lg">
        {t(`customers:deviceStatus.${action}.title`)}
      </Heading>
      <Text color="fg.muted">{t(`customers:deviceStatus.${action}.help`)}</Text>
      <form onSubmit={search} noValidate>
        <Stack gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }}>
          <Field.Root invalid={searchEmpty} required flex="1">
            <Field.Label>{t('customers:deviceStatus.search')}</Field.Label>
            <Input name="search" inputMode="numeric" defaultValue={params.get('search') ?? ''} placeholder="35… / 0754 123 456" />
            <Field.ErrorText>{t('customers:deviceStatus.searchRequired')}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={busy && !submitting}>
            {t('customers:deviceStatus.find')}
          </Button>
        </Stack>
      </form>
      {notFound && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('customers:deviceStatus.notFound')}</Alert.Title>
        </Alert.Root>
      )}
      {failed && <LoadFailure failure={failed} onRetry={() => machine.send({ type: 'search.retry' })} />}
      {done && (
        <Alert.Root status="success" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t(`customers:deviceStatus.${action}.done`)}</Alert.Title>
        </Alert.Root>
      )}
      {device && <DeviceCard device={device} />}
      {refusal && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{describeFailure(t, refusal, 'customerAction')}</Alert.Title>
        </Alert.Root>
      )}
      {device && !done && !canChange && !busy && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{t(`customers:deviceStatus.${action}.notApplicable`)}</Alert.Title>
        </Alert.Root>
      )}
      {device && canChange && (
        <form onSubmit={request} noValidate>
          <Stack gap="3">
            <Field.Root invalid={dateError} required maxW="xs">
              <Field.Label>{t(`customers:deviceStatus.${action}.date`)}</Field.Label>
              <Input name="occurred_on" type="date" defaultValue={eatToday()} max={eatToday()} />
              <Field.ErrorText>{t('customers:deviceStatus.dateInvalid')}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('customers:deviceStatus.notes')}</Field.Label>
              <Textarea name="notes" rows={2} maxLength={500} />
            </Field.Root>
            <Button type="submit" colorPalette="red" alignSelf="start">
              {t(`customers:deviceStatus.${action}.submit`)}
            </Button>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        busy={submitting}
        title={t(`customers:deviceStatus.${action}.confirmTitle`)}
        body={t(`customers:deviceStatus.${action}.confirmBody`, { imei: device?.imei ?? '', name: device?.customer.name ?? '' })}
        confirmLabel={t(`customers:deviceStatus.${action}.submit`)}
        onConfirm={() => machine.send({ type: 'change.confirmed' })}
        onCancel={() => machine.send({ type: 'change.cancelled' })}
      />
    </Stack>
  );
}
