import type { Queryable } from './port';
import { hashSecurityAnswer, normalizeSecurityAnswer } from '../domain/security-answers';
import { luhnCheckDigit } from '../../src/lib/imei';
import { formatNida } from '../../src/lib/nida';

/**
 * The demo business: regions, stores, shop owners, agents, the phone catalogue with prices, stock, customers with
 * limits, devices, loans in every defaulter ageing category, payments and SMS. Everything follows from `seed` and
 * `now`: the same pair gives the same rows, ids included (no Math.random, no clock).
 *
 * generateBusiness() builds the rows in memory (tests and simulators may read it, e.g. a customer's security
 * answer, which the database holds only hashed); seedBusiness() inserts them with one multi-row INSERT ... SELECT
 * FROM unnest(arrays) per table and chunk, which keeps PGlite (one connection, WASM) fast.
 */

export interface SeedOptions {
  seed: number;
  now: Date;
}

type Row = Record<string, unknown>;
type SqlType = 'int8' | 'int4' | 'text' | 'bool' | 'numeric' | 'date' | 'timestamptz';

export interface BusinessData {
  agent_categories: Row[];
  regions: Row[];
  shop_owners: Row[];
  stores: Row[];
  agents: Row[];
  phone_models: Row[];
  phone_prices: Row[];
  inventory_items: Row[];
  /** Each row also carries `security_answer` (plain text, never stored: the database gets its hash). */
  customers: Row[];
  customer_limits: Row[];
  devices: Row[];
  loans: Row[];
  transactions: Row[];
  customer_sms: Row[];
  device_incidents: Row[];
}

