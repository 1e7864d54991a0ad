import type { BuildOptions, BuildResult, SameShape } from "esbuild";

/**
 * esbuild's build, its service process stopped after it: left running, the service can keep the
 * test run's process from ending once every test has passed.
 */
export async function esbuildOnce<Options extends BuildOptions>(options: SameShape<BuildOptions, Options>): Promise<BuildResult<Options>> {
  const esbuild = (await import("esbuild")) as typeof import("esbuild");
  try {
    return await esbuild.build(options);
  } finally {
    await esbuild.stop();
  }
}
