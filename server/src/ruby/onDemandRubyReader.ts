import type { WorkerRubyReader } from "./rubyReader";
import type { RubyReading, RubyRoutesReader } from "./rubyReading";

/* eslint-disable-next-line @typescript-eslint/no-require-imports */
const rubyReader = () => require("./rubyReader") as typeof import("./rubyReader");

/**
 * The language server's routes.rb reader, made (with Ruby's front end and its worker) when the
 * first routes.rb is read: a workspace of TypeScript routing files never loads the front end,
 * whose modules were a share of the server's memory.
 */
export class OnDemandRubyReader implements RubyRoutesReader {
  private made: WorkerRubyReader | undefined;

  constructor(
    private readonly arrived: (uri: string) => void,
    /** See WorkerRubyReader's `env`. */
    private readonly env: () => string,
  ) {}

  /** See WorkerRubyReader.read. */
  read(uri: string, text: string): RubyReading | undefined {
    this.made ??= new (rubyReader().WorkerRubyReader)(this.arrived, undefined, this.env);
    return this.made.read(uri, text);
  }

  /** See WorkerRubyReader.dependencyChanged: none before a routes.rb was read. */
  dependencyChanged(uri: string): string | undefined {
    return this.made?.dependencyChanged(uri);
  }

  /** See WorkerRubyReader.reading. */
  reading(uri: string): boolean {
    return this.made?.reading(uri) ?? false;
  }

  /** See WorkerRubyReader.dispose. */
  dispose(): void {
    this.made?.dispose();
  }
}
