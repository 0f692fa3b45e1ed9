import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Code, Dialog, Field, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import {
  CALL_DESCRIPTIONS,
  CALL_MOODS,
  CALL_TYPES,
  DATA_BUNDLES,
  OFFLINE_PIN,
  awardDataRequest,
  callRatingRequest,
  type MessageSent,
  type OfflinePin,
} from '../../contract/customer-actions';
import { useLiveLogic, type CustomerActionKind } from '../common/live-logic';
import { ConfirmDialog } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { fieldErrors } from '../common/field-errors';
import { displayFormat, formatPhone } from '../../lib/display-format';

/** A dialog with a form or a question, its own submit label, and the refusal in the words of these actions. */
function ActionDialog({ busy, ...props }: Omit<Parameters<typeof FormDialog>[0], 'saving' | 'area'> & { busy: boolean }) {
  return <FormDialog {...props} saving={busy} area="customerAction" />;
}

/** One action's actor; `reviewed`: the action is confirmed in a second dialog, which stays open while it is sent. */
function useAction(kind: CustomerActionKind, reviewed = false) {
  const actor = useActorRef(useLiveLogic('customerAction')(kind));
  return {
    actor,
    editing: useSelector(actor, (s) => s.matches('editing') || (!reviewed && s.matches('submitting'))),
    confirming: useSelector(actor, (s) => s.matches('confirming') || (reviewed && s.matches('submitting'))),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    failure: useSelector(actor, (s) => s.context.failure),
    result: useSelector(actor, (s) => (s.matches('done') ? s.context.result : null)),
    open: () => actor.send({ type: 'action.opened' }),
    cancel: () => actor.send({ type: 'action.cancelled' }),
  };
}

