// Copies the images of the last e2e run (.e2e-artifacts/, or $E2E_ARTIFACTS) into docs/, where the
// README, the guides and the Marketplace page show them. Usage: npm run test:e2e && npm run docs:images
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const artifacts = process.env.E2E_ARTIFACTS ?? path.join(root, ".e2e-artifacts");
const IMAGES = ["hover.png", "routes-table.png", "routes-view.png", "action-lens.png", "unreachable-route.png", "tour.gif"];

const missing = IMAGES.filter((name) => !fs.existsSync(path.join(artifacts, name)));
if (missing.length) {
  console.error(`docs:images: ${missing.join(", ")} missing from ${artifacts}; run npm run test:e2e first (every check must pass for tour.gif)`);
  process.exit(1);
}
for (const name of IMAGES) fs.copyFileSync(path.join(artifacts, name), path.join(root, "docs", name));
console.log(`docs:images: copied ${IMAGES.length} images from ${artifacts} to docs/`);
