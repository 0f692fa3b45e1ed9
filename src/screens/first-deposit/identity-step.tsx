import type { FormEvent } from 'react';
import { Alert, Button, Field, HStack, Image, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { identityCheckMachine } from '../../machines/identity-check.machine';
import type { scannerCaptureMachine } from '../../machines/scanner-capture.machine';
import type { FirstDepositRef } from './wizard-ref';
import { describeInvalid } from '../common/describe-failure';
import { FailureAlert } from './wizard-parts';
import { formatNida } from '../../lib/nida';

type IdentityRef = ActorRefFrom<typeof identityCheckMachine>;
type ScannerRef = ActorRefFrom<typeof scannerCaptureMachine>;

/** Step 6: the identity check, the screen of the identity-check child machine. */
export function IdentityStep({ wizard }: { wizard: FirstDepositRef }) {
  const identity = useSelector(wizard, (s) => s.children.identity as IdentityRef | undefined);
  const question = useSelector(wizard, (s) => s.context.customer?.security_question ?? null);
  const nida = useSelector(wizard, (s) => s.context.customer?.nida_number ?? null);
  return identity ? <Identity identity={identity} question={question} nida={nida} /> : null;
}

function Identity({ identity, question, nida }: { identity: IdentityRef; question: string | null; nida: string | null }) {
  const { t } = useTranslation('deposit');
  const choosing = useSelector(identity, (s) => s.matches('choosing'));
  const byFingerprint = useSelector(identity, (s) => s.matches('fingerprint'));
  const canAsk = useSelector(identity, (s) => s.can({ type: 'identity.questionChosen' }));

  if (choosing) {
    return (
      <Stack gap="3">
        <Text>{t('deposit:identity.choose')}</Text>
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="blue" onClick={() => identity.send({ type: 'identity.fingerprintChosen' })}>
            {t('deposit:identity.fingerprint')}
          </Button>
          <Button variant="outline" disabled={!canAsk} onClick={() => identity.send({ type: 'identity.questionChosen' })}>
            {t('deposit:identity.question')}
          </Button>
        </HStack>
        {!canAsk && (
          <Text fontSize="sm" color="fg.muted">
            {t('deposit:identity.noQuestion')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      {byFingerprint ? <Fingerprint identity={identity} nida={nida} /> : <SecurityQuestion identity={identity} question={question ?? ''} />}
      <Button variant="ghost" alignSelf="start" size="sm" onClick={() => identity.send({ type: 'identity.methodChanged' })}>
        {t('deposit:identity.otherMethod')}
      </Button>
    </Stack>
  );
}

function Fingerprint({ identity, nida }: { identity: IdentityRef; nida: string | null }) {
  const { t } = useTranslation('deposit');
  const scanner = useSelector(identity, (s) => s.children.scanner as ScannerRef | undefined);
  const fingerprint = useSelector(identity, (s) => s.context.fingerprint);
  const verifying = useSelector(identity, (s) => s.hasTag('busy'));
  const invalid = useSelector(identity, (s) => s.context.invalid);
  const failure = useSelector(identity, (s) => s.context.failure);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    identity.send({ type: 'fingerprint.submitted', nidaNumber: String(new FormData(event.currentTarget).get('nida') ?? '') });
  };

  return (
    <Stack gap="3">
      {scanner && <Scanner scanner={scanner} />}
      {fingerprint && !scanner && (
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            <HStack gap="3" align="start" wrap="wrap">
              {/* Issue 17: the whole print, scaled to fit (never cropped to a square). */}
              <Image
                src={`data:image/bmp;base64,${fingerprint.imageBase64}`}
                alt={t('deposit:identity.capturedImage')}
                data-testid="fingerprint-image"
                w="auto"
                h="auto"
                maxW="40"
                maxH="48"
                objectFit="contain"
                borderWidth="1px"
                flexShrink="0"
              />
              <Text>{t('deposit:identity.captured', { quality: fingerprint.quality })}</Text>
            </HStack>
            <Field.Root invalid={!!invalid?.nida_number} required>
              <Field.Label>{t('deposit:identity.nida')}</Field.Label>
              {/* Issue 17: the number on record is prefilled; the agent checks it against the customer's card. */}
              <Input
                name="nida"
                inputMode="numeric"
                autoComplete="off"
                placeholder="19900101-12345-00001-23"
                defaultValue={nida ? formatNida(nida) : ''}
                autoFocus
              />
              <Field.HelperText>{t(nida ? 'deposit:identity.nidaPrefilled' : 'deposit:identity.nidaHelp')}</Field.HelperText>
              {invalid?.nida_number && <Field.ErrorText>{describeInvalid(t, invalid.nida_number)}</Field.ErrorText>}
            </Field.Root>
            {failure && <FailureAlert failure={failure} />}
            <HStack gap="3" wrap="wrap">
              <Button type="submit" colorPalette="blue" loading={verifying}>
                {t('deposit:identity.verify')}
              </Button>
              <Button variant="outline" disabled={verifying} onClick={() => identity.send({ type: 'fingerprint.recapture' })}>
                {t('deposit:identity.recapture')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The scanner-capture child: capture, and each failure with its own words and retry. */
export function Scanner({ scanner }: { scanner: ScannerRef }) {
  const { t } = useTranslation('scanner');
  const value = useSelector(scanner, (s) => s.value);
  const busy = useSelector(scanner, (s) => s.hasTag('busy'));
  if (value === 'idle') {
    return (
      <Stack gap="2">
        <Text>{t('deposit:identity.placeFinger')}</Text>
        <Button colorPalette="blue" alignSelf="start" onClick={() => scanner.send({ type: 'scanner.capture' })}>
          {t('scanner:action.capture')}
        </Button>
      </Stack>
    );
  }
  if (busy) {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>{t('deposit:identity.capturing')}</Text>
        <Button size="sm" variant="ghost" onClick={() => scanner.send({ type: 'scanner.cancel' })}>
          {t('common.cancel')}
        </Button>
      </HStack>
    );
  }
  if (typeof value === 'string' && value !== 'captured') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t(`scanner:error.${value}`)}</Alert.Title>
        <Button size="sm" variant="outline" ms="auto" onClick={() => scanner.send({ type: 'scanner.retry' })}>
          {t('scanner:action.retry')}
        </Button>
      </Alert.Root>
    );
  }
  return null;
}

function SecurityQuestion({ identity, question }: { identity: IdentityRef; question: string }) {
  const { t, i18n } = useTranslation('deposit');
  // The question is kept as a code (first_school ...): shown in the agent's language; a question kept as text (older
  // records) is shown as it is.
  const key = `deposit:securityQuestion.${question}`;
  const questionText = /^[a-z_]+$/.test(question) && i18n.exists(key) ? t(key) : question;
  const verifying = useSelector(identity, (s) => s.hasTag('busy'));
  const invalid = useSelector(identity, (s) => s.context.invalid);
  const failure = useSelector(identity, (s) => s.context.failure);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    identity.send({ type: 'answer.submitted', answer: String(new FormData(event.currentTarget).get('answer') ?? '') });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Field.Root invalid={!!invalid?.answer} required>
          <Field.Label>{questionText}</Field.Label>
          <Input name="answer" autoComplete="off" autoFocus />
          <Field.HelperText>{t('deposit:identity.answerHelp')}</Field.HelperText>
          {invalid?.answer && <Field.ErrorText>{describeInvalid(t, invalid.answer)}</Field.ErrorText>}
        </Field.Root>
        {failure && <FailureAlert failure={failure} />}
        <Button type="submit" colorPalette="blue" loading={verifying} alignSelf="start">
          {t('deposit:identity.verify')}
        </Button>
      </Stack>
    </form>
  );
}
