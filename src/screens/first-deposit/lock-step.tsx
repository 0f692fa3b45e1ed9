import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Code, Field, HStack, Input, List, QrCode, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { vivoAuthCodeMachine } from '../../machines/vivo-auth-code.machine';
import type { FirstDepositRef } from './first-deposit-screen';
import { FailureAlert, invalidText } from './wizard-parts';

type VivoRef = ActorRefFrom<typeof vivoAuthCodeMachine>;

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

function Instructions({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const lock = useSelector(wizard, (s) => s.context.lock!.lock);
  if (lock.dial_code) {
    return (
      <Stack gap="2">
        <Text>{t('deposit:lock.dialCode')}</Text>
        <Code fontSize="2xl" p="3" alignSelf="start" data-testid="dial-code">{lock.dial_code}</Code>
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

function Install({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const activating = useSelector(wizard, (s) => s.matches({ lock: 'activating' }));
  const invalid = useSelector(wizard, (s) => s.context.invalid);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const [lockInstalled, setLockInstalled] = useState(false);
  const [appInstalled, setAppInstalled] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    wizard.send({ type: 'lock.confirmed', lockInstalled, appInstalled });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Instructions wizard={wizard} />
        <Checkbox.Root checked={lockInstalled} onCheckedChange={(e) => setLockInstalled(e.checked === true)} invalid={!!invalid && !lockInstalled}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('deposit:lock.lockInstalled')}</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root checked={appInstalled} onCheckedChange={(e) => setAppInstalled(e.checked === true)} invalid={!!invalid && !appInstalled}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('deposit:lock.appInstalled')}</Checkbox.Label>
        </Checkbox.Root>
        {invalid?.installed && <Text color="fg.error" role="alert">{invalidText(t, invalid.installed)}</Text>}
        {failure && <FailureAlert failure={failure} />}
        <Button type="submit" colorPalette="blue" loading={activating} alignSelf="start">{t('deposit:lock.confirm')}</Button>
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
        <Button colorPalette="blue" alignSelf="start" loading={busy} onClick={() => vivo.send({ type: 'vivo.send' })}>{t('deposit:vivo.send')}</Button>
      </Stack>
    );
  }
  if (value === 'sendFailed' || value === 'expired') {
    return (
      <Stack gap="2">
        {value === 'expired' ? (
          <Alert.Root status="warning" role="alert"><Alert.Indicator /><Alert.Title>{t('deposit:vivo.expired')}</Alert.Title></Alert.Root>
        ) : (
          failure && <FailureAlert failure={failure} />
        )}
        <Button colorPalette="blue" alignSelf="start" onClick={() => vivo.send({ type: 'vivo.send' })}>{t('deposit:vivo.sendAgain')}</Button>
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
          {malformed && <Field.ErrorText>{invalidText(t, 'valid authorization code required')}</Field.ErrorText>}
        </Field.Root>
        {failure && (
          <Alert.Root status="error" role="alert"><Alert.Indicator /><Alert.Title>{t('deposit:vivo.wrong')}</Alert.Title></Alert.Root>
        )}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="blue" loading={busy}>{t('deposit:vivo.verify')}</Button>
          <Button variant="outline" disabled={busy} onClick={() => vivo.send({ type: 'vivo.send' })}>{t('deposit:vivo.sendAgain')}</Button>
        </HStack>
      </Stack>
    </form>
  );
}
