import { Alert, Button, Field, HStack, Heading, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { conversionRequest, type ConversionList, type ConversionRow } from '../../contract/collections';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useLiveLogic } from '../common/live-logic';
import { DataTable, type Column } from '../common/data-table';
import { useResourceList } from '../common/use-resource-list';
import { ExportButton, Refusal, filterLines, useFilterForm, idsFromUrl } from './common';

/** The store and agent filters, from a link (?store=, ?agent=) or a row's names. */
export const URL_IDS = { store: 'store_id', agent: 'agent_id' } as const;

/** "Store #3 · Agent #7" with a button that clears them. */
export function IdFilters({ filter, onClear }: { filter: ListFilter; onClear: () => void }) {
  const { t } = useTranslation('collections');
  const set = Object.values(URL_IDS).filter((k) => filter[k] !== undefined);
  if (!set.length) return null;
  const words = set.map((k) => t(`collections:defaulters.linkFilter.${k}`, { id: filter[k] })).join(' · ');
  return (
    <Alert.Root status="info" size="sm">
      <Alert.Title>{words}</Alert.Title>
      <Button size="xs" variant="outline" onClick={onClear}>
        {t('collections:clearFilter', { filter: words })}
      </Button>
    </Alert.Root>
  );
}

/** The period of start days, with its errors in words. */
export function StartPeriod({ filter, errors }: { filter: ListFilter; errors: Record<string, string> }) {
  const { t } = useTranslation('collections');
  return (
    <>
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
    </>
  );
}

const percent = (rate: number, lng: string) => new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(rate);

/**
 * Customer conversion (/dashboard/customers/conversion, decisions 020 and 028): by store and agent, the customers who
 * started a first deposit in the period (the last 30 days by default), those who paid it and those whose wizard
 * created a loan, with the rate; totals over every row; a store's or agent's name narrows the list to it, and a row
 * links to its claimed customers. Paged on the server; CSV and PDF exports with the filters.
 */
export default function ConversionScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const [search] = useSearchParams();
  const { filter, setFilter, errors, submit } = useFilterForm({
    schema: conversionRequest,
    names: ['from', 'to'],
    keep: Object.values(URL_IDS),
    initial: () => idsFromUrl(search, URL_IDS),
  });
  const narrow = (more: ListFilter) => setFilter((f) => ({ ...f, ...more }));
  const clear = () =>
    setFilter((f) => Object.fromEntries(Object.entries(f).filter(([k]) => !(Object.values(URL_IDS) as string[]).includes(k))));
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:conversion.title')}
      </Heading>
      <Text color="fg.muted">{t('collections:conversion.help')}</Text>
      <form onSubmit={submit} noValidate role="search" aria-label={t('collections:defaulters.filters')}>
        <HStack gap="3" align="start" wrap="wrap">
          <StartPeriod filter={filter} errors={errors} />
          <Button type="submit" size="sm" colorPalette="blue" mt="6">
            {t('collections:apply')}
          </Button>
        </HStack>
      </form>
      <IdFilters filter={filter} onClear={clear} />
      <Totals key={`totals-${JSON.stringify(filter)}`} filter={filter} />
      <ConversionTable key={JSON.stringify(filter)} filter={filter} narrow={narrow} />
    </Stack>
  );
}

function Totals({ filter }: { filter: ListFilter }) {
  const { t, i18n } = useTranslation(['collections', 'translation']);
  const load = useActorRef(useLiveLogic('collectionLoad')('conversionTotals'), { input: { params: filter } });
  const answer = useSelector(load, (s) => s.context.data as ConversionList | null);
  const failure = useSelector(load, (s) => s.context.failure);
  if (failure) return <Refusal failure={failure} />;
  if (!answer) return <Skeleton height="6" role="status" aria-busy="true" aria-label={t('shell.loading')} />;
  const f = answer.totals;
  return (
    <Text fontWeight="medium" role="status">
      {t('collections:conversion.totals', {
        started: f.started,
        paid: f.paid,
        converted: f.converted,
        rate: percent(f.rate, i18n.resolvedLanguage ?? 'en'),
      })}
    </Text>
  );
}

function ConversionTable({ filter, narrow }: { filter: ListFilter; narrow: (f: ListFilter) => void }) {
  const { t, i18n } = useTranslation(['collections', 'translation']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const list = useResourceList<ConversionRow>(useLiveLogic('collectionLists').conversion, { limit: 25, filter });
  const claimedLink = (r: ConversionRow) => {
    const q = new URLSearchParams({ store: String(r.store.id) });
    if (r.agent) q.set('agent', String(r.agent.id));
    return `/customers/claimed?${q.toString()}`;
  };
  const columns: Column<ConversionRow>[] = [
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
    { key: 'started', header: t('collections:conversion.started'), cell: (r) => r.started },
    { key: 'paid', header: t('collections:conversion.paid'), cell: (r) => r.paid },
    { key: 'converted', header: t('collections:conversion.converted'), cell: (r) => r.converted },
    { key: 'rate', header: t('collections:conversion.rate'), cell: (r) => percent(r.rate, lng) },
    {
      key: 'claimed',
      header: t('collections:conversion.claimed'),
      cell: (r) => (
        <Link href={claimedLink(r)}>
          {t('collections:conversion.seeClaimed', { store: r.store.name, agent: r.agent?.name ?? t('collections:unassigned') })}
        </Link>
      ),
    },
  ];
  const header = [
    t('collections:col.store'),
    t('collections:col.agent'),
    t('collections:conversion.started'),
    t('collections:conversion.paid'),
    t('collections:conversion.converted'),
    t('collections:conversion.rate'),
  ];
  const cells = (r: ConversionRow) => [r.store.name, r.agent?.name ?? '', r.started, r.paid, r.converted, percent(r.rate, lng)];
  return (
    <Stack gap="3">
      <ExportButton
        list="conversion"
        filter={filter}
        filename="customer-conversion.csv"
        header={header}
        cells={cells}
        pdf={{ title: t('collections:conversion.title'), lines: filterLines(t, filter), numeric: [2, 3, 4, 5] }}
      />
      <DataTable source={list} caption={t('collections:conversion.title')} columns={columns} />
    </Stack>
  );
}
