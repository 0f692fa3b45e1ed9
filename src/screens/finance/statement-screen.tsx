import { useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Alert, Box, Button, Field, Heading, HStack, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BalanceSheet, Cashflow, JournalLine, ProfitAndLoss, StatementLine } from '../../contract/finance';
import { useLiveLogic } from '../common/live-logic';
import { useResourceList } from '../common/use-resource-list';
import { DataTable, type Column } from '../common/data-table';
import { LoadFailure } from '../common/load-failure';
import { csvLine, download, useFormat } from './format';
import { useLoad } from './use-load';

type Statement = 'balanceSheet' | 'profitAndLoss' | 'cashflow';
type Params = { at: string } | { from: string; to: string };

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** Saves a table as a PDF: one run of the live PDF load per click (jsPDF loaded on first use). */
function PdfExport({ table }: { table: unknown }) {
  const { t } = useTranslation('finance');
  const actor = useActorRef(useLiveLogic('financeLoad').pdf, { input: { params: table } });
  const done = useSelector(actor, (s) => s.matches('loaded'));
  const failure = useSelector(actor, (s) => s.context.failure);
  if (failure) return <LoadFailure failure={failure} onRetry={() => actor.send({ type: 'load.retry' })} />;
  return (
    <Text fontSize="sm" role="status">
      {done ? t('finance:statement.pdfDone') : '…'}
    </Text>
  );
}

/** One account's journal lines: where a figure comes from, each with its loan and customer. */
function Journal({ account, name, onClose }: { account: string; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const source = useResourceList<JournalLine>(useLiveLogic('financeLists').journal, { limit: 25, filter: { account } });
  const columns: Column<JournalLine>[] = [
    { key: 'posted', header: t('finance:statement.posted'), cell: (r) => fmt.instant(r.posted_at) },
    { key: 'kind', header: t('finance:statement.kind'), cell: (r) => r.kind },
    { key: 'description', header: t('finance:statement.description'), cell: (r) => r.description },
    { key: 'counter', header: t('finance:statement.counter'), cell: (r) => r.counter_account },
    { key: 'debit', header: t('finance:tx.debit'), cell: (r) => (r.debit ? fmt.money(r.debit) : '') },
    { key: 'credit', header: t('finance:tx.credit'), cell: (r) => (r.credit ? fmt.money(r.credit) : '') },
    { key: 'loan', header: t('finance:tx.loan'), cell: (r) => r.loan?.loan_number ?? '—' },
    {
      key: 'customer',
      header: t('finance:tx.customer'),
      cell: (r) => (r.customer ? <a href={`/dashboard/customers/view?msisdn=${r.customer.msisdn}`}>{r.customer.name}</a> : '—'),
    },
  ];
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {t('finance:statement.lines', { account: name })}
        </Heading>
        <Button size="sm" variant="outline" onClick={onClose}>
          {t('finance:statement.close')}
        </Button>
      </HStack>
      <DataTable source={source} caption={t('finance:statement.lines', { account: name })} columns={columns} />
    </Stack>
  );
}

