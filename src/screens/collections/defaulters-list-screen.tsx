import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Field, HStack, Heading, Input, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { CATEGORY_NAMES, DEFAULTER_SORTS, type Collector, type DefaulterRow } from '../../contract/collections';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useRoles } from '../common/session-context';
import { useLiveLogic } from '../common/live-logic';
import { DataTable, type Column } from '../common/data-table';
import { useResourceList, type ResourceList } from '../common/use-resource-list';
import { CategoryBadge, ExportButton, Refusal, Select, filterLines, useFormats, TwoLines } from './common';

type ListKind = 'mine' | 'npl' | 'all';
const LIST_ROLES: Record<ListKind, string> = {
  mine: 'VIEW_MY_DEFAULTERS_LIST_REPORT',
  npl: 'VIEW_NPL_DEFAULTERS_LIST_REPORT',
  all: 'VIEW_ALL_DEFAULTERS_LIST_REPORT',
};
/** The filters a link may set (the analytics screens link here with them). */
const URL_IDS = { agent: 'agent_id', store: 'store_id', region: 'region_id' } as const;

/** The filters of the link: ids that are whole numbers and a known category; anything else is named as ignored. */
function filtersOfLink(search: URLSearchParams): { filter: ListFilter; ignored: string[] } {
  const filter: ListFilter = {};
  const ignored: string[] = [];
  for (const [param, field] of Object.entries(URL_IDS)) {
    const value = search.get(param);
    if (value === null || value === '') continue;
    if (/^[1-9]\d{0,14}$/.test(value)) filter[field] = Number(value);
    else ignored.push(param);
  }
  const category = search.get('category');
  if (category) {
    if ((CATEGORY_NAMES as readonly string[]).includes(category)) filter.category = category;
    else ignored.push('category');
  }
  return { filter, ignored };
}

/**
 * The defaulters lists (/dashboard/defaulters_list): my defaulters, non-performing and all, each as the caller's
 * roles allow, by ageing category, searched, sorted and paged on the server. A manager (the all list) assigns
 * defaulters to a collector, one or many at once. Each list exports to CSV with its filters.
 */
