import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * The wizard's eight steps as a plain ordered list (issue 17): every step named at 1280 and at 360 px (two rows of
 * four, or four rows of two), the current one marked with aria-current and the ones behind it as done. No tabs or
 * controls: it points at nothing, so it cannot point at elements that do not exist.
 */
export function WizardStepper({ keys, current }: { keys: readonly string[]; current: number }) {
  const { t } = useTranslation('deposit');
  return (
    <Box
      as="ol"
      aria-label={t('deposit:steps.label')}
      listStyleType="none"
      display="grid"
      gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}
      gap="2"
      m="0"
      p="0"
      data-testid="wizard-stepper"
    >
      {keys.map((key, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'next';
        return (
          <Box
            as="li"
            key={key}
            aria-current={state === 'current' ? 'step' : undefined}
            display="flex"
            alignItems="center"
            gap="2"
            minW="0"
            px="2"
            py="1"
            borderRadius="md"
            borderWidth="1px"
            borderColor={state === 'current' ? 'blue.solid' : 'border'}
            bg={state === 'current' ? 'blue.subtle' : undefined}
          >
            <Box
              as="span"
              aria-hidden="true"
              flexShrink="0"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              boxSize="6"
              borderRadius="full"
              fontSize="xs"
              fontWeight="bold"
              bg={state === 'next' ? 'bg.muted' : state === 'done' ? 'green.solid' : 'blue.solid'}
              color={state === 'next' ? 'fg' : state === 'done' ? 'green.contrast' : 'blue.contrast'}
            >
              {state === 'done' ? '✓' : i + 1}
            </Box>
            <Text as="span" fontSize="sm" fontWeight={state === 'current' ? 'semibold' : 'normal'} minW="0" overflowWrap="anywhere">
              <VisuallyHidden>{i + 1}. </VisuallyHidden>
              {t(`deposit:step.${key}`)}
              {state === 'done' && <VisuallyHidden> ({t('deposit:steps.done')})</VisuallyHidden>}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
