import { useState } from 'react';
import { Box, Button, CloseButton, DataList, Dialog, Image, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLiveLogic } from '../common/live-logic';
import { ScannerFailure } from './scanner-failure';

export const SCANNER_CHECK_DEFAULTS = { timeoutMs: 10_000, minQuality: 50 };

export interface ScannerCheckDialogProps {
  open: boolean;
  onClose: () => void;
  bridgeUrl: string;
  timeoutMs?: number;
  minQuality?: number;
}

/** Long base64 fields cut short, so the raw answer stays readable. */
const shown = (raw: Record<string, unknown>, characters: (count: number) => string) =>
  JSON.stringify(
    raw,
    (_, value: unknown) =>
      typeof value === 'string' && value.length > 96 ? `${value.slice(0, 64)}… (${characters(value.length)})` : value,
    2,
  );

/**
 * The scanner check of demo mode (the spec's debug view, as a dialog): capture a fingerprint through the local
 * device service and see the image, its quality and the raw answer, or the failure with its retry.
 */
export default function ScannerCheckDialog({ open, onClose, ...settings }: ScannerCheckDialogProps) {
  const { t } = useTranslation('scanner');
  // Each capture-again runs a fresh process: a captured one is final.
  const [round, setRound] = useState(0);
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('scanner:title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('scanner:action.close')} />
            </Dialog.CloseTrigger>
            <ScannerCheck key={round} {...settings} onAgain={() => setRound((n) => n + 1)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ScannerCheck({
  bridgeUrl,
  timeoutMs,
  minQuality,
  onAgain,
}: Omit<ScannerCheckDialogProps, 'open' | 'onClose'> & { onAgain: () => void }) {
  const { t } = useTranslation('scanner');
  const input = {
    bridgeUrl,
    timeoutMs: timeoutMs ?? SCANNER_CHECK_DEFAULTS.timeoutMs,
    minQuality: minQuality ?? SCANNER_CHECK_DEFAULTS.minQuality,
  };
  const scanner = useActorRef(useLiveLogic('scannerCapture'), { input });
  const state = useSelector(scanner, (s) => s.value);
  const busy = useSelector(scanner, (s) => s.hasTag('busy'));
  const failure = useSelector(scanner, (s) => s.context.failure);
  const fingerprint = useSelector(scanner, (s) => s.context.fingerprint);
  const captured = useSelector(scanner, (s) => s.status === 'done');
  const canCapture = useSelector(scanner, (s) => s.can({ type: 'scanner.capture' }));
  const canRetry = useSelector(scanner, (s) => s.can({ type: 'scanner.retry' }));
  const canCancel = useSelector(scanner, (s) => s.can({ type: 'scanner.cancel' }));
  const status = {
    idle: 'scanner:status.idle',
    capturing: 'scanner:status.capturing',
    converting: 'scanner:status.converting',
    captured: 'scanner:status.captured',
  } as const;

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t('scanner:intro')} {t('scanner:service', { url: bridgeUrl })}
          </Text>
          {state in status && (
            <Text role="status" display="flex" alignItems="center" gap="2">
              {busy && <Spinner size="sm" />}
              {t(status[state as keyof typeof status])}
            </Text>
          )}
          {failure && <ScannerFailure failure={failure} canRetry={canRetry} onRetry={() => scanner.send({ type: 'scanner.retry' })} />}
          {captured && fingerprint && (
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align="start">
              <Image
                src={`data:image/bmp;base64,${fingerprint.imageBase64}`}
                alt={t('scanner:result.image')}
                w="150px"
                borderWidth="1px"
                rounded="md"
                bg="white"
              />
              <DataList.Root orientation="horizontal" size="sm">
                <DataList.Item>
                  <DataList.ItemLabel>{t('scanner:result.quality')}</DataList.ItemLabel>
                  <DataList.ItemValue>{fingerprint.quality}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('scanner:result.nfiq')}</DataList.ItemLabel>
                  <DataList.ItemValue>{fingerprint.nfiq}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Stack>
          )}
          {fingerprint && (
            <Stack gap="1">
              <Text fontWeight="semibold" fontSize="sm" id="scanner-raw">
                {t('scanner:result.raw')}
              </Text>
              <Box
                as="pre"
                aria-labelledby="scanner-raw"
                maxH="48"
                overflow="auto"
                fontSize="xs"
                p="2"
                bg="bg.muted"
                rounded="md"
                whiteSpace="pre-wrap"
                wordBreak="break-all"
              >
                {shown(fingerprint.raw, (count) => t('scanner:result.characters', { count }))}
              </Box>
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {canCancel && (
          <Button variant="outline" onClick={() => scanner.send({ type: 'scanner.cancel' })}>
            {t('scanner:action.cancel')}
          </Button>
        )}
        {captured ? (
          <Button onClick={onAgain}>{t('scanner:action.captureAgain')}</Button>
        ) : (
          <Button onClick={() => scanner.send({ type: 'scanner.capture' })} disabled={!canCapture} loading={busy}>
            {t('scanner:action.capture')}
          </Button>
        )}
      </Dialog.Footer>
    </>
  );
}
