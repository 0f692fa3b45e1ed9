import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Alert, Box, Button, Dialog, Field, HStack, Heading, Input, List, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CallFailure } from '../../lib/call-failure';
import { MOBILE_MONEY_NAMES } from '../../lib/mobile-money';
import type { ListFilter } from '../../machines/resource-list.machine';
import type { z } from 'zod';
import { FormDialog } from '../common/form-dialog';
import { fieldErrors } from '../common/field-errors';
import { ConfirmDialog } from '../common/confirm-dialog';
import { describeFailure } from '../common/describe-failure';
import { useLiveLogic, type StoreActionKind, type StoreListKind, type StoreLoadKind } from '../common/live-logic';
import { useResourceList } from '../common/use-resource-list';
import type { Column } from '../common/data-table';

/** The mobile-money networks by their brand names (the same in every language). */
export const BILLERS = MOBILE_MONEY_NAMES;

/** The refusal reasons of the stores area, in its own words. */
const REASONS = [
  'out_of_scope',
  'head_office_only',
  'not_found',
  'name_taken',
  'already_received',
  'not_transferable',
  'already_lead',
  'status_move_not_allowed',
];

/** A failed call in words: the area's reason, else the common words, and each field at fault. */
export function StoreFailure({ failure }: { failure: CallFailure }) {
  const { t } = useTranslation('stores');
  const title = failure.reason && REASONS.includes(failure.reason) ? t(`stores:reason.${failure.reason}`) : describeFailure(t, failure);
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {failure.fields && (
          <Alert.Description>
            <List.Root ps="4">
              {Object.entries(failure.fields).map(([field, message]) => (
                <List.Item key={field}>
                  {fieldLabel(t, field)}: {message}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** A field's name in words: `imeis.2` is the third IMEI, the others by their label. */
function fieldLabel(t: TFunction, field: string): string {
  const [name, index] = field.split('.');
  const label = t(`stores:field.${name}`, { defaultValue: name });
  return index === undefined ? label : `${label} ${Number(index) + 1}`;
}

/** One of the area's lists, restarted by its parent (a `key`) when the filter changes. */
export function useStoreList<T>(kind: StoreListKind, filter: ListFilter = {}, limit = 25) {
  return useResourceList<T>(useLiveLogic('storeLists')[kind], { limit, filter });
}

/** Something the screen loads once (options of a select, a profile), with its failure and a retry. */
export function useLoaded<T>(kind: StoreLoadKind, params?: unknown) {
  const actor = useActorRef(useLiveLogic('storeLoads')[kind], { input: { params } });
  return {
    data: useSelector(actor, (s) => (s.matches('loaded') ? (s.context.data as T) : null)),
    failure: useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null)),
    retry: () => actor.send({ type: 'load.retry' }),
  };
}

/** One action of the area (the action machine): open, fill in, review when it cannot be undone, send, see the result. */
export function useStoreAction(kind: StoreActionKind) {
  const actor = useActorRef(useLiveLogic('storeAction')(kind));
  return {
    actor,
    editing: useSelector(actor, (s) => s.matches('editing') || s.matches('submitting')),
    confirming: useSelector(actor, (s) => s.matches('confirming')),
    saving: useSelector(actor, (s) => s.hasTag('busy')),
    failure: useSelector(actor, (s) => (s.matches('editing') ? s.context.failure : null)),
    done: useSelector(actor, (s) => s.matches('done')),
    result: useSelector(actor, (s) => s.context.result),
    open: () => actor.send({ type: 'action.opened' }),
    close: () => actor.send({ type: 'action.closed' }),
  };
}
export type StoreAction = ReturnType<typeof useStoreAction>;

/**
 * The form of an action. `values` turns the form into the call's body, or field errors of its own; with `review`
 * the action asks for confirmation first (it cannot be undone). The result, when it has something to show, is
 * drawn by `result` (else "Saved"); closing it, `onDone` follows (a list reloads).
 */
export function ActionForm({
  action,
  title,
  submitLabel,
  values,
  review,
  result,
  onDone,
  children,
}: {
  action: StoreAction;
  title: string;
  submitLabel?: string;
  values: (form: FormData) => { body: Record<string, unknown> } | { errors: Record<string, string> };
  review?: { title: string; body: string; confirmLabel: string };
  result?: (value: unknown) => ReactNode;
  onDone?: () => void;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const { t } = useTranslation('stores');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const finish = () => {
    action.close();
    onDone?.();
  };
  const shown = result ?? (() => <Text role="status">{t('stores:saved')}</Text>);
  return (
    <>
      <FormDialog
        title={title}
        submitLabel={submitLabel}
        open={action.editing}
        saving={action.saving}
        failure={null}
        onCancel={() => {
          setErrors({});
          action.actor.send({ type: 'action.cancelled' });
        }}
        onSubmit={(form) => {
          const parsed = values(form);
          if ('errors' in parsed) return setErrors(parsed.errors);
          setErrors({});
          action.actor.send({ type: review ? 'action.reviewed' : 'action.submitted', values: parsed.body });
        }}
      >
        {action.failure && <StoreFailure failure={action.failure} />}
        {children(errors)}
      </FormDialog>
      {review && (
        <ConfirmDialog
          open={action.confirming}
          busy={action.saving}
          title={review.title}
          body={review.body}
          confirmLabel={review.confirmLabel}
          onConfirm={() => action.actor.send({ type: 'action.confirmed' })}
          onCancel={() => action.actor.send({ type: 'action.cancelled' })}
        />
      )}
      {
        <Dialog.Root open={action.done} onOpenChange={(d) => !d.open && finish()} placement="center" size={{ base: 'full', md: 'lg' }}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>{action.done && shown(action.result)}</Dialog.Body>
                <Dialog.Footer>
                  <Button onClick={finish}>{t('common.close')}</Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      }
    </>
  );
}

/**
 * The actions column of a list whose rows each open one action on that row (a form of `ActionForm`), for a user
 * allowed it; no column otherwise. `open` is given the row the button is on.
 */
export function rowActionColumn<T>(allowed: boolean, header: string, label: string, open: (row: T) => void): Column<T>[] {
  if (!allowed) return [];
  return [
    {
      key: 'actions',
      header,
      cell: (row) => (
        <Button size="xs" variant="outline" onClick={() => open(row)}>
          {label}
        </Button>
      ),
    },
  ];
}

/** A labelled input with its error. */
export function TextField({
  name,
  label,
  error,
  help,
  ...input
}: { name: string; label: string; error?: string; help?: string } & Record<string, unknown>) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input name={name} {...input} />
      {help && <Field.HelperText>{help}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A labelled select with its error; `any` adds a first, empty choice. */
export function SelectField({
  name,
  label,
  options,
  error,
  any,
  defaultValue,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  error?: string;
  any?: string;
  defaultValue?: string | number;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} defaultValue={defaultValue ?? ''}>
          {any !== undefined && <option value="">{any}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** Latitude and longitude, with "use my position" (the browser's geolocation) to fill them in. */
export function PositionFields({
  errors,
  latitude,
  longitude,
}: {
  errors: Record<string, string>;
  latitude?: number | null;
  longitude?: number | null;
}) {
  const { t } = useTranslation('stores');
  const [position, setPosition] = useState({ latitude: latitude?.toString() ?? '', longitude: longitude?.toString() ?? '' });
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle');
  const locate = () => {
    if (!navigator.geolocation) return setLocating('failed');
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setPosition({ latitude: p.coords.latitude.toFixed(6), longitude: p.coords.longitude.toFixed(6) });
        setLocating('idle');
      },
      () => setLocating('failed'),
      { timeout: 10_000 },
    );
  };
  return (
    <Stack gap="2">
      <HStack align="start" gap="2">
        <TextField
          name="latitude"
          label={t('stores:field.latitude')}
          inputMode="decimal"
          value={position.latitude}
          onChange={(e: { target: { value: string } }) => setPosition((p) => ({ ...p, latitude: e.target.value }))}
          error={errors.latitude}
        />
        <TextField
          name="longitude"
          label={t('stores:field.longitude')}
          inputMode="decimal"
          value={position.longitude}
          onChange={(e: { target: { value: string } }) => setPosition((p) => ({ ...p, longitude: e.target.value }))}
          error={errors.longitude}
        />
      </HStack>
      <Box>
        <Button size="xs" variant="outline" onClick={locate} loading={locating === 'busy'}>
          {t('stores:useMyPosition')}
        </Button>
        {locating === 'failed' && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {t('stores:positionUnavailable')}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

/** A number typed in a form, or undefined when left empty. */
export const numberOf = (form: FormData, name: string): number | undefined => {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? undefined : Number(value.replace(',', '.'));
};
export const textOf = (form: FormData, name: string): string | undefined => {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? undefined : value;
};

/** A form's field errors in words: "valid <field> required" for each field a contract schema refused. */
export function localErrors(t: TFunction, error: z.ZodError): Record<string, string> {
  return Object.fromEntries(Object.keys(fieldErrors(error)).map((field) => [field, t('stores:invalid', { field: fieldLabel(t, field) })]));
}

/** One export run: the load machine over the export (pages through the server, capped), started when it mounts. */
function ExportRun({ params, onDone }: { params: unknown; onDone: () => void }) {
  const { t } = useTranslation('stores');
  const run = useLoaded<{ rows: number; total: number; truncated: boolean }>('export', params);
  if (run.failure) {
    return (
      <HStack role="alert" fontSize="sm">
        <StoreFailure failure={run.failure} />
        <Button size="xs" variant="outline" onClick={run.retry}>
          {t('common.retry')}
        </Button>
      </HStack>
    );
  }
  if (!run.data) {
    return (
      <Text fontSize="sm" role="status">
        {t('stores:export.working')}
      </Text>
    );
  }
  return (
    <HStack role="status" fontSize="sm" flexWrap="wrap">
      <Text>
        {t(run.data.truncated ? 'stores:export.truncated' : 'stores:export.done', { rows: run.data.rows, total: run.data.total })}
      </Text>
      <Button size="2xs" variant="ghost" onClick={onDone}>
        {t('stores:export.dismiss')}
      </Button>
    </HStack>
  );
}

/** "Export CSV": the list with its filters, paged through the server, the header and cells in the chosen language. */
export function ExportButton({
  list,
  filter,
  filename,
  header,
  cells,
}: {
  list: StoreListKind;
  filter: ListFilter;
  filename: string;
  header: string[];
  cells: (row: any) => unknown[];
}) {
  const { t } = useTranslation('stores');
  const [run, setRun] = useState<{ n: number; params: unknown } | null>(null);
  return (
    <HStack gap="3" flexWrap="wrap">
      <Button
        size="sm"
        variant="outline"
        disabled={run !== null}
        onClick={() => setRun((r) => ({ n: (r?.n ?? 0) + 1, params: { list, filter, filename, header, cells } }))}
      >
        {t('stores:export.csv')}
      </Button>
      {run && <ExportRun key={run.n} params={run.params} onDone={() => setRun(null)} />}
    </HStack>
  );
}

/**
 * A stores-area page of one list searched by text: its title, a line on what it is, the search form, and the list
 * (`list`, made again for each search, so it starts at its first page).
 */
export function SearchedListPage({ title, intro, list }: { title: string; intro: string; list: (filter: ListFilter) => ReactNode }) {
  const { t } = useTranslation('stores');
  const [filter, setFilter] = useState<ListFilter>({});
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    setFilter(value ? { search: value } : {});
  };
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {intro}
      </Text>
      <form onSubmit={search} role="search" aria-label={title}>
        <Stack gap="2" direction={{ base: 'column', md: 'row' }} align={{ md: 'end' }}>
          <Field.Root maxW={{ md: 'sm' }}>
            <Field.Label>{t('stores:search')}</Field.Label>
            <Input name="search" type="search" maxLength={100} />
          </Field.Root>
          <Button type="submit" colorPalette="blue">
            {t('stores:find')}
          </Button>
        </Stack>
      </form>
      <Fragment key={JSON.stringify(filter)}>{list(filter)}</Fragment>
    </Stack>
  );
}
