import type { Db } from '../db/port';
import type { Clock } from '../clock';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  recipient: string;
  text: string;
}

/** The SMS / e-mail gateway. Called after the caller's transaction has committed, never inside it. */
export interface MessageGateway {
  send(message: OutgoingMessage): Promise<void>;
}

/** Demo and test simulator: "sends" by writing to the outbox table that /dev/outbox reads. */
export function outboxGateway(db: Db, clock: Clock): MessageGateway {
  return {
    async send({ channel, recipient, text }) {
      await db.query('INSERT INTO outbox (channel, recipient, body, sent_at) VALUES ($1, $2, $3, $4)', [
        channel,
        recipient,
        text,
        clock.now(),
      ]);
    },
  };
}
