import { Alert, Badge, Button, Field, HStack, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import {
  DEPOSIT_PROVIDERS,
  DEPOSIT_PROVIDER_NAMES,
  type DepositProvider,
  FIRST_DEPOSIT_STATUSES,
  firstDepositsRequest,
  type FirstDepositRow,
  type FirstDepositStatus,
} from '../../contract/collections';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useLiveLogic } from '../common/live-logic';
import { DataTable, type Column } from '../common/data-table';
import { useResourceList } from '../common/use-resource-list';
import { ExportButton, Select, filterLines, useFormats, useFilterForm, TwoLines, idsFromUrl } from './common';

const URL_IDS = { store: 'store_id', agent: 'agent_id' } as const;

const STATUS_COLOURS: Record<FirstDepositStatus, string> = {
  awaiting_payment: 'gray',
  paid: 'blue',
  loan_created: 'green',
  abandoned: 'red',
};

/**
 * Deposits (/dashboard/deposits, decision 020): the first deposits across customers, newest first, in a period of
 * start days (the last 30 by default), by provider and status and (from a link) store or agent, paged on the server;
 * CSV and PDF exports with the filters.
 */
export default function DepositsScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const [search] = useSearchParams();
  const { filter, errors, submit } = useFilterForm({
    schema: firstDepositsRequest,
    names: ['from', 'to', 'provider', 'status'],
    keep: Object.values(URL_IDS),
    initial: () => idsFromUrl(search, URL_IDS),
  });
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:deposits.title')}
      </Heading>
      <Text color="fg.muted">{t('collections:deposits.help')}</Text>
      <form onSubmit={submit} noValidate role="search" aria-label={t('collections:defaulters.filters')}>
        <HStack gap="3" align="start" wrap="wrap">
          <Field.Root invalid={!!errors.from} maxW="44">
            <Field.Label>{t('collections:deposits.from')}</Field.Label>
            <Input size="sm" type="date" name="from" defaultValue={String(filter.from ?? '')} />
            <Field.ErrorText>{t('collections:validDate')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.to} maxW="44">
            <Field.Label>{t('collections:deposits.to')}</Field.Label>
            <Input size="sm" type="date" name="to" defaultValue={String(filter.to ?? '')} />
            <Field.ErrorText>{t('collections:deposits.badPeriod')}</Field.ErrorText>
          </Field.Root>
          <Select
            label={t('collections:deposits.providerLabel')}
            name="provider"
            value={String(filter.provider ?? '')}
            options={DEPOSIT_PROVIDERS}
            words={(p) => DEPOSIT_PROVIDER_NAMES[p as DepositProvider]}
            empty={t('collections:any')}
          />
          <Select
            label={t('collections:deposits.statusLabel')}
            name="status"
            value={String(filter.status ?? '')}
            options={FIRST_DEPOSIT_STATUSES}
            words={(s) => t(`collections:deposits.status.${s}`)}
            empty={t('collections:any')}
          />
          <Button type="submit" size="sm" colorPalette="blue" mt="6">
            {t('collections:apply')}
          </Button>
        </HStack>
      </form>
      {Object.values(URL_IDS).some((k) => filter[k] !== undefined) && (
        <Alert.Root status="info" size="sm">
          <Alert.Title>
            {Object.values(URL_IDS)
              .filter((k) => filter[k] !== undefined)
              .map((k) => t(`collections:defaulters.linkFilter.${k}`, { id: filter[k] }))
              .join(' · ')}
          </Alert.Title>
        </Alert.Root>
      )}
      <DepositsTable key={JSON.stringify(filter)} filter={filter} />
    </Stack>
  );
}

function DepositsTable({ filter }: { filter: ListFilter }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const list = useResourceList<FirstDepositRow>(useLiveLogic('collectionLists').deposits, { limit: 25, filter });
  const provider = (r: FirstDepositRow) => (r.provider ? DEPOSIT_PROVIDER_NAMES[r.provider] : '—');
  const columns: Column<FirstDepositRow>[] = [
    { key: 'started', header: t('collections:deposits.started'), cell: (r) => f.time(r.started_at) },
    {
      key: 'customer',
      header: t('collections:col.customer'),
      cell: (r) => <TwoLines main={r.customer.name} sub={r.customer.msisdn} />,
    },
    { key: 'store', header: t('collections:col.store'), cell: (r) => r.store.name },
    { key: 'agent', header: t('collections:col.agent'), cell: (r) => r.agent?.name ?? '—' },
    { key: 'phone', header: t('collections:loans.phone'), cell: (r) => r.phone },
    { key: 'amount', header: t('collections:deposits.amount'), cell: (r) => <Text whiteSpace="nowrap">{f.money(r.amount)}</Text> },
    { key: 'provider', header: t('collections:deposits.providerLabel'), cell: provider },
    {
      key: 'status',
      header: t('collections:deposits.statusLabel'),
      cell: (r) => (
        <Badge colorPalette={STATUS_COLOURS[r.status]} whiteSpace="nowrap">
          {t(`collections:deposits.status.${r.status}`)}
        </Badge>
      ),
    },
    { key: 'loan', header: t('collections:col.loan'), cell: (r) => r.loan_number ?? '—' },
  ];
  const header = [
    t('collections:deposits.started'),
    t('collections:deposits.paid'),
    t('collections:col.customer'),
    t('collections:col.phone'),
    t('collections:col.store'),
    t('collections:col.agent'),
    t('collections:loans.phone'),
    t('collections:loans.period'),
    t('collections:deposits.amount'),
    t('collections:deposits.providerLabel'),
    t('collections:deposits.receipt'),
    t('collections:deposits.statusLabel'),
    t('collections:col.loan'),
  ];
  const cells = (r: FirstDepositRow) => [
    r.started_at,
    r.paid_at ?? '',
    r.customer.name,
    r.customer.msisdn,
    r.store.name,
    r.agent?.name ?? '',
    r.phone,
    t(`collections:period.${r.repayment_period}`),
    r.amount,
    r.provider ? DEPOSIT_PROVIDER_NAMES[r.provider] : '',
    r.receipt ?? '',
    t(`collections:deposits.status.${r.status}`),
    r.loan_number ?? '',
  ];
  return (
    <Stack gap="3">
      <ExportButton
        list="deposits"
        filter={filter}
        filename="first-deposits.csv"
        header={header}
        cells={cells}
        pdf={{ title: t('collections:deposits.title'), lines: filterLines(t, filter), numeric: [8] }}
      />
      <DataTable source={list} caption={t('collections:deposits.title')} columns={columns} />
    </Stack>
  );
}
