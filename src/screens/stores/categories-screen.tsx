import { useState } from 'react';
import { Badge, Button, HStack, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { createCategoryRequest, updateCategoryRequest, type Category } from '../../contract/stores';
import { DataTable } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import { ActionForm, StoreFailure, TextField, localErrors, useStoreAction, useStoreList } from './parts';

/** Agent categories (VIEW_AGENT_CATEGORIES): id, name, status, created at; create, rename, deactivate or reactivate. */
export default function CategoriesScreen() {
  const { t, i18n } = useTranslation('stores');
  const categories = useStoreList<Category>('categories');
  const rename = useStoreAction('updateCategory');
  const toggle = useStoreAction('updateCategory');
  const [chosen, setChosen] = useState<Category | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => categories.list.send({ type: 'list.refresh' });
  const day = (at: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(new Date(at));
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h1" size="lg">
          {t('stores:categories.title')}
        </Heading>
        <Button
          size="sm"
          colorPalette="blue"
          disabled={!categories.canOpenForm}
          onClick={() => categories.list.send({ type: 'form.opened' })}
        >
          {t('stores:categories.create')}
        </Button>
      </HStack>
      <DataTable
        source={categories}
        caption={t('stores:categories.title')}
        columns={[
          { key: 'id', header: 'ID', cell: (c) => c.id },
          { key: 'name', header: t('stores:field.name'), cell: (c) => c.name },
          {
            key: 'status',
            header: t('stores:field.status'),
            cell: (c) => <Badge colorPalette={c.status === 'active' ? 'green' : 'gray'}>{t(`stores:categoryStatus.${c.status}`)}</Badge>,
          },
          { key: 'created', header: t('stores:createdAt'), cell: (c) => day(c.date_created) },
          { key: 'agents', header: t('stores:agents.title'), cell: (c) => c.agents },
          {
            key: 'actions',
            header: t('stores:actions'),
            cell: (c) => (
              <HStack gap="2">
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => {
                    setChosen(c);
                    rename.open();
                  }}
                >
                  {t('stores:categories.rename')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => {
                    setChosen(c);
                    toggle.open();
                  }}
                >
                  {c.status === 'active' ? t('stores:categories.deactivate') : t('stores:categories.reactivate')}
                </Button>
              </HStack>
            ),
          },
        ]}
      />
      <FormDialog
        title={t('stores:categories.create')}
        open={categories.formOpen}
        saving={categories.saving}
        failure={null}
        onCancel={() => {
          setErrors({});
          categories.list.send({ type: 'form.cancelled' });
        }}
        onSubmit={(form) => {
          const parsed = createCategoryRequest.safeParse({ name: form.get('name') });
          setErrors(parsed.success ? {} : localErrors(t, parsed.error));
          if (parsed.success) categories.list.send({ type: 'form.submitted', values: parsed.data });
        }}
      >
        {categories.saveFailure && <StoreFailure failure={categories.saveFailure} />}
        <TextField name="name" label={t('stores:field.name')} error={errors.name} />
      </FormDialog>
      {chosen && (
        <ActionForm
          action={rename}
          title={`${t('stores:categories.rename')}: ${chosen.name}`}
          onDone={refresh}
          values={(form) => {
            const parsed = updateCategoryRequest.safeParse({ category_id: chosen.id, name: form.get('name') });
            return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
          }}
        >
          {(errs) => <TextField key={chosen.id} name="name" label={t('stores:field.name')} defaultValue={chosen.name} error={errs.name} />}
        </ActionForm>
      )}
      {chosen && (
        <ActionForm
          action={toggle}
          title={chosen.status === 'active' ? t('stores:categories.deactivate') : t('stores:categories.reactivate')}
          submitLabel={chosen.status === 'active' ? t('stores:categories.deactivate') : t('stores:categories.reactivate')}
          onDone={refresh}
          values={() => ({ body: { category_id: chosen.id, status: chosen.status === 'active' ? 'inactive' : 'active' } })}
        >
          {() =>
            t(chosen.status === 'active' ? 'categories.deactivateBody' : 'categories.reactivateBody', {
              name: chosen.name,
              count: chosen.agents,
            })
          }
        </ActionForm>
      )}
    </Stack>
  );
}
