import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './wizard-ref';
import { describeInvalid } from '../common/describe-failure';
import { FailureAlert, useMoney } from './wizard-parts';
import { Facts } from '../common/facts';
import { LoadingSpinner } from '../common/loading-spinner';

const SIGNATURE_REFUSALS = ['signatureMissing', 'signatureNotCustomer', 'signatureIncomplete'];

/** Step 7: the e-contract; the customer accepts the terms and signs with their name. */
export function ContractStep({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const loading = useSelector(wizard, (s) => s.matches({ contract: 'loading' }));
  const loadFailed = useSelector(wizard, (s) => s.matches({ contract: 'loadFailed' }));
  const signing = useSelector(wizard, (s) => s.matches({ contract: 'signing' }));
  const contract = useSelector(wizard, (s) => s.context.contract);
  const invalid = useSelector(wizard, (s) => s.context.invalid);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const [accepted, setAccepted] = useState(false);
  // Why a signature is refused: by the wizard before sending, or by the server (its 400 names signed_by).
  const signatureRefused = invalid?.signed_by ?? (failure?.fields?.signed_by ? (failure.reason ?? 'signatureInvalid') : null);

  if (loading) return <LoadingSpinner label={t('deposit:contract.loading')} />;
  if (loadFailed && failure) return <FailureAlert failure={failure} onRetry={() => wizard.send({ type: 'contract.reload' })} />;
  if (!contract) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    wizard.send({
      type: 'contract.signed',
      acceptTerms: accepted,
      signedBy: String(new FormData(event.currentTarget).get('signedBy') ?? ''),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text>{t('deposit:contract.intro', { company: contract.company, name: contract.customer_name })}</Text>
        <Facts
          rows={[
            [t('deposit:contract.device'), `${contract.device} · IMEI ${contract.imei}`],
            [t('deposit:contract.price'), money(contract.price)],
            [t('deposit:contract.deposit'), money(contract.deposit)],
            [
              t('deposit:contract.plan'),
              t('deposit:contract.planValue', {
                count: contract.installments,
                amount: money(contract.installment_amount),
                period: t(`deposit:period.${contract.repayment_period}`),
              }),
            ],
            [t('deposit:contract.total'), money(contract.total_repayable)],
            [t('deposit:contract.lock'), t(`deposit:lockType.${contract.lock_solution_type}`)],
          ]}
        />
        <Link href="/tnc" target="_blank" rel="noopener" color="blue.fg">
          {t('deposit:contract.readTerms', { version: contract.terms_version })}
        </Link>
        <Checkbox.Root checked={accepted} onCheckedChange={(e) => setAccepted(e.checked === true)} invalid={!!invalid?.accept_terms}>
          <Checkbox.HiddenInput name="acceptTerms" />
          <Checkbox.Control />
          <Checkbox.Label>{t('deposit:contract.accept')}</Checkbox.Label>
        </Checkbox.Root>
        {invalid?.accept_terms && (
          <Text color="fg.error" role="alert">
            {describeInvalid(t, invalid.accept_terms)}
          </Text>
        )}
        <Field.Root invalid={!!signatureRefused} required>
          <Field.Label>{t('deposit:contract.signature')}</Field.Label>
          <Input name="signedBy" autoComplete="off" defaultValue="" />
          <Field.HelperText>{t('deposit:contract.signatureHelp', { name: contract.customer_name })}</Field.HelperText>
          {signatureRefused && (
            <Field.ErrorText role="alert">
              {t(`deposit:contract.refused.${SIGNATURE_REFUSALS.includes(signatureRefused) ? signatureRefused : 'signatureInvalid'}`, {
                name: contract.customer_name,
              })}
            </Field.ErrorText>
          )}
        </Field.Root>
        {failure && !failure.fields?.signed_by && <FailureAlert failure={failure} />}
        <Button type="submit" colorPalette="blue" loading={signing} alignSelf="start">
          {t('deposit:contract.sign')}
        </Button>
      </Stack>
    </form>
  );
}
