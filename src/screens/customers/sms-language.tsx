import { useState } from 'react';
import { Button, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_LANGUAGES, customerLanguageRequest, type CustomerLanguage } from '../../contract/customer-language';
import { useLiveLogic } from '../common/live-logic';
import { FormDialog } from '../common/form-dialog';

/**
 * The language of the customer's SMS on the customer view (issue 17, decision 026), with "change" for those who
 * speak with the customer (`canChange`): a choice of English, Swahili or Portuguese, saved with its audit row.
 */
export function SmsLanguage({ msisdn, language, canChange }: { msisdn: string; language: CustomerLanguage; canChange: boolean }) {
  const { t } = useTranslation('customers');
  const actor = useActorRef(useLiveLogic('customerAction')('smsLanguage'));
  const editing = useSelector(actor, (s) => s.matches('editing') || s.matches('submitting'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const saved = useSelector(actor, (s) => (s.matches('done') ? (s.context.result as { language: CustomerLanguage }) : null));
  // What the view last knew: the profile's language, or the one saved before this dialog was opened again.
  const [known, setKnown] = useState(language);
  const current = saved?.language ?? known;
  const name = (code: CustomerLanguage) => t(`customers:smsLanguage.names.${code}`);
  return (
    <HStack gap="2" wrap="wrap">
      <Text data-testid="sms-language">{name(current)}</Text>
      {canChange && (
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            setKnown(current);
            actor.send({ type: 'action.opened' });
          }}
        >
          {t('customers:smsLanguage.change')}
        </Button>
      )}
      {saved && (
        <Text role="status" fontSize="sm" color="fg.muted">
          {t('customers:smsLanguage.saved', { language: name(saved.language) })}
        </Text>
      )}
      <FormDialog
        title={t('customers:smsLanguage.change')}
        open={editing}
        saving={busy}
        failure={failure}
        area="customerAction"
        onCancel={() => actor.send({ type: 'action.cancelled' })}
        onSubmit={(form) => {
          const values = { msisdn, language: String(form.get('language') ?? '') };
          if (customerLanguageRequest.safeParse(values).success) actor.send({ type: 'action.submitted', values });
        }}
      >
        <Field.Root>
          <Field.Label>{t('customers:smsLanguage.label')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="language" defaultValue={current}>
              {CUSTOMER_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {name(code)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t('customers:smsLanguage.help')}</Field.HelperText>
        </Field.Root>
      </FormDialog>
    </HStack>
  );
}