function Lines({
  title,
  lines,
  total,
  onOpen,
}: {
  title: string;
  lines: StatementLine[];
  total: number;
  onOpen: (l: StatementLine) => void;
}) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={title}>
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" p="2">
          {title}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('finance:statement.account')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('finance:statement.amount')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((l) => (
            <Table.Row key={l.code}>
              <Table.Cell>
                <Button variant="plain" size="sm" px="0" textDecoration="underline" onClick={() => onOpen(l)}>
                  {l.account_number ? `${l.account_number} ` : ''}
                  {l.name}
                </Button>
              </Table.Cell>
              <Table.Cell textAlign="end">{fmt.money(l.amount)}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row fontWeight="bold">
            <Table.Cell>{t('finance:statement.amount')}</Table.Cell>
            <Table.Cell textAlign="end">{fmt.money(total)}</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function StatementView({ statement, params }: { statement: Statement; params: Params }) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const loaded = useLoad<BalanceSheet | ProfitAndLoss | Cashflow>(useLiveLogic('financeLoad')[statement], params);
  const [open, setOpen] = useState<StatementLine | null>(null);
  const [pdf, setPdf] = useState(0);
  if (loaded.failure) return <LoadFailure failure={loaded.failure} onRetry={loaded.retry} />;
  if (!loaded.data) return <Skeleton height="40" aria-busy="true" />;
  const rows: Array<Array<string | number | null>> = [];
  let body;
  if (statement === 'balanceSheet') {
    const s = loaded.data as BalanceSheet;
    const section = (name: string, ls: StatementLine[]) => ls.forEach((l) => rows.push([name, l.account_number, l.name, l.amount]));
    section('asset', s.assets);
    section('liability', s.liabilities);
    section('equity', s.equity);
    rows.push(['equity', null, 'retained_earnings', s.retained_earnings]);
    body = (
      <Stack gap="3">
        <Alert.Root status={s.balanced ? 'success' : 'error'}>
          <Alert.Indicator />
          <Alert.Title>{s.balanced ? t('finance:statement.balanced') : t('finance:statement.unbalanced')}</Alert.Title>
        </Alert.Root>
        <Lines title={t('finance:statement.assets')} lines={s.assets} total={s.total_assets} onOpen={setOpen} />
        <Lines title={t('finance:statement.liabilities')} lines={s.liabilities} total={s.total_liabilities} onOpen={setOpen} />
        <Lines
          title={t('finance:statement.equity')}
          lines={[
            ...s.equity,
            { code: 'retained', account_number: null, name: t('finance:statement.retained'), amount: s.retained_earnings },
          ]}
          total={s.total_equity}
          onOpen={(l) => l.code !== 'retained' && setOpen(l)}
        />
        <Text fontWeight="bold">
          {t('finance:statement.liabilitiesAndEquity')}: {fmt.money(s.total_liabilities + s.total_equity)}
        </Text>
      </Stack>
    );
  } else if (statement === 'profitAndLoss') {
    const s = loaded.data as ProfitAndLoss;
    s.income.forEach((l) => rows.push(['income', l.account_number, l.name, l.amount]));
    s.expenses.forEach((l) => rows.push(['expense', l.account_number, l.name, l.amount]));
    rows.push(['net_profit', null, null, s.net_profit]);
    body = (
      <Stack gap="3">
        <Lines title={t('finance:statement.income')} lines={s.income} total={s.total_income} onOpen={setOpen} />
        <Lines title={t('finance:statement.expenses')} lines={s.expenses} total={s.total_expenses} onOpen={setOpen} />
        <Text fontWeight="bold">
          {t('finance:statement.netProfit')}: {fmt.money(s.net_profit)}
        </Text>
      </Stack>
    );
  } else {
    const s = loaded.data as Cashflow;
    s.days.forEach((d) => rows.push([d.day, d.inflow, d.outflow, d.net, d.closing]));
    body = (
      <Stack gap="2">
        <Text>{t('finance:statement.opening', { amount: fmt.money(s.opening) })}</Text>
        <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('finance:statement.cashflow')}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {['day', 'inflow', 'outflow', 'net', 'closing'].map((k) => (
                  <Table.ColumnHeader key={k}>{t(`finance:statement.${k}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {s.days.map((d) => (
                <Table.Row key={d.day}>
                  <Table.Cell>{d.day}</Table.Cell>
                  <Table.Cell>{fmt.money(d.inflow)}</Table.Cell>
                  <Table.Cell>{fmt.money(d.outflow)}</Table.Cell>
                  <Table.Cell>{fmt.money(d.net)}</Table.Cell>
                  <Table.Cell>{fmt.money(d.closing)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    );
  }
  const header =
    statement === 'cashflow' ? ['day', 'inflow', 'outflow', 'net', 'closing'] : ['section', 'account_number', 'account', 'amount'];
  const period = 'at' in params ? params.at : `${params.from}-${params.to}`;
  const name = `${statement}-${period}.csv`;
  const words = (cell: string | number | null) =>
    typeof cell === 'string' && /^[a-z_]+$/.test(cell) ? t(`finance:statement.sections.${cell}`, { defaultValue: cell }) : cell;
  const table = {
    filename: `${statement}-${period}.pdf`,
    title: t(`finance:statement.${statement}`),
    lines: ['at' in params ? `${t('finance:statement.at')} ${params.at}` : `${params.from} – ${params.to}`],
    header: header.map((h) => t(`finance:statement.columns.${h}`)),
    rows: rows.map((r) =>
      r.map((c, i) => (typeof c === 'number' && (statement === 'cashflow' ? i > 0 : i === 3) ? fmt.money(c) : words(c))),
    ),
    numeric: statement === 'cashflow' ? [1, 2, 3, 4] : [3],
  };
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => download(name, `${[header, ...rows].map(csvLine).join('\r\n')}\r\n`)}>
          {t('finance:statement.exportCsv')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setPdf(Date.now())}>
          {t('finance:statement.exportPdf')}
        </Button>
        {pdf > 0 && <PdfExport key={pdf} table={table} />}
      </HStack>
      {body}
      {open && <Journal key={open.code} account={open.code} name={open.name} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** Balance sheet, profit and loss, daily cashflow (/dashboard/finance/...): from the ledger, drilled down to journal lines. */
export default function StatementScreen({ statement }: { statement: Statement }) {
  const { t } = useTranslation('finance');
  const day = today();
  const [params, setParams] = useState<Params>(statement === 'balanceSheet' ? { at: day } : { from: monthStart(day), to: day });
  const [rangeError, setRangeError] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (statement === 'balanceSheet') return setParams({ at: String(form.get('at') || day) });
    const from = String(form.get('from') || day);
    const to = String(form.get('to') || day);
    setRangeError(to < from);
    if (to >= from) setParams({ from, to });
  };
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t(`finance:statement.${statement}`)}
      </Heading>
      <form onSubmit={submit} aria-label={t(`finance:statement.${statement}`)}>
        <Stack direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }} gap="2" maxW="2xl">
          {'at' in params ? (
            <Field.Root>
              <Field.Label>{t('finance:statement.at')}</Field.Label>
              <Input name="at" type="date" defaultValue={params.at} max={day} />
            </Field.Root>
          ) : (
            <>
              <Field.Root>
                <Field.Label>{t('finance:statement.from')}</Field.Label>
                <Input name="from" type="date" defaultValue={params.from} />
              </Field.Root>
              <Field.Root invalid={rangeError}>
                <Field.Label>{t('finance:statement.to')}</Field.Label>
                <Input name="to" type="date" defaultValue={params.to} />
                <Field.ErrorText>{t('finance:statement.rangeError')}</Field.ErrorText>
              </Field.Root>
            </>
          )}
          <Button type="submit" colorPalette="blue">
            {t('finance:statement.show')}
          </Button>
        </Stack>
      </form>
      <StatementView key={JSON.stringify(params)} statement={statement} params={params} />
    </Stack>
  );
}
