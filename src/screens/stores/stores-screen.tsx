import { useState, type FormEvent } from 'react';
import { Badge, Button, HStack, Heading, Input, Field, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { BILLER_TYPES, STORE_TYPES, createStoreRequest, type Region, type Store } from '../../contract/stores';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useRoles } from '../common/session-context';
import { DataTable } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import { fieldErrors } from '../common/field-errors';
import type { ResourceList } from '../common/use-resource-list';
import { BILLERS, ExportButton, PositionFields, SelectField, StoreFailure, TextField, numberOf, useLoaded, useStoreList } from './parts';

/**
 * Stores (VIEW_STORES): paged, searched and filtered on the server; a new store with ADD_STORE. The regions (the
 * region filter, a new store's region) are asked for only by who uses them, head office and region leads: a shop
 * owner, without VIEW_REGIONS, would only be refused them.
 */
export default function StoresScreen() {
  const roles = useRoles();
  return roles.includes('VIEW_REGIONS') || roles.includes('ADD_STORE') ? <StoresWithRegions /> : <StoresBody regions={null} />;
}

function StoresWithRegions() {
  const regions = useLoaded<Region[]>('regionOptions');
  return <StoresBody regions={regions.data ?? []} />;
}

function StoresBody({ regions }: { regions: Region[] | null }) {
  const { t } = useTranslation('stores');
  const roles = useRoles();
  const [filter, setFilter] = useState<ListFilter>({});
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: ListFilter = {};
    for (const key of ['search', 'region_id', 'store_type', 'has_owner', 'is_mapped']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = key === 'region_id' ? Number(value) : value;
    }
    setFilter(next);
  };
  const yesNo = [
    { value: 'true', label: t('stores:yes') },
    { value: 'false', label: t('stores:no') },
  ];
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('stores:stores.title')}
      </Heading>
      <form onSubmit={apply} role="search" aria-label={t('stores:stores.title')}>
        <Stack gap="2" direction={{ base: 'column', md: 'row' }} align={{ md: 'end' }} flexWrap="wrap">
          <Field.Root flex="2" minW="40">
            <Field.Label>{t('stores:search')}</Field.Label>
            <Input name="search" type="search" maxLength={100} />
          </Field.Root>
          {regions && (
            <SelectField
              name="region_id"
              label={t('stores:field.region_id')}
              any={t('stores:all')}
              options={regions.map((r) => ({ value: r.id, label: r.name }))}
            />
          )}
          <SelectField
            name="store_type"
            label={t('stores:field.store_type')}
            any={t('stores:all')}
            options={STORE_TYPES.map((v) => ({ value: v, label: t(`stores:storeType.${v}`) }))}
          />
          <SelectField name="has_owner" label={t('stores:field.has_owner')} any={t('stores:all')} options={yesNo} />
          <SelectField name="is_mapped" label={t('stores:field.is_mapped')} any={t('stores:all')} options={yesNo} />
          <Button type="submit" colorPalette="blue">
            {t('stores:find')}
          </Button>
        </Stack>
      </form>
      <StoreTable key={JSON.stringify(filter)} filter={filter} canAdd={roles.includes('ADD_STORE')} regions={regions ?? []} />
    </Stack>
  );
}