export default function DefaultersListScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const roles = useRoles();
  const [search] = useSearchParams();
  const tabs = (['mine', 'npl', 'all'] as const).filter((k) => roles.includes(LIST_ROLES[k]));
  const [link] = useState(() => filtersOfLink(search));
  // A link that filters by agent, store or region is for the list of every defaulter, when the user has it.
  const linked = Object.keys(link.filter).some((k) => k !== 'category');
  const [tab, setTab] = useState<ListKind | undefined>(() => (linked && tabs.includes('all') ? 'all' : tabs[0]));
  const [filter, setFilter] = useState<ListFilter>(link.filter);
  if (!tab) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t('collections:defaulters.noList')}</Alert.Title>
      </Alert.Root>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: ListFilter = {};
    for (const key of ['region_id', 'store_id', 'agent_id'] as const) if (filter[key] !== undefined) next[key] = filter[key]!;
    const category = String(form.get('category') ?? '');
    const text = String(form.get('search') ?? '').trim();
    const sort = String(form.get('sort') ?? '');
    if (category) next.category = category;
    if (text) next.search = text;
    if (sort && sort !== 'priority') next.sort = sort;
    setFilter(next);
  };
  const clear = (key: string) =>
    setFilter((f) => {
      const next = { ...f };
      delete next[key];
      return next;
    });
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:defaulters.title')}
      </Heading>
      {link.ignored.length > 0 && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('collections:defaulters.linkIgnored', { params: link.ignored.join(', ') })}</Alert.Title>
        </Alert.Root>
      )}
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as ListKind)} variant="line">
        <Tabs.List>
          {tabs.map((k) => (
            <Tabs.Trigger key={k} value={k}>
              {t(`collections:defaulters.tab.${k}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((k) => (
          <Tabs.Content key={k} value={k}>
            {k === tab && (
              <Stack gap="4">
                <Text color="fg.muted">{t(`collections:defaulters.help.${tab}`)}</Text>
                <form onSubmit={submit} role="search" aria-label={t('collections:defaulters.filters')} key={tab}>
                  <HStack gap="3" align="end" wrap="wrap">
                    {tab !== 'npl' && (
                      <Select
                        label={t('collections:category.label')}
                        name="category"
                        value={String(filter.category ?? '')}
                        options={CATEGORY_NAMES}
                        words={(c) => t(`collections:category.${c}`)}
                        empty={t('collections:any')}
                      />
                    )}
                    <Field.Root maxW="xs">
                      <Field.Label>{t('collections:defaulters.search')}</Field.Label>
                      <Input size="sm" name="search" type="search" maxLength={100} defaultValue={String(filter.search ?? '')} />
                    </Field.Root>
                    <Select
                      label={t('collections:sort.label')}
                      name="sort"
                      value={String(filter.sort ?? 'priority')}
                      options={DEFAULTER_SORTS}
                      words={(s) => t(`collections:sort.${s}`)}
                    />
                    <Button type="submit" size="sm" colorPalette="blue">
                      {t('collections:apply')}
                    </Button>
                  </HStack>
                </form>
                <HStack gap="2" wrap="wrap">
                  {(['region_id', 'store_id', 'agent_id'] as const)
                    .filter((k) => filter[k] !== undefined)
                    .map((k) => (
                      <Badge key={k} size="lg" variant="subtle">
                        {t(`collections:defaulters.linkFilter.${k}`, { id: filter[k] })}
                        <Button
                          size="2xs"
                          variant="ghost"
                          onClick={() => clear(k)}
                          aria-label={t('collections:clearFilter', {
                            filter: t(`collections:defaulters.linkFilter.${k}`, { id: filter[k] }),
                          })}
                        >
                          ×
                        </Button>
                      </Badge>
                    ))}
                </HStack>
                <DefaultersTable key={`${tab}:${JSON.stringify(filter)}`} kind={tab} filter={filter} canAssign={tab === 'all'} />
              </Stack>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

function DefaultersTable({ kind, filter, canAssign }: { kind: ListKind; filter: ListFilter; canAssign: boolean }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const list = useResourceList<DefaulterRow>(useLiveLogic('collectionLists')[kind], { limit: 25, filter });
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const pageIds = list.items.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const columns: Column<DefaulterRow>[] = [
    ...(canAssign
      ? [
          {
            key: 'select',
            header: t('collections:defaulters.select'),
            cell: (r: DefaulterRow) => (
              <input
                type="checkbox"
                checked={selected.includes(r.id)}
                onChange={() => toggle(r.id)}
                aria-label={t('collections:defaulters.selectOne', { name: r.customer.name })}
              />
            ),
          },
        ]
      : []),
    {
      key: 'customer',
      header: t('collections:col.customer'),
      cell: (r) => (
        <TwoLines
          main={<Link href={`/collection-worklist?loan=${r.id}`}>{r.customer.name}</Link>}
          sub={
            <>
              {r.customer.msisdn} · {r.loan_number}
            </>
          }
        />
      ),
    },
    { key: 'category', header: t('collections:category.label'), cell: (r) => <CategoryBadge category={r.category} /> },
    { key: 'days', header: t('collections:col.days'), cell: (r) => r.days_defaulted },
    { key: 'due', header: t('collections:col.amountDue'), cell: (r) => <Text whiteSpace="nowrap">{f.money(r.amount_due)}</Text> },
    { key: 'lastPaid', header: t('collections:col.lastPayment'), cell: (r) => f.day(r.last_repayment_date) },
    {
      key: 'device',
      header: t('collections:col.device'),
      cell: (r) => (
        <TwoLines
          main={r.device.is_locked ? t('collections:locked') : t('collections:unlocked')}
          sub={t('collections:checkIn', { at: f.time(r.device.last_check_in) })}
        />
      ),
    },
    {
      key: 'lastCall',
      header: t('collections:col.lastCall'),
      cell: (r) =>
        r.last_call ? (
          <TwoLines main={t(`collections:outcome.${r.last_call.outcome}`)} sub={f.time(r.last_call.at)} />
        ) : (
          t('collections:notCalled')
        ),
    },
    {
      key: 'next',
      header: t('collections:col.nextAction'),
      cell: (r) => (
        <Stack gap="0">
          {r.broken_promise && (
            <Badge colorPalette="red" alignSelf="start">
              {t('collections:brokenPromise')}
            </Badge>
          )}
          <Text as="span">{f.day(r.next_action_date)}</Text>
        </Stack>
      ),
    },
    {
      key: 'promise',
      header: t('collections:col.promise'),
      cell: (r) =>
        r.promise
          ? t('collections:promiseSummary', {
              status: t(`collections:promiseStatus.${r.promise.status}`),
              amount: f.money(r.promise.amount),
              day: f.day(r.promise.promised_on),
            })
          : '—',
    },
    { key: 'collector', header: t('collections:col.collector'), cell: (r) => r.collector?.name ?? t('collections:unassigned') },
  ];
  const header = [
    t('collections:col.customer'),
    t('collections:col.phone'),
    t('collections:col.loan'),
    t('collections:col.region'),
    t('collections:col.store'),
    t('collections:col.agent'),
    t('collections:category.label'),
    t('collections:col.days'),
    t('collections:col.amountDue'),
    t('collections:col.lastPayment'),
    t('collections:col.device'),
    t('collections:col.lastCall'),
    t('collections:col.nextAction'),
    t('collections:col.promise'),
    t('collections:col.collector'),
  ];
  const cells = (r: DefaulterRow) => [
    r.customer.name,
    r.customer.msisdn,
    r.loan_number,
    r.region.name,
    r.store.name,
    r.agent?.name ?? '',
    t(`collections:category.${r.category}`),
    r.days_defaulted,
    r.amount_due,
    r.last_repayment_date ?? '',
    r.device.is_locked ? t('collections:locked') : t('collections:unlocked'),
    r.last_call ? t(`collections:outcome.${r.last_call.outcome}`) : '',
    r.next_action_date ?? '',
    r.promise ? `${t(`collections:promiseStatus.${r.promise.status}`)} ${r.promise.amount} ${r.promise.promised_on}` : '',
    r.collector?.name ?? '',
  ];
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <ExportButton
          list={kind}
          filter={filter}
          filename={`defaulters-${kind}.csv`}
          header={header}
          cells={cells}
          pdf={{ title: t('collections:export.defaultersTitle'), lines: filterLines(t, filter), numeric: [7, 8] }}
        />
        {canAssign && list.items.length > 0 && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              setSelected(allOnPage ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])])
            }
          >
            {allOnPage ? t('collections:defaulters.unselectPage') : t('collections:defaulters.selectPage')}
          </Button>
        )}
      </HStack>
      {canAssign && selected.length > 0 && <AssignBar loanIds={selected} list={list.list} onAssigned={() => setSelected([])} />}
      <DataTable source={list} caption={t('collections:defaulters.title')} columns={columns} />
    </Stack>
  );
}

/** Assign the chosen defaulters to a collector (or take them off every list). */
function AssignBar({ loanIds, list, onAssigned }: { loanIds: number[]; list: ResourceList<DefaulterRow>['list']; onAssigned: () => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const collectors = useActorRef(useLiveLogic('collectionLoad')('collectors'), { input: {} });
  const options = useSelector(collectors, (s) => (s.context.data as { data: Collector[] } | null)?.data ?? []);
  const loadFailure = useSelector(collectors, (s) => s.context.failure);
  const action = useActorRef(useLiveLogic('collectionAction')('assign'));
  const busy = useSelector(action, (s) => s.hasTag('busy'));
  const failure = useSelector(action, (s) => (s.matches('editing') ? s.context.failure : null));
  const done = useSelector(action, (s) => s.matches('done'));
  const [collector, setCollector] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!done) return;
    action.send({ type: 'action.closed' });
    onAssigned();
    list.send({ type: 'list.refresh' });
  }, [done, action, list, onAssigned]);
  const assign = () => {
    if (!collector) return setMissing(true);
    setMissing(false);
    action.send({ type: 'action.opened' });
    action.send({
      type: 'action.submitted',
      values: { loan_ids: loanIds, collector_id: collector === 'none' ? null : Number(collector) },
    });
  };
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" role="group" aria-label={t('collections:assign.title')}>
      <Text fontWeight="medium">{t('collections:assign.chosen', { count: loanIds.length })}</Text>
      {loadFailure && <Refusal failure={loadFailure} />}
      <Refusal failure={failure} />
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root invalid={missing} maxW="xs">
          <Field.Label>{t('collections:assign.collector')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={collector} onChange={(e) => setCollector(e.currentTarget.value)}>
              <option value="">{t('collections:choose')}</option>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {t('collections:assign.option', { name: c.name, count: c.assigned })}
                </option>
              ))}
              <option value="none">{t('collections:assign.nobody')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{t('collections:assign.chooseCollector')}</Field.ErrorText>
        </Field.Root>
        <Button size="sm" colorPalette="blue" loading={busy} onClick={assign}>
          {t('collections:assign.submit')}
        </Button>
      </HStack>
    </Stack>
  );
}
