import { Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './wizard-ref';
import { LockInstall, type LockInstallRef } from './lock-install';
import { FailureAlert } from './wizard-parts';
import { LoadingSpinner } from '../common/loading-spinner';

/** Step 8: install the lock solution of the chosen device's lock type (the lock-install child), then confirm; the loan is created. */
export function LockStep({ wizard }: { wizard: FirstDepositRef }) {
  const loadFailed = useSelector(wizard, (s) => s.matches({ lock: 'loadFailed' }));
  const install = useSelector(wizard, (s) => s.children.lockInstall as LockInstallRef | undefined);
  const failure = useSelector(wizard, (s) => s.context.failure);

  if (loadFailed && failure) return <FailureAlert failure={failure} onRetry={() => wizard.send({ type: 'lock.reload' })} />;
  return install ? <Install install={install} /> : null;
}

function Install({ install }: { install: LockInstallRef }) {
  const { t } = useTranslation('deposit');
  const preparing = useSelector(install, (s) => s.matches('preparing'));
  const lock = useSelector(install, (s) => s.context.lock);

  if (preparing || !lock) return <LoadingSpinner label={t('deposit:lock.loading')} />;
  return (
    <Stack gap="4">
      <Text>{t('deposit:lock.intro', { type: t(`deposit:lockType.${lock.lock_solution_type}`), imei: lock.imei })}</Text>
      <LockInstall install={install} area="deposit" confirmLabel={t('deposit:lock.confirm')} />
    </Stack>
  );
}
