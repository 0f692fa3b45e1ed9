import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../../lib/call-failure';
import { describeFailure } from './describe-failure';

/** Chakra's WarningIcon in its Alert's indicator: the one it shows for an error and for a warning. */
export function AlertIndicator() {
  return (
    <span className="alert-indicator">
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z" />
      </svg>
    </span>
  );
}

/**
 * "Could not load data" (or another title) with the reason and a retry. Plain elements drawn by first-load.css as
 * Chakra's error Alert with its outline button (docs/decisions/049): the layout and the home page show it without
 * Chakra, and the screens drawn with Chakra show the same.
 */
export function LoadFailure({ failure, onRetry, title }: { failure: CallFailure; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert">
      <AlertIndicator />
      <div className="alert-content">
        <div className="alert-title">{title ?? t('errors.loadFailed')}</div>
        <div className="alert-description">{describeFailure(t, failure)}</div>
      </div>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
