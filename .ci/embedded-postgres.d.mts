// Types of embedded-postgres.mjs, for the TypeScript suites that import it.

/** A running embedded PostgreSQL (see embedded-postgres.mjs). */
export type EmbeddedPostgres = {
  /** The superuser's URL on its maintenance database (trust auth, loopback). */
  adminUrl: string;
  port: number;
  /** Seconds the first start took. */
  startSeconds: number;
  /** Stops the server (fast shutdown: open connections are terminated), keeping its data. */
  stopServer: () => Promise<void>;
  /** Starts the stopped server again on the same data and port; resolves once it accepts connections. */
  startServer: () => Promise<void>;
  /** What the server has printed so far. */
  output: () => string;
  /** Stops the server and deletes its files. */
  stop: () => Promise<void>;
};

/** Starts an embedded PostgreSQL on a free loopback port in a temporary folder. */
export function startEmbeddedPostgres(options?: { log?: (line: string) => void }): Promise<EmbeddedPostgres>;
