import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Button, Field, HStack, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { COLLECTION_REFUSALS, DEPOSIT_PROVIDER_NAMES, type CategoryName, type DepositProvider } from '../../contract/collections';
import type { CallFailure } from '../../lib/call-failure';
import { formatTzs } from '../../lib/money';
import type { ListFilter } from '../../machines/resource-list.machine';
import { describeFailure } from '../common/describe-failure';
import { fieldErrors } from '../common/field-errors';
import { useLiveLogic, type CollectionListKind } from '../common/live-logic';

/** What the collection screens share: formats, the refusals in words, a select, the category badge and CSV export. */

export function useFormats() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return {
    money: (amount: number) => formatTzs(amount, lng),
    day: (d: string | null) =>
      d ? new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)) : '—',
    time: (iso: string | null) =>
      iso
        ? new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Dar_es_Salaam' }).format(new Date(iso))
        : '—',
  };
}

/** A refusal in words: ours for the collection reasons, the common words otherwise. */
export function refusalText(t: TFunction, failure: CallFailure): string {
  if (failure.reason && (COLLECTION_REFUSALS as readonly string[]).includes(failure.reason))
    return t(`collections:refusals.${failure.reason}`);
  if (failure.status === 400 && failure.fields) {
    return t('collections:badInput', { fields: Object.keys(failure.fields).join(', ') });
  }
  return describeFailure(t, failure);
}

export function Refusal({ failure }: { failure: CallFailure | null }) {
  const { t } = useTranslation(['collections', 'translation']);
  if (!failure) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{refusalText(t, failure)}</Alert.Title>
    </Alert.Root>
  );
}

const CATEGORY_COLOURS: Record<CategoryName, string> = {
  due: 'gray',
  watchful: 'yellow',
  substandard: 'orange',
  doubtful: 'red',
  'non-performing': 'purple',
};

export function CategoryBadge({ category }: { category: CategoryName }) {
  const { t } = useTranslation('collections');
  return (
    <Badge colorPalette={CATEGORY_COLOURS[category]} whiteSpace="nowrap">
      {t(`collections:category.${category}`)}
    </Badge>
  );
}

