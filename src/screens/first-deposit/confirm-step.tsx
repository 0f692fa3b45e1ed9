import type { FormEvent } from 'react';
import { Button, Field, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { QualifiedPhone, RepaymentPeriod } from '../../contract/deposits';
import type { FirstDepositRef } from './wizard-ref';
import { describeInvalid } from '../common/describe-failure';
import { useMoney } from './wizard-parts';
import { Facts } from '../common/facts';
import { formatMsisdnLocal } from '../../lib/msisdn';

const PERIODS: RepaymentPeriod[] = ['daily', 'weekly', 'monthly', 'twelve_months'];

/** What each plan asks: the payment per period, how many, and the total with the deposit. */
export function planOf(
  phone: Pick<
    QualifiedPhone,
    | 'daily_payment'
    | 'weekly_payment'
    | 'monthly_payment'
    | 'installments'
    | 'twelve_months_payment'
    | 'total_repayable'
    | 'twelve_months_total'
  >,
  period: RepaymentPeriod,
) {
  switch (period) {
    case 'daily':
      return { payment: phone.daily_payment, count: phone.installments, total: phone.total_repayable };
    case 'weekly':
      return { payment: phone.weekly_payment, count: phone.installments / 7, total: phone.total_repayable };
    case 'monthly':
      return { payment: phone.monthly_payment, count: phone.installments / 30, total: phone.total_repayable };
    case 'twelve_months':
      return { payment: phone.twelve_months_payment, count: 12, total: phone.twelve_months_total };
  }
}

/** Step 3: the chosen phone, its price, deposit and plan; the agent picks the repayment period and confirms. */
export function ConfirmStep({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const phone = useSelector(wizard, (s) => s.context.phone);
  const period = useSelector(wizard, (s) => s.context.period);
  const customer = useSelector(wizard, (s) => s.context.customer);
  const invalid = useSelector(wizard, (s) => s.context.invalid);
  const payer = useSelector(wizard, (s) => s.context.payer);
  const box = useSelector(wizard, (s) => s.context.box);
  // Issue 17: the push refused the box (its IMEI is not one the store can sell now): said at the IMEI field, in the
  // deposit's own words (kept off the login's first load, where the common refusal list is).
  const boxRefusal = useSelector(wizard, (s) => (s.context.failure?.fields?.imei ? s.context.failure : null));
  if (!phone) return null;
  const plan = planOf(phone, period);
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    wizard.send({ type: 'phone.confirmed', payer: String(form.get('payer') ?? ''), imei: String(form.get('imei') ?? '') });
  };

  return (
    <Stack gap="4">
      <Text fontWeight="semibold" fontSize="lg">
        {phone.name}
      </Text>
      {/* Issue 17: a real radio group (native radios under Chakra's): arrow keys move the choice, Tab leaves it. */}
      <RadioGroup.Root
        value={period}
        onValueChange={(d) => d.value && wizard.send({ type: 'period.chosen', period: d.value as RepaymentPeriod })}
        aria-labelledby="deposit-period-label"
        name="period"
      >
        <Stack gap="2">
          <RadioGroup.Label id="deposit-period-label" fontSize="sm" fontWeight="medium">
            {t('deposit:confirm.period')}
          </RadioGroup.Label>
          <HStack wrap="wrap" gap="4">
            {PERIODS.map((p) => (
              <RadioGroup.Item key={p} value={p}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator pointerEvents="none" />
                <RadioGroup.ItemText>{t(`deposit:period.${p}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </Stack>
      </RadioGroup.Root>
      <Facts
        rows={[
          [t('deposit:confirm.price'), money(phone.price)],
          [t('deposit:confirm.deposit'), money(phone.deposit)],
          [t('deposit:confirm.daily'), money(phone.daily_payment)],
          [t('deposit:confirm.weekly'), money(phone.weekly_payment)],
          [t('deposit:confirm.monthly'), money(phone.monthly_payment)],
          [t('deposit:confirm.payment', { period: t(`deposit:period.${period}`) }), money(plan.payment)],
          [t('deposit:confirm.installments'), String(plan.count)],
          [t('deposit:confirm.total'), money(plan.total)],
        ]}
      />
      <form onSubmit={confirm} noValidate>
        <Stack gap="3">
          <Field.Root invalid={!!invalid?.imei || !!boxRefusal} required>
            <Field.Label>{t('deposit:confirm.imei', { phone: phone.name })}</Field.Label>
            <Input name="imei" inputMode="numeric" autoComplete="off" maxLength={20} defaultValue={box ?? ''} />
            <Field.HelperText>{t('deposit:confirm.imeiHelp')}</Field.HelperText>
            {invalid?.imei && <Field.ErrorText>{t(`deposit:invalid.${invalid.imei}`)}</Field.ErrorText>}
            {!invalid?.imei && boxRefusal && (
              <Field.ErrorText>{t(`deposit:reason.${boxRefusal.reason}`, { defaultValue: boxRefusal.message })}</Field.ErrorText>
            )}
          </Field.Root>
          <Field.Root invalid={!!invalid?.payment_msisdn}>
            <Field.Label>{t('deposit:confirm.payer')}</Field.Label>
            <Input
              name="payer"
              inputMode="tel"
              autoComplete="off"
              defaultValue={payer ? formatMsisdnLocal(payer) : ''}
              placeholder={customer ? formatMsisdnLocal(customer.msisdn) : ''}
            />
            <Field.HelperText>{t('deposit:confirm.payerHelp')}</Field.HelperText>
            {invalid?.payment_msisdn && <Field.ErrorText>{describeInvalid(t, invalid.payment_msisdn)}</Field.ErrorText>}
          </Field.Root>
          <HStack gap="3" wrap="wrap">
            <Button variant="outline" onClick={() => wizard.send({ type: 'wizard.back' })}>
              {t('deposit:back')}
            </Button>
            <Button type="submit" colorPalette="blue">
              {t('deposit:confirm.takeDeposit', { amount: money(phone.deposit) })}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
