import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptedEncodings } from './static';

/**
 * The API's JSON answers, compressed when the client takes brotli or gzip (decision 097). A list page is 10-20 kB of
 * JSON (25 defaulters are 19 kB) and 2.5-3.5 kB compressed: on a phone on a slow network that is most of a page's
 * wait. Answers shorter than a packet go as they are, where compressing saves nothing worth its time. Brotli at its
 * lowest quality takes about as long as gzip's fastest (50 us for 19 kB) and writes about as small; gzip is for the
 * clients that take no brotli. A kept answer (json-answer.ts) is compressed once per encoding, as it is serialized
 * once, and so at a higher quality.
 */

/** Below this many characters an answer is sent as it is: it fits one packet. */
export const COMPRESS_FROM = 1_400;

export type Encoding = 'br' | 'gzip';

/**
 * Brotli's quality and gzip's level for an answer made per call, and for a kept answer. Per call the lowest: brotli
 * at 4 writes a list page a quarter smaller (2.5 against 3.3 kB, a few milliseconds on a slow network) for 2-3 times
 * the server's time.
 */
const LEVEL = { call: { br: 1, gzip: 1 }, kept: { br: 6, gzip: 6 } } as const;

function compress(text: string, encoding: Encoding, use: keyof typeof LEVEL): Uint8Array<ArrayBuffer> {
  const input = Buffer.from(text);
  const level = LEVEL[use][encoding];
  const output =
    encoding === 'br'
      ? brotliCompressSync(input, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: level,
            [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
          },
        })
      : gzipSync(input, { level });
  return new Uint8Array(output.buffer, output.byteOffset, output.length) as Uint8Array<ArrayBuffer>;
}

/** The encoding for an Accept-Encoding header; browsers send the same few headers, so each is read once. */
const chosen = new Map<string, Encoding | null>();
export function encodingFor(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    const accepted = acceptedEncodings(header);
    encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    if (chosen.size >= 64) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

const JSON_TYPE = 'application/json';

/**
 * Sends `text`, an answer's JSON, compressed when it is long enough and the client takes an encoding. `kept` holds
 * the compressed copies of an answer sent many times (a kept answer), by encoding.
 */
export function sendJson(c: Context, text: string, status: ContentfulStatusCode, kept?: Map<Encoding, Uint8Array<ArrayBuffer>>): Response {
  if (text.length < COMPRESS_FROM) return c.body(text, status, { 'Content-Type': JSON_TYPE });
  const encoding = encodingFor(c.req.header('accept-encoding'));
  if (!encoding) return c.body(text, status, { 'Content-Type': JSON_TYPE, Vary: 'Accept-Encoding' });
  let body = kept?.get(encoding);
  if (!body) {
    body = compress(text, encoding, kept ? 'kept' : 'call');
    kept?.set(encoding, body);
  }
  return c.body(body, status, { 'Content-Type': JSON_TYPE, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' });
}
