import { EmptyState, Heading, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A registered route whose screen a later release brings. */
export default function ComingSoon({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <VStack align="stretch" gap="4">
      <Heading as="h1" size="lg">
        {t(label)}
      </Heading>
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Title>{t('common.comingSoon')}</EmptyState.Title>
          <EmptyState.Description>{t('common.comingSoonBody')}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    </VStack>
  );
}
