// Writes screenshots (PNG files of one size) as an animated GIF: one palette per frame (gifenc's
// quantizer), each shown for `delay` ms, looping. The docs' and the Marketplace page's tour.
import * as fs from "node:fs";
import gifenc from "gifenc";
import pngjs from "pngjs";

const { GIFEncoder, quantize, applyPalette } = gifenc;

export function writeGif(frames, out, delay = 2500) {
  const gif = GIFEncoder();
  for (const file of frames) {
    const { width, height, data } = pngjs.PNG.sync.read(fs.readFileSync(file));
    const palette = quantize(data, 256);
    gif.writeFrame(applyPalette(data, palette), width, height, { palette, delay });
  }
  gif.finish();
  fs.writeFileSync(out, gif.bytes());
}
