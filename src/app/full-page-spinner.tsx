import { Center, Spinner } from '@chakra-ui/react';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Spinner size="xl" color="blue.600" aria-label={label} />
    </Center>
  );
}
