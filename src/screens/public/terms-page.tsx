import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../auth/auth-layout';

/** The version of the terms the e-contract refers to. */
export const TERMS_VERSION = '2026-01';
const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** /tnc: the terms and conditions of a phone loan, in the chosen language, without logging in. */
export default function TermsPage() {
  const { t } = useTranslation('public');
  return (
    <AuthLayout>
      <Stack gap="4" maxW="2xl">
        <Heading as="h1" size="xl">
          {t('public:terms.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('public:terms.version', { version: TERMS_VERSION })}
        </Text>
        <Text>{t('public:terms.intro')}</Text>
        {SECTIONS.map((n) => (
          <Stack key={n} gap="1" as="section">
            <Heading as="h2" size="md">
              {t(`public:terms.s${n}Title`)}
            </Heading>
            <Text>{t(`public:terms.s${n}Body`)}</Text>
          </Stack>
        ))}
      </Stack>
    </AuthLayout>
  );
}
