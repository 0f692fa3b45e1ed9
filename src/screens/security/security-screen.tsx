import { useState } from 'react';
import { Alert, Button, Field, HStack, Heading, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { createAdminGroup, type PortalUser } from '../../contract/prerequisites';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { useResourceList } from '../common/use-resource-list';
import { DataTable } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import { UsersTable } from '../users/users-table';
import { CreateUserDialog } from '../users/create-user-dialog';
import { GroupRoles } from './group-roles';

interface Group {
  id: number;
  name: string;
  created_at: string;
}

/** Security (VIEW_SECURITY): groups and their roles, and the portal users of each group. */
export default function SecurityScreen() {
  const { t, i18n } = useTranslation();
  const roles = useRoles();
  const [search, setSearch] = useSearchParams();
  const lists = useLiveLogic('resourceLists');
  const groups = useResourceList<Group>(lists.groups, { limit: 1000 });
  const users = useResourceList<PortalUser>(lists.users, { limit: 100 });
  const selected = groups.items.find((g) => String(g.id) === search.get('group'));
  const [nameInvalid, setNameInvalid] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  const tab = search.get('tab') === 'users' ? 'users' : 'groups';

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('security.title')}
      </Heading>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{t('security.approvalNote')}</Alert.Title>
      </Alert.Root>
      <Tabs.Root value={tab} onValueChange={(d) => setSearch((p) => ({ ...Object.fromEntries(p), tab: d.value }))} variant="line">
        <Tabs.List>
          <Tabs.Trigger value="groups">{t('security.groups')}</Tabs.Trigger>
          <Tabs.Trigger value="users">{t('security.users')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="groups">
          <Stack gap="4">
            <HStack justify="space-between" wrap="wrap">
              <Text color="fg.muted">{t('security.groupsHelp')}</Text>
              {roles.includes('ADD_SECURITY_GROUP') && (
                <Button
                  size="sm"
                  colorPalette="blue"
                  disabled={!groups.canOpenForm}
                  onClick={() => groups.list.send({ type: 'form.opened' })}
                >
                  {t('security.newGroup')}
                </Button>
              )}
            </HStack>
            <DataTable
              source={groups}
              caption={t('security.groups')}
              selectedId={selected?.id}
              onRowClick={(g) => setSearch({ tab: 'groups', group: String(g.id) })}
              columns={[
                { key: 'name', header: t('security.groupName'), cell: (g) => g.name },
                { key: 'created', header: t('security.created'), cell: (g) => date.format(new Date(g.created_at)) },
              ]}
            />
            {selected && <GroupRoles key={selected.id} group={selected} />}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="users">
          <Stack gap="4">
            {roles.includes('ADD_USER') && (
              <Button
                size="sm"
                colorPalette="blue"
                alignSelf="end"
                disabled={!users.canOpenForm}
                onClick={() => users.list.send({ type: 'form.opened' })}
              >
                {t('users.create')}
              </Button>
            )}
            <UsersTable source={users} />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      <FormDialog
        title={t('security.newGroup')}
        submitLabel={t('security.sendForApproval')}
        open={groups.formOpen}
        saving={groups.saving}
        failure={groups.saveFailure}
        onCancel={() => {
          setNameInvalid(false);
          groups.list.send({ type: 'form.cancelled' });
        }}
        onSubmit={(form) => {
          const parsed = createAdminGroup.safeParse({ name: form.get('name') });
          setNameInvalid(!parsed.success);
          if (parsed.success) groups.list.send({ type: 'form.submitted', values: parsed.data });
        }}
      >
        <Field.Root invalid={nameInvalid} required>
          <Field.Label>{t('security.groupName')}</Field.Label>
          <Input name="name" autoComplete="off" />
          <Field.ErrorText>{t('validation.valid', { field: t('security.groupName') })}</Field.ErrorText>
        </Field.Root>
      </FormDialog>
      <CreateUserDialog source={users} groups={groups.items} />
    </Stack>
  );
}
