import { Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../auth/auth-layout';

export default function EcontractScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Heading as="h1" size="xl">
        {t('public.econtractTitle')}
      </Heading>
      <Text>{t('public.econtractBody')}</Text>
    </AuthLayout>
  );
}
