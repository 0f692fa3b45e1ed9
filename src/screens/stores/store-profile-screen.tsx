import { useState } from 'react';
import { Badge, Box, Button, Card, HStack, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link, useParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { agentLocationRequest, storeLocationRequest, type Agent, type StoreProfile } from '../../contract/stores';
import { formatTzs } from '../../lib/money';
import { useRoles } from '../common/session-context';
import { DataTable } from '../common/data-table';
import { LoadFailure } from '../common/load-failure';
import { Facts } from '../common/facts';
import {
  BILLERS,
  ActionForm,
  localErrors,
  PositionFields,
  TextField,
  numberOf,
  rowActionColumn,
  textOf,
  useLoaded,
  useStoreAction,
  useStoreList,
} from './parts';

/** One store: details with "update location", its agents with "update agent location", its stock by model and status. */
export default function StoreProfileScreen() {
  const { id } = useParams<{ id: string }>();
  const [version, setVersion] = useState(0);
  return <Profile key={`${id}-${version}`} storeId={Number(id)} reload={() => setVersion((v) => v + 1)} />;
}

function Profile({ storeId, reload }: { storeId: number; reload: () => void }) {
  const { t, i18n } = useTranslation('stores');
  const roles = useRoles();
  const profile = useLoaded<StoreProfile>('storeProfile', storeId);
  const locate = useStoreAction('storeLocation');
  if (profile.failure) return <LoadFailure failure={profile.failure} onRetry={profile.retry} />;
  if (!profile.data) return <Text aria-busy="true">{t('shell.loading')}</Text>;
  const { store, stock, sales } = profile.data;
  const models = [...new Set(stock.map((s) => s.model))];
  const statuses = [...new Set(stock.map((s) => s.status))];
  const cell = (model: string, status: string) => stock.find((s) => s.model === model && s.status === status)?.count ?? 0;
  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h1" size="lg">
          {store.name}
        </Heading>
        <Link href="/stores">{t('stores:stores.back')}</Link>
      </HStack>
      <Card.Root>
        <Card.Body>
          <Facts
            rows={[
              [t('stores:field.region_id'), store.region.name],
              [t('stores:field.store_type'), t(`stores:storeType.${store.store_type}`)],
              [t('stores:field.owner'), store.owner ? `${store.owner.name} (${store.owner.msisdn})` : '—'],
              [t('stores:field.location'), store.location],
              [t('stores:position'), store.is_mapped ? `${store.latitude}, ${store.longitude}` : t('stores:notMapped')],
              [
                t('stores:field.till_or_paybill'),
                `${t(`stores:${store.till_or_paybill}`)} · ${BILLERS[store.biller_type]} ${store.biller_number}`,
              ],
            ]}
          />
          {roles.includes('ADD_STORE') && (
            <Box mt="3">
              <Button size="sm" variant="outline" onClick={locate.open}>
                {t('stores:updateLocation')}
              </Button>
            </Box>
          )}
        </Card.Body>
      </Card.Root>
      <ActionForm
        action={locate}
        title={t('stores:updateLocation')}
        onDone={reload}
        values={(form) => {
          const parsed = storeLocationRequest.safeParse({
            store_id: store.id,
            latitude: numberOf(form, 'latitude'),
            longitude: numberOf(form, 'longitude'),
            location: textOf(form, 'location'),
          });
          return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
        }}
      >
        {(errors) => (
          <>
            <TextField name="location" label={t('stores:field.location')} defaultValue={store.location} error={errors.location} />
            <PositionFields errors={errors} latitude={store.latitude} longitude={store.longitude} />
          </>
        )}
      </ActionForm>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {(
          [
            ['activeLoans', sales.active_loans],
            ['soldLast30', sales.sold_last_30_days],
            ['inArrears', sales.in_arrears],
            ['arrearsAmount', formatTzs(sales.arrears_amount, i18n.resolvedLanguage ?? 'en')],
          ] as const
        ).map(([key, value]) => (
          <Card.Root key={key} size="sm">
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                {t(`stores:sales.${key}`)}
              </Text>
              <Text fontSize="xl" fontWeight="semibold">
                {value}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Heading as="h2" size="md">
        {t('stores:stock.title')}
      </Heading>
      {stock.length === 0 ? (
        <Text>{t('stores:stock.none')}</Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('stores:stock.title')}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('stores:field.phone_model_id')}</Table.ColumnHeader>
                {statuses.map((s) => (
                  <Table.ColumnHeader key={s}>{t(`stores:status.${s}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {models.map((m) => (
                <Table.Row key={m}>
                  <Table.Cell>{m}</Table.Cell>
                  {statuses.map((s) => (
                    <Table.Cell key={s}>{cell(m, s)}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Heading as="h2" size="md">
        {t('stores:agents.title')}
      </Heading>
      <StoreAgents storeId={store.id} canLocate={roles.includes('UPDATE_AGENT_LOCATION')} />
    </Stack>
  );
}

function StoreAgents({ storeId, canLocate }: { storeId: number; canLocate: boolean }) {
  const { t } = useTranslation('stores');
  const agents = useStoreList<Agent>('agents', { store_id: storeId });
  const locate = useStoreAction('agentLocation');
  const [chosen, setChosen] = useState<Agent | null>(null);
  return (
    <>
      <DataTable
        source={agents}
        caption={t('stores:agents.title')}
        columns={[
          { key: 'name', header: t('stores:field.name'), cell: (a) => a.full_name },
          { key: 'msisdn', header: t('stores:field.msisdn'), cell: (a) => a.msisdn },
          {
            key: 'category',
            header: t('stores:field.category_id'),
            cell: (a) => (a.is_category === 1 ? a.category?.name : <Badge>{t('stores:unassigned')}</Badge>),
          },
          {
            key: 'position',
            header: t('stores:position'),
            cell: (a) => (a.latitude === null ? t('stores:notMapped') : `${a.latitude}, ${a.longitude}`),
          },
          ...rowActionColumn<Agent>(canLocate, t('stores:actions'), t('stores:updateAgentLocation'), (a) => {
            setChosen(a);
            locate.open();
          }),
        ]}
      />
      {chosen && (
        <ActionForm
          action={locate}
          title={`${t('stores:updateAgentLocation')}: ${chosen.full_name}`}
          onDone={() => agents.list.send({ type: 'list.refresh' })}
          values={(form) => {
            const parsed = agentLocationRequest.safeParse({
              agent_id: chosen.id,
              latitude: numberOf(form, 'latitude'),
              longitude: numberOf(form, 'longitude'),
            });
            return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
          }}
        >
          {(errors) => <PositionFields key={chosen.id} errors={errors} latitude={chosen.latitude} longitude={chosen.longitude} />}
        </ActionForm>
      )}
    </>
  );
}
