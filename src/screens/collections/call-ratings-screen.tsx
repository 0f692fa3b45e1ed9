import { Button, Field, HStack, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CALL_DESCRIPTIONS, CALL_MOODS } from '../../contract/customer-actions';
import { RATING_KINDS, callRatingsRequest, type CallRatingRow } from '../../contract/collections';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useLiveLogic } from '../common/live-logic';
import { DataTable, type Column } from '../common/data-table';
import { useResourceList } from '../common/use-resource-list';
import { ExportButton, Select, filterLines, useFormats, useFilterForm, TwoLines } from './common';

/**
 * Call ratings (/dashboard/call-ratings, decision 020): every rated call, customer care and debt collection, newest
 * first, in a period (the last 30 days by default), by kind, mood and description, paged on the server; CSV and PDF.
 */
export default function CallRatingsScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const { filter, errors, submit } = useFilterForm({ schema: callRatingsRequest, names: ['from', 'to', 'kind', 'mood', 'description'] });
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:ratings.title')}
      </Heading>
      <Text color="fg.muted">{t('collections:ratings.help')}</Text>
      <form onSubmit={submit} noValidate role="search" aria-label={t('collections:defaulters.filters')}>
        <HStack gap="3" align="start" wrap="wrap">
          <Field.Root invalid={!!errors.from} maxW="44">
            <Field.Label>{t('collections:reasons.from')}</Field.Label>
            <Input size="sm" type="date" name="from" defaultValue={String(filter.from ?? '')} />
            <Field.ErrorText>{t('collections:validDate')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.to} maxW="44">
            <Field.Label>{t('collections:reasons.to')}</Field.Label>
            <Input size="sm" type="date" name="to" defaultValue={String(filter.to ?? '')} />
            <Field.ErrorText>{t('collections:deposits.badPeriod')}</Field.ErrorText>
          </Field.Root>
          <Select
            label={t('collections:ratings.kindLabel')}
            name="kind"
            value={String(filter.kind ?? '')}
            options={RATING_KINDS}
            words={(k) => t(`collections:ratings.kind.${k}`)}
            empty={t('collections:any')}
          />
          <Select
            label={t('collections:ratings.moodLabel')}
            name="mood"
            value={String(filter.mood ?? '')}
            options={CALL_MOODS}
            words={(m) => t(`collections:mood.${m}`)}
            empty={t('collections:any')}
          />
          <Select
            label={t('collections:ratings.descriptionLabel')}
            name="description"
            value={String(filter.description ?? '')}
            options={CALL_DESCRIPTIONS}
            words={(d) => t(`collections:ratings.description.${d}`)}
            empty={t('collections:any')}
          />
          <Button type="submit" size="sm" colorPalette="blue" mt="6">
            {t('collections:apply')}
          </Button>
        </HStack>
      </form>
      <RatingsTable key={JSON.stringify(filter)} filter={filter} />
    </Stack>
  );
}

function RatingsTable({ filter }: { filter: ListFilter }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const list = useResourceList<CallRatingRow>(useLiveLogic('collectionLists').ratings, { limit: 25, filter });
  const about = (r: CallRatingRow) =>
    r.description ? t(`collections:ratings.description.${r.description}`) : r.score === null ? '—' : `${r.score}/5`;
  const columns: Column<CallRatingRow>[] = [
    { key: 'at', header: t('collections:ratings.at'), cell: (r) => f.time(r.at) },
    { key: 'kind', header: t('collections:ratings.kindLabel'), cell: (r) => t(`collections:ratings.kind.${r.kind}`) },
    {
      key: 'customer',
      header: t('collections:col.customer'),
      cell: (r) => <TwoLines main={r.customer.name} sub={r.customer.msisdn} />,
    },
    { key: 'mood', header: t('collections:ratings.moodLabel'), cell: (r) => t(`collections:mood.${r.mood}`) },
    { key: 'about', header: `${t('collections:ratings.descriptionLabel')} / ${t('collections:ratings.score')}`, cell: about },
    { key: 'staff', header: t('collections:ratings.staff'), cell: (r) => r.staff.name },
    { key: 'comment', header: t('collections:ratings.comment'), cell: (r) => r.comment ?? '—' },
  ];
  const header = [
    t('collections:ratings.at'),
    t('collections:ratings.kindLabel'),
    t('collections:ratings.callType'),
    t('collections:col.customer'),
    t('collections:col.phone'),
    t('collections:ratings.moodLabel'),
    t('collections:ratings.descriptionLabel'),
    t('collections:ratings.score'),
    t('collections:ratings.staff'),
    t('collections:ratings.comment'),
  ];
  const cells = (r: CallRatingRow) => [
    r.at,
    t(`collections:ratings.kind.${r.kind}`),
    t(`collections:callType.${r.call_type}`),
    r.customer.name,
    r.customer.msisdn,
    t(`collections:mood.${r.mood}`),
    r.description ? t(`collections:ratings.description.${r.description}`) : '',
    r.score ?? '',
    r.staff.name,
    r.comment ?? '',
  ];
  return (
    <Stack gap="3">
      <ExportButton
        list="ratings"
        filter={filter}
        filename="call-ratings.csv"
        header={header}
        cells={cells}
        pdf={{ title: t('collections:ratings.title'), lines: filterLines(t, filter), numeric: [7] }}
      />
      <DataTable source={list} caption={t('collections:ratings.title')} columns={columns} />
    </Stack>
  );
}
