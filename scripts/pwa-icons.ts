/**
 * `npx tsx scripts/pwa-icons.ts`: draws the app's icons from public/icons/icon.svg with sharp (Next's
 * image library) into public/: the manifest's 192 and 512 px icons, the maskable icon (the drawing
 * inside the safe zone, on the brand colour), the Apple touch icon and /favicon.ico (PNG in an ICO).
 * The results are committed; run it again after changing the drawing.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const PUBLIC = path.resolve("public");
const svg = fs.readFileSync(path.join(PUBLIC, "icons", "icon.svg"));
const BRAND = "#1d4ed8";

const png = (size: number) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer();

/** Maskable: the drawing scaled to 80 % (the safe zone), centred on a full-bleed brand background. */
async function maskable(size: number) {
  const inner = Math.round(size * 0.8);
  return sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: await png(inner), gravity: "center" }])
    .png()
    .toBuffer();
}

/** An ICO file holding PNG images (every browser reads PNG inside ICO). */
function ico(images: { size: number; data: Buffer }[]) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

const write = (name: string, data: Buffer) => fs.writeFileSync(path.join(PUBLIC, name), data);

write("icons/icon-192.png", await png(192));
write("icons/icon-512.png", await png(512));
write("icons/maskable-512.png", await maskable(512));
write("apple-touch-icon.png", await maskable(180));
write(
  "favicon.ico",
  ico([
    { size: 16, data: await png(16) },
    { size: 32, data: await png(32) },
    { size: 48, data: await png(48) },
  ]),
);
console.log("Wrote the icons to public/");
