import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import type { Browser } from "playwright-core";

/** Debian's Chromium, which .ci/run installs: a suite that needs it skips where it is missing. */
const CHROMIUM = "/usr/bin/chromium";

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM);
}

/** A server on 127.0.0.1 with `handler`, and a headless Chromium to visit it; `close()` ends both. */
export interface ServedInChromium {
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function servedInChromium(handler: http.RequestListener): Promise<ServedInChromium> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    browser,
    close: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * For the suite (describe) that calls it: a server with the handler `handler` makes (in before()) and
 * Chromium, both closed after it; the suite is skipped where Chromium is missing. The object's
 * fields are there once before() has run.
 */
export function servedInChromiumForSuite(handler: () => http.RequestListener | Promise<http.RequestListener>): ServedInChromium {
  const served = {} as ServedInChromium;
  before(async function () {
    if (!hasChromium()) this.skip();
    Object.assign(served, await servedInChromium(await handler()));
  });
  after(() => served.close?.());
  return served;
}
