import type { ReactNode } from 'react';
import { Box, Card, Center, Flex, HStack, Text } from '@chakra-ui/react';
import { LanguageSelect } from '../../app/layout/language-select';
import { ThemeToggle } from '../../app/layout/theme-toggle';

/** The frame of the pages before login: brand, language switcher, a centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      <HStack as="header" justify="space-between" px={{ base: 3, md: 6 }} h={{ base: '56px', md: '64px' }}>
        <Text fontWeight="bold" color="blue.700" _dark={{ color: 'blue.300' }}>
          Simu Portal
        </Text>
        <HStack gap="1">
          <LanguageSelect />
          <ThemeToggle />
        </HStack>
      </HStack>
      <Center as="main" flex="1" px="4" pb="10">
        <Box w="full" maxW="md">
          <Card.Root>
            <Card.Body gap="5">{children}</Card.Body>
          </Card.Root>
        </Box>
      </Center>
    </Flex>
  );
}
