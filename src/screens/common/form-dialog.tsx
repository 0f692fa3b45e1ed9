import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../../lib/call-failure';
import { describeFailure, type FailureArea } from './describe-failure';

/**
 * A dialog holding a form (or a question), with the refusal on top; open and busy come from a machine's state.
 * The submit button says "Save" unless told otherwise; a refusal is worded in the words of its `area` (the common ones by default).
 */
export function FormDialog({
  title,
  open,
  saving,
  failure,
  onCancel,
  onSubmit,
  children,
  submitLabel,
  area = 'common',
}: {
  title: string;
  open: boolean;
  saving: boolean;
  failure: CallFailure | null;
  onCancel: () => void;
  onSubmit: (form: FormData) => void;
  children: ReactNode;
  submitLabel?: string;
  area?: FailureArea;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && !saving && onCancel()}
      placement="center"
      size={{ base: 'full', md: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {failure && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{describeFailure(t, failure, area)}</Alert.Title>
                    </Alert.Root>
                  )}
                  {children}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onCancel} disabled={saving}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={saving}>
                  {submitLabel ?? t('common.save')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
