import { Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../auth/auth-layout';

/** The public pages (/tnc, /econtract) in the frame of the login page; their full text comes with the wizard. */
export default function PublicPage({ page }: { page: 'terms' | 'econtract' }) {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Heading as="h1" size="xl">
        {t(`public.${page}Title`)}
      </Heading>
      <Text>{t(`public.${page}Body`)}</Text>
    </AuthLayout>
  );
}
