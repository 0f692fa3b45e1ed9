import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './first-deposit-screen';
import { InstallLock, VivoCode, type VivoRef } from './lock-install';
import { FailureAlert } from './wizard-parts';

/** Step 8: install the lock solution of the chosen device's lock type, then confirm; the loan is created. */
export function LockStep({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const loading = useSelector(wizard, (s) => s.matches({ lock: 'loading' }));
  const loadFailed = useSelector(wizard, (s) => s.matches({ lock: 'loadFailed' }));
  const vivo = useSelector(wizard, (s) => s.children.vivo as VivoRef | undefined);
  const lock = useSelector(wizard, (s) => s.context.lock);
  const failure = useSelector(wizard, (s) => s.context.failure);

  if (loading) return <Spinner aria-label={t('deposit:lock.loading')} />;
  if (loadFailed && failure) return <FailureAlert failure={failure} onRetry={() => wizard.send({ type: 'lock.reload' })} />;
  if (!lock) return null;
  return (
    <Stack gap="4">
      <Text>{t('deposit:lock.intro', { type: t(`deposit:lockType.${lock.lock.lock_solution_type}`), imei: lock.imei })}</Text>
      {vivo ? <VivoCode vivo={vivo} /> : <Install wizard={wizard} />}
    </Stack>
  );
}

function Install({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const lock = useSelector(wizard, (s) => s.context.lock!.lock);
  const activating = useSelector(wizard, (s) => s.matches({ lock: 'activating' }));
  const invalid = useSelector(wizard, (s) => s.context.invalid);
  const failure = useSelector(wizard, (s) => s.context.failure);
  return (
    <InstallLock
      lock={lock} busy={activating} invalid={invalid?.installed} failure={failure && <FailureAlert failure={failure} />}
      confirmLabel={t('deposit:lock.confirm')} onConfirm={(ticked) => wizard.send({ type: 'lock.confirmed', ...ticked })}
    />
  );
}
