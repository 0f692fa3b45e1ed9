import { useState, type FormEvent } from 'react';
import { Alert, Button, DataList, Dialog, Field, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { LockSolutionStatus } from '../../contract/lock-change';
import type { CallFailure } from '../../lib/call-failure';
import type { lockChangeMachine } from '../../machines/lock-change.machine';
import { useLiveLogic } from '../common/live-logic';
import { describeFailure, describeInvalid } from '../common/describe-failure';
import { LockInstall, type LockInstallRef } from '../first-deposit/lock-install';
import { LoadingSpinner } from '../common/loading-spinner';

type LockChangeRef = ActorRefFrom<typeof lockChangeMachine>;

function Refusal({ failure }: { failure: CallFailure }) {
  const { t } = useTranslation(['customers', 'translation']);
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{describeFailure(t, failure, 'lockChange')}</Alert.Title>
    </Alert.Root>
  );
}

/** The button of the customer view and its dialog; the process lives while the dialog is open. */
export function LockChangeAction({ msisdn }: { msisdn: string }) {
  const { t } = useTranslation('customers');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('customers:lockChange.button')}
      </Button>
      <Dialog.Root
        open={open}
        onOpenChange={(d) => setOpen(d.open)}
        placement="center"
        size={{ base: 'full', md: 'lg' }}
        scrollBehavior="inside"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{t('customers:lockChange.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{open && <LockChange msisdn={msisdn} />}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t('customers:close')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

function LockChange({ msisdn }: { msisdn: string }) {
  const { t } = useTranslation(['customers', 'deposit']);
  const change = useActorRef(useLiveLogic('lockChange'), { input: { msisdn } });
  const loading = useSelector(change, (s) => s.matches('loading'));
  const loadFailed = useSelector(change, (s) => s.matches('loadFailed'));
  const done = useSelector(change, (s) => s.matches('done') || s.matches('enrolling'));
  const install = useSelector(change, (s) => s.children.lockInstall as LockInstallRef | undefined);
  // The change starts in the child: the form stays (busy) until its answer says what to install.
  const preparing = useSelector(install, (s) => !!s?.matches('preparing'));
  const lock = useSelector(install, (s) => s?.context.lock ?? null);
  const failure = useSelector(change, (s) => s.context.failure);

  if (loading) return <LoadingSpinner label={t('customers:lockChange.loading')} />;
  if (loadFailed && failure) {
    return (
      <Stack gap="3">
        <Refusal failure={failure} />
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => change.send({ type: 'lock.reload' })}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (done) return <Done change={change} />;
  if (!install || preparing) return <Choose change={change} starting={preparing} />;
  if (!lock) return null;
  return (
    <Stack gap="4">
      <Text>
        {t('customers:lockChange.intro', {
          type: t(`deposit:lockType.${lock.lock_solution_type}`),
          from: t(`deposit:lockType.${lock.from_lock_solution_type}`),
          imei: lock.imei,
        })}
      </Text>
      <LockInstall
        install={install}
        area="lockChange"
        confirmLabel={t('customers:lockChange.confirm')}
        backLabel={t('customers:lockChange.back')}
      />
    </Stack>
  );
}

/** The device's lock now, each fact with its "unavailable" words when the provider has not told it. */
function CurrentLock({ status }: { status: LockSolutionStatus }) {
  const { t, i18n } = useTranslation(['customers', 'deposit']);
  const when = (iso: string | null, missing: string) =>
    iso
      ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : missing;
  const rows: Array<[string, string]> = [
    [t('customers:lockChange.lockType'), t(`deposit:lockType.${status.lock_solution_type}`)],
    [
      t('customers:lockChange.lockStatus'),
      status.lock_status ? t(`customers:lockChange.statuses.${status.lock_status}`) : t('customers:lockChange.unavailable.status'),
    ],
    [
      t('customers:lockChange.activation'),
      status.activation_status
        ? t(`customers:lockChange.activations.${status.activation_status}`)
        : t('customers:lockChange.unavailable.activation'),
    ],
    [
      t('customers:lockChange.locked'),
      status.is_locked === null
        ? t('customers:lockChange.unavailable.locked')
        : t(status.is_locked ? 'customers:device.locked' : 'customers:device.unlocked'),
    ],
    [t('customers:lockChange.lastCheckIn'), when(status.last_check_in, t('customers:lockChange.unavailable.lastCheckIn'))],
    [t('customers:lockChange.enrolledAt'), when(status.enrolled_at, t('customers:lockChange.unavailable.enrolledAt'))],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={t('customers:lockChange.current')}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="40%">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function Choose({ change, starting }: { change: LockChangeRef; starting: boolean }) {
  const { t } = useTranslation(['customers', 'deposit']);
  const current = useSelector(change, (s) => s.context.current!);
  const invalid = useSelector(change, (s) => s.context.invalid);
  const failure = useSelector(change, (s) => s.context.failure);
  const [lockType, setLockType] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.send({ type: 'lock.typeChosen', lockType });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontWeight="semibold">{t('customers:lockChange.current')}</Text>
        <CurrentLock status={current.status} />
        {failure && <Refusal failure={failure} />}
        <Field.Root invalid={!!invalid?.lockType} required>
          <Field.Label>{t('customers:lockChange.newType')}</Field.Label>
          <NativeSelect.Root disabled={starting}>
            <NativeSelect.Field value={lockType} onChange={(e) => setLockType(e.currentTarget.value)}>
              <option value="" disabled>
                {t('customers:choose')}
              </option>
              {current.type.available_lock_solution_types.map((type) => (
                <option key={type} value={type}>
                  {t(`deposit:lockType.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {invalid?.lockType && <Field.ErrorText>{describeInvalid(t, invalid.lockType)}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={starting}>
          {t('customers:lockChange.start')}
        </Button>
      </Stack>
    </form>
  );
}

function Done({ change }: { change: LockChangeRef }) {
  const { t } = useTranslation(['customers', 'deposit']);
  const result = useSelector(change, (s) => s.context.result!);
  const enrolling = useSelector(change, (s) => s.matches('enrolling'));
  const failure = useSelector(change, (s) => s.context.failure);
  const canEnrolAgain = useSelector(change, (s) => s.can({ type: 'lock.enrolAgain' }));
  const type = t(`deposit:lockType.${result.lock_solution_type}`);
  return (
    <Stack gap="3">
      <Alert.Root status="success" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('customers:lockChange.done', { type })}</Alert.Title>
      </Alert.Root>
      {(canEnrolAgain || enrolling) && (
        <>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{t('customers:lockChange.enrolmentPending', { type })}</Alert.Title>
          </Alert.Root>
          {failure && <Refusal failure={failure} />}
          <Button
            size="sm"
            variant="outline"
            alignSelf="start"
            loading={enrolling}
            onClick={() => change.send({ type: 'lock.enrolAgain' })}
          >
            {t('customers:lockChange.enrolAgain')}
          </Button>
        </>
      )}
    </Stack>
  );
}
