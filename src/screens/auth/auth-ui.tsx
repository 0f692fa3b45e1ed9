import type { ReactNode } from 'react';
import { Box, chakra } from '@chakra-ui/react';

/** A text field styled with tokens only (Chakra's Input brings Ark's field machinery with it). */
export const TextInput = chakra('input', {
  base: {
    display: 'block',
    width: 'full',
    height: '10',
    px: '3',
    mt: '1.5',
    fontSize: 'md',
    bg: 'bg',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'l2',
    outline: '0',
    _focusVisible: { borderColor: 'blue.solid', boxShadow: '0 0 0 1px var(--chakra-colors-blue-solid)' },
    _invalid: { borderColor: 'border.error' },
  },
});

/**
 * The few pieces the pages before login draw with, built on Chakra's style props alone: the slot-recipe
 * components (Alert, Field, Card) would add their recipes and state machines to the first load of a low-end
 * phone (docs/decisions/003).
 */
export function Notice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      role="alert"
      data-testid={testId}
      bg="red.subtle"
      color="red.fg"
      borderWidth="1px"
      borderColor="red.muted"
      rounded="md"
      px="3"
      py="2"
      fontSize="sm"
      fontWeight="medium"
    >
      {children}
    </Box>
  );
}

export function LabelledInput({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <Box>
      <chakra.label display="block" fontSize="sm" fontWeight="medium" mb="1.5">
        {label}
        {children}
      </chakra.label>
      {error && (
        <Box color="fg.error" fontSize="xs" mt="1" aria-live="polite">
          {error}
        </Box>
      )}
    </Box>
  );
}
