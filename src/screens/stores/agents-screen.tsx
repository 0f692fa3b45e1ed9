import { useState } from 'react';
import { Badge, Button, Checkbox, HStack, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { allocateCategoryRequest, classifyAgentRequest, type Agent, type Category } from '../../contract/stores';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useRoles } from '../common/session-context';
import { DataTable } from '../common/data-table';
import {
  ActionForm,
  ExportButton,
  SelectField,
  localErrors,
  numberOf,
  rowActionColumn,
  useLoaded,
  useStoreAction,
  useStoreList,
} from './parts';
import { StoreFilterForm } from './store-picker';

/**
 * Agents: store and category ("Unassigned" when is_category is not 1), agents per store by the store filter (any
 * store the caller may see, found with the store picker); classify one agent, or allocate a category to the agents
 * ticked (VIEW_AGENT_CATEGORIES).
 */
export default function AgentsScreen() {
  const { t } = useTranslation('stores');
  const [filter, setFilter] = useState<ListFilter>({});
  const categories = useLoaded<Category[]>('categoryOptions');
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('stores:agents.title')}
      </Heading>
      <StoreFilterForm
        label={t('stores:agents.title')}
        searchLabel={t('stores:search')}
        onFilter={setFilter}
        more={(form): ListFilter => {
          const category = String(form.get('category') ?? '');
          if (category === 'unassigned') return { unassigned: 'true' };
          return category ? { category_id: Number(category) } : {};
        }}
      >
        <SelectField
          name="category"
          label={t('stores:field.category_id')}
          any={t('stores:all')}
          options={[
            { value: 'unassigned', label: t('stores:unassigned') },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
      </StoreFilterForm>
      <AgentTable key={JSON.stringify(filter)} filter={filter} categories={categories.data ?? []} />
    </Stack>
  );
}

function AgentTable({ filter, categories }: { filter: ListFilter; categories: Category[] }) {
  const { t } = useTranslation('stores');
  const roles = useRoles();
  const canClassify = roles.includes('VIEW_AGENT_CATEGORIES');
  const agents = useStoreList<Agent>('agents', filter);
  const classify = useStoreAction('classifyAgent');
  const allocate = useStoreAction('allocateCategory');
  const [chosen, setChosen] = useState<Agent | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const refresh = () => {
    setTicked([]);
    agents.list.send({ type: 'list.refresh' });
  };
  const categoryOptions = categories.map((c) => ({ value: c.id, label: c.name }));
  return (
    <Stack gap="3">
      {canClassify && (
        <HStack>
          <Button size="sm" variant="outline" disabled={ticked.length === 0} onClick={allocate.open}>
            {t('stores:agents.allocate', { count: ticked.length })}
          </Button>
        </HStack>
      )}
      <ExportButton
        list="agents"
        filter={filter}
        filename="agents.csv"
        header={[
          t('stores:field.name'),
          t('stores:field.msisdn'),
          t('stores:field.store_id'),
          t('stores:field.category_id'),
          t('stores:field.status'),
        ]}
        cells={(a: Agent) => [a.full_name, a.msisdn, a.store?.name ?? '', a.category?.name ?? t('stores:unassigned'), a.status]}
      />
      <DataTable
        source={agents}
        caption={t('stores:agents.title')}
        columns={[
          ...(canClassify
            ? [
                {
                  key: 'tick',
                  header: t('stores:agents.choose'),
                  cell: (a: Agent) => (
                    <Checkbox.Root
                      checked={ticked.includes(a.id)}
                      onCheckedChange={(d) => setTicked((now) => (d.checked ? [...now, a.id] : now.filter((x) => x !== a.id)))}
                    >
                      <Checkbox.HiddenInput aria-label={t('stores:agents.chooseOne', { name: a.full_name })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  ),
                },
              ]
            : []),
          { key: 'name', header: t('stores:field.name'), cell: (a) => a.full_name },
          { key: 'msisdn', header: t('stores:field.msisdn'), cell: (a) => a.msisdn },
          { key: 'store', header: t('stores:field.store_id'), cell: (a) => a.store?.name ?? '—' },
          {
            key: 'category',
            header: t('stores:field.category_id'),
            cell: (a) => (a.is_category === 1 ? a.category?.name : <Badge colorPalette="orange">{t('stores:unassigned')}</Badge>),
          },
          { key: 'status', header: t('stores:field.status'), cell: (a) => t(`stores:categoryStatus.${a.status}`) },
          ...rowActionColumn<Agent>(canClassify, t('stores:actions'), t('stores:agents.classify'), (a) => {
            setChosen(a);
            classify.open();
          }),
        ]}
      />
      {chosen && (
        <ActionForm
          action={classify}
          title={`${t('stores:agents.classify')}: ${chosen.full_name}`}
          onDone={refresh}
          values={(form) => {
            const value = String(form.get('category_id') ?? '');
            const parsed = classifyAgentRequest.safeParse({ agent_id: chosen.id, category_id: value === '' ? null : Number(value) });
            return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
          }}
        >
          {(errors) => (
            <SelectField
              key={chosen.id}
              name="category_id"
              label={t('stores:field.category_id')}
              any={t('stores:unassigned')}
              defaultValue={chosen.category?.id ?? ''}
              options={categoryOptions}
              error={errors.category_id}
            />
          )}
        </ActionForm>
      )}
      <ActionForm
        action={allocate}
        title={t('stores:agents.allocate', { count: ticked.length })}
        onDone={refresh}
        values={(form) => {
          const parsed = allocateCategoryRequest.safeParse({ category_id: numberOf(form, 'category_id'), agent_ids: ticked });
          return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
        }}
      >
        {(errors) => (
          <SelectField
            name="category_id"
            label={t('stores:field.category_id')}
            any={t('stores:choose')}
            options={categoryOptions}
            error={errors.category_id}
          />
        )}
      </ActionForm>
    </Stack>
  );
}
