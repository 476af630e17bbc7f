import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; answered: number };

/**
 * A webhook receiver in the test process: answers each request with `respond(body)` when given, else with the next
 * status in `answers` (200 when empty).
 */
export function startWebhookReceiver(options: { respond?: (body: string) => number } = {}) {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const answered = options.respond?.(body) ?? answers.shift() ?? 200;
      received.push({ headers: request.headers, body, answered });
      response.writeHead(answered, { "content-type": "text/plain" });
      response.end(answered < 300 ? "merci" : "indisponible");
    });
  });
  return new Promise<{ url: string; received: ReceivedWebhook[]; answers: number[]; close: () => void }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, received, answers, close: () => server.close() });
    });
  });
}
