import { Component, type ReactNode } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunk-load';

/** Drawn with the recipes the login route already has (docs/decisions/003): it also guards the pages before login. */
function ChunkFailed() {
  const { t } = useTranslation();
  return (
    <Stack role="alert" gap="3" maxW="xl" mx="auto" my="10" p="4" borderWidth="1px" borderColor="border.error" rounded="md">
      <Heading as="h2" size="md" color="fg.error">
        {t('shell.chunkFailed')}
      </Heading>
      <Text>{t('shell.chunkFailedHelp')}</Text>
      <Button size="sm" alignSelf="start" colorPalette="blue" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </Button>
    </Stack>
  );
}

/**
 * Catches a lazy screen whose code did not load (lazyChunk) and offers to reload the page. Reloading keeps the
 * session: it lives in storage, and only logout and expiry clear that. Any other error is not this boundary's:
 * it goes on up. Keyed by the path where it is used, so moving to another screen tries again.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: unknown }> {
  override state = { failed: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error };
  }

  override render() {
    if (this.state.failed === null) return this.props.children;
    if (!isChunkLoadError(this.state.failed)) throw this.state.failed;
    return <ChunkFailed />;
  }
}
