/** The query parameter that sets or clears a platform admin's askAdmin flag (spec §6, app/server/ask-admin.server.ts). */
export const ASK_ADMIN_QUERY_PARAM = "askAdmin";
