import * as assert from "assert";

import { FileReadiness } from "../../../server/out/lsp/fileReadiness";

/** When a hover may answer with its file's routes: the file held by the workspace, its routes.rb reading arrived. */

describe("language server: a file's readiness for a hover", () => {
  const settled = async (promise: Promise<void> | undefined) => {
    let done = promise === undefined;
    void promise?.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };

  it("an open TypeScript file is ready at once, indexing or not; a file the workspace does not hold yet waits for the first indexing", async () => {
    const known = new Set(["file:///a/routes.ts"]);
    const readiness = new FileReadiness(
      (uri) => known.has(uri),
      () => false,
    );
    assert.strictEqual(readiness.whenReady("file:///a/routes.ts"), undefined);
    const other = readiness.whenReady("file:///a/other.ts");
    assert.strictEqual(await settled(other), false);
    readiness.indexingDone();
    assert.strictEqual(await settled(other), true);
  });

  it("a routes.rb waits for its reading, and is answered when it arrives", async () => {
    let reading = true;
    const readiness = new FileReadiness(
      () => true,
      () => reading,
    );
    const waiting = readiness.whenReady("file:///a/config/routes.rb");
    readiness.recheck();
    assert.strictEqual(await settled(waiting), false, "still being read");
    reading = false;
    readiness.recheck();
    assert.strictEqual(await settled(waiting), true);
  });

  it("a reading that never comes ends the wait at the limit: the hover answers with what there is", async () => {
    const readiness = new FileReadiness(
      () => true,
      () => true,
      1,
    );
    await readiness.whenReady("file:///a/config/routes.rb");
  });
});
