import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { createShopOwnerRequest, shopOwnerLinkRequest, type ShopOwner } from '../../contract/stores-owners';
import type { ListFilter } from '../../machines/resource-list.machine';
import { displayFormat } from '../../lib/display-format';
import { useRoles } from '../common/session-context';
import { DataTable } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import { ActionForm, SearchedListPage, StoreFailure, TextField, localErrors, rowActionColumn, useStoreAction, useStoreList } from './parts';
import { StorePicker } from './store-picker';

/**
 * Shop owners (VIEW_STORES): each owner with their stores and the links awaiting approval; head office (ADD_STORE)
 * creates an owner and proposes them as a dealer shop's owner, which takes effect when a second person approves it
 * in the business inbox (decision 026).
 */
export default function ShopOwnersScreen() {
  const { t } = useTranslation('stores');
  return (
    <SearchedListPage title={t('stores:owners.title')} intro={t('stores:owners.intro')} list={(filter) => <OwnerTable filter={filter} />} />
  );
}

function OwnerTable({ filter }: { filter: ListFilter }) {
  const { t, i18n } = useTranslation('stores');
  const canAdd = useRoles().includes('ADD_STORE');
  const owners = useStoreList<ShopOwner>('shopOwners', filter);
  const link = useStoreAction('linkShopOwner');
  const [chosen, setChosen] = useState<ShopOwner | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const f = displayFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <Stack gap="3">
      {canAdd && (
        <HStack>
          <Button size="sm" colorPalette="blue" disabled={!owners.canOpenForm} onClick={() => owners.list.send({ type: 'form.opened' })}>
            {t('stores:owners.create')}
          </Button>
        </HStack>
      )}
      <DataTable
        source={owners}
        caption={t('stores:owners.title')}
        columns={[
          { key: 'name', header: t('stores:field.full_name'), cell: (o) => o.full_name },
          { key: 'msisdn', header: t('stores:field.msisdn'), cell: (o) => f.phone(o.msisdn) },
          { key: 'username', header: t('stores:field.username'), cell: (o) => o.username ?? '—' },
          {
            key: 'stores',
            header: t('stores:stores.title'),
            cell: (o) => (
              <Wrap gap="2">
                {o.stores.length === 0 && o.pending_stores.length === 0 && <Text>{t('stores:owners.noStores')}</Text>}
                {o.stores.map((s) => (
                  <Link key={s.id} href={`/stores/${s.id}`}>
                    {s.name}
                  </Link>
                ))}
                {o.pending_stores.map((s) => (
                  <Badge key={`p${s.id}`} colorPalette="orange">
                    {t('stores:owners.pending', { store: s.name })}
                  </Badge>
                ))}
              </Wrap>
            ),
          },
          ...rowActionColumn<ShopOwner>(canAdd, t('stores:actions'), t('stores:owners.link'), (o) => {
            setChosen(o);
            link.open();
          }),
        ]}
      />
      {canAdd && (
        <FormDialog
          title={t('stores:owners.create')}
          open={owners.formOpen}
          saving={owners.saving}
          failure={null}
          onCancel={() => {
            setErrors({});
            owners.list.send({ type: 'form.cancelled' });
          }}
          onSubmit={(form) => {
            const username = String(form.get('username') ?? '').trim();
            const parsed = createShopOwnerRequest.safeParse({
              full_name: form.get('full_name'),
              msisdn: form.get('msisdn'),
              ...(username ? { username } : {}),
            });
            setErrors(parsed.success ? {} : localErrors(t, parsed.error));
            if (parsed.success) owners.list.send({ type: 'form.submitted', values: parsed.data });
          }}
        >
          {owners.saveFailure && <StoreFailure failure={owners.saveFailure} />}
          <TextField name="full_name" label={t('stores:field.full_name')} autoComplete="off" error={errors.full_name} />
          <TextField name="msisdn" label={t('stores:field.msisdn')} type="tel" inputMode="tel" error={errors.msisdn} />
          <TextField
            name="username"
            label={t('stores:owners.usernameOptional')}
            autoCapitalize="none"
            help={t('stores:owners.usernameHelp')}
            error={errors.username}
          />
        </FormDialog>
      )}
      {chosen && <LinkForm owner={chosen} action={link} onDone={() => owners.list.send({ type: 'list.refresh' })} />}
    </Stack>
  );
}

function LinkForm({ owner, action, onDone }: { owner: ShopOwner; action: ReturnType<typeof useStoreAction>; onDone: () => void }) {
  const { t } = useTranslation('stores');
  return (
    <ActionForm
      action={action}
      title={`${t('stores:owners.link')}: ${owner.full_name}`}
      review={{
        title: t('stores:owners.link'),
        body: t('stores:owners.linkReview', { owner: owner.full_name }),
        confirmLabel: t('stores:owners.send'),
      }}
      onDone={onDone}
      result={() => <Text role="status">{t('stores:owners.submitted')}</Text>}
      values={(form) => {
        const parsed = shopOwnerLinkRequest.safeParse({ shop_owner_id: owner.id, store_id: Number(form.get('store_id')) || undefined });
        return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
      }}
    >
      {(errs) => (
        <Stack gap="3" key={owner.id}>
          {/* Only dealer shops have owners: the server searches those alone, however many the business has. */}
          <StorePicker
            name="store_id"
            label={t('stores:field.store_id')}
            error={errs.store_id}
            filter={{ store_type: 'dealer_shop' }}
            unavailable={(s) => (s.owner?.id === owner.id ? t('stores:owners.alreadyTheirs') : null)}
            describe={(s) => (s.owner ? t('stores:owners.storeWithOwner', { store: s.name, owner: s.owner.name }) : s.name)}
          />
          <Text fontSize="sm" color="fg.muted">
            {t('stores:owners.linkHelp')}
          </Text>
        </Stack>
      )}
    </ActionForm>
  );
}
