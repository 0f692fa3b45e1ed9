import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  PROVIDER_MAPPINGS,
  PROVIDERS,
  type ClosedPeriods,
  type Provider,
  type ReconciliationLine,
  type ReconciliationRun,
  type RunDetail,
  type SavedMapping,
  type SaveMapping,
} from '../../contract/reconciliation';
import type { LinesView } from '../../machines/reconciliation.machine';
import type { CallFailure } from '../../lib/call-failure';
import { useLiveLogic } from '../common/live-logic';
import { useResourceList } from '../common/use-resource-list';
import { DataTable, type Column } from '../common/data-table';
import { ConfirmDialog } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { LoadFailure } from '../common/load-failure';
import { csvLine, describeFinanceFailure, download, useFormat } from './format';
import { useLoad } from './use-load';

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const lastMonth = () => {
  const d = new Date(Date.now() + 3 * 3_600_000);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 7);
};

function Failure({ failure }: { failure: CallFailure }) {
  const { t } = useTranslation('finance');
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{describeFinanceFailure(t, failure)}</Alert.Title>
        {failure.fields &&
          Object.entries(failure.fields).map(([field, message]) => (
            <Alert.Description key={field}>
              {field}: {message}
            </Alert.Description>
          ))}
      </Alert.Content>
    </Alert.Root>
  );
}

/** One run of a load per click (a download, a PDF, a close): mounted with a fresh key each time. */
function OneShot({
  logic,
  params,
  done,
  onLoaded,
}: {
  logic: 'statementDocument' | 'pdf' | 'closeMonth';
  params: unknown;
  done: string;
  onLoaded?: () => void;
}) {
  const actor = useActorRef(useLiveLogic('financeLoad')[logic], { input: { params } });
  const ok = useSelector(actor, (s) => s.matches('loaded'));
  const failure = useSelector(actor, (s) => s.context.failure);
  useEffect(() => {
    if (ok) onLoaded?.();
  }, [ok, onLoaded]);
  if (failure) return <Failure failure={failure} />;
  return (
    <Text fontSize="sm" role="status">
      {ok ? done : '…'}
    </Text>
  );
}

/** The three-way match of a line in words (decision 027): the statement, the provider's callback log, the ledger. */
export function explain(t: TFunction, l: ReconciliationLine, money: (n: number | null) => string): string {
  return t(`finance:reconcile.why.${l.explanation}`, {
    account: l.account_keyed_in ?? '',
    receipt: l.explanation === 'duplicate' ? (l.receipt ?? '') : (l.transaction_id ?? ''),
    status: l.portal_status ?? '',
    statement: money(l.statement_amount),
    portal: money(l.portal_amount),
    difference: money(Math.abs((l.statement_amount ?? 0) - (l.portal_amount ?? 0))),
    result: [l.callback_status, l.callback_result_code].filter((x) => x && x !== '0').join(' '),
    count: l.callbacks,
  });
}

