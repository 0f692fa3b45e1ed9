import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './wizard-ref';
import { useMoney } from './wizard-parts';
import { Facts } from '../common/facts';

/** The end: the loan as created, with its contract. */
export function DoneStep({ wizard, onNew }: { wizard: FirstDepositRef; onNew: () => void }) {
  const { t, i18n } = useTranslation('deposit');
  const money = useMoney();
  const loan = useSelector(wizard, (s) => s.context.loan);
  if (!loan) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'Africa/Dar_es_Salaam' }).format(
    new Date(`${loan.next_repayment_date}T12:00:00+03:00`),
  );
  return (
    <Stack gap="4">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{t('deposit:done.created', { number: loan.loan_number })}</Alert.Title>
      </Alert.Root>
      <Facts
        rows={[
          [t('deposit:done.customer'), `${loan.customer_name} (${loan.msisdn})`],
          [t('deposit:done.device'), `${loan.device} · IMEI ${loan.imei}`],
          [t('deposit:confirm.price'), money(loan.price)],
          [t('deposit:done.depositPaid'), money(loan.deposit_paid)],
          [t('deposit:done.principal'), money(loan.principal)],
          [
            t('deposit:contract.plan'),
            t('deposit:contract.planValue', {
              count: loan.installments,
              amount: money(loan.installment_amount),
              period: t(`deposit:period.${loan.repayment_period}`),
            }),
          ],
          [t('deposit:confirm.total'), money(loan.total_repayable)],
          [t('deposit:done.nextDue'), date],
        ]}
      />
      <Link href={loan.contract_url} target="_blank" rel="noopener" color="blue.fg">
        {t('deposit:done.contract')}
      </Link>
      <Button colorPalette="blue" alignSelf="start" onClick={onNew}>
        {t('deposit:done.another')}
      </Button>
    </Stack>
  );
}
