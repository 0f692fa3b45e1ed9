import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderStatecharts } from '../../scripts/statecharts-render';

describe('docs/statecharts', () => {
  it('holds an up-to-date export of every machine (run `npm run statecharts` when this fails)', async () => {
    const files = await renderStatecharts();
    expect(files.size).toBeGreaterThan(0);
    for (const [name, content] of files) {
      const path = `docs/statecharts/${name}`;
      expect(existsSync(path), `${path} is missing`).toBe(true);
      expect(readFileSync(path, 'utf8'), `${path} is stale`).toBe(content);
    }
    expect(
      readdirSync('docs/statecharts').filter((f) => !files.has(f)),
      'exports of machines that no longer exist',
    ).toEqual([]);
  });

  it('says what every invoked actor of every machine calls', async () => {
    const { loadMachines } = await import('../../scripts/statecharts-render');
    const { invocations } = await import('../../src/lib/statecharts/describe');
    const { ACTOR_CALLS } = await import('../../src/app/processes/actor-calls');
    const missing = (await loadMachines()).flatMap((m) =>
      invocations(m)
        .filter((i) => !ACTOR_CALLS[m.id]?.[i.src])
        .map((i) => `${m.id}.${i.src}`),
    );
    expect(missing).toEqual([]);
    expect((await renderStatecharts()).get('session.md')).toContain(
      '| `loggedOut.authenticating` | `authenticate` | POST /portal_api/authentication |',
    );
  });

  it('lists every process in the index with its size and full model-based coverage', async () => {
    const index = (await renderStatecharts()).get('index.md')!;
    // 17 states and 33 transitions since the first-login change of password (issue 17, decision 030).
    expect(index).toContain('| [session](session.md) | 17 | 33 | 100% of states, 100% of transitions |');
    expect(index).not.toContain('no model-based test');
  });

  it('draws the session machine with its expiry timer and its 401 transition', async () => {
    const md = (await renderStatecharts()).get('session.md')!;
    expect(md).toContain('stateDiagram-v2');
    expect(md).toContain('authenticated --> notified: after untilExpiry');
    expect(md).toContain('authenticated --> notified: session.unauthorized');
  });
});