function StoreTable({ filter, canAdd, regions }: { filter: ListFilter; canAdd: boolean; regions: Region[] }) {
  const { t } = useTranslation('stores');
  const stores = useStoreList<Store>('stores', filter);
  return (
    <Stack gap="3">
      {canAdd && (
        <HStack>
          <Button size="sm" colorPalette="blue" disabled={!stores.canOpenForm} onClick={() => stores.list.send({ type: 'form.opened' })}>
            {t('stores:stores.create')}
          </Button>
        </HStack>
      )}
      <ExportButton
        list="stores"
        filter={filter}
        filename="stores.csv"
        header={[
          t('stores:field.name'),
          t('stores:field.region_id'),
          t('stores:field.store_type'),
          t('stores:field.owner'),
          t('stores:field.latitude'),
          t('stores:field.longitude'),
          t('stores:agents.title'),
          t('stores:inStock'),
        ]}
        cells={(s: Store) => [
          s.name,
          s.region.name,
          t(`stores:storeType.${s.store_type}`),
          s.owner?.name ?? '',
          s.latitude,
          s.longitude,
          s.agents,
          s.in_stock,
        ]}
      />
      <DataTable
        source={stores}
        caption={t('stores:stores.title')}
        columns={[
          { key: 'name', header: t('stores:field.name'), cell: (s) => <Link href={`/stores/${s.id}`}>{s.name}</Link> },
          { key: 'region', header: t('stores:field.region_id'), cell: (s) => s.region.name },
          { key: 'type', header: t('stores:field.store_type'), cell: (s) => t(`stores:storeType.${s.store_type}`) },
          { key: 'owner', header: t('stores:field.owner'), cell: (s) => s.owner?.name ?? '—' },
          {
            key: 'mapped',
            header: t('stores:field.is_mapped'),
            cell: (s) => <Badge colorPalette={s.is_mapped ? 'green' : 'gray'}>{s.is_mapped ? t('stores:yes') : t('stores:no')}</Badge>,
          },
          { key: 'agents', header: t('stores:agents.title'), cell: (s) => s.agents },
          { key: 'stock', header: t('stores:inStock'), cell: (s) => s.in_stock },
        ]}
      />
      {canAdd && <CreateStoreDialog source={stores} regions={regions} />}
    </Stack>
  );
}

function CreateStoreDialog({ source, regions }: { source: ResourceList<Store>; regions: Region[] }) {
  const { t } = useTranslation('stores');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (form: FormData) => {
    const parsed = createStoreRequest.safeParse({
      name: form.get('name'),
      region_id: numberOf(form, 'region_id'),
      store_type: form.get('store_type'),
      location: form.get('location'),
      latitude: numberOf(form, 'latitude'),
      longitude: numberOf(form, 'longitude'),
      till_or_paybill: form.get('till_or_paybill'),
      biller_type: form.get('biller_type'),
      biller_number: form.get('biller_number'),
      shop_owner_id: numberOf(form, 'shop_owner_id'),
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) source.list.send({ type: 'form.submitted', values: parsed.data });
  };
  const err = (name: string) => (errors[name] ? t('stores:invalid', { field: t(`stores:field.${name}`) }) : undefined);
  return (
    <FormDialog
      title={t('stores:stores.create')}
      open={source.formOpen}
      saving={source.saving}
      failure={null}
      onCancel={() => {
        setErrors({});
        source.list.send({ type: 'form.cancelled' });
      }}
      onSubmit={submit}
    >
      {source.saveFailure && <StoreFailure failure={source.saveFailure} />}
      <TextField name="name" label={t('stores:field.name')} error={err('name')} />
      <SelectField
        name="region_id"
        label={t('stores:field.region_id')}
        any={t('stores:choose')}
        error={err('region_id')}
        options={regions.map((r) => ({ value: r.id, label: r.name }))}
      />
      <SelectField
        name="store_type"
        label={t('stores:field.store_type')}
        defaultValue="dealer_shop"
        options={STORE_TYPES.map((v) => ({ value: v, label: t(`stores:storeType.${v}`) }))}
      />
      <TextField name="location" label={t('stores:field.location')} error={err('location')} />
      <PositionFields errors={{ latitude: err('latitude') ?? '', longitude: err('longitude') ?? '' }} />
      <SelectField
        name="till_or_paybill"
        label={t('stores:field.till_or_paybill')}
        options={[
          { value: 'till', label: t('stores:till') },
          { value: 'paybill', label: t('stores:paybill') },
        ]}
      />
      <SelectField
        name="biller_type"
        label={t('stores:field.biller_type')}
        options={BILLER_TYPES.map((v) => ({ value: v, label: BILLERS[v] }))}
      />
      <TextField name="biller_number" label={t('stores:field.biller_number')} inputMode="numeric" error={err('biller_number')} />
      <TextField
        name="shop_owner_id"
        label={t('stores:field.shop_owner_id')}
        inputMode="numeric"
        help={t('stores:ownerHelp')}
        error={err('shop_owner_id')}
      />
      <Text fontSize="sm" color="fg.muted">
        {t('stores:stores.positionHelp')}
      </Text>
    </FormDialog>
  );
}
