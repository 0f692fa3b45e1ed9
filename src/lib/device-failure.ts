/** How the local biometric device service failed, as the scanner-capture machine tells them apart. */
export const DEVICE_FAILURE_KINDS = [
  'timedOut',
  'deviceUnreachable',
  'parserUnreachable',
  'androidComm',
  'critical',
  'lowQuality',
] as const;
export type DeviceFailureKind = (typeof DEVICE_FAILURE_KINDS)[number];

export interface DeviceFailure {
  kind: DeviceFailureKind;
  /** What the service said (an ErrorCode, a status, a quality), for the debug view and support. */
  detail: string;
}

export function isDeviceFailure(value: unknown): value is DeviceFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    (DEVICE_FAILURE_KINDS as readonly unknown[]).includes((value as { kind: unknown }).kind)
  );
}

/** Anything that is not a known failure is a critical one. */
export function toDeviceFailure(error: unknown): DeviceFailure {
  if (isDeviceFailure(error)) return { kind: error.kind, detail: String(error.detail ?? '') };
  return { kind: 'critical', detail: error instanceof Error ? error.message : String(error) };
}