/** A labelled native select; `empty` is the label of the "any" choice (none: a choice is required). */
export function Select({
  label,
  name,
  value,
  options,
  words,
  empty,
  onChange,
  invalid,
  error,
}: {
  label: string;
  name: string;
  value?: string;
  options: readonly string[];
  words: (o: string) => string;
  empty?: string;
  onChange?: (value: string) => void;
  invalid?: boolean;
  error?: string;
}) {
  return (
    <Field.Root invalid={invalid} minW="40">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={name}
          {...(onChange ? { value: value ?? '', onChange: (e) => onChange(e.currentTarget.value) } : { defaultValue: value ?? '' })}
        >
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {words(o)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** One export run: the load machine over the export actor, started when it mounts, and what it saved. */
export function ExportRun({
  params,
  onDone,
  kind = 'export',
}: {
  params: unknown;
  onDone: () => void;
  /** A list's export, or collections due's (paged through its own call). */
  kind?: 'export' | 'dueExport';
}) {
  const { t } = useTranslation(['collections', 'translation']);
  const run = useActorRef(useLiveLogic('collectionLoad')(kind), { input: { params } });
  const state = useSelector(run, (s) => s.value as string);
  const data = useSelector(run, (s) => s.context.data as { rows: number; total: number; truncated: boolean } | null);
  const failure = useSelector(run, (s) => s.context.failure);
  if (state === 'loading') {
    return (
      <Text fontSize="sm" role="status">
        {t('collections:export.working')}
      </Text>
    );
  }
  if (failure) {
    return (
      <Alert.Root status="error" role="alert" size="sm">
        <Alert.Indicator />
        <Alert.Title>{refusalText(t, failure)}</Alert.Title>
        <Button size="xs" variant="outline" onClick={() => run.send({ type: 'load.retry' })}>
          {t('common.retry')}
        </Button>
      </Alert.Root>
    );
  }
  return (
    <HStack role="status" fontSize="sm">
      <Text>
        {t(data?.truncated ? 'collections:export.truncated' : 'collections:export.done', {
          rows: data?.rows ?? 0,
          total: data?.total ?? 0,
        })}
      </Text>
      <Button size="2xs" variant="ghost" onClick={onDone}>
        {t('collections:export.dismiss')}
      </Button>
    </HStack>
  );
}

/** The filters of a list as lines under a PDF's title ("field: value"), values of a fixed list in words. */
export function filterLines(t: TFunction, filter: ListFilter): string[] {
  const words: Record<string, (v: string) => string> = {
    category: (v) => t(`collections:category.${v}`),
    status: (v) => t(`collections:deposits.status.${v}`),
    provider: (v) => DEPOSIT_PROVIDER_NAMES[v as DepositProvider] ?? v,
    tab: (v) => t(`collections:loans.tab.${v}`),
    kind: (v) => t(`collections:ratings.kind.${v}`),
    mood: (v) => t(`collections:mood.${v}`),
    description: (v) => t(`collections:ratings.description.${v}`),
    standing: (v) => t(`collections:claimed.standing.${v}`),
  };
  const lines = Object.entries(filter)
    .filter(([k, v]) => v !== undefined && v !== '' && k !== 'sort' && k !== 'order')
    .map(([k, v]) => `${t(`collections:export.field.${k}`, { defaultValue: k })}: ${words[k] ? words[k](String(v)) : String(v)}`);
  return lines.length ? lines : [t('collections:export.noFilter')];
}

/** How a list prints as a PDF: its title, the lines under it (the filters) and the columns that are numbers. */
export interface PdfLayout {
  title: string;
  lines: string[];
  numeric: number[];
}

/**
 * "Export CSV" (and "Export PDF" when `pdf` is given): the list with its filters, the header and cells in the chosen
 * language. The PDF is the same rows through src/services/pdf.ts (jsPDF, loaded on first use).
 */
export function ExportButton({
  list,
  filter,
  filename,
  header,
  cells,
  pdf,
}: {
  list: CollectionListKind;
  filter: ListFilter;
  filename: string;
  header: string[];
  cells: (row: any) => unknown[];
  pdf?: PdfLayout;
}): ReactNode {
  const { t } = useTranslation('collections');
  const [run, setRun] = useState<{ n: number; params: unknown } | null>(null);
  const start = (format: 'csv' | 'pdf') =>
    setRun((r) => ({
      n: (r?.n ?? 0) + 1,
      params: {
        list,
        filter,
        header,
        cells,
        format,
        filename: format === 'pdf' ? filename.replace(/\.csv$/, '.pdf') : filename,
        ...(format === 'pdf' ? pdf : {}),
      },
    }));
  return (
    <HStack gap="3" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => start('csv')}>
        {t('collections:export.button')}
      </Button>
      {pdf && (
        <Button size="sm" variant="outline" onClick={() => start('pdf')}>
          {t('collections:export.pdf')}
        </Button>
      )}
      {run && <ExportRun key={run.n} params={run.params} onDone={() => setRun(null)} />}
    </HStack>
  );
}

/** Saves a report already loaded as a CSV file (or a PDF with `format: 'pdf'`), and says when it is saved. */
export function SaveCsv({ params }: { params: unknown }) {
  const { t } = useTranslation('collections');
  const run = useActorRef(useLiveLogic('collectionLoad')('saveCsv'), { input: { params } });
  const failure = useSelector(run, (s) => s.context.failure);
  const done = useSelector(run, (s) => s.matches('loaded'));
  if (failure) return <Refusal failure={failure} />;
  return done ? (
    <Alert.Root status="success" size="sm" role="status" w="auto">
      <Alert.Title>{t('collections:export.saved')}</Alert.Title>
    </Alert.Root>
  ) : null;
}

/** The period asked of a report (the reasons report, the collections made): from, to, and show, with their errors. */
export function PeriodForm({
  from,
  to,
  errors,
  onSubmit,
}: {
  from?: string;
  to?: string;
  errors: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation(['collections', 'translation']);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('collections:reasons.period')}>
      <HStack gap="3" align="start" wrap="wrap">
        <Field.Root invalid={!!errors.from} maxW="xs">
          <Field.Label>{t('collections:reasons.from')}</Field.Label>
          <Input size="sm" type="date" name="from" defaultValue={from} />
          <Field.ErrorText>{t('collections:validDate')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.to} maxW="xs">
          <Field.Label>{t('collections:reasons.to')}</Field.Label>
          <Input size="sm" type="date" name="to" defaultValue={to} />
          <Field.ErrorText>
            {errors.to?.startsWith('at most') ? t('collections:reasons.tooLong') : t('collections:reasons.toBeforeFrom')}
          </Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="blue" mt="6">
          {t('collections:reasons.show')}
        </Button>
      </HStack>
    </form>
  );
}

/** The ids a link put in the page's address (?store=7), as list filters: `ids` maps each parameter to its field. */
export function idsFromUrl(search: URLSearchParams, ids: Readonly<Record<string, string>>): ListFilter {
  const f: ListFilter = {};
  for (const [param, field] of Object.entries(ids)) {
    const v = search.get(param);
    if (v && /^[1-9]\d{0,14}$/.test(v)) f[field] = Number(v);
  }
  return f;
}

/**
 * A list screen's filter form. On submit, the named fields the user filled (trimmed) and the `keep` ones already in
 * the filter (what a link narrowed the list to) are checked by the list call's own request schema, with `extra`
 * (e.g. the tab) beside them; the filter changes only when they pass, and each error is kept under its field.
 */
export function useFilterForm({
  schema,
  names,
  keep = [],
  initial = () => ({}),
  extra = {},
}: {
  schema: z.ZodType;
  names: readonly string[];
  keep?: readonly string[];
  initial?: () => ListFilter;
  extra?: Record<string, unknown>;
}) {
  const [filter, setFilter] = useState<ListFilter>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: ListFilter = {};
    for (const field of keep) if (filter[field] !== undefined) next[field] = filter[field]!;
    for (const name of names) {
      const v = String(form.get(name) ?? '').trim();
      if (v) next[name] = v;
    }
    const parsed = schema.safeParse({ ...next, ...extra });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) setFilter(next);
  };
  return { filter, setFilter, errors, submit };
}

