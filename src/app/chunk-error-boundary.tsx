import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunk-load';

/**
 * Plain elements styled by first-load.css: it also guards the pages before login and the dashboard's own chunk,
 * where Chakra has not loaded (docs/decisions/033).
 */
function ChunkFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="chunk-failed">
      <h2>{t('shell.chunkFailed')}</h2>
      <p>{t('shell.chunkFailedHelp')}</p>
      <button type="button" className="btn btn-solid btn-sm" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </button>
    </div>
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
