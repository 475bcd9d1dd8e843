#!/usr/bin/env node
/**
 * Draws images/icon.png (128×128): a brush tip writing a tool's "H" on a teal
 * tile, the seed's "pen that draws any tool". The PNG is written by hand
 * (zlib + CRC-32 from node:zlib) so no image library is needed; run it again
 * after changing the drawing.
 */
import { writeFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";

const SIZE = 128;
const SAMPLES = 4; // supersampling per axis, for smooth edges

const TEAL = [24, 110, 128];
const WHITE = [255, 255, 255];
const AMBER = [246, 173, 60];

/** The colour of a point in 0..1 coordinates, or undefined outside the tile. */
function colourAt(x, y) {
  const radius = 0.18;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return undefined;
  // The "H": two posts and a bar.
  const inPost = (left) => x >= left && x <= left + 0.13 && y >= 0.22 && y <= 0.78;
  if (inPost(0.2) || inPost(0.53) || (x >= 0.2 && x <= 0.66 && y >= 0.45 && y <= 0.56)) return WHITE;
  // The brush: a slanted stroke ending in a tip, bottom right.
  const along = (x - 0.72) * Math.SQRT1_2 + (y - 0.86) * -Math.SQRT1_2;
  const across = (x - 0.72) * Math.SQRT1_2 + (y - 0.86) * Math.SQRT1_2;
  if (along >= 0 && along <= 0.3 && Math.abs(across) <= 0.05 * Math.min(1, along / 0.08)) return AMBER;
  return TEAL;
}

const pixels = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let row = 0; row < SIZE; row++) {
  const offset = row * (SIZE * 4 + 1);
  pixels[offset] = 0; // filter: none
  for (let column = 0; column < SIZE; column++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = colourAt((column + (sx + 0.5) / SAMPLES) / SIZE, (row + (sy + 0.5) / SAMPLES) / SIZE);
        if (!colour) continue;
        for (let c = 0; c < 3; c++) sum[c] += colour[c];
        sum[3] += 255;
      }
    }
    const covered = sum[3] / 255;
    const at = offset + 1 + column * 4;
    for (let c = 0; c < 3; c++) pixels[at + c] = covered ? Math.round(sum[c] / covered) : 0;
    pixels[at + 3] = Math.round(sum[3] / (SAMPLES * SAMPLES));
  }
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(pixels, { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
writeFileSync(new URL("../images/icon.png", import.meta.url), png);
console.log(`wrote images/icon.png (${png.length} bytes)`);