/** A cell of two lines: what it is (e.g. the customer's name) and, small and muted under it, what tells it apart. */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Stack gap="0">
      {typeof main === 'string' || typeof main === 'number' ? <Text as="span">{main}</Text> : main}
      <Text as="span" fontSize="xs" color="fg.muted">
        {sub}
      </Text>
    </Stack>
  );
}

/**
 * A report's period form and the request it runs: on submit the dates filled in, with what `keep` carries over from
 * the request before (e.g. a region a link chose), are checked by the report's own schema; each good submit runs the
 * report again (`run`, the report's key), a bad one keeps the errors under their fields.
 */
export function usePeriodRequest<R extends { from?: string; to?: string }>(
  schema: z.ZodType,
  initial: () => R,
  keep: (request: R) => R = () => ({}) as R,
) {
  const [request, setRequest] = useState<R>(initial);
  const [run, setRun] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: R = { ...keep(request) };
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    if (from) next.from = from;
    if (to) next.to = to;
    const parsed = schema.safeParse(next);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setRequest(next);
    setRun((n) => n + 1);
  };
  return { request, run, errors, submit };
}

/** A report not there yet: its refusal with a retry once the load failed, else `lines` skeleton lines. */
export function ReportPending({ failure, onRetry, lines = 3 }: { failure: CallFailure | null; onRetry: () => void; lines?: number }) {
  const { t } = useTranslation(['collections', 'translation']);
  if (failure) {
    return (
      <Stack gap="2">
        <Refusal failure={failure} />
        <Button size="sm" variant="outline" alignSelf="start" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="2" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height="8" />
      ))}
    </Stack>
  );
}
