import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Code, Field, HStack, Input, List, QrCode, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { lockInstallMachine, LockToInstall } from '../../machines/lock-install.machine';
import type { vivoAuthCodeMachine } from '../../machines/vivo-auth-code.machine';
import { describeInvalid, type FailureArea } from '../common/describe-failure';
import { FailureAlert } from './wizard-parts';

/**
 * Installing a lock solution on a handset, drawn over the lock-install child that the deposit wizard's lock step and
 * the customer view's lock solution change both invoke: what to do for the lock type (dial code, provisioning QR,
 * app), the two checkboxes, and the vivo-auth-code grandchild. The owner draws what comes before (the intro).
 */

export type VivoRef = ActorRefFrom<typeof vivoAuthCodeMachine>;
export type LockInstallRef = ActorRefFrom<typeof lockInstallMachine>;

/** The vivo code when the type asks for one, else the instructions and the checkboxes; `backLabel` offers going back. */
export function LockInstall({
  install,
  area,
  confirmLabel,
  backLabel,
}: {
  install: LockInstallRef;
  area: FailureArea;
  confirmLabel: string;
  backLabel?: string;
}) {
  const vivo = useSelector(install, (s) => s.children.vivo as VivoRef | undefined);
  const lock = useSelector(install, (s) => s.context.lock);
  const confirming = useSelector(install, (s) => s.matches('confirming'));
  const invalid = useSelector(install, (s) => s.context.invalid);
  const failure = useSelector(install, (s) => s.context.failure);
  const canGoBack = useSelector(install, (s) => s.can({ type: 'lock.back' }));
  const back = backLabel && (
    <Button variant="outline" disabled={!canGoBack} onClick={() => install.send({ type: 'lock.back' })}>
      {backLabel}
    </Button>
  );
  if (vivo) {
    return (
      <Stack gap="3">
        <VivoCode vivo={vivo} />
        {back}
      </Stack>
    );
  }
  if (!lock) return null;
  return (
    <InstallLock
      lock={lock}
      busy={confirming}
      invalid={invalid?.installed}
      failure={failure && <FailureAlert failure={failure} area={area} />}
      confirmLabel={confirmLabel}
      onConfirm={(ticked) => install.send({ type: 'lock.confirmed', ...ticked })}
      extra={back}
    />
  );
}

type Instructions = Pick<LockToInstall, 'lock_solution_type' | 'dial_code' | 'qr_payload'>;

/** What the agent does on the handset for the lock type. */
function LockInstructions({ lock }: { lock: Instructions }) {
  const { t } = useTranslation('deposit');
  if (lock.dial_code) {
    return (
      <Stack gap="2">
        <Text>{t('deposit:lock.dialCode')}</Text>
        <Code fontSize="2xl" p="3" alignSelf="start" data-testid="dial-code">
          {lock.dial_code}
        </Code>
      </Stack>
    );
  }
  if (lock.qr_payload) {
    return (
      <Stack gap="2">
        <List.Root as="ol" ps="5">
          <List.Item>{t('deposit:lock.qrTap')}</List.Item>
          <List.Item>{t('deposit:lock.qrScan')}</List.Item>
          <List.Item>{t('deposit:lock.qrFollow')}</List.Item>
        </List.Root>
        <QrCode.Root value={lock.qr_payload} size="lg" aria-label={t('deposit:lock.qrLabel')}>
          <QrCode.Frame>
            <QrCode.Pattern />
          </QrCode.Frame>
        </QrCode.Root>
      </Stack>
    );
  }
  return <Text>{t(`deposit:lock.app.${lock.lock_solution_type}`)}</Text>;
}

/**
 * The instructions and the two checkboxes; `onConfirm` gets what was ticked (the owning machine's guard decides).
 * `invalid`: the machine's refusal of the checkboxes, a code; `failure`: the refusal of the call, drawn.
 */
function InstallLock({
  lock,
  busy,
  invalid,
  failure,
  confirmLabel,
  onConfirm,
  extra,
}: {
  lock: Instructions;
  busy: boolean;
  invalid: string | undefined;
  failure: ReactNode;
  confirmLabel: string;
  onConfirm: (ticked: { lockInstalled: boolean; appInstalled: boolean }) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('deposit');
  const [lockInstalled, setLockInstalled] = useState(false);
  const [appInstalled, setAppInstalled] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm({ lockInstalled, appInstalled });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <LockInstructions lock={lock} />
        <Checkbox.Root
          checked={lockInstalled}
          onCheckedChange={(e) => setLockInstalled(e.checked === true)}
          invalid={!!invalid && !lockInstalled}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('deposit:lock.lockInstalled')}</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root
          checked={appInstalled}
          onCheckedChange={(e) => setAppInstalled(e.checked === true)}
          invalid={!!invalid && !appInstalled}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('deposit:lock.appInstalled')}</Checkbox.Label>
        </Checkbox.Root>
        {invalid && (
          <Text color="fg.error" role="alert">
            {describeInvalid(t, invalid)}
          </Text>
        )}
        {failure}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="blue" loading={busy}>
            {confirmLabel}
          </Button>
          {extra}
        </HStack>
      </Stack>
    </form>
  );
}

/** The vivo-auth-code child: send, enter, verify; the code lasts 5 minutes. */
function VivoCode({ vivo }: { vivo: VivoRef }) {
  const { t } = useTranslation('deposit');
  const value = useSelector(vivo, (s) => s.value);
  const busy = useSelector(vivo, (s) => s.hasTag('busy') || s.matches('sending'));
  const failure = useSelector(vivo, (s) => s.context.failure);
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  const entering = typeof value === 'object' && 'codeSent' in value;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = vivo.getSnapshot().can({ type: 'vivo.codeEntered', code });
    setMalformed(!ok);
    if (ok) vivo.send({ type: 'vivo.codeEntered', code });
  };

  if (value === 'idle' || value === 'sending') {
    return (
      <Stack gap="2">
        <Text>{t('deposit:vivo.intro')}</Text>
        <Button colorPalette="blue" alignSelf="start" loading={busy} onClick={() => vivo.send({ type: 'vivo.send' })}>
          {t('deposit:vivo.send')}
        </Button>
      </Stack>
    );
  }
  if (value === 'sendFailed' || value === 'expired') {
    return (
      <Stack gap="2">
        {value === 'expired' ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('deposit:vivo.expired')}</Alert.Title>
          </Alert.Root>
        ) : (
          failure && <FailureAlert failure={failure} />
        )}
        <Button colorPalette="blue" alignSelf="start" onClick={() => vivo.send({ type: 'vivo.send' })}>
          {t('deposit:vivo.sendAgain')}
        </Button>
      </Stack>
    );
  }
  if (!entering) return null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Text role="status">{t('deposit:vivo.sent')}</Text>
        <Field.Root invalid={malformed} required>
          <Field.Label>{t('deposit:vivo.code')}</Field.Label>
          <Input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" maxLength={6} autoComplete="off" autoFocus />
          {malformed && <Field.ErrorText>{describeInvalid(t, 'authCodeInvalid')}</Field.ErrorText>}
        </Field.Root>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('deposit:vivo.wrong')}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="blue" loading={busy}>
            {t('deposit:vivo.verify')}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => vivo.send({ type: 'vivo.send' })}>
            {t('deposit:vivo.sendAgain')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
