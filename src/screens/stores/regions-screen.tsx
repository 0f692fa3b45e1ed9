import { useState } from 'react';
import { Button, HStack, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { addRegionLeadRequest, createRegionRequest, type Region } from '../../contract/stores';
import { useRoles } from '../common/session-context';
import { DataTable } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import { LoadFailure } from '../common/load-failure';
import { ActionForm, StoreFailure, TextField, localErrors, useLoaded, useStoreAction, useStoreList } from './parts';

interface Lead {
  id: number;
  name: string;
  username: string;
  started_at: string;
  ended_at: string | null;
  assigned_by: string | null;
}

/** Regions (VIEW_REGIONS): territory and lead; a new region; a new lead (ADD_REGION_LEAD), one at a time, with history. */
export default function RegionsScreen() {
  const { t, i18n } = useTranslation('stores');
  const roles = useRoles();
  const regions = useStoreList<Region>('regions');
  const lead = useStoreAction('addRegionLead');
  const [chosen, setChosen] = useState<Region | null>(null);
  const [history, setHistory] = useState<Region | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const day = (at: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(new Date(at));
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h1" size="lg">
          {t('stores:regions.title')}
        </Heading>
        <Button size="sm" colorPalette="blue" disabled={!regions.canOpenForm} onClick={() => regions.list.send({ type: 'form.opened' })}>
          {t('stores:regions.create')}
        </Button>
      </HStack>
      <DataTable
        source={regions}
        caption={t('stores:regions.title')}
        columns={[
          { key: 'name', header: t('stores:field.name'), cell: (r) => r.name },
          { key: 'territory', header: t('stores:field.territory'), cell: (r) => r.territory },
          {
            key: 'lead',
            header: t('stores:regions.lead'),
            cell: (r) => (r.lead ? `${r.lead.name} (${t('stores:since', { day: day(r.lead.since) })})` : '—'),
          },
          { key: 'stores', header: t('stores:stores.title'), cell: (r) => r.stores },
          {
            key: 'actions',
            header: t('stores:actions'),
            cell: (r) => (
              <HStack gap="2" flexWrap="wrap">
                <Button size="xs" variant="outline" onClick={() => setHistory(r)}>
                  {t('stores:regions.history')}
                </Button>
                {roles.includes('ADD_REGION_LEAD') && (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => {
                      setChosen(r);
                      lead.open();
                    }}
                  >
                    {t('stores:regions.addLead')}
                  </Button>
                )}
              </HStack>
            ),
          },
        ]}
      />
      <FormDialog
        title={t('stores:regions.create')}
        open={regions.formOpen}
        saving={regions.saving}
        failure={null}
        onCancel={() => {
          setErrors({});
          regions.list.send({ type: 'form.cancelled' });
        }}
        onSubmit={(form) => {
          const parsed = createRegionRequest.safeParse({ name: form.get('name'), territory: form.get('territory') });
          setErrors(parsed.success ? {} : localErrors(t, parsed.error));
          if (parsed.success) regions.list.send({ type: 'form.submitted', values: parsed.data });
        }}
      >
        {regions.saveFailure && <StoreFailure failure={regions.saveFailure} />}
        <TextField name="name" label={t('stores:field.name')} error={errors.name} />
        <TextField name="territory" label={t('stores:field.territory')} error={errors.territory} />
      </FormDialog>
      {chosen && (
        <ActionForm
          action={lead}
          title={`${t('stores:regions.addLead')}: ${chosen.name}`}
          review={{
            title: t('stores:regions.addLead'),
            body: t('stores:regions.leadReview', { region: chosen.name }),
            confirmLabel: t('stores:regions.addLead'),
          }}
          onDone={() => regions.list.send({ type: 'list.refresh' })}
          values={(form) => {
            const parsed = addRegionLeadRequest.safeParse({ region_id: chosen.id, username: form.get('username') });
            return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
          }}
        >
          {(errs) => (
            <>
              {chosen.lead && <Text>{t('stores:regions.currentLead', { name: chosen.lead.name })}</Text>}
              <TextField name="username" label={t('stores:field.username')} autoCapitalize="none" error={errs.username} />
            </>
          )}
        </ActionForm>
      )}
      {history && <LeadHistory key={history.id} region={history} day={day} onClose={() => setHistory(null)} />}
    </Stack>
  );
}

function LeadHistory({ region, day, onClose }: { region: Region; day: (at: string) => string; onClose: () => void }) {
  const { t } = useTranslation('stores');
  const leads = useLoaded<Lead[]>('leadHistory', region.id);
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" role="region" aria-label={t('stores:regions.historyOf', { region: region.name })}>
      <HStack justify="space-between">
        <Heading as="h2" size="sm">
          {t('stores:regions.historyOf', { region: region.name })}
        </Heading>
        <Button size="xs" variant="ghost" onClick={onClose}>
          {t('common.close')}
        </Button>
      </HStack>
      {leads.failure && <LoadFailure failure={leads.failure} onRetry={leads.retry} />}
      {leads.data?.length === 0 && <Text>{t('stores:regions.noLeads')}</Text>}
      <List.Root ps="4">
        {leads.data?.map((l) => (
          <List.Item key={l.id}>
            {l.name} ({l.username}): {day(l.started_at)} – {l.ended_at ? day(l.ended_at) : t('stores:regions.now')}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
