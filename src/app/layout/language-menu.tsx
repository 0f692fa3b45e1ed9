import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n';
import { GlobeIcon } from '../icons';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as (typeof LANGUAGES)[number];
  return (
    <Menu.Root onSelect={(details) => void i18n.changeLanguage(details.value)}>
      <Menu.Trigger asChild>
        {/* The name starts with the words the button shows (WCAG 2.5.3): "Language: EN". */}
        <Button variant="ghost" size="sm" aria-label={`${t('shell.language')}: ${current.toUpperCase()}`}>
          <GlobeIcon /> {current.toUpperCase()}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LANGUAGES.map((language) => (
              <Menu.Item key={language} value={language} aria-current={language === current ? 'true' : undefined}>
                {t(`languages.${language}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
