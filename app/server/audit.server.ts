import type { AuditedRequest } from "#domain/audit/record-platform-admin-write";

/** A page request as the audit log names it: its method and its page path (a single-fetch `.data` call as its page). */
export function auditedRequest(request: Request): AuditedRequest {
  const { pathname } = new URL(request.url);
  const path = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "");
  return { method: request.method, path };
}
