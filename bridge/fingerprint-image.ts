/**
 * A small grey fingerprint-like picture as an 8-bit palette BMP: ridges around a whorl inside an oval, shaped by
 * a seed so different fingers look different. Only for the portal to show something a person recognises.
 */
export const IMAGE_WIDTH = 150;
export const IMAGE_HEIGHT = 200;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) / 2 ** 32;
}

export function fingerprintBmp(seedText: string): Buffer {
  const seed = hash(seedText);
  const rowSize = Math.ceil(IMAGE_WIDTH / 4) * 4;
  const pixels = rowSize * IMAGE_HEIGHT;
  const header = 14 + 40 + 256 * 4;
  const bmp = Buffer.alloc(header + pixels);
  bmp.write('BM', 0, 'ascii');
  bmp.writeUInt32LE(header + pixels, 2);
  bmp.writeUInt32LE(header, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(IMAGE_WIDTH, 18);
  bmp.writeInt32LE(IMAGE_HEIGHT, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(8, 28);
  bmp.writeUInt32LE(pixels, 34);
  bmp.writeInt32LE(19685, 38); // 500 DPI in pixels per metre
  bmp.writeInt32LE(19685, 42);
  bmp.writeUInt32LE(256, 46);
  for (let i = 0; i < 256; i++) bmp.writeUInt32LE((i << 16) | (i << 8) | i, 54 + i * 4);
  const cx = IMAGE_WIDTH / 2 + (seed - 0.5) * 20;
  const cy = IMAGE_HEIGHT * 0.55;
  const rx = IMAGE_WIDTH * 0.42;
  const ry = IMAGE_HEIGHT * 0.44;
  for (let y = 0; y < IMAGE_HEIGHT; y++) {
    for (let x = 0; x < IMAGE_WIDTH; x++) {
      const dx = x - cx;
      const dy = IMAGE_HEIGHT - 1 - y - cy; // BMP rows run bottom-up
      const oval = (dx / rx) ** 2 + (dy / ry) ** 2;
      let grey = 255;
      if (oval < 1) {
        const angle = Math.atan2(dy, dx);
        const r = Math.sqrt(dx * dx + (dy * 0.8) ** 2) + 4 * Math.sin(angle * 2 + seed * 6.28) + 0.04 * dy;
        const ridge = Math.sin(r * 0.85 + seed * 10);
        const fade = Math.min(1, (1 - oval) * 4);
        grey = Math.round(255 - fade * (110 + 90 * ridge));
      }
      bmp[header + y * rowSize + x] = Math.max(0, Math.min(255, grey));
    }
  }
  return bmp;
}
