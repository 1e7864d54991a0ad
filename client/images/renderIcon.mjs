// Renders icon.svg (the icon's source) to the 256×256 icon.png the manifest names, in Debian's Chromium.
// Usage: node client/images/renderIcon.mjs
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 256, height: 256 } });
  await page.setContent(`<body style="margin:0">${fs.readFileSync(path.join(here, "icon.svg"), "utf8")}</body>`);
  await page.screenshot({ path: path.join(here, "icon.png"), omitBackground: true, clip: { x: 0, y: 0, width: 256, height: 256 } });
} finally {
  await browser.close();
}
