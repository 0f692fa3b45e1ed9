import { chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The page's first focusable element: hidden until focused, it moves the focus past the navigation to the screen. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation('admin');
  return (
    <chakra.a
      href={`#${target}`}
      onClick={(event) => {
        // The router would treat the hash as a navigation: move the focus ourselves.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="bg"
      color="fg"
      borderWidth="2px"
      borderColor="blue.solid"
      fontWeight="semibold"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
      _focus={{ transform: 'none' }}
    >
      {t('admin:shell.skipToContent')}
    </chakra.a>
  );
}
