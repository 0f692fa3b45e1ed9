import { useState } from 'react';
import { Alert, Button, Field, Input, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { imeiChangeRequest, loanDeactivationRequest, loanExtensionRequest } from '../../contract/requests';
import { useLiveLogic, type CustomerRequestKind } from '../common/live-logic';
import { FormDialog } from '../common/form-dialog';
import { fieldErrors } from '../common/field-errors';

const SCHEMAS = { extension: loanExtensionRequest, deregistration: loanDeactivationRequest, imei: imeiChangeRequest };

/** A button that opens the form of one request kind, and says when the request is waiting for approval. */
export function CustomerRequestAction({
  kind,
  msisdn,
  loanId,
  deviceId,
}: {
  kind: CustomerRequestKind;
  msisdn: string;
  loanId?: number;
  deviceId?: number;
}) {
  const { t } = useTranslation(['translation', 'customers']);
  const request = useActorRef(useLiveLogic('customerRequest')(kind));
  const open = useSelector(request, (s) => s.matches('editing') || s.matches('submitting'));
  const saving = useSelector(request, (s) => s.hasTag('busy'));
  const failure = useSelector(request, (s) => s.context.failure);
  const sent = useSelector(request, (s) => s.matches('submitted'));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (form: FormData) => {
    const values: Record<string, unknown> = { msisdn, reason: String(form.get('reason') ?? '').trim() || undefined };
    if (kind === 'extension')
      Object.assign(values, { days_to_extend: form.get('days') === '' ? undefined : Number(form.get('days')), loan_id: loanId });
    if (kind === 'deregistration') Object.assign(values, { loan_id: loanId });
    if (kind === 'imei') Object.assign(values, { new_imei: String(form.get('imei') ?? ''), device_id: deviceId });
    const parsed = SCHEMAS[kind].safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    // The raw values go: the server parses them with the same schema (its transforms are its own business).
    if (parsed.success) request.send({ type: 'form.submitted', values });
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => request.send({ type: 'form.opened' })}>
        {t(`customers:customers.request.${kind}`)}
      </Button>
      {sent && (
        <Alert.Root status="success" role="alert" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('customers:customers.requestSent')}</Alert.Title>
        </Alert.Root>
      )}
      <FormDialog
        title={t(`customers:customers.request.${kind}`)}
        open={open}
        saving={saving}
        failure={failure}
        onCancel={() => request.send({ type: 'form.cancelled' })}
        onSubmit={submit}
      >
        {kind === 'extension' && (
          <Field.Root invalid={!!errors.days_to_extend} required>
            <Field.Label>{t('customers:customers.days')}</Field.Label>
            <Input name="days" type="number" inputMode="numeric" min={1} max={90} />
            <Field.ErrorText>{t('customers:customers.daysRequired')}</Field.ErrorText>
          </Field.Root>
        )}
        {kind === 'imei' && (
          <Field.Root invalid={!!errors.new_imei} required>
            <Field.Label>{t('customers:customers.newImei')}</Field.Label>
            <Input name="imei" inputMode="numeric" maxLength={17} />
            <Field.ErrorText>{t('validation.valid', { field: 'IMEI' })}</Field.ErrorText>
          </Field.Root>
        )}
        <Field.Root invalid={!!errors.reason} required={kind !== 'extension'}>
          <Field.Label>{t('approvals.reason')}</Field.Label>
          <Textarea name="reason" rows={2} />
          <Field.ErrorText>{t('customers:customers.reasonRequired')}</Field.ErrorText>
        </Field.Root>
      </FormDialog>
    </>
  );
}
