import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));

const LOCALES = 'src/i18n/locales';
const read = (file: string) => JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Tree;
/** The default namespace is locales/<lng>.json, every other namespace locales/<ns>/<lng>.json. */
const namespaces = ['translation', ...readdirSync(LOCALES).filter((f) => statSync(join(LOCALES, f)).isDirectory())];
const fileOf = (namespace: string, language: string) =>
  namespace === 'translation' ? `${language}.json` : `${namespace}/${language}.json`;

describe.each(namespaces)('translations of namespace %s', (namespace) => {
  const english = flatten(read(fileOf(namespace, 'en')));

  it.each(['sw', 'pt'])('%s has every English key, no other, with the same placeholders, and is really translated', (language) => {
    const other = flatten(read(fileOf(namespace, language)));
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) expect(placeholders(other[key]!), key).toEqual(placeholders(text));
    // Words that are the same in the other language: language names, "e-mail" in Portuguese, a unit, the lock
    // vendors' brand names, and a text that is only its placeholders.
    const same = new Set([
      'otp.channel.email',
      'ms',
      'lockType.trustonic',
      'lockType.oguard',
      'lockType.rguard',
      // The customer view's codes (issue 17): lock vendors and mobile-money networks are brand names.
      ...['trustonic', 'oguard', 'rguard'].map((k) => `codes.lockType.${k}`),
      ...['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'].map((k) => `codes.paymentMethod.${k}`),
      'held.startedByValue',
      'worklist.comment',
      ...['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'].map((p) => `reconcile.providers.${p}`),
    ]);
    const untranslated = Object.keys(english).filter(
      (k) => other[k] === english[k] && english[k]!.length > 5 && !k.startsWith('languages.') && !same.has(k),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('translations used by the code', () => {
  it('has an English text for every key the code asks for', () => {
    const source = files('src')
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // A key of another namespace is written fully qualified: t('deposit:step.search').
    const used = new Set([...source.matchAll(/\bt\(\s*'((?:[a-zA-Z]+:)?[a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)].map((m) => m[1]!));
    for (const m of source.matchAll(
      /(?:label|labelKey): '([a-zA-Z]+\.[a-zA-Z0-9_.]+)'|link\('([a-zA-Z.]+)'|group\('([a-zA-Z.]+)'|soon\('[^']*', '([a-zA-Z.]+)'\)/g,
    )) {
      used.add((m[1] ?? m[2] ?? m[3] ?? m[4])!);
    }
    const known = new Set(
      namespaces.flatMap((namespace) =>
        Object.keys(flatten(read(fileOf(namespace, 'en')))).map(
          (k) => (namespace === 'translation' ? '' : `${namespace}:`) + k.replace(/_(one|other)$/, ''),
        ),
      ),
    );
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
    expect(used.size).toBeGreaterThan(50);
  });
});
