import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, Field, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Store } from '../../contract/stores';
import type { ListFilter } from '../../machines/resource-list.machine';
import { LoadFailure } from '../common/load-failure';
import { numberOf, useStoreList } from './parts';

/** Stores shown at a time: a short list to choose from, the rest found by typing more of a name. */
export const STORE_PICKER_PAGE = 8;
/** How long typing pauses before the server is asked (each search is one call of the stores list). */
export const STORE_PICKER_WAIT_MS = 300;

/**
 * A store chosen from the stores list as the server searches and pages it (the stores list call, narrowed to the
 * caller on the server), however many stores the business has (decision 035). The user types part of a name,
 * location or till number and picks one of the matching stores with the arrow keys or a click; the chosen store's
 * id is the form's `name` field. `unavailable` says why a store cannot be picked (shown beside it, not hidden).
 * A filter's picker is `any`: no store chosen stands for every store, and a button goes back to that.
 */
export function StorePicker({
  name,
  label,
  error,
  filter = {},
  unavailable = () => null,
  describe = (s) => s.name,
  any = false,
}: {
  name: string;
  label: string;
  error?: string;
  filter?: ListFilter;
  any?: boolean;
  unavailable?: (store: Store) => string | null;
  describe?: (store: Store) => string;
}) {
  const { t } = useTranslation('stores');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Store | null>(null);
  const wait = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  // A filter lists stores once the user searches: until then it stands for every store and keeps its place small.
  const listed = !any || search !== '';
  // Typing restarts the search once the user pauses; Enter searches at once (and does not send the form).
  const searchNow = (value: string) => {
    clearTimeout(wait.current);
    setSearch(value.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    searchNow(typed);
  };
  return (
    <Stack gap="2">
      <Field.Root invalid={!!error}>
        <Field.Label>{label}</Field.Label>
        <Input
          ref={input}
          type="search"
          value={typed}
          maxLength={100}
          autoComplete="off"
          aria-controls={listed ? resultsId : undefined}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const value = event.target.value;
            setTyped(value);
            clearTimeout(wait.current);
            wait.current = setTimeout(() => setSearch(value.trim()), STORE_PICKER_WAIT_MS);
          }}
        />
        <Field.HelperText>{t('stores:picker.help')}</Field.HelperText>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <input type="hidden" name={name} value={chosen?.id ?? ''} />
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" role="status" aria-live="polite">
          {chosen
            ? t('stores:picker.chosen', { store: describe(chosen) })
            : t(any ? 'stores:picker.allStores' : 'stores:picker.noneChosen')}
        </Text>
        {any && chosen && (
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              setChosen(null);
              // The button goes with the choice: the search box keeps the keyboard where the user can choose again.
              input.current?.focus();
            }}
          >
            {t('stores:picker.clear')}
          </Button>
        )}
      </HStack>
      {listed && (
        <StoreResults
          key={search}
          id={resultsId}
          label={label}
          search={search}
          filter={search ? { ...filter, search } : filter}
          chosen={chosen}
          onChoose={setChosen}
          unavailable={unavailable}
          describe={describe}
        />
      )}
    </Stack>
  );
}

/** One search's matching stores, a page at a time: the stores list actor, made again for each search. */
function StoreResults({
  id,
  label,
  search,
  filter,
  chosen,
  onChoose,
  unavailable,
  describe,
}: {
  id: string;
  label: string;
  search: string;
  filter: ListFilter;
  chosen: Store | null;
  onChoose: (store: Store) => void;
  unavailable: (store: Store) => string | null;
  describe: (store: Store) => string;
}) {
  const { t } = useTranslation('stores');
  const stores = useStoreList<Store>('stores', filter, STORE_PICKER_PAGE);
  if (stores.loadFailure) {
    return (
      <div id={id}>
        <LoadFailure failure={stores.loadFailure} onRetry={() => stores.list.send({ type: 'list.retry' })} />
      </div>
    );
  }
  if (stores.loading) {
    return (
      <Text id={id} fontSize="sm" color="fg.muted" role="status">
        {t('stores:picker.searching')}
      </Text>
    );
  }
  if (stores.items.length === 0) {
    return (
      <Text id={id} fontSize="sm" role="status">
        {search ? t('stores:picker.noMatch', { search }) : t('stores:picker.noStores')}
      </Text>
    );
  }
  const last = stores.skip + stores.items.length;
  return (
    <Stack id={id} gap="2">
      <RadioGroup.Root
        value={chosen ? String(chosen.id) : null}
        onValueChange={(d) => {
          const store = stores.items.find((s) => String(s.id) === d.value);
          if (store) onChoose(store);
        }}
        aria-label={t('stores:picker.results', { label })}
      >
        <Stack gap="2">
          {stores.items.map((s) => {
            const why = unavailable(s);
            return (
              <RadioGroup.Item key={s.id} value={String(s.id)} disabled={why !== null} alignItems="start">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {describe(s)}
                  <Text as="span" color="fg.muted">
                    {' '}
                    · {s.region.name} · {s.location}
                    {why && ` · ${why}`}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            );
          })}
        </Stack>
      </RadioGroup.Root>
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t(stores.totalEstimated ? 'common.rangeAbout' : 'common.range', { first: stores.skip + 1, last, total: stores.total })}
        </Text>
        {stores.total > stores.items.length && (
          <HStack>
            <Button
              size="xs"
              variant="outline"
              disabled={stores.skip === 0}
              onClick={() => stores.list.send({ type: 'list.pageChanged', skip: stores.skip - stores.limit })}
            >
              {t('common.previous')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={last >= stores.total}
              onClick={() => stores.list.send({ type: 'list.pageChanged', skip: stores.skip + stores.limit })}
            >
              {t('common.next')}
            </Button>
          </HStack>
        )}
      </HStack>
    </Stack>
  );
}

/**
 * A list's filter form with a store among its filters: the search box, the list's own fields (`children`), the store
 * picker (any store) and Find. Find hands `onFilter` the search and the store chosen, with what `more` reads of the
 * list's own fields.
 */
export function StoreFilterForm({
  label,
  searchLabel,
  more,
  onFilter,
  children,
}: {
  label: string;
  searchLabel: string;
  more: (form: FormData) => ListFilter;
  onFilter: (filter: ListFilter) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('stores');
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: ListFilter = {};
    const search = String(form.get('search') ?? '').trim();
    if (search) next.search = search;
    const store = numberOf(form, 'store_id');
    if (store) next.store_id = store;
    onFilter({ ...next, ...more(form) });
  };
  return (
    <form onSubmit={apply} role="search" aria-label={label}>
      <Stack gap="3">
        <Stack gap="2" direction={{ base: 'column', md: 'row' }} align={{ md: 'end' }}>
          <Field.Root flex="2">
            <Field.Label>{searchLabel}</Field.Label>
            <Input name="search" type="search" maxLength={100} />
          </Field.Root>
          {children}
        </Stack>
        <Box maxW={{ md: 'md' }}>
          <StorePicker name="store_id" label={t('stores:field.store_id')} any />
        </Box>
        <Box>
          <Button type="submit" colorPalette="blue">
            {t('stores:find')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