function ResolveDialog({
  line,
  busy,
  failure,
  onCancel,
  onResolve,
}: {
  line: ReconciliationLine | null;
  busy: boolean;
  failure: CallFailure | null;
  onCancel: () => void;
  onResolve: (resolution: 'record_payment' | 'explained', reason: string) => void;
}) {
  const { t } = useTranslation('finance');
  const [resolution, setResolution] = useState<'record_payment' | 'explained'>(
    line?.kind === 'statement_only' ? 'record_payment' : 'explained',
  );
  const [error, setError] = useState(false);
  const submit = (form: FormData) => {
    const reason = String(form.get('reason') ?? '').trim();
    setError(reason.length < 3);
    if (reason.length >= 3) onResolve(resolution, reason);
  };
  return (
    <FormDialog
      title={line ? t('finance:reconcile.resolveTitle', { receipt: line.receipt ?? '' }) : ''}
      submitLabel={t('finance:reconcile.resolve')}
      open={line !== null}
      saving={busy}
      failure={failure}
      onCancel={onCancel}
      onSubmit={submit}
    >
      {line?.kind === 'statement_only' && (
        <RadioGroup.Root
          value={resolution}
          onValueChange={(d) => setResolution(d.value as 'record_payment' | 'explained')}
          aria-label={t('finance:reconcile.resolution')}
        >
          <Stack gap="2">
            {(['record_payment', 'explained'] as const).map((r) => (
              <RadioGroup.Item key={r} value={r}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`finance:reconcile.resolutions.${r}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
      <Field.Root invalid={error} required>
        <Field.Label>{t('finance:reconcile.reason')}</Field.Label>
        <Textarea name="reason" maxLength={500} />
        <Field.ErrorText>{t('finance:reconcile.reasonHelp')}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}

function RunView({ actor }: { actor: ReturnType<typeof useReconciliation> }) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const detail = useSelector(actor, (s) => s.context.detail as RunDetail | null);
  const view = useSelector(actor, (s) => s.context.view);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const resolving = useSelector(actor, (s) => s.matches('resolving'));
  const signingOff = useSelector(actor, (s) => s.matches('signingOff'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const [line, setLine] = useState<ReconciliationLine | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [shot, setShot] = useState<{ n: number; logic: 'statementDocument' | 'pdf'; params: unknown } | null>(null);
  if (loadFailed && failure) return <LoadFailure failure={failure} onRetry={() => actor.send({ type: 'load.retry' })} />;
  if (!detail) return <Skeleton height="40" aria-busy="true" />;
  const run = detail.run;
  const locked = run.status === 'signed_off';
  const show = (next: Partial<LinesView>) => actor.send({ type: 'lines.shown', view: { ...view, skip: 0, ...next } });
  const header = [
    'kind',
    'receipt',
    'completed_at',
    'payer_phone',
    'statement_amount',
    'portal_amount',
    'explanation',
    'resolution',
    'reason',
  ];
  const rows = detail.data.map((l) => [
    t(`finance:reconcile.kinds.${l.kind}`),
    l.receipt,
    l.completed_at,
    l.payer_phone,
    l.statement_amount,
    l.portal_amount,
    explain(t, l, fmt.money),
    l.resolution ? t(`finance:reconcile.resolutions.${l.resolution}`) : '',
    l.resolution_reason,
  ]);
  const title = t('finance:reconcile.runTitle', { provider: t(`finance:reconcile.providers.${run.provider}`), from: run.from, to: run.to });
  return (
    <Stack gap="3" aria-busy={busy}>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Badge colorPalette={locked ? 'green' : 'orange'}>{t(`finance:reconcile.status.${run.status}`)}</Badge>
      </HStack>
      <Text>
        {t('finance:reconcile.summary', {
          lines: run.lines,
          statement: fmt.money(run.statement_total),
          portal: fmt.money(run.portal_total),
          file: run.file_name,
          who: run.uploaded_by,
        })}
      </Text>
      <HStack wrap="wrap" gap="2">
        {(['matched', 'amount_mismatch', 'statement_only', 'portal_only', 'duplicate'] as const).map((k) => (
          <Badge key={k} colorPalette={k === 'matched' ? 'green' : 'red'}>
            {t(`finance:reconcile.kinds.${k}`)}: {run.counts[k]}
          </Badge>
        ))}
      </HStack>
      {locked ? (
        <Text role="status">{t('finance:reconcile.signedBy', { who: run.signed_off_by, at: fmt.instant(run.signed_off_at) })}</Text>
      ) : (
        <Text role="status">{t('finance:reconcile.open', { count: run.open_differences })}</Text>
      )}
      {failure && !line && <Failure failure={failure} />}
      <HStack wrap="wrap" gap="2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => setShot({ n: Date.now(), logic: 'statementDocument', params: { run_id: run.id } })}
        >
          {t('finance:reconcile.download')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => download(`reconciliation-${run.id}.csv`, `${[header, ...rows].map(csvLine).join('\r\n')}\r\n`)}
        >
          {t('finance:statement.exportCsv')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            setShot({
              n: Date.now(),
              logic: 'pdf',
              params: {
                filename: `reconciliation-${run.id}.pdf`,
                title,
                lines: [
                  t('finance:reconcile.summary', {
                    lines: run.lines,
                    statement: fmt.money(run.statement_total),
                    portal: fmt.money(run.portal_total),
                    file: run.file_name,
                    who: run.uploaded_by,
                  }),
                ],
                header: header.map((h) => t(`finance:reconcile.columns.${h}`)),
                rows,
                numeric: [4, 5],
              },
            })
          }
        >
          {t('finance:statement.exportPdf')}
        </Button>
        {!locked && (
          <Button size="sm" colorPalette="blue" disabled={busy || run.open_differences > 0} onClick={() => setConfirm(true)}>
            {t('finance:reconcile.signOff')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'statement.new' })}>
          {t('finance:reconcile.another')}
        </Button>
      </HStack>
      {shot && (
        <OneShot
          key={shot.n}
          logic={shot.logic}
          params={shot.params}
          done={t(shot.logic === 'pdf' ? 'finance:reconcile.pdfDone' : 'finance:reconcile.downloaded')}
        />
      )}
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t('finance:reconcile.showLabel')}
          value={view.show}
          onChange={(e) => show({ show: e.target.value as LinesView['show'] })}
        >
          {(['differences', 'open', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`finance:reconcile.shows.${s}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {detail.data.length === 0 ? (
        <Text color="fg.muted">{t('finance:reconcile.noLines')}</Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('finance:reconcile.lines')}>
          <Table.Root size="sm">
            <Table.Caption captionSide="top" textAlign="start" p="2">
              {t('finance:reconcile.lines')}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                {['kind', 'receipt', 'completed_at', 'statement_amount', 'portal_amount', 'explanation', 'resolution'].map((h) => (
                  <Table.ColumnHeader key={h}>{t(`finance:reconcile.columns.${h}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {detail.data.map((l) => (
                <Table.Row key={l.id}>
                  <Table.Cell>{t(`finance:reconcile.kinds.${l.kind}`)}</Table.Cell>
                  <Table.Cell fontFamily="mono">{l.receipt}</Table.Cell>
                  <Table.Cell>{fmt.instant(l.completed_at)}</Table.Cell>
                  <Table.Cell>{fmt.money(l.statement_amount)}</Table.Cell>
                  <Table.Cell>{fmt.money(l.portal_amount)}</Table.Cell>
                  <Table.Cell minW="60">{explain(t, l, fmt.money)}</Table.Cell>
                  <Table.Cell>
                    {l.resolution ? (
                      <Text fontSize="sm">
                        {t(`finance:reconcile.resolutions.${l.resolution}`)}: {l.resolution_reason} ({l.resolved_by})
                      </Text>
                    ) : l.kind !== 'matched' && !locked ? (
                      <Button size="xs" colorPalette="blue" disabled={busy} onClick={() => setLine(l)}>
                        {t('finance:reconcile.resolve')}
                        <VisuallyHidden> {l.receipt}</VisuallyHidden>
                      </Button>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={view.skip === 0 || busy}
          onClick={() => show({ show: view.show, skip: Math.max(0, view.skip - 50) })}
        >
          {t('finance:reconcile.previous')}
        </Button>
        <Text fontSize="sm">
          {t('finance:reconcile.page', { from: detail.total ? view.skip + 1 : 0, to: view.skip + detail.data.length, total: detail.total })}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={view.skip + 50 >= detail.total || busy}
          onClick={() => show({ show: view.show, skip: view.skip + 50 })}
        >
          {t('finance:reconcile.next')}
        </Button>
      </HStack>
      <ResolveDialog
        key={line?.id ?? 0}
        line={line}
        busy={resolving}
        failure={failure}
        onCancel={() => setLine(null)}
        onResolve={(resolution, reason) => {
          actor.send({ type: 'line.resolved', lineId: line!.id, resolution, reason });
          setLine(null);
        }}
      />
      <ConfirmDialog
        open={confirm}
        busy={signingOff}
        title={t('finance:reconcile.signOffTitle')}
        body={t('finance:reconcile.signOffBody')}
        confirmLabel={t('finance:reconcile.signOff')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          actor.send({ type: 'run.signedOff' });
          setConfirm(false);
        }}
      />
    </Stack>
  );
}

/** The fields of a column mapping, in the order of a statement; the first four are required. */
const MAPPING_FIELDS = ['receipt', 'completed_at', 'details', 'paid_in', 'withdrawn', 'balance'] as const;
const REQUIRED_FIELDS: ReadonlySet<string> = new Set(['receipt', 'completed_at', 'details', 'paid_in']);

/** One save of a mapping: mounted with a fresh key per save, it tells the dialog how it ended. */
function SaveMappingCall({
  params,
  onSaved,
  onFailed,
}: {
  params: SaveMapping;
  onSaved: (mapping: SavedMapping) => void;
  onFailed: (failure: CallFailure) => void;
}) {
  const save = useLoad<SavedMapping>(useLiveLogic('financeLoad').saveMapping, params);
  useEffect(() => {
    if (save.data) onSaved(save.data);
  }, [save.data, onSaved]);
  useEffect(() => {
    if (save.failure) onFailed(save.failure);
  }, [save.failure, onFailed]);
  return null;
}

/**
 * A new custom column mapping: a name, the provider, and the header of each statement column. Checked here first
 * (each message names its field), then by the server, whose 400 is shown beside the field it names.
 */
function MappingDialog({
  open,
  provider,
  existing,
  onCancel,
  onSaved,
}: {
  open: boolean;
  provider: Provider;
  existing: readonly string[];
  onCancel: () => void;
  onSaved: (mapping: SavedMapping) => void;
}) {
  const { t } = useTranslation('finance');
  const [chosen, setChosen] = useState<Provider>(provider);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [saving, setSaving] = useState<{ n: number; params: SaveMapping } | null>(null);
  const label = (field: string) => t(`finance:reconcile.mappingForm.fields.${field}`);
  const replaces = existing.includes(name.trim());
  const submit = (form: FormData) => {
    const value = (key: string) => String(form.get(key) ?? '').trim();
    const next: Record<string, string> = {};
    const mappingName = value('name');
    if (mappingName.length < 2 || mappingName.length > 60) next.name = t('finance:reconcile.mappingForm.nameError');
    const columns: Record<string, string> = {};
    for (const field of MAPPING_FIELDS) {
      const header = value(field);
      if (header.length > 100) next[`columns.${field}`] = t('finance:reconcile.mappingForm.tooLong', { field: label(field) });
      else if (header) columns[field] = header;
      else if (REQUIRED_FIELDS.has(field)) next[`columns.${field}`] = t('finance:reconcile.mappingForm.required', { field: label(field) });
    }
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return;
    setSaving({
      n: Date.now(),
      params: { name: mappingName, provider: chosen, columns: columns as SaveMapping['columns'] },
    });
  };
  const failed = useCallback((f: CallFailure) => {
    setSaving(null);
    setFailure(f);
    if (f.fields) setErrors(f.fields);
  }, []);
  const saved = useCallback(
    (mapping: SavedMapping) => {
      setSaving(null);
      onSaved(mapping);
    },
    [onSaved],
  );
  const known = new Set(['name', 'provider', ...MAPPING_FIELDS.map((f) => `columns.${f}`)]);
  const unplaced = Object.entries(failure?.fields ?? {}).filter(([key]) => !known.has(key));
  const examples = PROVIDER_MAPPINGS[chosen];
  return (
    <FormDialog
      title={t('finance:reconcile.mappingForm.title')}
      submitLabel={t(replaces ? 'finance:reconcile.mappingForm.replace' : 'finance:reconcile.mappingForm.save')}
      open={open}
      saving={saving !== null}
      failure={failure && !failure.fields ? failure : null}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <Text color="fg.muted" fontSize="sm">
        {t('finance:reconcile.mappingForm.help')}
      </Text>
      {failure?.fields && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('finance:reconcile.mappingForm.fixFields')}</Alert.Title>
            {unplaced.map(([key, message]) => (
              <Alert.Description key={key}>
                {key}: {message}
              </Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      <Field.Root invalid={Boolean(errors.name)} required>
        <Field.Label>
          {t('finance:reconcile.mappingForm.name')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input name="name" maxLength={60} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        {replaces && !errors.name && <Field.HelperText>{t('finance:reconcile.mappingForm.replaces')}</Field.HelperText>}
        <Field.ErrorText>{errors.name}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.provider)}>
        <Field.Label>{t('finance:reconcile.provider')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="provider" value={chosen} onChange={(e) => setChosen(e.target.value as Provider)}>
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`finance:reconcile.providers.${p}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.provider}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {MAPPING_FIELDS.map((field) => (
          <Field.Root key={field} invalid={Boolean(errors[`columns.${field}`])} required={REQUIRED_FIELDS.has(field)}>
            <Field.Label>
              {label(field)}
              <Field.RequiredIndicator
                fallback={
                  <Text as="span" color="fg.muted" fontSize="xs">
                    {t('finance:reconcile.mappingForm.optional')}
                  </Text>
                }
              />
            </Field.Label>
            <Input
              name={field}
              maxLength={100}
              autoComplete="off"
              placeholder={examples[field] ? t('finance:reconcile.mappingForm.example', { header: examples[field] }) : undefined}
            />
            <Field.ErrorText>{errors[`columns.${field}`]}</Field.ErrorText>
          </Field.Root>
        ))}
      </SimpleGrid>
      {saving && <SaveMappingCall key={saving.n} params={saving.params} onSaved={saved} onFailed={failed} />}
    </FormDialog>
  );
}

function UploadForm({ actor }: { actor: ReturnType<typeof useReconciliation> }) {
  const { t } = useTranslation('finance');
  const busy = useSelector(actor, (s) => s.matches('uploading'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const mappings = useLoad<{ data: SavedMapping[] }>(useLiveLogic('financeLoad').reconciliationMappings, null);
  const [errors, setErrors] = useState<Record<string, boolean>>({});
  const [provider, setProvider] = useState<Provider>('mpesa');
  const [mappingName, setMappingName] = useState('');
  /** The mappings saved from this screen since the list was read, each the server's answer. */
  const [added, setAdded] = useState<SavedMapping[]>([]);
  const [creating, setCreating] = useState<number | null>(null);
  const [justSaved, setJustSaved] = useState<string | null>(null);
  const names = [...new Set([...(mappings.data?.data ?? []), ...added].map((m) => m.name))].sort((a, b) => a.localeCompare(b));
  const onSaved = useCallback((mapping: SavedMapping) => {
    setAdded((list) => [...list.filter((m) => m.name !== mapping.name), mapping]);
    setProvider(mapping.provider);
    setMappingName(mapping.name);
    setJustSaved(mapping.name);
    setCreating(null);
  }, []);
  const day = today();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    const file = (event.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0] ?? null;
    const next = {
      from: !from || from > day,
      to: !to || to < from || to > day,
      file: file === null || file.size === 0,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    actor.send({
      type: 'statement.uploaded',
      values: { provider: form.get('provider'), mapping_name: form.get('mapping_name') || undefined, from, to, file },
    });
  };
  return (
    <>
      <form onSubmit={submit} aria-label={t('finance:reconcile.upload')} noValidate>
        <Stack gap="3" maxW="2xl">
          <Heading as="h2" size="md">
            {t('finance:reconcile.upload')}
          </Heading>
          {failure && <Failure failure={failure} />}
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            <Field.Root>
              <Field.Label>{t('finance:reconcile.provider')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="provider" value={provider} onChange={(e) => setProvider(e.target.value as Provider)}>
                  {PROVIDERS.map((p) => (
                    <option key={p} value={p}>
                      {t(`finance:reconcile.providers.${p}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('finance:reconcile.mapping')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="mapping_name"
                  value={mappingName}
                  onChange={(e) => {
                    setMappingName(e.target.value);
                    setJustSaved(null);
                  }}
                >
                  <option value="">{t('finance:reconcile.providerMapping')}</option>
                  {names.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Stack>
          <HStack wrap="wrap" gap="2">
            <Button type="button" size="sm" variant="outline" onClick={() => setCreating(Date.now())}>
              {t('finance:reconcile.mappingForm.open')}
            </Button>
            {justSaved && (
              <Text fontSize="sm" role="status">
                {t('finance:reconcile.mappingForm.saved', { name: justSaved })}
              </Text>
            )}
          </HStack>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            <Field.Root invalid={errors.from}>
              <Field.Label>{t('finance:statement.from')}</Field.Label>
              <Input name="from" type="date" max={day} />
              <Field.ErrorText>{t('finance:reconcile.dateError')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={errors.to}>
              <Field.Label>{t('finance:statement.to')}</Field.Label>
              <Input name="to" type="date" max={day} />
              <Field.ErrorText>{t('finance:reconcile.dateError')}</Field.ErrorText>
            </Field.Root>
          </Stack>
          <Field.Root invalid={errors.file}>
            <Field.Label>{t('finance:reconcile.file')}</Field.Label>
            <Input name="file" type="file" accept=".csv,.xlsx" p="1" />
            <Field.HelperText>{t('finance:reconcile.fileHelp')}</Field.HelperText>
            <Field.ErrorText>{t('finance:reconcile.fileError')}</Field.ErrorText>
          </Field.Root>
          <Box>
            <Button type="submit" colorPalette="blue" loading={busy}>
              {t('finance:reconcile.send')}
            </Button>
          </Box>
        </Stack>
      </form>
      {/* Outside the upload form: a submit inside the dialog would otherwise reach it through React's tree. */}
      <MappingDialog
        key={creating ?? 0}
        open={creating !== null}
        provider={provider}
        existing={names}
        onCancel={() => setCreating(null)}
        onSaved={onSaved}
      />
    </>
  );
}

function Runs({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const source = useResourceList<ReconciliationRun>(useLiveLogic('financeLists').reconciliationRuns, { limit: 10 });
  const columns: Column<ReconciliationRun>[] = [
    { key: 'provider', header: t('finance:reconcile.provider'), cell: (r) => t(`finance:reconcile.providers.${r.provider}`) },
    { key: 'period', header: t('finance:reconcile.period'), cell: (r) => `${r.from} – ${r.to}` },
    { key: 'file', header: t('finance:reconcile.file'), cell: (r) => r.file_name },
    { key: 'open', header: t('finance:reconcile.openDifferences'), cell: (r) => r.open_differences },
    { key: 'status', header: t('finance:reconcile.statusLabel'), cell: (r) => t(`finance:reconcile.status.${r.status}`) },
    { key: 'at', header: t('finance:reconcile.uploadedAt'), cell: (r) => fmt.instant(r.uploaded_at) },
    {
      key: 'go',
      header: '',
      cell: (r) => (
        <Button size="xs" variant="outline" onClick={() => onOpen(r.id)}>
          {t('finance:reconcile.openRun')}
          <VisuallyHidden> {r.file_name}</VisuallyHidden>
        </Button>
      ),
    },
  ];
  return <DataTable source={source} caption={t('finance:reconcile.runs')} columns={columns} />;
}

function ClosedThrough() {
  const { t } = useTranslation('finance');
  const periods = useLoad<ClosedPeriods>(useLiveLogic('financeLoad').closedPeriods, null);
  if (periods.failure) return <LoadFailure failure={periods.failure} onRetry={periods.retry} />;
  if (!periods.data) return <Skeleton height="6" />;
  return (
    <Text role="status">
      {periods.data.closed_through ? t('finance:close.through', { day: periods.data.closed_through }) : t('finance:close.none')}
    </Text>
  );
}

/** Month-end close: a past month closed with a reason, after a confirmation; its statements never change after. */
function MonthEnd() {
  const { t } = useTranslation('finance');
  const [n, setN] = useState(0);
  const [ask, setAsk] = useState<{ month: string; reason: string } | null>(null);
  const [closing, setClosing] = useState<{ month: string; reason: string; n: number } | null>(null);
  const [error, setError] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const month = String(form.get('month') ?? '');
    const reason = String(form.get('reason') ?? '').trim();
    const bad = !/^\d{4}-\d{2}$/.test(month) || reason.length < 3;
    setError(bad);
    if (!bad) setAsk({ month, reason });
  };
  return (
    <Stack gap="3" maxW="2xl">
      <Heading as="h2" size="md">
        {t('finance:close.title')}
      </Heading>
      <Text color="fg.muted">{t('finance:close.help')}</Text>
      <ClosedThrough key={n} />
      <form onSubmit={submit} aria-label={t('finance:close.title')}>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'end' }}>
          <Field.Root invalid={error}>
            <Field.Label>{t('finance:close.month')}</Field.Label>
            <Input name="month" type="month" defaultValue={lastMonth()} />
          </Field.Root>
          <Field.Root invalid={error}>
            <Field.Label>{t('finance:close.reason')}</Field.Label>
            <Input name="reason" maxLength={500} />
            <Field.ErrorText>{t('finance:close.error')}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" variant="outline">
            {t('finance:close.action')}
          </Button>
        </Stack>
      </form>
      {closing && (
        <OneShot
          key={closing.n}
          logic="closeMonth"
          params={{ month: closing.month, reason: closing.reason }}
          done={t('finance:close.done', { month: closing.month })}
          onLoaded={() => setN(closing.n)}
        />
      )}
      <ConfirmDialog
        open={ask !== null}
        busy={false}
        title={t('finance:close.confirmTitle', { month: ask?.month ?? '' })}
        body={t('finance:close.confirmBody')}
        confirmLabel={t('finance:close.action')}
        onCancel={() => setAsk(null)}
        onConfirm={() => {
          setClosing({ ...ask!, n: Date.now() });
          setAsk(null);
        }}
      />
    </Stack>
  );
}

function useReconciliation() {
  return useActorRef(useLiveLogic('reconciliation'));
}

/** Reconciliation (/dashboard/reconciliation, UPLOAD_RECONCILIATION_DOCUMENT): statements against the portal's payments. */
export default function ReconciliationScreen() {
  const { t } = useTranslation('finance');
  const actor = useReconciliation();
  const choosing = useSelector(actor, (s) => s.matches('choosing') || s.matches('uploading'));
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="lg">
          {t('finance:reconcile.title')}
        </Heading>
        <Text color="fg.muted">{t('finance:reconcile.help')}</Text>
      </Stack>
      {choosing ? (
        <>
          <UploadForm actor={actor} />
          <Runs onOpen={(runId) => actor.send({ type: 'run.opened', runId })} />
          <MonthEnd />
        </>
      ) : (
        <RunView actor={actor} />
      )}
    </Stack>
  );
}
