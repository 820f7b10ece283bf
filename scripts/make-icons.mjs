// Renders the app's PNG icons from the two SVGs in public/icons (run by hand after changing them:
// `node scripts/make-icons.mjs`; the PNGs are committed). "any" icons keep the rounded tile; maskable ones
// fill the square and keep the house inside the 80% safe zone, which Android crops to its own shape.
import { readFile } from "node:fs/promises";
import sharp from "sharp";

const dir = new URL("../public/icons/", import.meta.url);
const any = await readFile(new URL("icon.svg", dir));
const maskable = await readFile(new URL("icon-maskable.svg", dir));
const out = [
  [any, 192, "icon-192.png"],
  [any, 512, "icon-512.png"],
  [maskable, 192, "maskable-192.png"],
  [maskable, 512, "maskable-512.png"],
  // iOS rounds the corners itself and shows transparency as black: the full square.
  [maskable, 180, "apple-touch-icon.png"],
];
for (const [svg, size, name] of out) {
  await sharp(svg, { density: Math.ceil((72 * size) / 32) }).resize(size, size).png({ compressionLevel: 9 }).toFile(new URL(name, dir).pathname);
  console.log(name, size);
}
