import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n';
import { GlobeIcon } from '../icons';
import { DeferredMenu } from './deferred-menu';

const LanguageMenuList = lazy(() => import('./language-menu-list'));

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as (typeof LANGUAGES)[number];
  return (
    // The name starts with the words the button shows (WCAG 2.5.3): "Language: EN".
    <DeferredMenu
      menu={LanguageMenuList}
      label={`${t('shell.language')}: ${current.toUpperCase()}`}
      trigger={
        <>
          <GlobeIcon /> {current.toUpperCase()}
        </>
      }
    />
  );
}
