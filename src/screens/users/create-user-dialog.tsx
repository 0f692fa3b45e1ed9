import { useState, type ReactElement } from 'react';
import { Checkbox, Field, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { createPortalUser } from '../../contract/prerequisites';
import { FormDialog } from '../common/form-dialog';
import { fieldErrors } from '../common/field-errors';
import type { ResourceList } from '../common/use-resource-list';

/** Asks for a new portal user in a group (a second admin approves); the contract's schema checks the form before it is sent. */
export function CreateUserDialog({
  source,
  groups,
}: {
  source: Pick<ResourceList<unknown>, 'list' | 'formOpen' | 'saving' | 'saveFailure'>;
  groups: Array<{ id: number; name: string }>;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: string, label: string, input: ReactElement, help?: string) => (
    <Field.Root invalid={!!errors[name]} required={!help}>
      <Field.Label>{label}</Field.Label>
      {input}
      {help && <Field.HelperText>{help}</Field.HelperText>}
      <Field.ErrorText>{t('validation.valid', { field: label })}</Field.ErrorText>
    </Field.Root>
  );
  const submit = (form: FormData) => {
    const phone = String(form.get('phone') ?? '').trim();
    const parsed = createPortalUser.safeParse({
      username: form.get('username'),
      full_name: form.get('full_name'),
      email: form.get('email'),
      phone: phone || undefined,
      password: form.get('password'),
      group_id: Number(form.get('group_id')),
      otp_enabled: form.get('otp_enabled') === 'on',
      otp_channel: form.get('otp_channel') ?? 'sms',
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) source.list.send({ type: 'form.submitted', values: parsed.data });
  };
  return (
    <FormDialog
      title={t('users.create')}
      submitLabel={t('security.sendForApproval')}
      open={source.formOpen}
      saving={source.saving}
      failure={source.saveFailure}
      onCancel={() => {
        setErrors({});
        source.list.send({ type: 'form.cancelled' });
      }}
      onSubmit={submit}
    >
      {field('username', t('users.username'), <Input name="username" autoComplete="off" autoCapitalize="none" />)}
      {field('full_name', t('users.fullName'), <Input name="full_name" />)}
      {field('email', t('users.email'), <Input name="email" type="email" />)}
      {field('phone', t('users.phone'), <Input name="phone" inputMode="tel" placeholder="2557XXXXXXXX" />, t('users.phoneHelp'))}
      {field('password', t('login.password'), <Input name="password" type="password" autoComplete="new-password" />)}
      {field(
        'group_id',
        t('security.group'),
        <NativeSelect.Root>
          <NativeSelect.Field name="group_id" defaultValue="">
            <option value="" disabled>
              {t('security.chooseGroup')}
            </option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>,
      )}
      <Checkbox.Root name="otp_enabled">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('users.otpEnable')}</Checkbox.Label>
      </Checkbox.Root>
      {field(
        'otp_channel',
        t('users.otpChannel'),
        <NativeSelect.Root>
          <NativeSelect.Field name="otp_channel" defaultValue="sms">
            <option value="sms">{t('otp.channel.sms')}</option>
            <option value="email">{t('otp.channel.email')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>,
        t('users.otpChannelHelp'),
      )}
    </FormDialog>
  );
}
