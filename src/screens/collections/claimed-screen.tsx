import { Badge, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { CLAIM_STANDINGS, claimedRequest, type ClaimedRow, type ClaimStanding } from '../../contract/collections';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useLiveLogic } from '../common/live-logic';
import { DataTable, type Column } from '../common/data-table';
import { useResourceList } from '../common/use-resource-list';
import { CategoryBadge, ExportButton, Select, filterLines, useFormats, useFilterForm, TwoLines, idsFromUrl } from './common';
import { IdFilters, StartPeriod, URL_IDS } from './conversion-screen';

const STANDING_COLOURS: Record<ClaimStanding, string> = {
  in_progress: 'gray',
  healthy: 'green',
  defaulted: 'red',
  closed: 'blue',
  deactivated: 'purple',
};

/**
 * Claimed customers (/dashboard/customers/claimed, decisions 020 and 028): the customers whose first-deposit wizard
 * an agent ran and did not abandon, newest first, in a period of start days (the last 30 by default), by standing
 * and (from a link or a row) store or agent, with the loan's standing; paged on the server; CSV and PDF exports.
 */
export default function ClaimedScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const [search] = useSearchParams();
  const { filter, setFilter, errors, submit } = useFilterForm({
    schema: claimedRequest,
    names: ['from', 'to', 'standing'],
    keep: Object.values(URL_IDS),
    initial: () => idsFromUrl(search, URL_IDS),
  });
  const narrow = (more: ListFilter) => setFilter((f) => ({ ...f, ...more }));
  const clear = () =>
    setFilter((f) => Object.fromEntries(Object.entries(f).filter(([k]) => !(Object.values(URL_IDS) as string[]).includes(k))));
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:claimed.title')}
      </Heading>
      <Text color="fg.muted">{t('collections:claimed.help')}</Text>
      <form onSubmit={submit} noValidate role="search" aria-label={t('collections:defaulters.filters')}>
        <HStack gap="3" align="start" wrap="wrap">
          <StartPeriod filter={filter} errors={errors} />
          <Select
            label={t('collections:claimed.standingLabel')}
            name="standing"
            value={String(filter.standing ?? '')}
            options={CLAIM_STANDINGS}
            words={(s) => t(`collections:claimed.standing.${s}`)}
            empty={t('collections:any')}
          />
          <Button type="submit" size="sm" colorPalette="blue" mt="6">
            {t('collections:apply')}
          </Button>
        </HStack>
      </form>
      <IdFilters filter={filter} onClear={clear} />
      <ClaimedTable key={JSON.stringify(filter)} filter={filter} narrow={narrow} />
    </Stack>
  );
}

function ClaimedTable({ filter, narrow }: { filter: ListFilter; narrow: (f: ListFilter) => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const list = useResourceList<ClaimedRow>(useLiveLogic('collectionLists').claimed, { limit: 25, filter });
  const columns: Column<ClaimedRow>[] = [
    { key: 'claimed', header: t('collections:claimed.claimedAt'), cell: (r) => f.time(r.claimed_at) },
    {
      key: 'customer',
      header: t('collections:col.customer'),
      cell: (r) => <TwoLines main={r.customer.name} sub={r.customer.msisdn} />,
    },
    {
      key: 'store',
      header: t('collections:col.store'),
      cell: (r) => (
        <Button size="xs" variant="plain" px="0" onClick={() => narrow({ store_id: r.store.id })}>
          {r.store.name}
        </Button>
      ),
    },
    {
      key: 'agent',
      header: t('collections:col.agent'),
      cell: (r) =>
        r.agent ? (
          <Button size="xs" variant="plain" px="0" onClick={() => narrow({ agent_id: r.agent!.id })}>
            {r.agent.name}
          </Button>
        ) : (
          '—'
        ),
    },
    {
      key: 'standing',
      header: t('collections:claimed.standingLabel'),
      cell: (r) => (
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette={STANDING_COLOURS[r.standing]} whiteSpace="nowrap">
            {t(`collections:claimed.standing.${r.standing}`)}
          </Badge>
          {r.standing === 'defaulted' && r.loan && <CategoryBadge category={r.loan.category} />}
        </HStack>
      ),
    },
    { key: 'loan', header: t('collections:col.loan'), cell: (r) => r.loan?.loan_number ?? '—' },
    { key: 'days', header: t('collections:col.days'), cell: (r) => r.loan?.days_defaulted ?? '—' },
    {
      key: 'due',
      header: t('collections:col.amountDue'),
      cell: (r) => <Text whiteSpace="nowrap">{r.loan ? f.money(r.loan.amount_due) : '—'}</Text>,
    },
    {
      key: 'balance',
      header: t('collections:col.balance'),
      cell: (r) => <Text whiteSpace="nowrap">{r.loan ? f.money(r.loan.loan_balance) : '—'}</Text>,
    },
  ];
  const header = [
    t('collections:claimed.claimedAt'),
    t('collections:col.customer'),
    t('collections:col.phone'),
    t('collections:col.store'),
    t('collections:col.agent'),
    t('collections:claimed.standingLabel'),
    t('collections:col.loan'),
    t('collections:col.days'),
    t('collections:col.amountDue'),
    t('collections:col.balance'),
  ];
  const cells = (r: ClaimedRow) => [
    r.claimed_at,
    r.customer.name,
    r.customer.msisdn,
    r.store.name,
    r.agent?.name ?? '',
    t(`collections:claimed.standing.${r.standing}`),
    r.loan?.loan_number ?? '',
    r.loan?.days_defaulted ?? '',
    r.loan?.amount_due ?? '',
    r.loan?.loan_balance ?? '',
  ];
  return (
    <Stack gap="3">
      <ExportButton
        list="claimed"
        filter={filter}
        filename="claimed-customers.csv"
        header={header}
        cells={cells}
        pdf={{ title: t('collections:claimed.title'), lines: filterLines(t, filter), numeric: [7, 8, 9] }}
      />
      <DataTable source={list} caption={t('collections:claimed.title')} columns={columns} />
    </Stack>
  );
}
