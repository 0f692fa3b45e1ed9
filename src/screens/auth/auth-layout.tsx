import type { ReactNode } from 'react';
import { Box, Flex, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n';

/** The language switcher of the pages before login: a native select, light enough for the first load. */
function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <chakra.select
      aria-label={t('shell.language')}
      value={i18n.resolvedLanguage ?? 'en'}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      bg="bg"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      px="2"
      h="9"
      fontSize="sm"
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`languages.${language}`)}
        </option>
      ))}
    </chakra.select>
  );
}

/** The frame of the pages before login: brand, language switcher, a centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      <Flex as="header" align="center" justify="space-between" px={{ base: 3, md: 6 }} h={{ base: '56px', md: '64px' }}>
        <Box fontWeight="bold" color="blue.700" _dark={{ color: 'blue.300' }}>
          Simu Portal
        </Box>
        <LanguageSelect />
      </Flex>
      <Flex as="main" flex="1" align="center" justify="center" px="4" pb="10">
        <Flex direction="column" gap="5" w="full" maxW="md" bg="bg" borderWidth="1px" rounded="l3" shadow="sm" p={{ base: 5, md: 8 }}>
          {children}
        </Flex>
      </Flex>
    </Flex>
  );
}
