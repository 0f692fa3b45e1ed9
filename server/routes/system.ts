import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import { DEFAULT_BRIDGE_URL } from '../config';

export function systemRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.health, async () => {
    await deps.db.query('SELECT 1');
    return { ok: true as const, db: deps.db.kind };
  });
  register(app, deps, registry, routes.settings, async () => {
    const [row] = await deps.db.query<{ value: string }>("SELECT value FROM settings WHERE key = 'company_name'");
    return {
      company: row?.value ?? 'Simu',
      device_bridge_url: deps.config.bridgeUrl ?? DEFAULT_BRIDGE_URL,
      demo: deps.config.mode === 'demo',
    };
  });
  register(app, deps, registry, routes.outbox, async () => {
    const rows = await deps.db.query<{ id: number; channel: string; recipient: string; body: string; sent_at: Date }>(
      'SELECT id, channel, recipient, body, sent_at FROM outbox ORDER BY sent_at DESC, id DESC LIMIT 200',
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        text: r.body,
        time: new Date(r.sent_at).toISOString(),
      })),
    };
  });
}
