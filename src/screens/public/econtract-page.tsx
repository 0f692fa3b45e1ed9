import { Alert, Button, Heading, Link, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import type { loadMachine } from '../../machines/load.machine';
import type { ContractDetails } from '../../contract/deposits';
import { formatTzs } from '../../lib/money';
import { AuthLayout } from '../auth/auth-layout';
import { describeFailure } from '../common/describe-failure';
import { Facts } from '../common/facts';
import { LoadingSpinner } from '../common/loading-spinner';

type ContractLogic = typeof loadMachine;

/** /econtract?ref=...: a signed contract by its link, without logging in (the app hands it the contract's loader). */
export default function EcontractPage({ contract }: { contract: ContractLogic }) {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const reference = params.get('ref') ?? '';
  return (
    <AuthLayout>
      <Stack gap="4" maxW="2xl">
        <Heading as="h1" size="xl">
          {t('public:econtract.title')}
        </Heading>
        {reference ? (
          <Contract reference={reference} logic={contract} />
        ) : (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('public:econtract.missing')}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </AuthLayout>
  );
}

function Contract({ reference, logic }: { reference: string; logic: ContractLogic }) {
  const { t, i18n } = useTranslation('public');
  const loader = useActorRef(logic, { input: { params: { reference } } });
  const contract = useSelector(loader, (s) => s.context.data as ContractDetails | null);
  const failure = useSelector(loader, (s) => s.context.failure);
  const money = (amount: number) => formatTzs(amount, i18n.language);

  if (failure) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>
          {failure.status === 404 || failure.status === 400 ? t('public:econtract.notFound') : describeFailure(t, failure)}
        </Alert.Title>
        {failure.status !== 404 && failure.status !== 400 && (
          <Button size="sm" variant="outline" ms="auto" onClick={() => loader.send({ type: 'load.retry' })}>
            {t('common.retry')}
          </Button>
        )}
      </Alert.Root>
    );
  }
  if (!contract) return <LoadingSpinner label={t('public:econtract.loading')} />;
  const when = contract.signed_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Dar_es_Salaam' }).format(
        new Date(contract.signed_at),
      )
    : t('public:econtract.unsigned');
  const rows: Array<[string, string]> = [
    [t('public:econtract.reference'), contract.reference],
    [t('public:econtract.customer'), contract.customer_name],
    [t('public:econtract.phoneNumber'), contract.msisdn],
    [t('public:econtract.nationalId'), contract.national_id],
    [t('public:econtract.device'), contract.device],
    [t('public:econtract.imei'), contract.imei],
    [t('public:econtract.price'), money(contract.price)],
    [t('public:econtract.deposit'), money(contract.deposit)],
    [t('public:econtract.plan'), `${contract.installments} × ${money(contract.installment_amount)}`],
    [t('public:econtract.total'), money(contract.total_repayable)],
    [t('public:econtract.terms'), contract.terms_version],
    [t('public:econtract.signedBy'), contract.signed_by ?? t('public:econtract.unsigned')],
    [t('public:econtract.signedAt'), when],
  ];
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {t('public:econtract.between', { company: contract.company, name: contract.customer_name })}
      </Heading>
      <Facts rows={rows} />
      {contract.contract_url && (
        <Link href={contract.contract_url} color="blue.fg">
          {t('public:econtract.pdf')}
        </Link>
      )}
      <Link href="/tnc" color="blue.fg">
        {t('public:econtract.readTerms')}
      </Link>
    </Stack>
  );
}