function Done({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="success" role="alert" size="sm">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * Offline PIN: the question is the confirmation; the code is shown once, to be read to the customer. For a phone
 * reported stolen or lost (`blocked`) the button is disabled with the reason beside it: the server refuses it anyway.
 */
export function OfflinePinAction({ msisdn, imei, blocked = false }: { msisdn: string; imei: string; blocked?: boolean }) {
  const { t, i18n } = useTranslation(['customers', 'translation']);
  const a = useAction('offlinePin');
  const pin = a.result as OfflinePin | null;
  const reasonId = useId();
  const time = (iso: string) => displayFormat(i18n.resolvedLanguage ?? 'en').moment(iso);
  return (
    <>
      <Button size="sm" variant="outline" onClick={a.open} disabled={blocked} aria-describedby={blocked ? reasonId : undefined}>
        {t('customers:offlinePin.button')}
      </Button>
      {blocked && (
        <Text id={reasonId} fontSize="sm" color="red.700" data-testid="offline-pin-blocked">
          {t('customers:offlinePin.blocked')}
        </Text>
      )}
      <ActionDialog
        title={t('customers:offlinePin.title')}
        open={a.editing}
        busy={a.busy}
        failure={a.failure}
        submitLabel={t('customers:offlinePin.issue')}
        onCancel={a.cancel}
        onSubmit={() => a.actor.send({ type: 'action.submitted', values: { msisdn, imei } })}
      >
        <Text>{t('customers:offlinePin.question', { imei })}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('customers:offlinePin.limits', { device: OFFLINE_PIN.perDevice.count, staff: OFFLINE_PIN.perStaff.count })}
        </Text>
      </ActionDialog>
      <Dialog.Root
        open={pin !== null}
        onOpenChange={(d) => !d.open && a.actor.send({ type: 'action.closed' })}
        placement="center"
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>{t('customers:offlinePin.codeTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {pin && (
                  <Stack gap="3">
                    <Code fontSize="3xl" letterSpacing="widest" p="3" data-testid="offline-pin" alignSelf="center">
                      {pin.code}
                    </Code>
                    <Text>{t('customers:offlinePin.readIt', { imei: pin.imei, until: time(pin.expires_at) })}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t('customers:offlinePin.left', { count: pin.left_for_device })}
                    </Text>
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button colorPalette="blue" onClick={() => a.actor.send({ type: 'action.closed' })}>
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

/** Reset PIN and forgot password: a question, then where the SMS went. */
export function CustomerMessageAction({ kind, msisdn }: { kind: 'resetPin' | 'forgotPassword'; msisdn: string }) {
  const { t } = useTranslation(['customers', 'translation']);
  const a = useAction(kind);
  const sent = a.result as MessageSent | null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={a.open}>
        {t(`customers:${kind}.button`)}
      </Button>
      {sent && <Done>{t(`customers:${kind}.done`, { msisdn: formatPhone(sent.sent_to) })}</Done>}
      <ActionDialog
        title={t(`customers:${kind}.button`)}
        open={a.editing}
        busy={a.busy}
        failure={a.failure}
        submitLabel={t(`customers:${kind}.submit`)}
        onCancel={a.cancel}
        onSubmit={() => a.actor.send({ type: 'action.submitted', values: { msisdn } })}
      >
        <Text>{t(`customers:${kind}.question`, { msisdn: formatPhone(msisdn) })}</Text>
      </ActionDialog>
    </>
  );
}

function Select({
  name,
  label,
  options,
  error,
  words,
}: {
  name: string;
  label: string;
  options: readonly string[];
  error?: string;
  words: (o: string) => string;
}) {
  const { t } = useTranslation('customers');
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} defaultValue="">
          <option value="" disabled>
            {t('customers:choose')}
          </option>
          {options.map((o) => (
            <option key={o} value={o}>
              {words(o)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{t('customers:required', { field: label })}</Field.ErrorText>
    </Field.Root>
  );
}

/** Gift a data bundle: choose the bundle and say why, then confirm (it cannot be taken back). */
export function AwardDataAction({ msisdn }: { msisdn: string }) {
  const { t } = useTranslation(['customers', 'translation']);
  const a = useAction('awardData', true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const values = useSelector(a.actor, (s) => s.context.values);
  const submit = (form: FormData) => {
    const v = { msisdn, bundle: String(form.get('bundle') ?? ''), reason: String(form.get('reason') ?? '').trim() };
    const parsed = awardDataRequest.safeParse(v);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) a.actor.send({ type: 'action.reviewed', values: v });
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={a.open}>
        {t('customers:awardData.button')}
      </Button>
      {a.result !== null && <Done>{t('customers:awardData.done')}</Done>}
      <ActionDialog
        title={t('customers:awardData.button')}
        open={a.editing}
        busy={a.busy}
        failure={a.failure}
        submitLabel={t('customers:next')}
        onCancel={a.cancel}
        onSubmit={submit}
      >
        <Select name="bundle" label={t('customers:awardData.bundle')} options={DATA_BUNDLES} error={errors.bundle} words={(o) => o} />
        <Field.Root invalid={!!errors.reason} required>
          <Field.Label>{t('customers:awardData.reason')}</Field.Label>
          <Textarea name="reason" rows={2} maxLength={500} />
          <Field.ErrorText>{t('customers:reasonRequired')}</Field.ErrorText>
        </Field.Root>
      </ActionDialog>
      <ConfirmDialog
        open={a.confirming}
        busy={a.busy}
        title={t('customers:awardData.confirmTitle')}
        body={t('customers:awardData.confirmBody', { bundle: String(values?.bundle ?? ''), msisdn: formatPhone(msisdn) })}
        confirmLabel={t('customers:awardData.submit')}
        onConfirm={() => a.actor.send({ type: 'action.confirmed' })}
        onCancel={() => a.actor.send({ type: 'action.cancelled' })}
      />
    </>
  );
}

/** Rate a call: type, the customer's mood (the spec's "remark"), description, comment; "call rating submitted". */
export function RateCallAction({ msisdn, onRated }: { msisdn: string; onRated?: (done: boolean) => ReactNode }) {
  const { t } = useTranslation(['customers', 'translation']);
  const a = useAction('rateCall');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (form: FormData) => {
    const comment = String(form.get('comment') ?? '').trim();
    const v = {
      msisdn,
      call_type: String(form.get('call_type') ?? ''),
      mood: String(form.get('mood') ?? ''),
      description: String(form.get('description') ?? ''),
      ...(comment ? { comment } : {}),
    };
    const parsed = callRatingRequest.safeParse(v);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) a.actor.send({ type: 'action.submitted', values: v });
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={a.open} alignSelf="start">
        {t('customers:rateCall.button')}
      </Button>
      {a.result !== null && <Done>{t('customers:rateCall.done')}</Done>}
      {onRated?.(a.result !== null)}
      <ActionDialog
        title={t('customers:rateCall.button')}
        open={a.editing}
        busy={a.busy}
        failure={a.failure}
        submitLabel={t('customers:rateCall.submit')}
        onCancel={a.cancel}
        onSubmit={submit}
      >
        <Select
          name="call_type"
          label={t('customers:rateCall.callType')}
          options={CALL_TYPES}
          error={errors.call_type}
          words={(o) => t(`customers:callTypes.${o}`)}
        />
        <Select
          name="mood"
          label={t('customers:rateCall.mood')}
          options={CALL_MOODS}
          error={errors.mood}
          words={(o) => t(`customers:moods.${o}`)}
        />
        <Select
          name="description"
          label={t('customers:rateCall.description')}
          options={CALL_DESCRIPTIONS}
          error={errors.description}
          words={(o) => t(`customers:descriptions.${o}`)}
        />
        <Field.Root>
          <Field.Label>{t('customers:rateCall.comment')}</Field.Label>
          <Textarea name="comment" rows={3} maxLength={1000} />
        </Field.Root>
      </ActionDialog>
    </>
  );
}

/** Links to the stolen and recovered screens with the device's IMEI filled in. */
export function DeviceStatusLinks({
  imei,
  stolen,
  canReport,
  canRecover,
}: {
  imei: string;
  stolen: boolean;
  canReport: boolean;
  canRecover: boolean;
}) {
  const { t } = useTranslation('customers');
  return (
    <>
      {canReport && !stolen && (
        <Button asChild size="sm" variant="outline" colorPalette="red">
          <Link href={`/stolen-phone?search=${imei}`}>{t('customers:deviceStatus.stolen.title')}</Link>
        </Button>
      )}
      {canRecover && stolen && (
        <Button asChild size="sm" variant="outline">
          <Link href={`/recovered-phone?search=${imei}`}>{t('customers:deviceStatus.recovered.title')}</Link>
        </Button>
      )}
    </>
  );
}
