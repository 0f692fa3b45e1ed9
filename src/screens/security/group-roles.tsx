import { useState } from 'react';
import { Badge, Button, Field, HStack, Heading, IconButton, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { useResourceList } from '../common/use-resource-list';
import { ConfirmDialog } from '../common/confirm-dialog';
import { LoadFailure } from '../common/load-failure';
import { FormDialog } from '../common/form-dialog';

interface GroupRole {
  id: number;
  admin_role: string;
}

/** One group's roles: ask to add one from the catalogue or, after confirming, to remove one (EDIT_ROLES); a second admin approves. */
export function GroupRoles({ group }: { group: { id: number; name: string } }) {
  const { t } = useTranslation(['translation', 'admin']);
  const canEdit = useRoles().includes('EDIT_ROLES');
  // A role as what it allows, with its code (issue 17: bare codes said nothing to a new admin).
  const roleName = (code: string) => `${t(`admin:roles.${code}`, { defaultValue: code })} (${code})`;
  const roles = useResourceList<GroupRole>(useLiveLogic('resourceLists').groupRoles, { limit: 1000, filter: { group_id: group.id } });
  const catalogue = useActorRef(useLiveLogic('roleCatalogue'), { input: {} });
  const allCodes = useSelector(catalogue, (s) =>
    ((s.context.data as { data: Array<{ code: string }> } | null)?.data ?? []).map((r) => r.code),
  );
  const catalogueFailure = useSelector(catalogue, (s) => s.context.failure);
  const held = new Set(roles.items.map((r) => r.admin_role));
  const addable = allCodes.filter((code) => !held.has(code));
  const [missing, setMissing] = useState(false);
  const removing = roles.items.find((r) => r.id === roles.pendingRemoval);

  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {t('security.rolesOf', { group: group.name })}
        </Heading>
        {canEdit && (
          <Button
            size="sm"
            colorPalette="blue"
            disabled={!roles.canOpenForm || addable.length === 0}
            onClick={() => roles.list.send({ type: 'form.opened' })}
          >
            {t('security.addRole')}
          </Button>
        )}
      </HStack>
      {roles.loadFailure && <LoadFailure failure={roles.loadFailure} onRetry={() => roles.list.send({ type: 'list.retry' })} />}
      {catalogueFailure && <LoadFailure failure={catalogueFailure} onRetry={() => catalogue.send({ type: 'load.retry' })} />}
      {roles.actionFailure && (
        <Text color="fg.error" role="alert">
          {roles.actionFailure.message}
        </Text>
      )}
      {roles.loading && roles.items.length === 0 ? (
        <Text color="fg.muted">{t('shell.loading')}</Text>
      ) : roles.items.length === 0 ? (
        <Text color="fg.muted">{t('security.noRoles')}</Text>
      ) : (
        <Wrap gap="2" as="ul" listStyleType="none" aria-label={t('security.rolesOf', { group: group.name })}>
          {roles.items.map((role) => (
            <Badge as="li" key={role.id} size="lg" variant="surface" gap="1" whiteSpace="normal" h="auto" py="1">
              {roleName(role.admin_role)}
              {canEdit && (
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={t('security.removeRole', { role: role.admin_role })}
                  onClick={() => roles.list.send({ type: 'item.removeRequested', id: role.id })}
                >
                  ×
                </IconButton>
              )}
            </Badge>
          ))}
        </Wrap>
      )}
      <ConfirmDialog
        open={!!removing}
        busy={roles.removing}
        title={t('security.removeRoleTitle')}
        body={t('security.removeRoleBody', { role: removing?.admin_role ?? '', group: group.name })}
        confirmLabel={t('security.sendForApproval')}
        onConfirm={() => roles.list.send({ type: 'removal.confirmed' })}
        onCancel={() => roles.list.send({ type: 'removal.cancelled' })}
      />
      <FormDialog
        title={t('security.addRoleTo', { group: group.name })}
        submitLabel={t('security.sendForApproval')}
        open={roles.formOpen}
        saving={roles.saving}
        failure={roles.saveFailure}
        onCancel={() => roles.list.send({ type: 'form.cancelled' })}
        onSubmit={(form) => {
          const role = String(form.get('admin_role') ?? '');
          setMissing(!role);
          if (role) roles.list.send({ type: 'form.submitted', values: { admin_role: role } });
        }}
      >
        <Field.Root invalid={missing} required>
          <Field.Label>{t('security.role')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="admin_role" defaultValue="">
              <option value="" disabled>
                {t('security.chooseRole')}
              </option>
              {addable.map((code) => (
                <option key={code} value={code}>
                  {roleName(code)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{t('validation.valid', { field: t('security.role') })}</Field.ErrorText>
        </Field.Root>
      </FormDialog>
    </Stack>
  );
}
