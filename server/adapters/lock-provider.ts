import { createHmac } from 'node:crypto';
import type { LockSolutionType } from '../../src/contract/deposits';
import type { MessageGateway } from './messages';

/**
 * The device lock providers (trustonic, oguard, rguard, ZTE, vivo, dial-code): enrolling a handset under its lock,
 * what the agent does on the handset (the dial code, the Android provisioning QR), and vivo's authorization codes.
 * Called outside any transaction.
 */
export interface LockInstructions {
  dial_code: string | null;
  qr_payload: string | null;
}

export interface LockProvider {
  /** Registers the handset with its lock provider; the same IMEI again is not an error (idempotent). */
  enrol(device: { imei: string; lockType: LockSolutionType; customerMsisdn: string }): Promise<{ enrolmentId: string }>;
  /** What the agent does on the handset for this lock type. */
  instructions(imei: string, lockType: LockSolutionType): LockInstructions;
  /** vivo: delivers an authorization code (made and kept hashed by the server) for the handset to the agent. */
  sendVivoAuthCode(request: { imei: string; code: string; recipient: string; expiresInMinutes: number }): Promise<void>;
  /** Locks the handset (the provider pushes it at its next check-in); locking a locked handset is not an error. Throws when the provider refused or could not be reached. */
  lock(device: LockTarget): Promise<void>;
  /** Unlocks the handset; the same again is not an error. Throws when the provider refused or could not be reached. */
  unlock(device: LockTarget): Promise<void>;
}

/** The handset a lock command is for. */
export interface LockTarget {
  imei: string;
  lockType: LockSolutionType;
}

/** The simulator's side: what each handset is now, and failures on demand (tests and the demo). */
export interface LockProviderSimulator extends LockProvider {
  /** The handset's state as the provider last set it (undefined: never told). */
  handset(imei: string): 'locked' | 'unlocked' | undefined;
  /** Lock and unlock calls the simulator took, oldest first. */
  readonly calls: ReadonlyArray<{ command: 'lock' | 'unlock'; imei: string; lockType: LockSolutionType }>;
  /** The next `times` lock or unlock calls fail (Infinity: until told 0), as an unreachable provider. */
  failNext(times: number): void;
}

/** The Android provisioning apps of the oguard and rguard locks (device-owner DPCs). */
const DPC = {
  oguard: {
    component: 'com.oguard.dpc/.AdminReceiver',
    apk: 'https://provisioning.oguard.example/dpc/oguard-latest.apk',
    checksum: 'nE0Vd6hZxbk4nbPCAl5yWMYB7Zg0oc2kxnrWcVPAGOM',
  },
  rguard: {
    component: 'com.rguard.agent/.DeviceAdmin',
    apk: 'https://provisioning.rguard.example/agent/rguard-latest.apk',
    checksum: 'h1zKoDPNsZXIqbfW9VZxj6g6aNwEpQyaYMoYtMGXvyM',
  },
} as const;

/**
 * Demo and test simulator. The dial code is `*#<6 digits>#` derived from the IMEI (the same handset always gets the
 * same code); the QR payload is the standard Android provisioning JSON; vivo codes go to the agent's phone through
 * the messages outbox (read them at GET /portal_api/dev/outbox in demo mode).
 */
export function lockProviderSimulator(messages: MessageGateway, secret = 'simu-lock-provider-demo'): LockProviderSimulator {
  const handsets = new Map<string, 'locked' | 'unlocked'>();
  const calls: Array<{ command: 'lock' | 'unlock'; imei: string; lockType: LockSolutionType }> = [];
  let failures = 0;
  const apply = async (command: 'lock' | 'unlock', { imei, lockType }: LockTarget) => {
    if (failures > 0) {
      failures--;
      throw new Error(`the ${lockType} lock provider is unreachable`);
    }
    calls.push({ command, imei, lockType });
    handsets.set(imei, command === 'lock' ? 'locked' : 'unlocked');
  };
  const digits = (imei: string, salt: string) =>
    String(parseInt(createHmac('sha256', secret).update(`${salt}:${imei}`).digest('hex').slice(0, 10), 16) % 1_000_000).padStart(6, '0');
  return {
    async enrol({ imei, lockType }) {
      return { enrolmentId: `${lockType.toUpperCase()}-${imei}` };
    },
    instructions(imei, lockType) {
      if (lockType === 'dial_code') return { dial_code: `*#${digits(imei, 'dial')}#`, qr_payload: null };
      if (lockType === 'oguard' || lockType === 'rguard') {
        const dpc = DPC[lockType];
        const payload = {
          'android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME': dpc.component,
          'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION': dpc.apk,
          'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_CHECKSUM': dpc.checksum,
          'android.app.extra.PROVISIONING_LEAVE_ALL_SYSTEM_APPS_ENABLED': true,
          'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE': { imei, enrolment_token: digits(imei, 'qr') },
        };
        return { dial_code: null, qr_payload: JSON.stringify(payload) };
      }
      return { dial_code: null, qr_payload: null };
    },
    async sendVivoAuthCode({ imei, code, recipient, expiresInMinutes }) {
      await messages.send({
        channel: 'sms',
        recipient,
        text: `vivo lock authorization code for IMEI ${imei}: ${code}. It expires in ${expiresInMinutes} minutes.`,
      });
    },
    lock: (device) => apply('lock', device),
    unlock: (device) => apply('unlock', device),
    handset: (imei) => handsets.get(imei),
    calls,
    failNext(times) {
      failures = times;
    },
  };
}
