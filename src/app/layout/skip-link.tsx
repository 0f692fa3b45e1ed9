import { useTranslation } from 'react-i18next';

/** The page's first focusable element: hidden until focused, it moves the focus past the navigation to the screen. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation('admin');
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      onClick={(event) => {
        // The router would treat the hash as a navigation: move the focus ourselves.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {t('admin:shell.skipToContent')}
    </a>
  );
}
