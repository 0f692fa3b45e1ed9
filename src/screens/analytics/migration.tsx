import { Suspense, lazy, useState } from 'react';
import { Badge, Box, Button, Heading, NativeSelect, SimpleGrid, Skeleton, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AGEING_CATEGORIES, type AgeingCategory, type MigrationMonth } from '../../contract/analytics';
import { csvHref, tableCsv } from '../../lib/csv';
import { formatter } from './format';
import { TableFrame } from './table-frame';

const LineChart = lazy(() => import('./charts').then((m) => ({ default: m.LineChart })));

/** The categories a balance sits in at a month-end (new and closed are only where it came from or went). */
const BOOK: AgeingCategory[] = ['current', 'days_1_3', 'watchful', 'substandard', 'doubtful', 'non_performing', 'written_off'];
const COLORS: Record<string, string> = {
  current: '#15803d',
  days_1_3: '#4d7c0f',
  watchful: '#a16207',
  substandard: '#c2410c',
  doubtful: '#dc2626',
  non_performing: '#9f1239',
  written_off: '#475569',
};
const FROM = AGEING_CATEGORIES.filter((c) => c !== 'closed');
const TO = AGEING_CATEGORIES.filter((c) => c !== 'new');

/** The book's balance in each category at a month-end: what moved into it during the month (decision 024). */
export const balancesAt = (m: MigrationMonth) =>
  Object.fromEntries(BOOK.map((c) => [c, m.flows.filter((f) => f.to === c).reduce((sum, f) => sum + f.balanceTo, 0)])) as Record<
    AgeingCategory,
    number
  >;

/** Ageing migration month to month: the balances by category over the months, and one month's moves. */
export function Migration({ months, report }: { months: MigrationMonth[]; report: string }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  const money = (v: number) => format('grossReceivable', v);
  const [picked, setPicked] = useState(months.at(-1)?.monthEnd ?? '');
  const month = months.find((m) => m.monthEnd === picked) ?? months.at(-1);
  const name = (c: AgeingCategory) => t(`analytics:ageing.${c}`);
  const title = t('analytics:migration.balancesTitle');
  const balances = months.map((m) => ({ monthEnd: m.monthEnd, ...balancesAt(m) }));
  const csv = tableCsv([
    [
      t('analytics:migration.monthEnd'),
      t('analytics:migration.from'),
      t('analytics:migration.to'),
      t('analytics:loans'),
      t('analytics:migration.balanceFrom'),
      t('analytics:migration.balanceTo'),
    ],
    ...months.flatMap((m) => m.flows.map((f) => [m.monthEnd, name(f.from), name(f.to), f.loans, f.balanceFrom, f.balanceTo])),
  ]);
  if (!month || months.every((m) => m.flows.length === 0)) {
    return (
      <Stack as="section" gap="2" aria-label={t('analytics:migration.title')}>
        <Heading as="h2" size="lg">
          {t('analytics:migration.title')}
        </Heading>
        <Text color="fg.muted">{t('analytics:migration.empty')}</Text>
      </Stack>
    );
  }
  const cell = (from: AgeingCategory, to: AgeingCategory) => month.flows.find((f) => f.from === from && f.to === to);
  const matrixTitle = t('analytics:migration.matrixTitle', { from: month.previousMonthEnd, to: month.monthEnd });
  return (
    <Stack as="section" gap="4" aria-label={t('analytics:migration.title')}>
      <Heading as="h2" size="lg">
        {t('analytics:migration.title')}
      </Heading>
      <Text color="fg.muted">{t('analytics:migration.about')}</Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="1">
          <Suspense fallback={<Skeleton height="48" />}>
            <LineChart
              title={title}
              labels={balances.map((b) => b.monthEnd)}
              format={money}
              series={BOOK.map((c) => ({ name: name(c), color: COLORS[c]!, values: balances.map((b) => b[c]) }))}
            />
          </Suspense>
          <Wrap gap="2" fontSize="sm" aria-hidden="true">
            {BOOK.map((c) => (
              <Badge key={c} style={{ background: COLORS[c], color: 'white' }}>
                {name(c)}
              </Badge>
            ))}
          </Wrap>
        </Stack>
        <TableFrame label={t('analytics:tableOf', { title })}>
          <Table.Root size="sm">
            <Table.Caption>{title}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('analytics:migration.monthEnd')}</Table.ColumnHeader>
                {BOOK.map((c) => (
                  <Table.ColumnHeader key={c} scope="col" textAlign="end">
                    {name(c)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...balances].reverse().map((b) => (
                <Table.Row key={b.monthEnd}>
                  <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                    {b.monthEnd}
                  </Table.Cell>
                  {BOOK.map((c) => (
                    <Table.Cell key={c} textAlign="end">
                      {money(b[c])}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableFrame>
      </SimpleGrid>
      <Box as="label" display="flex" flexDirection="column" gap="1" fontSize="sm" maxW="60">
        {t('analytics:migration.month')}
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={month.monthEnd} onChange={(e) => setPicked(e.currentTarget.value)}>
            {months.map((m) => (
              <option key={m.monthEnd} value={m.monthEnd}>
                {m.monthEnd}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      <TableFrame label={matrixTitle}>
        <Table.Root size="sm">
          <Table.Caption>{matrixTitle}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('analytics:migration.fromTo')}</Table.ColumnHeader>
              {TO.map((c) => (
                <Table.ColumnHeader key={c} scope="col" textAlign="end">
                  {name(c)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {FROM.filter((from) => month.flows.some((f) => f.from === from)).map((from) => (
              <Table.Row key={from}>
                <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                  {name(from)}
                </Table.Cell>
                {TO.map((to) => {
                  const f = cell(from, to);
                  return (
                    <Table.Cell key={to} textAlign="end" data-testid={`move-${from}-${to}`}>
                      {f ? `${money(from === 'new' ? f.balanceTo : f.balanceFrom)} (${f.loans})` : '–'}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableFrame>
      <Button asChild size="sm" variant="outline" alignSelf="start">
        <a href={csvHref(csv)} download={`${report}-migration.csv`}>
          {t('analytics:exportCsv')}
        </a>
      </Button>
    </Stack>
  );
}
