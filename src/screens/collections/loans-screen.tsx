import { useState } from 'react';
import { Alert, Button, Field, HStack, Heading, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import {
  CATEGORY_NAMES,
  LOAN_SORTS,
  LOAN_TABS,
  LOCK_TYPES,
  REPAYMENT_PERIODS,
  loansListRequest,
  type LoanRow,
  type LoanTab,
} from '../../contract/collections';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useLiveLogic } from '../common/live-logic';
import { DataTable, type Column } from '../common/data-table';
import { useResourceList } from '../common/use-resource-list';
import { CategoryBadge, ExportButton, Select, useFormats, useFilterForm, TwoLines, idsFromUrl } from './common';

const URL_IDS = { region: 'region_id', store: 'store_id', agent: 'agent_id', phone_model: 'phone_model_id' } as const;

/**
 * Loans (/dashboard/loans): the active loans by tab (active, healthy, defaulted 4+ days, all defaulters), filtered by
 * category, lock type, repayment period, start dates and (from a link) region, store, agent or phone model, sorted
 * by any listed column and paged on the server; CSV export with the filters.
 */
export default function LoansScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const [search] = useSearchParams();
  const [tab, setTab] = useState<LoanTab>(() =>
    (LOAN_TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as LoanTab) : 'active',
  );
  const { filter, errors, submit } = useFilterForm({
    schema: loansListRequest,
    names: ['category', 'lock_type', 'repayment_period', 'started_from', 'started_to', 'search', 'sort', 'order'],
    keep: Object.values(URL_IDS),
    initial: () => idsFromUrl(search, URL_IDS),
    extra: { tab },
  });
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:loans.title')}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as LoanTab)} variant="line">
        <Tabs.List flexWrap="wrap">
          {LOAN_TABS.map((k) => (
            <Tabs.Trigger key={k} value={k}>
              {t(`collections:loans.tab.${k}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LOAN_TABS.map((k) => (
          <Tabs.Content key={k} value={k}>
            {k === tab && (
              <Stack gap="4">
                <Text color="fg.muted">{t(`collections:loans.help.${tab}`)}</Text>
                <form onSubmit={submit} noValidate role="search" aria-label={t('collections:defaulters.filters')}>
                  <HStack gap="3" align="start" wrap="wrap">
                    <Select
                      label={t('collections:category.label')}
                      name="category"
                      value={String(filter.category ?? '')}
                      options={CATEGORY_NAMES}
                      words={(c) => t(`collections:category.${c}`)}
                      empty={t('collections:any')}
                    />
                    <Select
                      label={t('collections:loans.lockType')}
                      name="lock_type"
                      value={String(filter.lock_type ?? '')}
                      options={LOCK_TYPES}
                      words={(c) => t(`collections:lockType.${c}`)}
                      empty={t('collections:any')}
                    />
                    <Select
                      label={t('collections:loans.period')}
                      name="repayment_period"
                      value={String(filter.repayment_period ?? '')}
                      options={REPAYMENT_PERIODS}
                      words={(c) => t(`collections:period.${c}`)}
                      empty={t('collections:any')}
                    />
                    <Field.Root invalid={!!errors.started_from} maxW="44">
                      <Field.Label>{t('collections:loans.startedFrom')}</Field.Label>
                      <Input size="sm" type="date" name="started_from" defaultValue={String(filter.started_from ?? '')} />
                      <Field.ErrorText>{t('collections:validDate')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!errors.started_to} maxW="44">
                      <Field.Label>{t('collections:loans.startedTo')}</Field.Label>
                      <Input size="sm" type="date" name="started_to" defaultValue={String(filter.started_to ?? '')} />
                      <Field.ErrorText>{t('collections:reasons.toBeforeFrom')}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root maxW="xs">
                      <Field.Label>{t('collections:defaulters.search')}</Field.Label>
                      <Input size="sm" name="search" type="search" maxLength={100} defaultValue={String(filter.search ?? '')} />
                    </Field.Root>
                    <Select
                      label={t('collections:sort.label')}
                      name="sort"
                      value={String(filter.sort ?? 'started_at')}
                      options={LOAN_SORTS}
                      words={(s) => t(`collections:loans.sort.${s}`)}
                    />
                    <Select
                      label={t('collections:sort.order')}
                      name="order"
                      value={String(filter.order ?? '')}
                      options={['asc', 'desc']}
                      words={(o) => t(`collections:sort.${o}`)}
                      empty={t('collections:sort.default')}
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
                <LoansTable key={`${tab}:${JSON.stringify(filter)}`} filter={{ ...filter, tab }} />
              </Stack>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

function LoansTable({ filter }: { filter: ListFilter }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const list = useResourceList<LoanRow>(useLiveLogic('collectionLists').loans, { limit: 25, filter });
  const columns: Column<LoanRow>[] = [
    {
      key: 'customer',
      header: t('collections:col.customer'),
      cell: (r) => (
        <TwoLines
          main={r.customer.name}
          sub={
            <>
              {r.customer.msisdn} · {r.loan_number}
            </>
          }
        />
      ),
    },
    { key: 'phone', header: t('collections:loans.phone'), cell: (r) => r.phone },
    { key: 'store', header: t('collections:col.store'), cell: (r) => `${r.store.name} (${r.region.name})` },
    { key: 'agent', header: t('collections:col.agent'), cell: (r) => r.agent?.name ?? '—' },
    { key: 'period', header: t('collections:loans.period'), cell: (r) => t(`collections:period.${r.repayment_period}`) },
    { key: 'category', header: t('collections:category.label'), cell: (r) => <CategoryBadge category={r.category} /> },
    { key: 'days', header: t('collections:col.days'), cell: (r) => r.days_defaulted },
    { key: 'due', header: t('collections:col.amountDue'), cell: (r) => <Text whiteSpace="nowrap">{f.money(r.amount_due)}</Text> },
    { key: 'balance', header: t('collections:col.balance'), cell: (r) => <Text whiteSpace="nowrap">{f.money(r.loan_balance)}</Text> },
    { key: 'started', header: t('collections:loans.started'), cell: (r) => f.day(r.started_on) },
    { key: 'next', header: t('collections:loans.nextDue'), cell: (r) => f.day(r.next_repayment_date) },
  ];
  const header = [
    t('collections:col.customer'),
    t('collections:col.phone'),
    t('collections:col.loan'),
    t('collections:loans.phone'),
    t('collections:loans.lockType'),
    t('collections:col.region'),
    t('collections:col.store'),
    t('collections:col.agent'),
    t('collections:loans.period'),
    t('collections:category.label'),
    t('collections:col.days'),
    t('collections:col.amountDue'),
    t('collections:col.balance'),
    t('collections:loans.started'),
    t('collections:col.lastPayment'),
    t('collections:loans.nextDue'),
  ];
  const cells = (r: LoanRow) => [
    r.customer.name,
    r.customer.msisdn,
    r.loan_number,
    r.phone,
    t(`collections:lockType.${r.lock_type}`),
    r.region.name,
    r.store.name,
    r.agent?.name ?? '',
    t(`collections:period.${r.repayment_period}`),
    t(`collections:category.${r.category}`),
    r.days_defaulted,
    r.amount_due,
    r.loan_balance,
    r.started_on,
    r.last_repayment_date ?? '',
    r.next_repayment_date ?? '',
  ];
  return (
    <Stack gap="3">
      <ExportButton list="loans" filter={filter} filename={`loans-${String(filter.tab)}.csv`} header={header} cells={cells} />
      <DataTable source={list} caption={t('collections:loans.title')} columns={columns} />
    </Stack>
  );
}
