import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';

/** /bi and /bi/view stand outside the dashboard layout (spec section 2); the reports come later. */
export default function BiScreen({ view }: { view: boolean }) {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py="10">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {view ? t('bi.viewTitle') : t('bi.title')}
        </Heading>
        <Text>{t('bi.welcome')}</Text>
        <Text color="fg.muted">{t('common.comingSoonBody')}</Text>
        <Link href="/dashboard" asChild>
          <Button as="a" variant="outline" alignSelf="start">
            {t('bi.back')}
          </Button>
        </Link>
      </Stack>
    </Container>
  );
}
