import { useState, type FormEvent } from 'react';
import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useRoles } from '../common/session-context';
import { useLiveLogic, type DeviceListKind } from '../common/live-logic';
import type { ListFilter } from '../../machines/resource-list.machine';
import { DataTable, type Column } from '../common/data-table';
import { useResourceList } from '../common/use-resource-list';

/** What every device list row holds (src/contract/device-lists.ts). */
export interface ListedDevice {
  id: number;
  imei: string;
  device_name: string;
  is_locked: boolean;
  customer: { id: number; msisdn: string; name: string };
  loan_number: string | null;
  reported_by: string | null;
  notes: string | null;
}

export interface DeviceListHelpers {
  t: TFunction;
  /** A calendar day (YYYY-MM-DD) in the chosen language, or a dash. */
  day: (d: string | null) => string;
  roles: readonly string[];
}

/** The columns every device list starts with: IMEI, device, customer (a link to the customer view), loan. */
export function deviceColumns<T extends ListedDevice>({ t, roles }: DeviceListHelpers): Column<T>[] {
  return [
    {
      key: 'imei',
      header: 'IMEI',
      cell: (r) => (
        <Text as="span" fontFamily="mono" whiteSpace="nowrap">
          {r.imei}
        </Text>
      ),
    },
    { key: 'device', header: t('customers:deviceLists.device'), cell: (r) => r.device_name },
    {
      key: 'customer',
      header: t('customers:device.customer'),
      cell: (r) => (
        <Stack gap="0">
          {roles.includes('FIND_CUSTOMER') ? (
            <Link href={`/customers/view?msisdn=${r.customer.msisdn}`}>{r.customer.name}</Link>
          ) : (
            <Text as="span">{r.customer.name}</Text>
          )}
          <Text as="span" fontSize="xs" color="fg.muted">
            {r.customer.msisdn}
          </Text>
        </Stack>
      ),
    },
    { key: 'loan', header: t('customers:device.loan'), cell: (r) => r.loan_number ?? '—' },
  ];
}

function ListTable<T extends ListedDevice>({
  kind,
  filter,
  caption,
  columns,
}: {
  kind: DeviceListKind;
  filter: ListFilter;
  caption: string;
  columns: Column<T>[];
}) {
  const list = useResourceList<T>(useLiveLogic('deviceLists')[kind], { limit: 25, filter });
  return <DataTable source={list} caption={caption} columns={columns} />;
}

/**
 * A device list screen (damaged, lost, suspended IMEIs): a title, what the list holds, one search box, and the
 * server-paged table. A search restarts the list (a new list actor for the new filter).
 */
export function DeviceListScreen<T extends ListedDevice>({
  kind,
  columns,
}: {
  kind: DeviceListKind;
  columns: (helpers: DeviceListHelpers) => Column<T>[];
}) {
  const { t, i18n } = useTranslation(['customers', 'translation']);
  const roles = useRoles();
  const [search, setSearch] = useState('');
  const day = (d: string | null) =>
    d
      ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`))
      : '—';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  };
  const filter: ListFilter = search ? { search } : {};
  const title = t(`customers:deviceLists.${kind}.title`);
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      <Text color="fg.muted">{t(`customers:deviceLists.${kind}.help`)}</Text>
      <form onSubmit={submit} role="search" aria-label={title}>
        <Stack gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }} maxW="2xl">
          <Field.Root flex="1">
            <Field.Label>{t('customers:deviceLists.search')}</Field.Label>
            <Input name="search" type="search" maxLength={100} defaultValue={search} />
          </Field.Root>
          <Button type="submit" colorPalette="blue">
            {t('customers:deviceLists.find')}
          </Button>
        </Stack>
      </form>
      {search && (
        <Text fontSize="sm" role="status">
          {t('customers:deviceLists.searchingFor', { search })}
        </Text>
      )}
      <ListTable key={search} kind={kind} filter={filter} caption={title} columns={columns({ t, day, roles }) as Column<T>[]} />
    </Stack>
  );
}
