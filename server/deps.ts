import type { SessionCache, SessionRow } from './auth/session-cache';

import type { Db } from './db/port';
import type { Clock } from './clock';
import type { MessageGateway } from './adapters/messages';
import type { MobileMoneyGateway } from './adapters/mobile-money';
import type { NidaRegistry } from './adapters/nida';
import type { LockProvider } from './adapters/lock-provider';
import type { RepaymentSimulatorControl } from './adapters/mobile-money-repayments';
import type { Tokens } from './auth/tokens';

export interface Adapters {
  messages: MessageGateway;
  mobileMoney: MobileMoneyGateway;
  nida: NidaRegistry;
  lockProvider: LockProvider;
  /** The C2B simulator's control (demo mode and tests): a real provider's customers pay from their handsets. */
  repaymentSimulator?: RepaymentSimulatorControl;
}

export interface AppConfig {
  mode: 'demo' | 'production';
  jwtSecret: string;
  tokenTtlMs: number;
  /** The local biometric device service, as the settings tell the portal (default http://127.0.0.1:8765). */
  bridgeUrl?: string;
  /** The X-Callback-Token the mobile-money provider sends (demo mode: the simulator's demo token when unset). */
  mobileMoneyCallbackSecret?: string;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed; none by default (TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** Where a build with PORTAL_API_URL sends its calls: allowed in the CSP's connect-src. */
  portalApiUrl?: string;
  /**
   * A list of a whole large table (head office's inventory with no filter) answers the planner's row estimate as its
   * total once the table holds this many rows (default 20,000): counting them exactly reads the table whole. The
   * loans and defaulters lists likewise answer the planner's estimate of their rows from that many on.
   */
  estimateTotalsFromRows?: number;
}

/** Everything a route needs, handed in by createApp: no module-level singletons. */
export interface Deps {
  db: Db;
  clock: Clock;
  adapters: Adapters;
  config: AppConfig;
  tokens: Tokens;
  sessions: SessionCache<SessionRow>;
}

/** Who is calling, once their token has been checked. */
export interface Caller {
  adminId: number;
  sessionId: string;
  username: string;
  name: string;
  groupId: number;
  roles: string[];
  otpPending: boolean;
  ip: string;
}
