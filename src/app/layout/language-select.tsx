import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n';

/** The language switcher of the pages before login: a native select, light enough for the first load. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('shell.language')}
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
