import type { Db } from './db/port';
import type { Clock } from './clock';
import type { MessageGateway } from './adapters/messages';
import type { Tokens } from './auth/tokens';

export interface Adapters {
  messages: MessageGateway;
}

export interface AppConfig {
  mode: 'demo' | 'production';
  jwtSecret: string;
  tokenTtlMs: number;
}

/** Everything a route needs, handed in by createApp: no module-level singletons. */
export interface Deps {
  db: Db;
  clock: Clock;
  adapters: Adapters;
  config: AppConfig;
  tokens: Tokens;
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
