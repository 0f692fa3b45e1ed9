import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './wizard-ref';
import { FailureAlert, useMoney } from './wizard-parts';
import { Facts } from '../common/facts';

/**
 * The search found a customer whose deposit is already in progress in a wizard (decision 010): who, how much,
 * when paid, and where it waits. Its agent resumes it; a colleague is told whose it is and when it is released.
 * The deposit is never offered again from here.
 */
export function HeldDeposit({ wizard }: { wizard: FirstDepositRef }) {
  const { t, i18n } = useTranslation('deposit');
  const money = useMoney();
  const held = useSelector(wizard, (s) => s.context.held);
  const resuming = useSelector(wizard, (s) => s.matches({ searching: 'resuming' }));
  const failure = useSelector(wizard, (s) => s.context.failure);
  if (!held) return null;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Dar_es_Salaam' }).format(
      new Date(iso),
    );
  const paid = held.deposit_status === 'completed';

  return (
    <Stack gap="4" data-testid="held-deposit">
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {paid
              ? t('deposit:held.paidTitle', { name: held.customer_name, amount: money(held.amount) })
              : t('deposit:held.pendingTitle', { name: held.customer_name, amount: money(held.amount) })}
          </Alert.Title>
          <Alert.Description>{t('deposit:held.neverAgain')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Facts
        rows={[
          [t('deposit:held.customer'), held.customer_name],
          [paid ? t('deposit:held.amountPaid') : t('deposit:held.amountAsked'), money(held.amount)],
          ...(held.paid_at ? [[t('deposit:held.paidAt'), when(held.paid_at)] as [string, string]] : []),
          ...(held.receipt ? [[t('deposit:held.receipt'), held.receipt] as [string, string]] : []),
          [t('deposit:held.device'), held.device],
          [t('deposit:held.waitsAt'), t(`deposit:step.${held.step}`)],
          [t('deposit:held.startedBy'), t('deposit:held.startedByValue', { name: held.started_by.name, when: when(held.started_at) })],
          ...(held.release_after ? [[t('deposit:held.releaseAfter'), when(held.release_after)] as [string, string]] : []),
        ]}
      />
      {failure && <FailureAlert failure={failure} />}
      {held.yours ? (
        <Button colorPalette="blue" alignSelf="start" loading={resuming} onClick={() => wizard.send({ type: 'held.resume' })}>
          {t('deposit:held.resume')}
        </Button>
      ) : (
        <Text>{t('deposit:held.notYours', { name: held.started_by.name })}</Text>
      )}
    </Stack>
  );
}
