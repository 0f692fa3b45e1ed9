import type { Clock } from '../clock';

/** How a simulator reaches the server: posts a callback body with the provider's token. */
export type Transport<Body> = (body: Body, token: string) => Promise<void>;

/**
 * The callbacks a simulated provider owes the server, each with the instant it is due. deliverDue(now) sends the
 * due ones through the transport set with connect() (an interval in demo mode, the test's own call in tests), one
 * run at a time; a server that is not there is tried again 5 s later, at most 5 times, as providers do.
 */
export function createCallbackQueue<Body>(options: { clock: Clock; secret: string; provider: string }) {
  let queue: Array<{ dueAt: number; body: Body; tries: number }> = [];
  let transport: Transport<Body> | null = null;
  let delivering: Promise<number> | null = null;

  async function deliverDue(now: Date = options.clock.now()): Promise<number> {
    // One delivery run at a time (an interval tick may overlap a slow one).
    while (delivering) await delivering;
    const run = (async () => {
      const at = now.getTime();
      const due = queue.filter((d) => d.dueAt <= at).sort((a, b) => a.dueAt - b.dueAt);
      queue = queue.filter((d) => d.dueAt > at);
      let delivered = 0;
      for (const d of due) {
        try {
          if (!transport) throw new Error(`the ${options.provider} simulator is not connected to a server`);
          await transport(d.body, options.secret);
          delivered++;
        } catch {
          if (d.tries < 5) queue.push({ ...d, tries: d.tries + 1, dueAt: at + 5_000 });
        }
      }
      return delivered;
    })();
    delivering = run;
    try {
      return await run;
    } finally {
      delivering = null;
    }
  }

  return {
    /** Owes the server this callback at `dueAt` (epoch ms). */
    add(dueAt: number, body: Body) {
      queue.push({ dueAt, body, tries: 0 });
    },
    /** Where callbacks go (set once the server exists). */
    connect(to: Transport<Body>) {
      transport = to;
    },
    /** Delivers the callbacks due by `now`; answers how many the server took. */
    deliverDue,
    /** Delivers every queued callback whatever its time (tests). */
    deliverAll: () => deliverDue(new Date(8.64e15)),
    /** Callbacks not delivered yet. */
    pendingCallbacks: () => queue.length,
    /** Demo mode: delivers due callbacks on a real interval; answers a stop function. */
    start(everyMs = 500) {
      const timer = setInterval(() => void deliverDue(options.clock.now()), everyMs);
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}
