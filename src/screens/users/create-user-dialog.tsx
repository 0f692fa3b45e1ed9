import { useState, type ReactElement } from 'react';
import { Checkbox, Field, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { createPortalUser, PASSWORD_USERNAME_MESSAGE } from '../../contract/prerequisites';
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
  const { t } = useTranslation('admin');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What is wrong with a field, in words (issue 17): the rule it breaks, not "valid Full name required".
  const field = (name: string, label: string, input: ReactElement, help?: string, optional?: boolean) => (
    <Field.Root invalid={!!errors[name]} required={!optional}>
      <Field.Label>{label}</Field.Label>
      {input}
      {help && <Field.HelperText>{help}</Field.HelperText>}
      <Field.ErrorText>
        {t(`admin:newUser.errors.${errors[name] === PASSWORD_USERNAME_MESSAGE ? 'passwordUsername' : name}`)}
      </Field.ErrorText>
    </Field.Root>
  );
  const submit = (form: FormData) => {
    const phone = String(form.get('phone') ?? '').trim();
    const agent = String(form.get('agent_msisdn') ?? '').trim();
    const parsed = createPortalUser.safeParse({
      username: form.get('username'),
      full_name: form.get('full_name'),
      email: form.get('email'),
      phone: phone || undefined,
      password: form.get('password'),
      group_id: Number(form.get('group_id')),
      otp_enabled: form.get('otp_enabled') === 'on',
      otp_channel: form.get('otp_channel') ?? 'sms',
      agent_msisdn: agent || undefined,
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
      {field(
        'phone',
        t('users.phone'),
        <Input name="phone" type="tel" inputMode="tel" placeholder="0754 300 100" />,
        t('admin:newUser.phoneHelp'),
        true,
      )}
      {field(
        'password',
        t('login.password'),
        <Input name="password" type="password" autoComplete="new-password" />,
        t('admin:newUser.passwordRules'),
      )}
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
      {field(
        'agent_msisdn',
        t('admin:newUser.agent'),
        <Input name="agent_msisdn" type="tel" inputMode="tel" placeholder="0754 300 100" />,
        t('admin:newUser.agentHelp'),
        true,
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
        true,
      )}
    </FormDialog>
  );
}