/** Insert order (foreign keys) and the columns written: generated columns are left to the database. */
const TABLES: ReadonlyArray<readonly [keyof BusinessData, ReadonlyArray<readonly [string, SqlType]>]> = [
  [
    'agent_categories',
    [
      ['id', 'int8'],
      ['name', 'text'],
      ['status', 'text'],
      ['date_created', 'timestamptz'],
    ],
  ],
  [
    'regions',
    [
      ['id', 'int8'],
      ['name', 'text'],
      ['territory', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'shop_owners',
    [
      ['id', 'int8'],
      ['full_name', 'text'],
      ['msisdn', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'stores',
    [
      ['id', 'int8'],
      ['name', 'text'],
      ['region_id', 'int8'],
      ['store_type', 'text'],
      ['shop_owner_id', 'int8'],
      ['location', 'text'],
      ['latitude', 'numeric'],
      ['longitude', 'numeric'],
      ['till_or_paybill', 'text'],
      ['biller_type', 'text'],
      ['biller_number', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'agents',
    [
      ['id', 'int8'],
      ['full_name', 'text'],
      ['msisdn', 'text'],
      ['store_id', 'int8'],
      ['category_id', 'int8'],
      ['status', 'text'],
      ['latitude', 'numeric'],
      ['longitude', 'numeric'],
      ['location_updated_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'phone_models',
    [
      ['id', 'int8'],
      ['sku', 'text'],
      ['brand', 'text'],
      ['name', 'text'],
      ['model', 'text'],
      ['storage_gb', 'int4'],
      ['ram_gb', 'int4'],
      ['lock_solution_type', 'text'],
      ['active', 'bool'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'phone_prices',
    [
      ['id', 'int8'],
      ['phone_model_id', 'int8'],
      ['rrp', 'int8'],
      ['wholesale_price', 'int8'],
      ['credit_multiplier', 'numeric'],
      ['deposit', 'int8'],
      ['daily_payment', 'int8'],
      ['installments', 'int4'],
      ['twelve_months_payment', 'int8'],
      ['effective_from', 'timestamptz'],
      ['effective_to', 'timestamptz'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'inventory_items',
    [
      ['id', 'int8'],
      ['phone_model_id', 'int8'],
      ['store_id', 'int8'],
      ['imei', 'text'],
      ['status', 'text'],
      ['received_at', 'timestamptz'],
      ['sold_at', 'timestamptz'],
    ],
  ],
  [
    'customers',
    [
      ['id', 'int8'],
      ['msisdn', 'text'],
      ['first_name', 'text'],
      ['other_names', 'text'],
      ['sex', 'text'],
      ['date_of_birth', 'date'],
      ['id_type', 'text'],
      ['national_id', 'text'],
      ['nida_number', 'text'],
      ['birth_country', 'text'],
      ['birth_region', 'text'],
      ['birth_district', 'text'],
      ['birth_ward', 'text'],
      ['resident_postal_code', 'text'],
      ['resident_region', 'text'],
      ['resident_district', 'text'],
      ['resident_village', 'text'],
      ['resident_street', 'text'],
      ['customer_key', 'text'],
      ['security_question', 'text'],
      ['security_answer_hash', 'text'],
      ['store_id', 'int8'],
      ['registered_by_agent_id', 'int8'],
      ['registered_at', 'timestamptz'],
    ],
  ],
  [
    'customer_limits',
    [
      ['customer_id', 'int8'],
      ['limit_amount', 'int8'],
      ['score', 'int4'],
      ['updated_at', 'timestamptz'],
    ],
  ],
  [
    'devices',
    [
      ['id', 'int8'],
      ['customer_id', 'int8'],
      ['phone_model_id', 'int8'],
      ['inventory_item_id', 'int8'],
      ['imei', 'text'],
      ['lock_solution_type', 'text'],
      ['lock_status', 'text'],
      ['activation_status', 'text'],
      ['is_locked', 'bool'],
      ['status', 'text'],
      ['last_check_in', 'timestamptz'],
      ['enrolled_at', 'timestamptz'],
      ['future_lock_date', 'date'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'loans',
    [
      ['id', 'int8'],
      ['loan_number', 'text'],
      ['customer_id', 'int8'],
      ['device_id', 'int8'],
      ['phone_price_id', 'int8'],
      ['store_id', 'int8'],
      ['agent_id', 'int8'],
      ['repayment_period', 'text'],
      ['price', 'int8'],
      ['deposit_paid', 'int8'],
      ['installment_amount', 'int8'],
      ['installments', 'int4'],
      ['interval_days', 'int4'],
      ['amount_paid', 'int8'],
      ['late_fee', 'int8'],
      ['amount_due', 'int8'],
      ['days_defaulted', 'int4'],
      ['last_repayment_date', 'date'],
      ['next_repayment_date', 'date'],
      ['status', 'text'],
      ['contract_ref', 'text'],
      ['contract_url', 'text'],
      ['started_at', 'timestamptz'],
      ['closed_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'transactions',
    [
      ['id', 'int8'],
      ['transaction_id', 'text'],
      ['master_transaction_id', 'text'],
      ['reference_no', 'text'],
      ['kind', 'text'],
      ['payment_method', 'text'],
      ['status', 'text'],
      ['amount', 'int8'],
      ['debit', 'int8'],
      ['credit', 'int8'],
      ['balance_before', 'int8'],
      ['balance_after', 'int8'],
      ['payment_phone', 'text'],
      ['customer_name', 'text'],
      ['account_keyed_in', 'text'],
      ['business_short_code', 'text'],
      ['allocated_to', 'text'],
      ['customer_id', 'int8'],
      ['loan_id', 'int8'],
      ['date_processed', 'timestamptz'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'customer_sms',
    [
      ['id', 'int8'],
      ['customer_id', 'int8'],
      ['msisdn', 'text'],
      ['body', 'text'],
      ['category', 'text'],
      ['status', 'text'],
      ['sent_at', 'timestamptz'],
    ],
  ],
  [
    'device_incidents',
    [
      ['id', 'int8'],
      ['device_id', 'int8'],
      ['kind', 'text'],
      ['occurred_on', 'date'],
      ['service_centre', 'text'],
      ['repair_reason', 'text'],
      ['notes', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
];

const CHUNK = 5000;

/**
 * Inserts the demo business into an empty business schema (migration 002). Idempotent: when regions already
 * exist it inserts nothing and answers the counts already there. Run it inside one transaction if a failure
 * must leave nothing behind (the caller owns the transaction: `db.transaction((tx) => seedBusiness(tx, ...))`).
 */
export async function seedBusiness(db: Queryable, options: SeedOptions): Promise<{ customers: number; loans: number }> {
  const [{ n }] = (await db.query<{ n: number | string }>('SELECT count(*) AS n FROM regions')) as [{ n: number | string }];
  if (Number(n) > 0) return counts(db);

  // scrypt runs on libuv's thread pool, so the hashing overlaps building the rows on this thread.
  const hashing = hashDemoAnswers(options.seed);
  const data = generateBusiness(options);
  const hashes = await hashing;
  for (const customer of data.customers) {
    const answer = customer.security_answer as string | null;
    customer.security_answer_hash = answer === null ? null : hashes.get(normalizeSecurityAnswer(answer));
  }
  for (const [table, columns] of TABLES) {
    const rows = data[table];
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const arrays = columns.map(([name]) => chunk.map((row) => row[name] ?? null));
      const casts = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
      await db.query(`INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')}) SELECT * FROM unnest(${casts})`, arrays);
    }
    // Rows carry explicit ids: move each serial past them so later inserts do not collide.
    if (columns[0]?.[0] === 'id') {
      await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`);
    }
  }
  return { customers: data.customers.length, loans: data.loans.length };
}

async function counts(db: Queryable): Promise<{ customers: number; loans: number }> {
  const [row] = await db.query<{ customers: number | string; loans: number | string }>(
    'SELECT (SELECT count(*) FROM customers) AS customers, (SELECT count(*) FROM loans) AS loans',
  );
  return { customers: Number(row?.customers ?? 0), loans: Number(row?.loans ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// Security answers, hashed as the domain hashes them (server/domain/security-answers.ts).

/**
 * Hashing 2,000 answers at full scrypt cost would take a minute, so the demo hashes each possible answer once
 * (26 of them) with a salt drawn from the seed, and customers with the same answer share that hash. A real
 * answer gets its own random salt through hashSecurityAnswer; verification reads the salt from the hash either way.
 */
async function hashDemoAnswers(seed: number): Promise<Map<string, string>> {
  const saltRng = new Rng(seed, 'security-salts');
  const answers = [...new Set(Object.values(SECURITY_QUESTIONS).flat().map(normalizeSecurityAnswer))];
  const hashes = await Promise.all(answers.map((answer) => hashSecurityAnswer(answer, saltRng.bytes(16))));
  return new Map(answers.map((answer, i) => [answer, hashes[i]!]));
}

// ---------------------------------------------------------------------------------------------------------------
// A seeded PRNG (mulberry32), one independent stream per part of the data so that changing how customers are
// made does not reshuffle the stores.

export class Rng {
  private state: number;

  constructor(seed: number, stream = '') {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0;
    this.state = h;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let x = this.next() * total;
    for (const [item, w] of items) {
      x -= w;
      if (x < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }

  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }

  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = Math.floor(this.next() * 256);
    return b;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Time. Days are counted in Tanzanian time (EAT, UTC+3 all year): "today" is the EAT date of `now`.

const DAY_MS = 86_400_000;
const EAT_MS = 3 * 3_600_000;

class Calendar {
  readonly today: number;
  private readonly nowMs: number;

  constructor(now: Date) {
    this.nowMs = now.getTime();
    this.today = Math.floor((this.nowMs + EAT_MS) / DAY_MS);
  }

  date(day: number): string {
    return new Date(day * DAY_MS).toISOString().slice(0, 10);
  }

  /** dd/mm/yyyy, as customers read dates in SMS. */
  local(day: number): string {
    const [y, m, d] = this.date(day).split('-');
    return `${d}/${m}/${y}`;
  }

  /** The instant `minute` minutes into EAT day `day`, never later than now. */
  at(day: number, minute: number): string {
    const ms = Math.min(day * DAY_MS + minute * 60_000 - EAT_MS, this.nowMs - 60_000);
    return new Date(ms).toISOString();
  }

  /** A moment in business hours (07:00-20:59 EAT) of `day`. */
  during(day: number, rng: Rng): string {
    return this.at(day, rng.int(7 * 60, 21 * 60 - 1));
  }

  /** `minutes` after the instant `iso`, never later than now. */
  after(iso: string, minutes: number): string {
    return new Date(Math.min(Date.parse(iso) + minutes * 60_000, this.nowMs - 60_000)).toISOString();
  }

  /** An instant `minutesAgo` before now. */
  ago(minutesAgo: number): string {
    return new Date(this.nowMs - minutesAgo * 60_000).toISOString();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reference data.

interface RegionSpec {
  name: string;
  territory: string;
  lat: number;
  lng: number;
  /** The first two digits of the region's postcodes (approximately the national postcode zones). */
  postal: string;
  stores: number;
  districts: ReadonlyArray<readonly [string, readonly string[]]>;
}

const REGIONS: readonly RegionSpec[] = [
  {
    name: 'Dar es Salaam',
    territory: 'Coastal',
    lat: -6.7924,
    lng: 39.2083,
    postal: '11',
    stores: 6,
    districts: [
      ['Ilala', ['Kariakoo', 'Buguruni', 'Vingunguti', 'Tabata', 'Gongo la Mboto', 'Ukonga']],
      ['Kinondoni', ['Magomeni', 'Mwananyamala', 'Kijitonyama', 'Sinza', 'Tandale']],
      ['Temeke', ['Mbagala', "Chang'ombe", 'Keko', 'Azimio', 'Tandika']],
      ['Ubungo', ['Manzese', 'Kimara', 'Mbezi', 'Ubungo']],
      ['Kigamboni', ['Vijibweni', 'Kibada', 'Mjimwema']],
    ],
  },
  {
    name: 'Pwani',
    territory: 'Coastal',
    lat: -6.7667,
    lng: 38.9167,
    postal: '61',
    stores: 1,
    districts: [
      ['Kibaha', ['Tumbi', 'Mailimoja', 'Picha ya Ndege']],
      ['Bagamoyo', ['Dunda', 'Magomeni', 'Kiromo']],
      ['Mkuranga', ['Mkuranga', 'Vikindu']],
    ],
  },
  {
    name: 'Tanga',
    territory: 'Coastal',
    lat: -5.0689,
    lng: 39.0988,
    postal: '21',
    stores: 2,
    districts: [
      ['Tanga City', ['Chumbageni', 'Ngamiani Kati', 'Makorora', 'Mabawa', 'Nguvumali']],
      ['Korogwe', ['Old Korogwe', 'Manundu']],
      ['Muheza', ['Genge', 'Tanganyika']],
    ],
  },
  {
    name: 'Morogoro',
    territory: 'Coastal',
    lat: -6.8278,
    lng: 37.6591,
    postal: '67',
    stores: 2,
    districts: [
      ['Morogoro Municipal', ['Kihonda', 'Mazimbu', 'Mji Mkuu', 'Boma', 'Kichangani', 'Mafiga']],
      ['Kilosa', ['Kilosa Mjini', 'Magomeni']],
      ['Ifakara', ['Ifakara', 'Lumemo']],
    ],
  },
  {
    name: 'Arusha',
    territory: 'Northern',
    lat: -3.3869,
    lng: 36.683,
    postal: '23',
    stores: 3,
    districts: [
      ['Arusha City', ['Kaloleni', 'Sombetini', 'Ngarenaro', 'Levolosi', 'Unga Limited', 'Kimandolu']],
      ['Arumeru', ['Usa River', 'Tengeru', 'Nkoaranga']],
      ['Karatu', ['Karatu', 'Rhotia']],
    ],
  },
  {
    name: 'Kilimanjaro',
    territory: 'Northern',
    lat: -3.3348,
    lng: 37.3404,
    postal: '25',
    stores: 2,
    districts: [
      ['Moshi Municipal', ['Majengo', 'Kiboriloni', 'Pasua', 'Bondeni', 'Soweto', 'Mawenzi']],
      ['Hai', ['Bomang’ombe', 'Machame']],
      ['Rombo', ['Mkuu', 'Tarakea']],
    ],
  },
  {
    name: 'Manyara',
    territory: 'Northern',
    lat: -4.2117,
    lng: 35.7475,
    postal: '27',
    stores: 1,
    districts: [
      ['Babati', ['Babati Mjini', 'Bagara', 'Maisaka']],
      ['Mbulu', ['Mbulu Mjini', 'Haydom']],
    ],
  },
  {
    name: 'Mwanza',
    territory: 'Lake',
    lat: -2.5164,
    lng: 32.9175,
    postal: '33',
    stores: 3,
    districts: [
      ['Nyamagana', ['Igoma', 'Mkolani', 'Buhongwa', 'Pamba', 'Mirongo', 'Mbugani']],
      ['Ilemela', ['Kirumba', 'Buswelu', 'Nyakato', 'Pasiansi']],
      ['Sengerema', ['Sengerema', 'Nyampulukano']],
    ],
  },
  {
    name: 'Kagera',
    territory: 'Lake',
    lat: -1.3317,
    lng: 31.8122,
    postal: '35',
    stores: 1,
    districts: [
      ['Bukoba Municipal', ['Bakoba', 'Kashai', 'Hamugembe', 'Rwamishenye']],
      ['Karagwe', ['Kayanga', 'Bugene']],
    ],
  },
  {
    name: 'Mara',
    territory: 'Lake',
    lat: -1.5,
    lng: 33.8,
    postal: '31',
    stores: 1,
    districts: [
      ['Musoma Municipal', ['Mwigobero', 'Nyasho', 'Kamunyonge', 'Mukendo']],
      ['Tarime', ['Tarime Mjini', 'Nyamisangura']],
    ],
  },
  {
    name: 'Shinyanga',
    territory: 'Lake',
    lat: -3.6639,
    lng: 33.4231,
    postal: '37',
    stores: 1,
    districts: [
      ['Shinyanga Municipal', ['Ngokolo', 'Kambarage', 'Ndembezi', 'Chamaguha']],
      ['Kahama', ['Nyahanga', 'Majengo', 'Nyasubi']],
    ],
  },
  {
    name: 'Geita',
    territory: 'Lake',
    lat: -2.8722,
    lng: 32.2302,
    postal: '30',
    stores: 1,
    districts: [
      ['Geita Town', ['Kalangalala', 'Nyankumbu', 'Mtakuja', 'Bombambili']],
      ['Chato', ['Chato', 'Muganza']],
    ],
  },
  {
    name: 'Dodoma',
    territory: 'Central',
    lat: -6.163,
    lng: 35.7516,
    postal: '41',
    stores: 2,
    districts: [
      ['Dodoma City', ['Makole', "Chang'ombe", 'Kikuyu', 'Nkuhungu', 'Ipagala', 'Viwandani']],
      ['Chamwino', ['Chamwino', 'Buigiri']],
      ['Kondoa', ['Kondoa Mjini', 'Kolo']],
    ],
  },
  {
    name: 'Singida',
    territory: 'Central',
    lat: -4.8163,
    lng: 34.7436,
    postal: '43',
    stores: 1,
    districts: [
      ['Singida Municipal', ['Utemini', 'Mandewa', 'Kindai', 'Majengo']],
      ['Manyoni', ['Manyoni', 'Kintinku']],
    ],
  },
  {
    name: 'Tabora',
    territory: 'Central',
    lat: -5.0162,
    lng: 32.8266,
    postal: '45',
    stores: 1,
    districts: [
      ['Tabora Municipal', ['Gongoni', 'Isevya', 'Cheyo', 'Mwinyi']],
      ['Nzega', ['Nzega Mjini', 'Ijanija']],
    ],
  },
  {
    name: 'Mbeya',
    territory: 'Southern Highlands',
    lat: -8.9094,
    lng: 33.4608,
    postal: '53',
    stores: 2,
    districts: [
      ['Mbeya City', ['Iyunga', 'Ilomba', 'Mwanjelwa', 'Sisimba', 'Uyole', 'Forest']],
      ['Rungwe', ['Tukuyu Mjini', 'Kiwira']],
      ['Kyela', ['Kyela Mjini', 'Ipinda']],
    ],
  },
  {
    name: 'Iringa',
    territory: 'Southern Highlands',
    lat: -7.77,
    lng: 35.69,
    postal: '51',
    stores: 1,
    districts: [
      ['Iringa Municipal', ['Mivinjeni', 'Kihesa', 'Gangilonga', 'Mkwawa', 'Mshindo']],
      ['Mufindi', ['Mafinga', 'Igowole']],
    ],
  },
  {
    name: 'Njombe',
    territory: 'Southern Highlands',
    lat: -9.3333,
    lng: 34.7667,
    postal: '59',
    stores: 1,
    districts: [
      ['Njombe Town', ['Njombe Mjini', 'Mjimwema', 'Ramadhani']],
      ['Makambako', ['Makambako', 'Mlowa']],
    ],
  },
  {
    name: 'Mtwara',
    territory: 'Southern',
    lat: -10.2667,
    lng: 40.1833,
    postal: '63',
    stores: 1,
    districts: [
      ['Mtwara Mikindani', ['Chikongola', 'Shangani', 'Likombe', 'Majengo']],
      ['Masasi', ['Jida', 'Mkuti']],
    ],
  },
  {
    name: 'Lindi',
    territory: 'Southern',
    lat: -9.9971,
    lng: 39.7144,
    postal: '65',
    stores: 1,
    districts: [
      ['Lindi Municipal', ['Mitandi', 'Wailes', 'Makonde']],
      ['Nachingwea', ['Nachingwea Mjini', 'Naipanga']],
    ],
  },
];

const MALE_NAMES = [
  'Juma',
  'Hamisi',
  'Baraka',
  'Rashidi',
  'Salim',
  'Hassani',
  'Abdallah',
  'Emmanuel',
  'Joseph',
  'Daudi',
  'Yusufu',
  'Musa',
  'Said',
  'Bakari',
  'Omari',
  'Athumani',
  'Ramadhani',
  'Shabani',
  'Frank',
  'Godfrey',
  'Elia',
  'Petro',
  'Kassim',
  'Selemani',
  'Haruna',
  'Issa',
  'Ally',
  'Rajabu',
  'Zuberi',
  'Faraji',
  'Jabiri',
  'Amani',
  'Ibrahimu',
  'Mussa',
  'Hemedi',
  'Kheri',
  'Nassoro',
  'Yohana',
  'Paulo',
  'Samweli',
  'Erasto',
  'Wilson',
  'Deogratius',
  'Msafiri',
];
const FEMALE_NAMES = [
  'Neema',
  'Rehema',
  'Zawadi',
  'Mwanaisha',
  'Amina',
  'Halima',
  'Mariamu',
  'Grace',
  'Esther',
  'Upendo',
  'Furaha',
  'Subira',
  'Saida',
  'Zainabu',
  'Asha',
  'Mwajuma',
  'Tatu',
  'Salma',
  'Fatuma',
  'Rukia',
  'Happiness',
  'Agnes',
  'Joyce',
  'Witness',
  'Imani',
  'Zuhura',
  'Hadija',
  'Mwanahawa',
  'Pendo',
  'Faraja',
  'Rose',
  'Anna',
  'Elizabeth',
  'Rahma',
  'Sikudhani',
  'Mwanahamisi',
  'Tumaini',
  'Devota',
  'Scholastica',
  'Veronika',
  'Modesta',
  'Janeth',
];
const SURNAMES = [
  'Mwakyusa',
  'Mushi',
  'Massawe',
  'Kimaro',
  'Lyimo',
  'Temba',
  'Mrema',
  'Shirima',
  'Mollel',
  'Laizer',
  'Kisanga',
  'Mwakalinga',
  'Mwansasu',
  'Mbwambo',
  'Kombo',
  'Mfinanga',
  'Magesa',
  'Mashauri',
  'Juma',
  'Hamisi',
  'Ally',
  'Said',
  'Bakari',
  'Omari',
  'Salum',
  'Mohamed',
  'Abdallah',
  'Mwita',
  'Chacha',
  'Marwa',
  'Wambura',
  'Ngowi',
  'Urassa',
  'Swai',
  'Minja',
  'Kessy',
  'Msuya',
  'Kileo',
  'Njau',
  'Tarimo',
  'Massay',
  'Lukumay',
  'Sanga',
  'Mligo',
  'Kihwelo',
  'Mdoe',
  'Shayo',
  'Mapunda',
  'Komba',
  'Haule',
  'Ngonyani',
  'Mbilinyi',
  'Nyoni',
  'Kapinga',
  'Mhagama',
  'Makame',
  'Haji',
  'Mwakasege',
  'Mwaipopo',
  'Kalinga',
  'Mwamba',
  'Kaduma',
  'Malisa',
  'Mosha',
  'Nnko',
  'Sumari',
  'Mtui',
  'Kitwana',
  'Mfaume',
  'Mnyampala',
  'Kulwa',
  'Doto',
  'Masanja',
  'Mabula',
  'Shija',
  'Ndaki',
  'Kashindye',
];
const VILLAGES = [
  'Mwembeni',
  'Kisiwani',
  'Mnazi Mmoja',
  'Majengo',
  'Sokoni',
  'Bondeni',
  'Mjimwema',
  'Kilimani',
  'Msikitini',
  'Shuleni',
  'Kanisani',
  'Mlimani',
  'Kichangani',
  'Mwenge',
  'Uwanjani',
  'Mtakuja',
  'Amani',
  'Muungano',
  'Tupendane',
];
const STREETS = [
  'Mtaa wa Uhuru',
  'Mtaa wa Jamhuri',
  'Mtaa wa Lumumba',
  'Mtaa wa Msimbazi',
  'Mtaa wa Sokoine',
  'Mtaa wa Kawawa',
  'Mtaa wa Mandela',
  'Mtaa wa Samora',
  'Mtaa wa Bibi Titi',
  'Mtaa wa Nkrumah',
  'Mtaa wa Kongo',
  'Mtaa wa Aggrey',
  'Mtaa wa Livingstone',
  'Mtaa wa Zanaki',
  'Mtaa wa Mchikichini',
  'Mtaa wa Azimio',
  'Mtaa wa Maendeleo',
];
const SHOP_NAMES = [
  'Baraka Simu Centre',
  'Neema Phones',
  'Upendo Electronics',
  'Amani Mobile Shop',
  'Tumaini Simu Point',
  'Faraja Mobile',
  'Zawadi Phone Care',
  'Mwanga Electronics',
  'Jirani Simu Shop',
  'Imani Mobile World',
  'Kilele Phones',
  'Nyota Simu Centre',
  'Bahati Mobile Shop',
  'Furaha Electronics',
  'Mshikamano Phones',
];

/**
 * The catalogue: low-end Android phones sold on credit in Tanzania, with retail prices in TZS (around 2024).
 * The TACs (the first 8 IMEI digits) are made up in the shape real ones have, not the manufacturers' own.
 */
const PHONES = [
  { brand: 'itel', name: 'itel A70', model: 'A665L', storage: 64, ram: 3, lock: 'dial_code', rrp: 215_000, tac: '35812407', weight: 14 },
  { brand: 'ZTE', name: 'ZTE Blade A35', model: 'Blade A35', storage: 64, ram: 4, lock: 'zte', rrp: 199_000, tac: '86937605', weight: 9 },
  { brand: 'TECNO', name: 'TECNO POP 8', model: 'BG6', storage: 64, ram: 3, lock: 'oguard', rrp: 235_000, tac: '35266118', weight: 13 },
  { brand: 'ZTE', name: 'ZTE Blade A55', model: 'Blade A55', storage: 64, ram: 4, lock: 'zte', rrp: 245_000, tac: '86937612', weight: 6 },
  {
    brand: 'Infinix',
    name: 'Infinix Smart 8',
    model: 'X6525',
    storage: 64,
    ram: 3,
    lock: 'oguard',
    rrp: 255_000,
    tac: '35410321',
    weight: 11,
  },
  {
    brand: 'Samsung',
    name: 'Samsung Galaxy A04e',
    model: 'SM-A042F',
    storage: 32,
    ram: 3,
    lock: 'trustonic',
    rrp: 265_000,
    tac: '35067752',
    weight: 7,
  },
  { brand: 'vivo', name: 'vivo Y03', model: 'V2333', storage: 64, ram: 4, lock: 'vivo', rrp: 289_000, tac: '86172406', weight: 7 },
  { brand: 'itel', name: 'itel P55', model: 'P661N', storage: 128, ram: 4, lock: 'rguard', rrp: 299_000, tac: '35812433', weight: 8 },
  {
    brand: 'Samsung',
    name: 'Samsung Galaxy A05',
    model: 'SM-A055F',
    storage: 64,
    ram: 4,
    lock: 'trustonic',
    rrp: 315_000,
    tac: '35067790',
    weight: 8,
  },
  {
    brand: 'Infinix',
    name: 'Infinix HOT 40i',
    model: 'X6528B',
    storage: 128,
    ram: 4,
    lock: 'trustonic',
    rrp: 345_000,
    tac: '35410367',
    weight: 6,
  },
  {
    brand: 'TECNO',
    name: 'TECNO Spark 20',
    model: 'KJ5',
    storage: 128,
    ram: 8,
    lock: 'trustonic',
    rrp: 375_000,
    tac: '35266184',
    weight: 5,
  },
  {
    brand: 'Samsung',
    name: 'Samsung Galaxy A05s',
    model: 'SM-A057F',
    storage: 64,
    ram: 4,
    lock: 'trustonic',
    rrp: 385_000,
    tac: '35067815',
    weight: 4,
  },
  { brand: 'vivo', name: 'vivo Y17s', model: 'V2310', storage: 128, ram: 4, lock: 'vivo', rrp: 399_000, tac: '86172453', weight: 3 },
] as const;
type Phone = (typeof PHONES)[number];

/** 210 days: a multiple of 7 and 30, so daily, weekly and monthly plans pay the same total in whole installments. */
const TERM_DAYS = 210;
const CREDIT_MULTIPLIER_PCT = 145;
const TWELVE_MONTHS_MULTIPLIER_PCT = 165;
const DEPOSIT_PCT = 20;
const PRICE_CHANGE_DAYS_AGO = 120;
/** A defaulted handset is locked when this many days pass after the missed due date. */
const LOCK_GRACE_DAYS = 3;

type Period = 'daily' | 'weekly' | 'monthly' | 'twelve_months';
const PERIODS: ReadonlyArray<readonly [Period, number]> = [
  ['daily', 55],
  ['weekly', 25],
  ['monthly', 12],
  ['twelve_months', 8],
];
const PERIOD_SW: Record<Period, string> = {
  daily: 'kila siku',
  weekly: 'kila wiki',
  monthly: 'kila mwezi',
  twelve_months: 'kila mwezi (miezi 12)',
};

type Method = 'mpesa' | 'tigo_pesa' | 'airtel_money' | 'halopesa' | 'pos';
/** Mobile prefixes (after 255) by network, weighted roughly by market share, and each network's wallet. */
const NETWORKS: ReadonlyArray<readonly [{ prefixes: readonly string[]; wallet: Method }, number]> = [
  [{ prefixes: ['74', '75', '76'], wallet: 'mpesa' }, 31],
  [{ prefixes: ['65', '67', '71', '77'], wallet: 'tigo_pesa' }, 29],
  [{ prefixes: ['68', '69', '78'], wallet: 'airtel_money' }, 28],
  [{ prefixes: ['61', '62'], wallet: 'halopesa' }, 12],
];
const WALLET_NAME: Record<Method, string> = {
  mpesa: 'M-Pesa',
  tigo_pesa: 'Mixx by Yas',
  airtel_money: 'Airtel Money',
  halopesa: 'HaloPesa',
  pos: 'POS',
};
/** The business's collection paybill on each network (demo numbers). */
const PAYBILL: Record<Exclude<Method, 'pos'>, string> = {
  mpesa: '400200',
  tigo_pesa: '350350',
  airtel_money: '555100',
  halopesa: '727272',
};

const SECURITY_QUESTIONS: Record<string, readonly string[]> = {
  mother_first_name: ['Neema', 'Rehema', 'Zawadi', 'Amina', 'Halima', 'Mwajuma', 'Tatu', 'Upendo'],
  birth_village: ['Kisiwani', 'Mwembeni', 'Majengo', 'Bondeni', 'Mlimani', 'Kichangani'],
  first_school: ['Uhuru', 'Mapambano', 'Mwenge', 'Azimio', 'Tumaini', 'Umoja'],
  favourite_food: ['Ugali', 'Wali', 'Pilau', 'Ndizi', 'Chipsi mayai', 'Makande'],
};

const SERVICE_CENTRES = [
  'Carlcare Kariakoo',
  'Carlcare Mwanza',
  'Samsung Service Centre Mlimani City',
  'vivo Care Arusha',
  'Simu Repair Hub Dodoma',
  'Carlcare Mbeya',
];
const REPAIR_REASONS = [
  'Cracked screen',
  'Battery does not charge',
  'Water damage',
  'Charging port faulty',
  'Stuck on boot logo',
  'Speaker not working',
];

// ---------------------------------------------------------------------------------------------------------------
// The loans' spread. Every defaulter ageing category (spec section 9) is present in fixed numbers, whatever the seed.

type Scenario = 'closed' | 'healthy' | 1 | 2 | 3 | 4 | 5;
const BORROWER_SCENARIOS: ReadonlyArray<readonly [Scenario, number]> = [
  ['closed', 300],
  ['healthy', 880],
  [1, 220],
  [2, 200],
  [3, 180],
  [4, 190],
  [5, 230],
];
/** Registered customers who have not borrowed yet: most qualify for a phone, a few for none. */
const PROSPECTS = 250;
const NON_QUALIFYING_PROSPECTS = 25;

function daysDefaultedFor(scenario: 1 | 2 | 3 | 4 | 5, rng: Rng): number {
  switch (scenario) {
    case 1:
      return rng.int(1, 3);
    case 2:
      return rng.int(4, 7);
    case 3:
      return rng.int(8, 14);
    case 4:
      return rng.int(15, 30);
    case 5:
      return 31 + Math.floor(rng.next() ** 2 * 210);
  }
}

// ---------------------------------------------------------------------------------------------------------------

const roundTo = (x: number, step: number) => Math.round(x / step) * step;
const ceilTo = (x: number, step: number) => Math.ceil(x / step) * step;
const tzs = (amount: number) => `TZS ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HEX = '0123456789abcdef';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Unique values from a generator: draws again on a clash (rare, and deterministic). */
function uniqueFrom(used: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

export function generateBusiness(options: SeedOptions): BusinessData {
  const { seed } = options;
  const cal = new Calendar(options.now);
  const today = cal.today;
  const data: BusinessData = {
    agent_categories: [],
    regions: [],
    shop_owners: [],
    stores: [],
    agents: [],
    phone_models: [],
    phone_prices: [],
    inventory_items: [],
    customers: [],
    customer_limits: [],
    devices: [],
    loans: [],
    transactions: [],
    customer_sms: [],
    device_incidents: [],
  };
  const msisdns = new Set<string>();
  const imeis = new Set<string>();
  const newMsisdn = (rng: Rng) =>
    uniqueFrom(msisdns, () => {
      const network = rng.weighted(NETWORKS);
      return `255${rng.pick(network.prefixes)}${rng.digits(7)}`;
    });
  const walletOf = (msisdn: string): Method => NETWORKS.find(([n]) => n.prefixes.includes(msisdn.slice(3, 5)))?.[0].wallet ?? 'mpesa';
  const personName = (rng: Rng, sex: 'M' | 'F') => ({
    first: rng.pick(sex === 'M' ? MALE_NAMES : FEMALE_NAMES),
    other: `${rng.pick(MALE_NAMES)} ${rng.pick(SURNAMES)}`,
  });

  // Agent categories.
  const startDay = today - 900;
  for (const [i, [name, status]] of (
    [
      ['Platinum', 'active'],
      ['Gold', 'active'],
      ['Silver', 'active'],
      ['Bronze', 'active'],
      ['Trainee', 'inactive'],
    ] as const
  ).entries()) {
    data.agent_categories.push({ id: i + 1, name, status, date_created: cal.at(startDay + i * 7, 9 * 60) });
  }

  // Regions, shop owners, stores and agents.
  const places = new Rng(seed, 'places');
  const storeInfo: Array<{ id: number; region: RegionSpec; main: boolean; agents: number[]; biller: string; name: string }> = [];
  const storeNames = new Set<string>();
  for (const [r, region] of REGIONS.entries()) {
    const regionId = r + 1;
    data.regions.push({ id: regionId, name: region.name, territory: region.territory, created_at: cal.at(startDay + r, 10 * 60) });
    for (let s = 0; s < region.stores; s++) {
      const main = s === 0;
      const [district, wards] = places.pick(region.districts);
      const ward = places.pick(wards);
      let ownerId: number | null = null;
      if (!main && places.chance(0.9)) {
        const sex = places.chance(0.6) ? 'M' : 'F';
        const owner = personName(places, sex);
        ownerId = data.shop_owners.length + 1;
        data.shop_owners.push({
          id: ownerId,
          full_name: `${owner.first} ${owner.other}`,
          msisdn: newMsisdn(places),
          created_at: cal.during(startDay + 30 + places.int(0, 500), places),
        });
      }
      const name = uniqueFrom(storeNames, () => (main ? `${region.name} Main Shop` : `${places.pick(SHOP_NAMES)} - ${ward}`));
      const mapped = main || places.chance(0.85);
      const wallet = main ? 'mpesa' : places.weighted(NETWORKS).wallet;
      const id = data.stores.length + 1;
      const biller = main ? places.digits(6) : places.digits(8).replace(/^0/, '5');
      data.stores.push({
        id,
        name,
        region_id: regionId,
        store_type: main ? 'main_shop' : 'dealer_shop',
        shop_owner_id: ownerId,
        location: `${places.pick(STREETS)}, ${ward}, ${district}`,
        latitude: mapped ? (region.lat + (places.next() - 0.5) * 0.08).toFixed(6) : null,
        longitude: mapped ? (region.lng + (places.next() - 0.5) * 0.08).toFixed(6) : null,
        till_or_paybill: main ? 'paybill' : 'till',
        biller_type: wallet,
        biller_number: biller,
        created_at: cal.during(startDay + 20 + (main ? r : places.int(30, 600)), places),
      });
      storeInfo.push({ id, region, main, agents: [], biller, name });
    }
  }
  for (const store of storeInfo) {
    const count = store.main ? places.int(5, 7) : places.int(2, 4);
    for (let a = 0; a < count; a++) {
      const sex = places.chance(0.55) ? 'M' : 'F';
      const person = personName(places, sex);
      const id = data.agents.length + 1;
      const located = places.chance(0.8);
      data.agents.push({
        id,
        full_name: `${person.first} ${person.other}`,
        msisdn: newMsisdn(places),
        store_id: store.id,
        category_id: places.chance(0.8)
          ? places.weighted([
              [1, 1],
              [2, 3],
              [3, 4],
              [4, 3],
              [5, 1],
            ] as const)
          : null,
        status: places.chance(0.93) ? 'active' : 'inactive',
        latitude: located ? (store.region.lat + (places.next() - 0.5) * 0.1).toFixed(6) : null,
        longitude: located ? (store.region.lng + (places.next() - 0.5) * 0.1).toFixed(6) : null,
        location_updated_at: located ? cal.during(today - places.int(1, 90), places) : null,
        created_at: cal.during(startDay + 40 + places.int(0, 600), places),
      });
      if (data.agents[id - 1]!.status === 'active') store.agents.push(id);
    }
    if (store.agents.length === 0) {
      data.agents[data.agents.length - 1]!.status = 'active';
      store.agents.push(data.agents.length);
    }
  }

  // The catalogue and its prices: an older price list, and the current one since PRICE_CHANGE_DAYS_AGO.
  const priceChangeDay = today - PRICE_CHANGE_DAYS_AGO;
  const priceOf = (rrp: number) => {
    const deposit = roundTo((rrp * DEPOSIT_PCT) / 100, 1000);
    const daily = ceilTo(((rrp * CREDIT_MULTIPLIER_PCT) / 100 - deposit) / TERM_DAYS, 100);
    const twelve = ceilTo(((rrp * TWELVE_MONTHS_MULTIPLIER_PCT) / 100 - deposit) / 12, 500);
    return { rrp, deposit, daily, twelve, wholesale: roundTo(rrp * 0.83, 1000) };
  };
  type Price = ReturnType<typeof priceOf> & { id: number };
  const prices: Array<{ old: Price; current: Price }> = [];
  for (const [i, phone] of PHONES.entries()) {
    const modelId = i + 1;
    data.phone_models.push({
      id: modelId,
      sku: `${phone.brand.slice(0, 3).toUpperCase()}-${phone.model.replace(/\s+/g, '')}-${phone.storage}-${phone.ram}`,
      brand: phone.brand,
      name: `${phone.name} (${phone.storage} GB)`,
      model: phone.model,
      storage_gb: phone.storage,
      ram_gb: phone.ram,
      lock_solution_type: phone.lock,
      active: true,
      created_at: cal.at(startDay, 11 * 60 + i),
    });
    const old = { ...priceOf(roundTo(phone.rrp * 0.94, 1000)), id: 2 * i + 1 };
    const current = { ...priceOf(phone.rrp), id: 2 * i + 2 };
    for (const [p, from, to] of [
      [old, startDay, priceChangeDay],
      [current, priceChangeDay, null],
    ] as const) {
      data.phone_prices.push({
        id: p.id,
        phone_model_id: modelId,
        rrp: p.rrp,
        wholesale_price: p.wholesale,
        credit_multiplier: (CREDIT_MULTIPLIER_PCT / 100).toFixed(2),
        deposit: p.deposit,
        daily_payment: p.daily,
        installments: TERM_DAYS,
        twelve_months_payment: p.twelve,
        effective_from: cal.at(from, 6 * 60),
        effective_to: to === null ? null : cal.at(to, 6 * 60),
        created_at: cal.at(from - 2, 14 * 60),
      });
    }
    prices.push({ old, current });
  }
  const newImei = (rng: Rng, phone: Phone) =>
    uniqueFrom(imeis, () => {
      const payload = `${phone.tac}${rng.digits(6)}`;
      return `${payload}${luhnCheckDigit(payload)}`;
    });

  // Stock in every store; main shops carry every model.
  const stock = new Rng(seed, 'stock');
  for (const store of storeInfo) {
    for (const [m, phone] of PHONES.entries()) {
      const count = store.main
        ? stock.int(2, 6)
        : stock.weighted([
            [0, 2],
            [1, 3],
            [2, 3],
            [3, 2],
          ] as const);
      for (let k = 0; k < count; k++) {
        data.inventory_items.push({
          id: data.inventory_items.length + 1,
          phone_model_id: m + 1,
          store_id: store.id,
          imei: newImei(stock, phone),
          status: 'in_stock',
          received_at: cal.during(today - stock.int(1, 90), stock),
          sold_at: null,
        });
      }
    }
  }

  // Customers: borrowers (each with a device and a loan) first, then prospects.
  const people = new Rng(seed, 'customers');
  const lending = new Rng(seed, 'loans');
  const paying = new Rng(seed, 'payments');
  const texting = new Rng(seed, 'sms');
  const scenarios: Scenario[] = [];
  for (const [scenario, count] of BORROWER_SCENARIOS) for (let i = 0; i < count; i++) scenarios.push(scenario);
  people.shuffle(scenarios);
  const prospectQualifies: boolean[] = [];
  for (let i = 0; i < PROSPECTS; i++) prospectQualifies.push(i >= NON_QUALIFYING_PROSPECTS);
  people.shuffle(prospectQualifies);

  const nidas = new Set<string>();
  const keys = new Set<string>();
  const receipts = new Set<string>();
  const storeWeights = storeInfo.map((s) => [s, s.main ? 3 : 2] as const);
  const phoneWeights = PHONES.map((p, i) => [i, p.weight] as const);
  const cheapest = Math.min(...prices.map((p) => p.current.rrp));
  const dearest = Math.max(...prices.map((p) => p.current.rrp));

  const sms = (customerId: number, msisdn: string, body: string, category: string, sentAt: string) => {
    data.customer_sms.push({
      id: data.customer_sms.length + 1,
      customer_id: customerId,
      msisdn,
      body,
      category,
      status: texting.weighted([
        ['delivered', 95],
        ['sent', 3],
        ['failed', 2],
      ] as const),
      sent_at: sentAt,
    });
  };

  const receiptFor = (method: Method, day: number, rng: Rng): string =>
    uniqueFrom(receipts, () => {
      const ymd = cal.date(day).slice(2).replace(/-/g, '');
      switch (method) {
        case 'mpesa':
          return `${rng.pick([...UPPER])}${rng.chars(9, UPPER_DIGITS)}`;
        case 'tigo_pesa':
          return `MP${ymd}.${rng.digits(4)}.${rng.pick([...UPPER])}${rng.digits(5)}`;
        case 'airtel_money':
          return `CI${ymd}.${rng.digits(4)}.H${rng.digits(5)}`;
        case 'halopesa':
          return `HP${rng.digits(12)}`;
        case 'pos':
          return `POS${ymd}${rng.digits(6)}`;
      }
    });

  const total = scenarios.length + PROSPECTS;
  for (let c = 0; c < total; c++) {
    const customerId = c + 1;
    const scenario: Scenario | 'prospect' = c < scenarios.length ? scenarios[c]! : 'prospect';
    const store = people.weighted(storeWeights);
    const region = store.region;
    const sex = people.chance(0.52) ? 'M' : 'F';
    const name = personName(people, sex);
    const msisdn = newMsisdn(people);
    const [district, wards] = people.pick(region.districts);
    const bornHere = people.chance(0.75);
    const birthRegion = bornHere ? region : people.pick(REGIONS);
    const [birthDistrict, birthWards] = bornHere ? [district, wards] : people.pick(birthRegion.districts);

    // When the loan starts decides when the customer registered (shortly before it).
    const phoneIndex = people.weighted(phoneWeights);
    const period = lending.weighted(PERIODS);
    const interval = period === 'daily' ? 1 : period === 'weekly' ? 7 : 30;
    const installments = period === 'twelve_months' ? 12 : TERM_DAYS / interval;
    let loanStart = 0;
    let paidUnits = 0;
    let daysDefaulted = 0;
    let nextDue: number | null = null;
    if (scenario === 'closed') {
      loanStart = today - installments * interval - lending.int(5, 300);
      paidUnits = installments;
    } else if (scenario === 'healthy') {
      // Up to date: the next installment falls due today or later (daily payers may be a few days ahead).
      const ahead = period === 'daily' ? lending.int(0, 6) : lending.int(0, interval - 1);
      const minUnits = Math.ceil((ahead + 1) / interval) - 1;
      paidUnits = lending.int(minUnits, installments - 1);
      nextDue = today + ahead;
      loanStart = nextDue - (paidUnits + 1) * interval;
    } else if (scenario !== 'prospect') {
      daysDefaulted = daysDefaultedFor(scenario, lending);
      paidUnits = lending.int(0, installments - 1);
      nextDue = today - daysDefaulted;
      loanStart = nextDue - (paidUnits + 1) * interval;
    }
    const registeredDay = scenario === 'prospect' ? today - people.int(0, 200) : loanStart - people.int(0, 30);
    const dob = registeredDay - people.int(18 * 365 + 5, 62 * 365);
    const dobDigits = cal.date(dob).replace(/-/g, '');
    const nida = uniqueFrom(nidas, () => `${dobDigits}${people.digits(5)}${people.digits(5)}${people.digits(2)}`);
    const idType = people.weighted([
      ['nida', 85],
      ['voter', 10],
      ['driving_licence', 5],
    ] as const);
    const nationalId =
      idType === 'nida'
        ? formatNida(nida)
        : idType === 'voter'
          ? `T-${people.digits(4)}-${people.digits(4)}-${people.digits(3)}-${people.digits(1)}`
          : `40${people.digits(8)}`;
    const question = people.chance(0.9) ? people.pick(Object.keys(SECURITY_QUESTIONS)) : null;
    const agentId = people.pick(store.agents);
    data.customers.push({
      id: customerId,
      msisdn,
      first_name: name.first,
      other_names: name.other,
      sex,
      date_of_birth: cal.date(dob),
      id_type: idType,
      national_id: nationalId,
      nida_number: nida,
      birth_country: 'Tanzania',
      birth_region: birthRegion.name,
      birth_district: birthDistrict,
      birth_ward: people.pick(birthWards),
      resident_postal_code: `${region.postal}${people.digits(3)}`,
      resident_region: region.name,
      resident_district: district,
      resident_village: people.pick(VILLAGES),
      resident_street: people.pick(STREETS),
      customer_key: uniqueFrom(keys, () => `CK${people.chars(10, CROCKFORD)}`),
      security_question: question,
      security_answer: question === null ? null : people.pick(SECURITY_QUESTIONS[question]!),
      security_answer_hash: null,
      store_id: store.id,
      registered_by_agent_id: agentId,
      registered_at: cal.during(registeredDay, people),
    });

    // The limit: what the customer may take next. Good payers get more, serious defaulters nothing.
    let limit: number;
    if (scenario === 'prospect') {
      limit = prospectQualifies[c - scenarios.length] ? roundTo(people.int(cheapest, dearest + 50_000), 10_000) : people.pick([0, 100_000]);
    } else if (scenario === 'closed') {
      limit = ceilTo(people.int(prices[phoneIndex]!.current.rrp, dearest + 100_000), 10_000);
    } else if (scenario === 4 || scenario === 5) {
      limit = 0;
    } else {
      limit = ceilTo(people.int(cheapest, dearest), 10_000);
    }
    data.customer_limits.push({
      customer_id: customerId,
      limit_amount: limit,
      score: limit === 0 ? people.int(120, 420) : people.int(450, 900),
      updated_at: cal.during(today - people.int(0, 14), people),
    });

    if (scenario === 'prospect') {
      if (limit >= cheapest) {
        const day = Math.min(today, registeredDay + texting.int(0, 2));
        sms(
          customerId,
          msisdn,
          `Habari ${name.first}, umestahili kupata simu janja kwa mkopo hadi ${tzs(limit)}. Tembelea ${store.name} ukiwa na kitambulisho chako cha NIDA.`,
          'qualified',
          cal.during(day, texting),
        );
      }
      continue;
    }

    // The sale: stock item, device, loan.
    const phone = PHONES[phoneIndex]!;
    const price = loanStart < priceChangeDay ? prices[phoneIndex]!.old : prices[phoneIndex]!.current;
    const installment = period === 'twelve_months' ? price.twelve : price.daily * interval;
    const deposit = price.deposit;
    const loanId = data.loans.length + 1;
    const loanNumber = `LN${String(loanId).padStart(7, '0')}`;
    const depositMinute = lending.int(8 * 60, 18 * 60);
    const enrolledAt = cal.at(loanStart, depositMinute + 12);
    const startedAt = cal.at(loanStart, depositMinute + 15);
    const imei = newImei(lending, phone);
    const itemId = data.inventory_items.length + 1;
    data.inventory_items.push({
      id: itemId,
      phone_model_id: phoneIndex + 1,
      store_id: store.id,
      imei,
      status: 'sold',
      received_at: cal.during(loanStart - lending.int(3, 60), lending),
      sold_at: startedAt,
    });

    // Payments: the deposit, then the paid installments in a few lump sums, maybe a part payment on top.
    const active = scenario !== 'closed';
    const partial =
      active && paidUnits < installments && lending.chance(0.3) ? 100 * lending.int(1, Math.floor((installment - 1) / 100)) : 0;
    const amountPaid = paidUnits * installment + partial;
    const lastPayDay = active ? Math.min(today, nextDue! - 1) : Math.min(today - 1, loanStart + installments * interval + 5);
    const lumps: number[] = [];
    if (paidUnits > 0) {
      const maxLumps = period === 'daily' ? 12 : period === 'weekly' ? 8 : 6;
      const count = Math.min(paidUnits, lending.int(1, maxLumps));
      const cuts = new Set<number>();
      while (cuts.size < count - 1) cuts.add(lending.int(1, paidUnits - 1));
      let previous = 0;
      for (const cut of [...cuts].sort((a, b) => a - b).concat(paidUnits)) {
        lumps.push(cut - previous);
        previous = cut;
      }
    }
    const wallet = walletOf(msisdn);
    const payerName = `${name.first} ${name.other.split(' ').pop()}`.toUpperCase();
    let balance = installment * installments;
    const payment = (kind: 'deposit' | 'repayment', amount: number, day: number, minute: number, status: 'completed' | 'failed') => {
      const method: Method = paying.chance(kind === 'deposit' ? 0.2 : 0.05) ? 'pos' : wallet;
      const txId = data.transactions.length + 1;
      const before = kind === 'deposit' ? balance + deposit : balance;
      const after = status === 'completed' ? before - amount : before;
      const at = cal.at(day, minute);
      const otherPayer = method !== 'pos' && paying.chance(0.08);
      data.transactions.push({
        id: txId,
        transaction_id: receiptFor(method, day, paying),
        master_transaction_id: `MT${cal.date(day).replace(/-/g, '')}${String(txId).padStart(8, '0')}`,
        reference_no: `${loanNumber}-${kind === 'deposit' ? 'D' : 'R'}${String(txId).padStart(8, '0')}`,
        kind,
        payment_method: method,
        status,
        amount,
        debit: 0,
        credit: status === 'completed' ? amount : 0,
        balance_before: before,
        balance_after: after,
        payment_phone: method === 'pos' ? null : otherPayer ? newMsisdn(paying) : msisdn,
        customer_name: method === 'pos' ? null : payerName,
        account_keyed_in: method === 'pos' ? loanNumber : `0${msisdn.slice(3)}`,
        business_short_code: method === 'pos' ? store.biller : PAYBILL[method],
        allocated_to: status === 'completed' ? loanNumber : null,
        customer_id: customerId,
        loan_id: loanId,
        date_processed: at,
        created_at: at,
      });
      if (status === 'completed' && kind === 'repayment') balance = after;
      return { at, method, txId: data.transactions[txId - 1]!.transaction_id as string, after };
    };
    payment('deposit', deposit, loanStart, depositMinute, 'completed');
    const paid: Array<{ day: number; at: string; amount: number; method: Method; txId: string; after: number }> = [];
    const schedule: Array<{ day: number; minute: number; amount: number }> = [];
    let units = 0;
    for (const [i, lump] of lumps.entries()) {
      units += lump;
      const due = loanStart + units * interval;
      const day = Math.max(loanStart, Math.min(lastPayDay, due - lending.int(0, Math.min(2 * interval, 10))));
      schedule.push({ day, minute: lending.int(7 * 60, 21 * 60 - 1), amount: lump * installment + (i === lumps.length - 1 ? partial : 0) });
    }
    if (lumps.length === 0 && partial > 0) {
      schedule.push({ day: lending.int(loanStart, lastPayDay), minute: lending.int(7 * 60, 21 * 60 - 1), amount: partial });
    }
    schedule.sort((a, b) => a.day - b.day || a.minute - b.minute);
    for (const s of schedule) {
      // Same-day lumps keep their order after the deposit of that day.
      const minute = s.day === loanStart ? Math.max(s.minute, depositMinute + 20) : s.minute;
      const done = payment('repayment', s.amount, s.day, minute, 'completed');
      paid.push({ day: s.day, at: done.at, amount: s.amount, method: done.method, txId: done.txId, after: done.after });
    }
    // Serious defaulters' wallets often bounce a collection attempt.
    if (daysDefaulted > 7 && paying.chance(0.25)) {
      payment('repayment', installment, today - paying.int(0, daysDefaulted - 1), paying.int(7 * 60, 20 * 60), 'failed');
    }
    const lastPaid = paid[paid.length - 1];

    const lateFee = daysDefaulted >= 8 ? Math.min(20_000, 1000 * Math.floor(daysDefaulted / 7)) : 0;
    const dueCount = (day: number) => Math.min(installments, Math.max(0, Math.floor((day - loanStart) / interval)));
    const overdueOn = (day: number) => Math.max(0, dueCount(day) * installment - amountPaid);
    const contractRef = lending.chars(32, HEX);
    const closedAt = active ? null : (lastPaid?.at ?? startedAt);
    data.loans.push({
      id: loanId,
      loan_number: loanNumber,
      customer_id: customerId,
      device_id: loanId,
      phone_price_id: price.id,
      store_id: store.id,
      agent_id: agentId,
      repayment_period: period,
      price: price.rrp,
      deposit_paid: deposit,
      installment_amount: installment,
      installments,
      interval_days: interval,
      amount_paid: amountPaid,
      late_fee: lateFee,
      amount_due: active ? overdueOn(today) + lateFee : 0,
      days_defaulted: daysDefaulted,
      last_repayment_date: lastPaid ? cal.date(lastPaid.day) : null,
      next_repayment_date: nextDue === null ? null : cal.date(nextDue),
      status: active ? 'active' : 'closed',
      contract_ref: contractRef,
      contract_url: `/econtract?ref=${contractRef}`,
      started_at: startedAt,
      closed_at: closedAt,
      created_at: startedAt,
    });

    const activated = lending.chance(0.98);
    const futureLock = active ? nextDue! + LOCK_GRACE_DAYS : null;
    const stale = scenario === 5 && lending.chance(0.5);
    let lastCheckIn: string | null = null;
    if (activated) {
      lastCheckIn = !active
        ? cal.during(Math.min(today - 1, loanStart + installments * interval + lending.int(0, 20)), lending)
        : stale
          ? cal.during(today - lending.int(5, 60), lending)
          : cal.ago(lending.int(5, 48 * 60));
      if (lastCheckIn < enrolledAt) lastCheckIn = enrolledAt;
    }
    data.devices.push({
      id: loanId,
      customer_id: customerId,
      phone_model_id: phoneIndex + 1,
      inventory_item_id: itemId,
      imei,
      lock_solution_type: phone.lock,
      lock_status: active ? 'active' : 'inactive',
      activation_status: activated ? 'activated' : 'not_activated',
      is_locked: activated && futureLock !== null && today > futureLock,
      status: 'active',
      status_since: null,
      last_check_in: lastCheckIn,
      enrolled_at: activated ? enrolledAt : null,
      future_lock_date: futureLock === null ? null : cal.date(futureLock),
      created_at: enrolledAt,
    });

    // The SMS the customer received.
    sms(
      customerId,
      msisdn,
      `Karibu ${name.first}! Mkopo wako wa simu ${phone.name} (${loanNumber}) umeanza. Amana: ${tzs(deposit)}. Rejesho ${PERIOD_SW[period]}: ${tzs(installment)}. Jumla ya kulipa: ${tzs(deposit + installment * installments)}.`,
      'welcome',
      cal.at(loanStart, depositMinute + 16),
    );
    for (const p of paid.slice(-2)) {
      sms(
        customerId,
        msisdn,
        `Tumepokea ${tzs(p.amount)} kupitia ${WALLET_NAME[p.method]}, kumb. ${p.txId}. Salio la mkopo ${loanNumber}: ${tzs(p.after)}. Asante ${name.first}!`,
        'receipt',
        cal.after(p.at, 1),
      );
    }
    if (!active) {
      sms(
        customerId,
        msisdn,
        `Hongera ${name.first}! Umemaliza kulipa mkopo ${loanNumber}. Simu yako ${phone.name} sasa ni mali yako kamili. Asante kwa kuwa mteja wetu.`,
        'closed',
        cal.after(closedAt!, 2),
      );
    } else if (daysDefaulted === 0) {
      const day = nextDue! - 1;
      if (day > loanStart && day <= today) {
        sms(
          customerId,
          msisdn,
          `Habari ${name.first}, rejesho lako la ${tzs(installment)} linatakiwa tarehe ${cal.local(nextDue!)}. Lipa kwa ${WALLET_NAME[wallet]} namba ya kampuni ${PAYBILL[wallet as Exclude<Method, 'pos'>]}, akaunti 0${msisdn.slice(3)}.`,
          'reminder',
          cal.at(day, 9 * 60 + texting.int(0, 30)),
        );
      }
    } else {
      for (const late of [1, 7, 14, 30, 60]) {
        if (late > daysDefaulted) break;
        sms(
          customerId,
          msisdn,
          `${name.first}, umechelewa kulipa rejesho kwa siku ${late}. Kiasi kilichopitwa: ${tzs(overdueOn(nextDue! + late))}. Lipa leo kuepuka simu yako kufungwa.`,
          'overdue',
          cal.at(nextDue! + late, 10 * 60 + texting.int(0, 30)),
        );
        if (late === 1 && daysDefaulted >= LOCK_GRACE_DAYS - 1) {
          sms(
            customerId,
            msisdn,
            `Tahadhari: simu yako ${phone.name} itafungwa tarehe ${cal.local(futureLock!)} kama rejesho halitalipwa. Lipa ${tzs(overdueOn(futureLock! - 1))} sasa.`,
            'lock_warning',
            cal.at(futureLock! - 1, 11 * 60 + texting.int(0, 30)),
          );
        }
      }
    }
  }

  // Incidents: a few devices on active loans stolen, lost, damaged, or stolen and since recovered.
  const incidents = new Rng(seed, 'incidents');
  const onActiveLoan = data.loans.filter((l) => l.status === 'active').map((l) => l.device_id as number);
  incidents.shuffle(onActiveLoan);
  let next = 0;
  const incident = (deviceId: number, kind: string, day: number, extra: Row = {}) => {
    data.device_incidents.push({
      id: data.device_incidents.length + 1,
      device_id: deviceId,
      kind,
      occurred_on: cal.date(day),
      service_centre: null,
      repair_reason: null,
      notes: null,
      created_at: cal.during(Math.min(today, day + incidents.int(0, 2)), incidents),
      ...extra,
    });
  };
  const startDayOf = (deviceId: number) => Math.floor((Date.parse(data.devices[deviceId - 1]!.created_at as string) + EAT_MS) / DAY_MS);
  for (const [kind, count] of [
    ['stolen', 10],
    ['lost', 6],
    ['damaged', 18],
    ['recovered', 4],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const deviceId = onActiveLoan[next++]!;
      const device = data.devices[deviceId - 1]!;
      const day = Math.max(startDayOf(deviceId) + 1, today - incidents.int(1, 60));
      if (kind === 'damaged') {
        device.status = 'damaged';
        device.status_since = cal.date(day);
        incident(deviceId, 'damaged', day, {
          service_centre: incidents.pick(SERVICE_CENTRES),
          repair_reason: incidents.pick(REPAIR_REASONS),
        });
      } else if (kind === 'recovered') {
        incident(deviceId, 'stolen', Math.max(startDayOf(deviceId) + 1, day - incidents.int(3, 20)), {
          notes: 'Reported stolen by the customer at the store',
        });
        incident(deviceId, 'recovered', day, { notes: 'Recovered with the help of the police, returned to the customer' });
      } else {
        device.status = kind;
        device.status_since = cal.date(day);
        device.is_locked = true;
        incident(deviceId, kind, day, {
          notes: kind === 'stolen' ? 'Reported stolen by the customer at the store' : 'Customer lost the phone while travelling',
        });
      }
    }
  }

  // Payments into the paybill with an account nobody has: suspended until finance corrects them.
  const suspense = new Rng(seed, 'suspense');
  for (let i = 0; i < 60; i++) {
    const day = today - suspense.int(0, 120);
    const method = suspense.weighted(NETWORKS).wallet;
    const payer = personName(suspense, suspense.chance(0.5) ? 'M' : 'F');
    const txId = data.transactions.length + 1;
    const at = cal.during(day, suspense);
    const amount = 500 * suspense.int(2, 60);
    data.transactions.push({
      id: txId,
      transaction_id: receiptFor(method, day, suspense),
      master_transaction_id: `MT${cal.date(day).replace(/-/g, '')}${String(txId).padStart(8, '0')}`,
      reference_no: `SUS-${String(txId).padStart(8, '0')}`,
      kind: 'repayment',
      payment_method: method,
      status: 'suspended',
      amount,
      debit: 0,
      credit: amount,
      balance_before: null,
      balance_after: null,
      payment_phone: newMsisdn(suspense),
      customer_name: `${payer.first} ${payer.other.split(' ').pop()}`.toUpperCase(),
      account_keyed_in: suspense.chance(0.5) ? `0${suspense.pick(['7', '6'])}${suspense.digits(7)}` : `LN${suspense.digits(6)}`,
      business_short_code: PAYBILL[method as Exclude<Method, 'pos'>],
      allocated_to: null,
      customer_id: null,
      loan_id: null,
      date_processed: at,
      created_at: at,
    });
  }
  return data;
}
