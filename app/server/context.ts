import { createContext } from "react-router";
import type { Database } from "#db/database";

export type ServerContext = {
  env: Env;
  ctx: ExecutionContext;
  db: Database;
  /** The build's manifest version: the client compares it with its own to offer a reload. */
  appVersion: string;
  /**
   * This response's Content-Security-Policy script nonce, made by workers/middleware/security-headers.ts: the server
   * renderer puts it on every script and preload it writes (app/entry.server.tsx).
   */
  cspNonce: string;
  /** This request's id, as in its `x-request-id` response header and its log lines (workers/middleware/request-id.ts). */
  requestId?: string;
  /**
   * A client navigation's data request (single fetch's `.data`), not a document: what the browser received with the
   * document and keeps need not be sent again.
   */
  dataRequest?: boolean;
};

/** Set by the Worker for every React Router request: bindings, execution context and the database. */
export const serverContext = createContext<ServerContext>();
