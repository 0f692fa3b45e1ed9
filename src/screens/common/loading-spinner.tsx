import { Spinner, type SpinnerProps } from '@chakra-ui/react';

/**
 * A spinner that says what is loading: a status region named by its label (Chakra's spinner is a plain span, on
 * which an aria-label alone is not allowed, and screen readers would not announce it).
 */
export function LoadingSpinner({ label, size }: { label: string; size?: SpinnerProps['size'] }) {
  return <Spinner role="status" aria-label={label} size={size} />;
}
