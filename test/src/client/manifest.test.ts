import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";

import { ROOT } from "../support/fixtures";

/**
 * The extension's manifest as VS Code reads it: an extension that does not declare what it does in
 * an untrusted or virtual workspace is disabled there, and this one never runs the workspace's code.
 */
describe("the extension's manifest", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as Record<string, unknown> & {
    capabilities?: Record<string, { supported: unknown; description?: string }>;
    contributes: { configuration: { properties: Record<string, unknown> } };
  };

  it("works in Restricted Mode: no setting names a program to launch, so it is supported there as a whole", () => {
    assert.deepStrictEqual(manifest.capabilities?.untrustedWorkspaces, { supported: true });
    const launching = Object.keys(manifest.contributes.configuration.properties).filter((key) =>
      /\.(serverPath|server\.path|command|executable|program|node(Path)?|runtime)$/i.test(key),
    );
    assert.deepStrictEqual(launching, [], "a setting that launches a program would need restrictedConfigurations");
  });

  it("activates on events that cost nothing on a large workspace: no glob VS Code must search node_modules for", () => {
    const events = manifest.activationEvents as string[];
    assert.deepStrictEqual(
      events.filter((event) => event.startsWith("workspaceContains:") && /[*?[{]/.test(event)),
      [],
    );
    assert.ok(events.includes("workspaceContains:node_modules/resource-routes/package.json"));
  });

  it("says what works in a virtual workspace, and carries what a gallery page shows", () => {
    assert.strictEqual(manifest.capabilities?.virtualWorkspaces?.supported, "limited");
    assert.ok(manifest.capabilities?.virtualWorkspaces?.description);
    for (const key of ["bugs", "homepage", "galleryBanner", "icon", "license", "repository"]) assert.ok(manifest[key], `${key} missing`);
  });
});
